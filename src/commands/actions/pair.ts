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
  timeout: DurationOption.default(5 * 60_000),
  minBandwidth: TransferOptionsShape.minBandwidth,
  ucxTls: TransferOptionsShape.ucxTls,
  nixlbenchRuntime: z.enum(['auto', 'etcd', 'asio']).default('auto'),
  /** --no-setup (commander's negation): false refuses to set NIXL up when no engine is here. */
  setup: z.boolean().default(true),
  ...ClusterOptionsShape,
});
export type PairOptions = z.infer<typeof PairOptionsSchema>;

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
  if (opts.local) await runLocal(ctx, opts);
  else await runClusterPair(ctx, opts);
}
