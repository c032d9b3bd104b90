import { z } from 'zod';
import { ToolError } from '../../core/errors.js';
import { makeReport } from '../../core/report.js';
import { parseSize } from '../../engines/sizes.js';
import { runLocalPair } from '../../pair/local/index.js';
import { DurationOption, TransferOptionsShape } from '../../pair/option-groups.js';
import { ClusterOptionsShape } from '../../pair/options.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';
import { runClusterPair } from './pair-cluster.js';

/**
 * Options of `pair`. One schema for both modes so each flag is declared once;
 * flags that only one mode reads say so in their help. Extend it with the
 * cluster flags (`.extend({...})` or new keys here) and branch in the action.
 */
export const PairOptionsSchema = OutputOptionsSchema.extend({
  local: z.boolean().default(false),
  engine: TransferOptionsShape.engine,
  mode: z.enum(['cross-node', 'intra-node']).optional(),
  sizes: TransferOptionsShape.sizes,
  iters: TransferOptionsShape.iters,
  warmup: TransferOptionsShape.warmup,
  timeout: DurationOption.default(5 * 60_000),
  minBandwidth: TransferOptionsShape.minBandwidth,
  ucxTls: TransferOptionsShape.ucxTls,
  nixlbenchRuntime: z.enum(['auto', 'etcd', 'asio']).default('auto'),
  /** --no-setup (commander's negation): false refuses to set NIXL up when no engine is here. */
  setup: z.boolean().default(true),
  ...ClusterOptionsShape,
});
export type PairOptions = z.infer<typeof PairOptionsSchema>;

/** Flags of the cluster pair that `--local` has no use for: given with it, they would be silently ignored. */
const CLUSTER_ONLY: readonly [keyof PairOptions, string][] = [
  ['dryRun', '--dry-run'],
  ['recipe', '--recipe'],
  ['dgd', '--dgd'],
  ['prefillNode', '--prefill-node'],
  ['decodeNode', '--decode-node'],
  ['image', '--image'],
  ['env', '--env'],
  ['rdmaResource', '--rdma-resource'],
  ['initiator', '--initiator'],
  ['nixlbenchVersion', '--nixlbench-version'],
  ['deviceList', '--device-list'],
  ['etcdEndpoints', '--etcd-endpoints'],
  ['etcdImage', '--etcd-image'],
  ['scratchNamespace', '--scratch-namespace'],
  ['imagePullSecret', '--image-pull-secret'],
  ['podAnnotation', '--pod-annotation'],
  ['memory', '--memory'],
  ['toleration', '--toleration'],
  ['keep', '--keep'],
  ['force', '--force'],
  ['kubeconfig', '--kubeconfig'],
  ['context', '--context'],
  ['namespace', '--namespace'],
  ['leaseNamespace', '--lease-namespace'],
];

/** `pair --local` with a flag it would ignore is the user's mistake: one line naming them. */
function refuseClusterFlags(opts: PairOptions, raw: Record<string, unknown>): void {
  const given = CLUSTER_ONLY.filter(([k]) => opts[k] !== undefined && opts[k] !== false).map(([, f]) => f);
  if (raw.nodeProbes === false) given.push('--no-node-probes');
  if (raw.wait === false) given.push('--no-wait');
  if (opts.memoryType) {
    throw new ToolError(
      `pair --local does not take --memory-type: it moves host memory, or GPU memory with --mode intra-node`,
      { fix: 'drop --memory-type; use --mode intra-node for GPU memory between two local GPUs' },
    );
  }
  if (given.length > 0) {
    throw new ToolError(
      `pair --local runs two processes on this host; ${given.join(', ')} ${given.length === 1 ? 'applies' : 'apply'} only to a pair of cluster nodes`,
      {
        fix: `drop ${given.length === 1 ? 'it' : 'them'}, or drop --local to test between two nodes of the cluster`,
      },
    );
  }
}

async function runLocal(ctx: CliContext, opts: PairOptions): Promise<void> {
  if (opts.mode === 'cross-node') {
    throw new ToolError('pair --local runs two processes on this host; --mode cross-node needs two nodes', {
      fix: 'drop --local to test between two nodes of the cluster, or use --mode intra-node for two local GPUs',
    });
  }
  const result = await runLocalPair(
    {
      engine: opts.engine,
      mode: opts.mode === 'intra-node' ? 'intra-node' : 'local',
      timeoutMs: opts.timeout,
      nixlbenchRuntime: opts.nixlbenchRuntime,
      setup: opts.setup,
      ...(opts.sizes ? { sizes: opts.sizes } : {}),
      ...(opts.iters ? { iters: opts.iters } : {}),
      ...(opts.warmup !== undefined ? { warmup: opts.warmup } : {}),
      ...(opts.minBandwidth !== undefined ? { minGBps: opts.minBandwidth } : {}),
      ...(opts.ucxTls ? { ucxTls: opts.ucxTls } : {}),
      ...(opts.op ? { op: opts.op.toUpperCase() as 'READ' | 'WRITE' } : {}),
    },
    { env: ctx.env, progress: ctx.progress, signal: ctx.signal },
  );
  const report = makeReport('pair', result.checks, { measurement: result.measurement });
  await emit(ctx, report, opts, () => [result.section]);
}

/** `pair`'s action: one schema for both modes, then --local or the cluster orchestrator. */
export async function runPair(ctx: CliContext, raw: Record<string, unknown>): Promise<void> {
  const opts = parseOptions(PairOptionsSchema, raw);
  if (opts.local) {
    refuseClusterFlags(opts, raw);
    await runLocal(ctx, opts);
  } else await runClusterPair(ctx, opts);
}
