import { clusterOptions } from '../../kube/flags.js';
import { openCluster } from '../../kube/open.js';
import { nixlReport } from '../../nixl/index.js';
import { TargetOptionsShape } from '../../probes/options.js';
import { resolveTargets } from '../../probes/targets.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';
import { type CliContext, emit } from '../shared.js';

const NixlOptionsSchema = OutputOptionsSchema.extend(TargetOptionsShape);

export async function runNixl(ctx: CliContext, raw: Record<string, unknown>): Promise<void> {
  const opts = parseOptions(NixlOptionsSchema, raw);
  ctx.progress.step(opts.local ? 'finding this host' : 'finding the pods');
  const resolved = await resolveTargets(opts, ctx.env, () =>
    openCluster(clusterOptions(opts, ctx.signal), ctx.env),
  );
  ctx.progress.done(resolved.targets.map((t) => t.label).join(', '));
  const { report, sections } = await nixlReport(resolved, opts, {
    concurrency: opts.parallel,
    timeoutMs: opts.probeTimeout,
    signal: ctx.signal,
    progress: ctx.progress,
  });
  await emit(ctx, report, opts, sections);
}
