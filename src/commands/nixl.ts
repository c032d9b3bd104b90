import { Command } from 'commander';
import { addTargetOptions } from '../probes/flags.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

/** `nixl`: nixlbench, the NIXL UCX plugin, the Python module and ucx_perftest, and the pair command to run next. */
export function nixlCommand(ctx: CliContext): Command {
  const cmd = new Command('nixl').description(
    'Find what the pair test needs (nixlbench, NIXL UCX plugin, python nixl, ucx_perftest) here or in pods, and print the pair command to run next',
  );
  addTargetOptions(cmd);
  withExamples(cmd, [
    ['what this host has for pair --local', 'nixl --local'],
    [
      'what a worker pod has, and the pair command to run next',
      'nixl -n dynamo --pod my-disagg-vllmdecodeworker-0',
    ],
  ]);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const { runNixl } = await import('./actions/nixl.js');
    await runNixl(ctx, raw);
  });
  return cmd;
}
