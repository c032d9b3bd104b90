import { z } from 'zod';
import { ToolError } from '../../core/errors.js';
import { makeReport } from '../../core/report.js';
import { requireNixlProbe } from '../../engines/choose.js';
import { runLocalPair } from '../../pair/local/index.js';
import { ClusterOptionsShape, SharedOptionsShape } from '../../pair/options/schema.js';
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
  ...SharedOptionsShape,
  /** --no-setup (commander's negation): false refuses to set NIXL up when no engine is here. */
  setup: z.boolean().default(true),
  ...ClusterOptionsShape,
  // --in-place: inside the live worker pods (pair-in-place.ts); --in-place-size is read there.
  inPlace: z.boolean().default(false),
  prefillPod: z.string().min(1).optional(),
  decodePod: z.string().min(1).optional(),
  allPods: z.boolean().optional(),
  container: z.string().min(1).optional(),
  inPlaceSize: z.string().optional(),
});
export type PairOptions = z.infer<typeof PairOptionsSchema>;

/** Options by key; the flag is commander's spelling of the key (`etcdImage` → `--etcd-image`). */
type FlagList = readonly (keyof PairOptions)[];

/** `etcdImage` → `--etcd-image`: the flag commander turned into that key. */
export function flagOf(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The flags that make or shape the probe pods (none with --local, none with --in-place). */
const PROBE_POD_FLAGS: FlagList = [
  'dryRun',
  'recipe',
  'prefillNode',
  'decodeNode',
  'image',
  'env',
  'rdmaResource',
  'nixlbenchVersion',
  'deviceList',
  'etcdEndpoints',
  'etcdImage',
  'scratchNamespace',
  'imagePullSecret',
  'podAnnotation',
  'memory',
  'toleration',
  'keep',
  'force',
];

/** The in-place flags without --in-place: they would be silently ignored by a probe-pod run. */
const IN_PLACE_ONLY: FlagList = ['prefillPod', 'decodePod', 'allPods', 'container', 'inPlaceSize'];

/** Flags of the cluster pair that `--local` has no use for: given with it, they would be silently ignored. */
const CLUSTER_ONLY: FlagList = [
  ...PROBE_POD_FLAGS,
  'dgd',
  'initiator',
  'kubeconfig',
  'context',
  'namespace',
  'leaseNamespace',
  'inPlace',
  ...IN_PLACE_ONLY,
];

/** Flags that make a probe pod or shape its transfer: in place there is no probe pod, and the size is --in-place-size. */
const NOT_IN_PLACE: FlagList = ['local', ...PROBE_POD_FLAGS, 'sizes', 'iters', 'ucxTls'];

/** The flags of `list` that were given. */
function given(opts: PairOptions, list: FlagList): string[] {
  return list.filter((k) => opts[k] !== undefined && opts[k] !== false).map(flagOf);
}

/** `pair --local` with a flag it would ignore is the user's mistake: one line naming them. */
function refuseClusterFlags(opts: PairOptions, raw: Record<string, unknown>): void {
  const flags = given(opts, CLUSTER_ONLY);
  if (raw.nodeProbes === false) flags.push('--no-node-probes');
  if (raw.wait === false) flags.push('--no-wait');
  if (opts.memoryType) {
    throw new ToolError(
      `pair --local does not take --memory-type: it moves host memory, or GPU memory with --mode intra-node`,
      { fix: 'drop --memory-type; use --mode intra-node for GPU memory between two local GPUs' },
    );
  }
  if (flags.length > 0) {
    throw new ToolError(
      `pair --local runs two processes on this host; ${flags.join(', ')} ${flags.length === 1 ? 'applies' : 'apply'} only to a pair of cluster nodes`,
      {
        fix: `drop ${flags.length === 1 ? 'it' : 'them'}, or drop --local to test between two nodes of the cluster`,
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

/** The in-place flags make sense together, and nothing that only a probe pod uses was given. */
function validateInPlace(opts: PairOptions, raw: Record<string, unknown>): void {
  const flags = given(opts, NOT_IN_PLACE);
  if (raw.nodeProbes === false) flags.push('--no-node-probes');
  if (flags.length) {
    throw new ToolError(
      `pair --in-place runs in the live worker pods and creates no probe pod; ${flags.join(', ')} ${flags.length === 1 ? 'does' : 'do'} not apply`,
      {
        fix: `drop ${flags.length === 1 ? 'it' : 'them'}, or drop --in-place to test with probe pods on free GPUs`,
      },
    );
  }
  requireNixlProbe(opts.engine, 'pair --in-place');
  const pods = [opts.prefillPod, opts.decodePod].filter(Boolean).length;
  if (opts.dgd ? pods > 0 : pods !== 2) {
    throw new ToolError(
      opts.dgd
        ? '--dgd finds the worker pods itself; --prefill-pod/--decode-pod name them instead, not as well'
        : 'pair --in-place needs the worker pods: --dgd NAME, or both --prefill-pod and --decode-pod',
      { fix: 'pair --in-place --dgd NAME -n NS, or pair --in-place --prefill-pod P --decode-pod D -n NS' },
    );
  }
  if (opts.allPods && !opts.dgd)
    throw new ToolError('--all-pods only goes with --dgd', { fix: 'add --dgd NAME or drop --all-pods' });
}

/** `pair`'s action: one schema for both modes, then --local or the cluster orchestrator. */
export async function runPair(ctx: CliContext, raw: Record<string, unknown>): Promise<void> {
  const opts = parseOptions(PairOptionsSchema, raw);
  if (opts.inPlace) {
    validateInPlace(opts, raw);
    const { runInPlacePair } = await import('./pair-in-place.js');
    return runInPlacePair(ctx, opts);
  }
  const inPlaceOnly = given(opts, IN_PLACE_ONLY);
  if (inPlaceOnly.length) {
    throw new ToolError(
      `${inPlaceOnly.join(', ')} only ${inPlaceOnly.length === 1 ? 'goes' : 'go'} with --in-place`,
      {
        fix: 'add --in-place to test inside the live worker pods, or use --prefill-node/--decode-node for probe pods',
      },
    );
  }
  if (opts.local) {
    refuseClusterFlags(opts, raw);
    await runLocal(ctx, opts);
  } else await runClusterPair(ctx, opts);
}
