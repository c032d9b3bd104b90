import { Command, Option } from 'commander';
import { z } from 'zod';
import { ToolError } from '../core/errors.js';
import { parseDuration } from '../pair/duration.js';
import { runLocalPair } from '../pair/local/index.js';
import { parseSize } from '../pair/local/sizes.js';
import { addClusterOptions, ClusterOptionsShape } from '../pair/options.js';
import { runClusterPair } from './pair-cluster.js';
import {
  addOutputOptions,
  type CliContext,
  emit,
  makeReport,
  OutputOptionsSchema,
  parseOptions,
} from './shared.js';

/** `4K,64K,1M` → bytes; every entry must be a size. */
const SizesSchema = z
  .string()
  .refine((s) => s.split(',').every((p) => parseSize(p) !== undefined), {
    message: 'expected a comma-separated list of sizes such as 4K,64K,1M,16M,64M',
  })
  .transform((s) => [...new Set(s.split(',').map((p) => parseSize(p) as number))].sort((a, b) => a - b));

const DurationSchema = z
  .string()
  .refine((s) => (parseDuration(s) ?? 0) > 0, { message: 'expected a duration such as 90s, 5m or 1h' })
  .transform((s) => parseDuration(s) as number);

/**
 * Options of `pair`. One schema for both modes so each flag is declared once;
 * flags that only one mode reads say so in their help. Extend it with the
 * cluster flags (`.extend({...})` or new keys here) and branch in the action.
 */
export const PairOptionsSchema = OutputOptionsSchema.extend({
  local: z.boolean().default(false),
  engine: z.enum(['auto', 'nixlbench', 'ucx_perftest']).default('auto'),
  mode: z.enum(['cross-node', 'intra-node']).optional(),
  sizes: SizesSchema.optional(),
  iters: z.coerce.number().int().positive().max(100_000_000).optional(),
  timeout: DurationSchema.default(5 * 60_000),
  minBandwidth: z.coerce.number().positive().optional(),
  ucxTls: z
    .string()
    .regex(/^\^?[\w-]+(,[\w-]+)*$/, { message: 'expected a UCX_TLS list such as tcp or sysv,cma' })
    .optional(),
  nixlbenchRuntime: z.enum(['auto', 'etcd', 'asio']).default('auto'),
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
      ...(opts.sizes ? { sizes: opts.sizes } : {}),
      ...(opts.iters ? { iters: opts.iters } : {}),
      ...(opts.minBandwidth !== undefined ? { minGBps: opts.minBandwidth } : {}),
      ...(opts.ucxTls ? { ucxTls: opts.ucxTls } : {}),
    },
    { env: ctx.env, progress: ctx.progress, signal: ctx.signal },
  );
  const report = makeReport('pair', result.checks, { measurement: result.measurement });
  await emit(ctx, report, opts, () => [result.section]);
}

export function pairCommand(ctx: CliContext): Command {
  const cmd = new Command('pair')
    .description(
      'Measure a real KV-cache-style transfer between an initiator (prefill) and a target (decode)',
    )
    .option('--local', 'run both sides as two processes on this host (no cluster needed)')
    .addOption(
      new Option('--engine <engine>', 'transfer tool: nixlbench when on PATH, else ucx_perftest')
        .choices(['auto', 'nixlbench', 'ucx_perftest'])
        .default('auto'),
    )
    .addOption(
      new Option(
        '--mode <mode>',
        'intra-node: GPU memory on both sides (VRAM, cuda_ipc/NVLink); default host memory',
      ).choices(['cross-node', 'intra-node']),
    )
    .option(
      '--sizes <list>',
      'message sizes, e.g. 4K,64K,1M,16M,64M (nixlbench sweeps smallest..largest, doubling)',
    )
    .option(
      '--iters <n>',
      'iterations per size (default: ~512 MiB per size for ucx_perftest, 100 for nixlbench)',
    )
    .option('--timeout <duration>', 'wall-clock limit for the whole run, e.g. 90s, 5m', '5m')
    .option('--min-bandwidth <GB/s>', 'fail when the peak bandwidth is below this many GB/s (10^9 bytes/s)')
    .option('--ucx-tls <list>', 'set UCX_TLS for both sides, e.g. tcp to force the TCP path')
    .addOption(
      new Option(
        '--nixlbench-runtime <runtime>',
        'nixlbench rendezvous: etcd (started on loopback) or ASIO (nixl ≥ 1.1)',
      )
        .choices(['auto', 'etcd', 'asio'])
        .default('auto'),
    );
  addClusterOptions(cmd);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const opts = parseOptions(PairOptionsSchema, raw);
    if (opts.local) await runLocal(ctx, opts);
    else await runClusterPair(ctx, opts);
  });
  return cmd;
}
