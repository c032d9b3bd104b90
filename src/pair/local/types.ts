import type { MeasurementRow } from '../../core/measurement.js';

/** Where one side runs: argv put in front of its command (e.g. `ip netns exec NS`), empty for here. */
export interface Side {
  wrap: readonly string[];
}

/**
 * Where the two processes run. The default is both on this host over
 * loopback; tests put each in its own network namespace joined by a veth
 * pair so the client reaches the server over a real link.
 */
export interface Placement {
  server: Side & { address: string };
  client: Side;
  /** For people: `loopback`, `network namespaces over veth`. */
  describe: string;
}

export const LOOPBACK: Placement = {
  server: { wrap: [], address: '127.0.0.1' },
  client: { wrap: [] },
  describe: 'loopback',
};

/** What an engine's run gives the report, whatever the engine. */
export interface EngineRun {
  /** `hung-after-results`: every result was printed, then a process had to be stopped. */
  outcome: 'completed' | 'failed' | 'timeout' | 'hung-after-results';
  /** One line: what failed, which size, the last error the tool printed. */
  problem?: string;
  rows: MeasurementRow[];
  /** UCX transports that carried data (sysv, cma, tcp, cuda_ipc, rc_mlx5). */
  transports: string[];
  /** The lanes behind them, as UCX printed them (`sysv/memory`, `tcp/eth0`, `rc_mlx5/mlx5_0:1`). */
  lanes: string[];
  /** RMA emulated over active messages or software: a slow path. */
  emulated: boolean;
  ucxVersion?: string;
  /** The engine's own version when it says (`nixl 1.5.1`). */
  engineVersion?: string;
  /** Every process started, so callers (and tests) can check none is left. */
  pids: number[];
  /** Sizes (ucx_perftest) or block-size rows (nixlbench) that finished. */
  sizesDone: number;
  /** Host names nixlbench's workers reported. */
  hosts?: { initiator?: string; target?: string };
}
