import type { UcxEnv } from './ucx-env.js';
import type { UcxLog } from './ucx-log.js';

/** Types of the ucx_perftest parser's result (see ucx-perftest.ts for the format and units). */
export interface PerftestSample {
  /** "[thread 0]", "Final", a test name (-f), or undefined for a bare row. */
  label?: string;
  iterations: number;
  /** The "typical" (≤ 1.8) or percentile (≥ 1.12) latency/overhead column, µs. */
  latencyTypicalUs?: number;
  latencyAvgUs?: number;
  latencyOverallUs?: number;
  /** MiB/s, as printed under "bandwidth (MB/s)". */
  bwAvgMiBps: number;
  bwOverallMiBps?: number;
  msgRateAvg?: number;
  msgRateOverall?: number;
}

/** Normalised row, shared in shape with nixlbench's: `gbps` is GB/s (10^9 bytes/s). */
export interface PerftestRow {
  /** Message size in bytes; undefined when the output does not print it and no hint was given. */
  blockSize?: number;
  batchSize: number;
  gbps: number;
  avgLatUs?: number;
  msgRate?: number;
}

export interface UcxPerftestResult {
  layout: 'legacy' | 'staged' | 'csv';
  /**
   * What the test measures: 'latency' for ping-pong tests (`-t tag_lat`, `am_lat`, `ucp_put_lat`, …:
   * the name ends in `_lat`, the test box says "… latency", or a UCX ≥ 1.9 header says
   * "latency (usec)"), else 'bandwidth'. Undefined when nothing in the capture says (UCX ≤ 1.8
   * prints "latency (usec)" for every test).
   */
  kind?: 'latency' | 'bandwidth';
  /** The `-t` test name from the command line in the capture. */
  testName?: string;
  /** Every run when the capture holds more than one (each parsed on its own); the fields above are the first one's. */
  allRuns?: UcxPerftestResult[];
  /** "latency" for *_lat tests, "overhead" for bandwidth tests (UCX ≥ 1.9 header). */
  latencyKind?: 'latency' | 'overhead';
  api?: string;
  /** As printed in the test box: "tag match bandwidth", "put bandwidth", … */
  test?: string;
  dataLayout?: string;
  sendMemory?: string;
  recvMemory?: string;
  messageSize?: number;
  /** No box, `-s` or hint gave the size: it is bandwidth ÷ message rate of the rows (libperf.c: bytes/time, msgs/time). */
  messageSizeImplied?: true;
  windowSize?: number;
  /** Report-interval rows. */
  stages: PerftestSample[];
  /** The summary row ("Final:" or, in ≤ 1.8 layout, the last bare row). */
  final?: PerftestSample;
  rows: PerftestRow[];
  peakGBps?: number;
  /**
   * Spread of the per-interval bandwidth, first interval left out (it is skewed by
   * warm-up and, for puts, by posting before completion). Only with ≥ 3 intervals.
   */
  stability?: { intervals: number; minGBps: number; medianGBps: number; maxGBps: number };
  lanes: string[];
  transports: string[];
  emulated: boolean;
  /** Memory types UCX named in its protocol tables ("host", "cuda"). */
  memoryTypes: string[];
  ucxVersion?: string;
  /** UCX_TLS / UCX_NET_DEVICES as the capture shows them set (command line, export, UCX's env line). */
  ucxEnv?: UcxEnv;
  ucx: Pick<UcxLog, 'endpoints' | 'protocols' | 'warnings' | 'errors'>;
  errors: { line: number; text: string }[];
  /** UCX ended the process (a signal or `ucs_fatal`): the first such line. The run stopped there. */
  aborted?: { line: number; text: string };
  /** A summary row was printed (in ≤ 1.8 layout: at least one row). */
  completed: boolean;
  /** The server host the typed command names: this is the client's log, where the result rows belong. */
  server?: string;
  /**
   * The results table's header was printed: only the client prints it (perftest.c sets TEST_FLAG_PRINT_RESULTS
   * on the client, TEST_FLAG_PRINT_TEST, the test box, on the server), so this is the client's log.
   */
  resultsHeader?: true;
}
