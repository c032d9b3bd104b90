import type { z } from 'zod';
import type { Report } from '../../core/model.js';
import type { SectionsOf } from '../../core/report.js';
import { clusterOptions } from '../../kube/flags.js';
import { openCluster } from '../../kube/open.js';
import type { ProbeRunSettings } from '../../probes/node.js';
import { TargetOptionsShape } from '../../probes/options.js';
import { type Resolved, resolveTargets } from '../../probes/targets.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

const TargetCommandSchema = OutputOptionsSchema.extend(TargetOptionsShape);
export type TargetCommandOptions = z.infer<typeof TargetCommandSchema>;

/**
 * `node` and `nixl`: the same flags, the same targets (this host, or pods
 * through the one Cluster), one probe set each.
 */
export async function runOnTargets(
  ctx: CliContext,
  raw: Record<string, unknown>,
  probe: (
    resolved: Resolved,
    opts: TargetCommandOptions,
    settings: ProbeRunSettings,
  ) => Promise<{ report: Report; sections: SectionsOf }>,
): Promise<void> {
  const opts = parseOptions(TargetCommandSchema, raw);
  ctx.progress.step(opts.local ? 'finding this host' : 'finding the pods');
  const resolved = await resolveTargets(opts, ctx.env, () =>
    openCluster(clusterOptions(opts, ctx.signal), ctx.env),
  );
  ctx.progress.done(resolved.targets.map((t) => t.label).join(', '));
  const { report, sections } = await probe(resolved, opts, {
    concurrency: opts.parallel,
    timeoutMs: opts.probeTimeout,
    signal: ctx.signal,
    progress: ctx.progress,
  });
  await emit(ctx, report, opts, sections);
}
