import { Command } from 'commander';
import { clusterOptions } from '../kube/flags.js';
import { openCluster } from '../kube/open.js';
import { nodeReport } from '../probes/node.js';
import { addTargetOptions, TargetOptionsShape } from '../probes/options.js';
import { resolveTargets } from '../probes/targets.js';
import { addOutputOptions, type CliContext, emit, OutputOptionsSchema, parseOptions } from './shared.js';

const NodeOptionsSchema = OutputOptionsSchema.extend(TargetOptionsShape);

/**
 * `node`: read-only fabric probes (IB ports, /dev/infiniband, peer memory, GPU
 * topology, NVLink, GIDs, memlock, UCX transports) on this host or inside pods,
 * classified, reasoned across probes, and compared between prefill and decode.
 */
export function nodeCommand(ctx: CliContext): Command {
  const cmd = new Command('node').description(
    'Probe RDMA, GPUDirect, NVLink and UCX readiness on this host (--local) or inside pods (--pod, --dgd)',
  );
  addTargetOptions(cmd);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const opts = parseOptions(NodeOptionsSchema, raw);
    ctx.progress.step(opts.local ? 'finding this host' : 'finding the pods');
    const resolved = await resolveTargets(opts, ctx.env, () =>
      openCluster(clusterOptions(opts, ctx.signal), ctx.env),
    );
    ctx.progress.done(resolved.targets.map((t) => t.label).join(', '));
    const { report, sections } = await nodeReport(resolved, {
      concurrency: opts.parallel,
      timeoutMs: opts.probeTimeout * 1000,
      signal: ctx.signal,
      progress: ctx.progress,
    });
    await emit(ctx, report, opts, sections);
  });
  return cmd;
}
