import type { KvRow } from '../../core/measurement.js';
import type { Progress } from '../../core/progress.js';
import type { Launcher } from '../../procs/launcher.js';

/** One measured row (the shape of the report's MeasurementRow). */
export interface Row {
  blockSize: number;
  batchSize: number;
  gbps: number;
  avgLatUs?: number | undefined;
  /** Transfers in flight at once (the nixl probe's in-flight row); absent: one at a time. */
  inFlight?: number | undefined;
}

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

/** What an engine's run gives the report, whatever the engine. */
export interface EngineRun {
  /** `hung-after-results`: every result was printed, then a process had to be stopped. */
  outcome: 'completed' | 'failed' | 'timeout' | 'hung-after-results';
  /** One line: what failed, which size, the last error the tool printed. */
  problem?: string;
  rows: Row[];
  /** The KV-shaped row (nixl), apart from the sweep's rows. */
  kv?: KvRow | undefined;
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
  /** What each NIXL probe reported as its own error (`register`, `memory`, `agent`, …), initiator first. */
  probeErrors?: { role: 'initiator' | 'target'; stage: string; message: string }[];
}

export interface RunDeps {
  launcher: Launcher;
  progress: Progress;
  interrupt: AbortSignal;
  deadline: AbortSignal;
}

/** What an engine may look for on this host: programs on PATH, and a Python that imports nixl. */
export interface EngineFinder {
  which(program: string): string | undefined;
  /**
   * A Python that imports nixl, or undefined; only asked when nixlbench is not
   * there. `acceptInstalled` (an explicit --engine nixl): one whose nixl is
   * installed but does not import will do, so the probe can name its version.
   */
  nixlPython?(acceptInstalled: boolean): string | undefined;
}

/** One `pair --local` run, whatever the engine; each takes what it needs. */
export interface LocalRunInput {
  /** Its binary (nixl: the Python that imports nixl). */
  bin: string;
  sizes: readonly number[];
  iters?: number | undefined;
  /** --warmup; undefined: a tenth of the timed iterations, at least 1. */
  warmup?: number | undefined;
  memory: 'DRAM' | 'VRAM';
  gpuCount: number;
  env: NodeJS.ProcessEnv;
  placement: Placement;
  /** The run's --timeout, in seconds. */
  timeoutS: number;
  /** The operation, initiator on target (nixl). */
  op: 'READ' | 'WRITE';
  /** nixlbench: etcd on PATH (its full path), looked up only by an engine that uses it; and the runtime asked for. */
  etcd(): string | undefined;
  runtime: 'auto' | 'etcd' | 'asio';
  /** nixl: the probe program to run (tests: one that misbehaves); default templates/nixl-probe.py. */
  probe?: string | undefined;
}

/** How an engine runs as two processes on this host (`pair --local`). */
export interface LocalRunner {
  /** Its binary here, or undefined; `explicit`: --engine named it. */
  find(f: EngineFinder, explicit: boolean): string | undefined;
  /** What to say when --engine names it and it is not here. */
  notFound: { message: string; fix: string };
  run(i: LocalRunInput, deps: RunDeps): Promise<EngineRun>;
}
