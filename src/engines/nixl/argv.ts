import { type NixlKvArgs, nixlKvFlags } from '../kv-shape.js';

/**
 * Our NIXL probe (templates/nixl-probe.py): a Python program on NIXL's public
 * API, run by the deployment's own Python. Pure builders for its command line
 * and for the ConfigMap that ships it to probe pods (it is never baked into
 * an image). The NIXL calls it makes are cited in references/nixl-probe.md.
 */

export interface NixlProbeArgs {
  python: string;
  script: string;
  role: 'initiator' | 'target';
  /** initiator: the target's address or DNS name (a headless Service between pods). */
  peer?: string;
  /** The target's NIXL listen-thread port. */
  port: number;
  op: 'READ' | 'WRITE';
  /** The NIXL backend the agent initialises (nixl_agent_config backends=[…]); UCX when not given. */
  backend?: 'UCX' | 'LIBFABRIC' | undefined;
  memory: 'DRAM' | 'VRAM' | 'auto';
  /** The sweep doubles from the smallest block to the largest, as nixlbench's does. */
  minBlock: number;
  maxBlock: number;
  minBatch?: number;
  maxBatch?: number;
  /** Timed iterations per row (a sixteenth above 1 MiB, as nixlbench); warm-up is a tenth. */
  iters: number;
  /** Untimed iterations before each row (--warmup); undefined: nixlWarmup(iters). */
  warmup?: number | undefined;
  /** The user gave --iters: at least that many at every size, as nixlbench then runs (no sixteenth above 1 MiB). */
  itersExact?: boolean | undefined;
  /** Seconds the probe waits for its peer before it gives up on its own. */
  timeoutS: number;
  /** The KV row's shape the deployment states; undefined: the probe's documented default. */
  kv?: NixlKvArgs | undefined;
}

/** Warm-up iterations for `iters` timed ones: a tenth, like nixlbench's defaults (100 for 1000). */
export function nixlWarmup(iters: number): number {
  return Math.max(1, Math.floor(iters / 10));
}

export function nixlProbeArgv(a: NixlProbeArgs): string[] {
  const argv = [a.python, a.script, '--role', a.role];
  if (a.role === 'initiator') {
    if (!a.peer) throw new Error('the initiator needs the target address');
    argv.push('--peer', a.peer, '--peer-port', String(a.port));
  } else {
    argv.push('--listen-port', String(a.port));
  }
  argv.push('--op', a.op, ...nixlSweepArgs(a));
  return argv;
}

/**
 * The flags both roles share (memory, sweep, iterations, timeouts): between
 * pods the probe script adds role, peer, port and each leg's operation.
 */
export function nixlSweepArgs(
  a: Pick<
    NixlProbeArgs,
    | 'backend'
    | 'memory'
    | 'minBlock'
    | 'maxBlock'
    | 'minBatch'
    | 'maxBatch'
    | 'iters'
    | 'warmup'
    | 'itersExact'
    | 'timeoutS'
    | 'kv'
  >,
): string[] {
  const timeout = String(Math.max(1, Math.ceil(a.timeoutS)));
  return [
    ...(a.backend && a.backend !== 'UCX' ? ['--backend', a.backend] : []),
    '--memory',
    a.memory,
    '--start-block',
    String(a.minBlock),
    '--max-block',
    String(a.maxBlock),
    '--start-batch',
    String(a.minBatch ?? 1),
    '--max-batch',
    String(a.maxBatch ?? 1),
    '--iters',
    String(a.iters),
    '--warmup',
    String(a.warmup ?? nixlWarmup(a.iters)),
    ...(a.itersExact ? ['--large-block-iter-factor', '1'] : []),
    '--timeout',
    timeout,
    '--run-timeout',
    timeout,
    ...nixlKvFlags(a.kv),
  ];
}
