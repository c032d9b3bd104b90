import { Command } from 'commander';
import { clusterOptions } from '../kube/flags.js';
import { openCluster } from '../kube/open.js';
import { nixlReport } from '../nixl/index.js';
import { addTargetOptions, TargetOptionsShape } from '../probes/options.js';
import { resolveTargets } from '../probes/targets.js';
import { addOutputOptions, type CliContext, emit, OutputOptionsSchema, parseOptions } from './shared.js';

const NixlOptionsSchema = OutputOptionsSchema.extend(TargetOptionsShape);

/** `nixl`: nixlbench, the NIXL UCX plugin, the Python module and ucx_perftest, and the pair command to run next. */
export function nixlCommand(ctx: CliContext): Command {
  const cmd = new Command('nixl').description(
    'Find what the pair test needs (nixlbench, NIXL UCX plugin, python nixl, ucx_perftest) here or in pods, and print the pair command to run next',
  );
  addTargetOptions(cmd);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const opts = parseOptions(NixlOptionsSchema, raw);
    ctx.progress.step(opts.local ? 'finding this host' : 'finding the pods');
    const resolved = await resolveTargets(opts, ctx.env, () =>
      openCluster(clusterOptions(opts, ctx.signal), ctx.env),
    );
    ctx.progress.done(resolved.targets.map((t) => t.label).join(', '));
    const { report, sections } = await nixlReport(resolved, opts, {
      concurrency: opts.parallel,
      timeoutMs: opts.probeTimeout * 1000,
      signal: ctx.signal,
      progress: ctx.progress,
    });
    await emit(ctx, report, opts, sections);
  });
  return cmd;
}
