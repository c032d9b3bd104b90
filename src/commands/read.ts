import { Command, Option } from 'commander';
import { TOOLS } from '../classify/tools.js';
import type { ReadDeps } from './actions/read.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

export type { ReadDeps };

export function readCommand(ctx: CliContext, deps: ReadDeps = {}): Command {
  const cmd = new Command('read')
    .description(
      `Classify a captured tool output offline (a pasted log, a CI artefact). Tools: ${Object.keys(TOOLS).join(', ')}`,
    )
    .argument('<tool>', 'which tool produced the output')
    .argument('<file>', 'the saved output, or - for stdin')
    .option('--min-bandwidth <GB/s>', 'nixlbench/ucx_perftest: fail below this many GB/s (10^9 bytes/s)')
    .option(
      '--line-rate <Gb/s>',
      'nixlbench/ucx_perftest: line rate of one NIC port the transfer crossed, e.g. 400 for NDR (fail below 70 %, warn below 80 % of rails × rate)',
    )
    .option('--rails <n>', 'nixlbench/ucx_perftest: how many such ports carried the transfer (default 1)')
    .addOption(
      new Option('--expect <link>', 'nixlbench/ucx_perftest: the link the transfer should have used')
        .choices(['network', 'nvlink', 'any'])
        .default('any'),
    );
  withExamples(cmd, [
    ['classify a saved ibstat', 'read ibstat ibstat.txt'],
    [
      'a nixlbench log from a pod, on stdin',
      'read nixlbench - --expect network --min-bandwidth 40 < nixlbench.log',
    ],
    ['a nixlbench log over one 400G NDR port', 'read nixlbench nixlbench.log --line-rate 400'],
  ]);
  addOutputOptions(cmd).action(async (tool: string, source: string, raw: Record<string, unknown>) => {
    const { runRead } = await import('./actions/read.js');
    await runRead(ctx, deps, tool, source, raw);
  });
  return cmd;
}
