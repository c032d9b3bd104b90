import type { UcxLog } from './ucx-log.js';

/**
 * Types of the nixlbench parser's result (see nixlbench.ts for the format).
 */
/** One result row. `gbps` is GB/s in decimal units (10^9 bytes per second), as nixlbench's "B/W (GB/Sec)". */
export interface NixlbenchRow {
  blockSize: number;
  batchSize: number;
  gbps: number;
  avgLatUs?: number;
  aggregateGbps?: number;
  networkUtilPct?: number;
  avgPrepUs?: number;
  p99PrepUs?: number;
  avgPostUs?: number;
  p99PostUs?: number;
  avgTxUs?: number;
  p99TxUs?: number;
  /** Legacy tables only, as printed. */
  mibps?: number;
  gibps?: number;
}

export interface NixlbenchRun {
  /** current: nixl ≥ 0.5.1 (B/W first, latency breakdown); legacy: ≤ 0.5.0 (MiB/GiB/GB columns). */
  format: 'current' | 'legacy';
  /** The configuration block, keyed by flag name ("backend", "op_type", …) or the label when it names no flag. */
  config: Record<string, string>;
  rows: NixlbenchRow[];
  /**
   * The table's header line is not in the paste (cut above): its rows were read by their field count, which fixes
   * the columns (nixlbench-table.ts headlessColumns); this many columns. Rows above the cut are not shown.
   */
  headerNotShown?: number;
  /** The configuration block's banner is not in the paste: it starts at an option line (cut above). */
  configCut?: true;
}

export interface NixlbenchWorker {
  rank: number;
  role: 'initiator' | 'target';
  hostname?: string;
  device?: string;
}

export type NixlbenchFailure =
  | 'etcd-stale'
  | 'etcd-unreachable'
  | 'etcd-setup'
  | 'backend-unavailable'
  | 'peer-timeout'
  | 'peer-died'
  | 'transfer-error'
  | 'consistency'
  | 'cuda'
  | 'invalid-options'
  | 'interrupted'
  | 'runtime-timeout';

export interface NixlbenchResult {
  runs: NixlbenchRun[];
  /** Every row of every run, in order. */
  rows: NixlbenchRow[];
  /** Highest `gbps` of any row; undefined when there are no rows. */
  peakGBps?: number;
  backend?: string;
  initiatorSegType?: string;
  targetSegType?: string;
  opType?: string;
  /** "Init nixl worker, dev <d> rank <r>, type <role>, hostname <h>" lines. */
  workers: NixlbenchWorker[];
  /** Rank and role when the log holds exactly one worker. */
  rank?: number;
  role?: 'initiator' | 'target';
  /** From "ETCD Runtime: Registered as rank <r> item <i> of <N>". */
  worldSize?: number;
  /** True when every worker seen ran on one host (loopback: says nothing about the network). */
  sameHost?: boolean;
  /** UCX lanes that carried data ("rc_mlx5/mlx5_0:1", "cuda_ipc/cuda", "tcp/eth0"), when UCX logged them. */
  lanes: string[];
  /** Transport names of those lanes ("rc_mlx5", "cuda_ipc", "tcp"). */
  transports: string[];
  /** UCX emulated RMA ("rma_am(...)", "software emulation"). */
  emulated: boolean;
  ucxVersion?: string;
  ucx: Pick<UcxLog, 'endpoints' | 'protocols' | 'warnings' | 'errors'>;
  /** Error lines from nixlbench, NIXL and UCX, with their line numbers. */
  errors: { line: number; text: string }[];
  /** The first decisive failure found in the log. */
  failure?: { kind: NixlbenchFailure; line: number; text: string };
  /** Waited at the start barrier and never saw "All processes are ready to proceed". */
  waitingForPeers: boolean;
  /** A table was printed and its last row reached the configured max block and batch size, with no failure. */
  completed: boolean;
  /**
   * The NGC container banner's "NOTE: Mellanox network driver detected, but NVIDIA peer memory
   * driver not detected" (its line): the entrypoint found mlx5_core but no peer-memory module.
   */
  peerMemoryNote?: { line: number; text: string };
}
