/**
 * nixlbench as a local pair: pure builders for its command line
 * (flags from ai-dynamo/nixl benchmark/nixlbench/src/utils/utils.cpp; ranks and roles
 * from src/runtime/etcd/etcd_rt.cpp). Both processes get the same argv; the
 * first to register takes rank 0 and the initiator (prefill) role, so the
 * runner starts the second only once the first holds rank 0.
 */

export type NixlRuntime =
  | { kind: 'etcd'; endpoint: string }
  | { kind: 'asio'; address: string; port: number };

export interface NixlbenchArgs {
  bin: string;
  runtime: NixlRuntime;
  /** A fresh etcd namespace per run: a reused group corrupts ranks (reference §2.1). */
  group: string;
  /** Segment type on both sides. */
  memory: 'DRAM' | 'VRAM';
  /** The sweep doubles from the smallest to the largest size. */
  minBlock: number;
  maxBlock: number;
  /** num_iter; warm-up is a tenth. nixlbench rounds both up and runs 1/16 of them above 1 MiB. */
  iters: number;
  /** --warmup; undefined: a tenth of iters, at least 1. */
  warmup?: number | undefined;
}

/** The block sizes nixlbench will run: doubling from minBlock while ≤ maxBlock. */
export function nixlSweep(minBlock: number, maxBlock: number): number[] {
  const out: number[] = [];
  for (let b = minBlock; b <= maxBlock; b *= 2) out.push(b);
  return out;
}

export function nixlbenchArgv(a: NixlbenchArgs): string[] {
  const argv = [a.bin];
  if (a.runtime.kind === 'etcd') {
    // No --runtime_type: ETCD is the default, and builds before v1.1.0 reject the flag.
    argv.push('--etcd_endpoints', a.runtime.endpoint);
  } else {
    argv.push(
      '--runtime_type',
      'ASIO',
      '--asio_address',
      a.runtime.address,
      '--asio_port',
      String(a.runtime.port),
    );
  }
  argv.push(
    '--benchmark_group',
    a.group,
    '--backend',
    'UCX',
    '--initiator_seg_type',
    a.memory,
    '--target_seg_type',
    a.memory,
    '--op_type',
    'WRITE',
    '--start_block_size',
    String(a.minBlock),
    '--max_block_size',
    String(a.maxBlock),
    '--num_iter',
    String(a.iters),
    '--warmup_iter',
    String(a.warmup ?? Math.max(1, Math.floor(a.iters / 10))),
    // The default is 8 GiB per process; one batch of the largest block is all a 1-thread run needs.
    '--total_buffer_size',
    String(a.maxBlock),
  );
  return argv;
}

/** The etcd key rank 0 writes once registered (the double slash is real). */
export function rankKey(group: string, rank: number): string {
  return `xferbench/${group}//rank/${rank}`;
}

/** The line a process prints once it holds rank 0 (etcd runtime). */
export const RANK0_LINE = /ETCD Runtime: Registered as rank 0\b/;
