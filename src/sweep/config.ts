import type { Clock } from '../core/clock.js';
import type { LastWords } from '../core/last-words.js';
import type { Check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { Cluster } from '../kube/cluster.js';
import type { PairConfig } from '../pair/options/config.js';
import type { PairDeps, PairResult } from '../pair/run.js';
import type { Scheme, SweepResult } from './model.js';

/** What `sweep` is asked to do and what it runs with (run.ts, candidates.ts, scheduler.ts, result.ts). */

export interface SweepConfig {
  /** Unset: ring up to AUTO_ABOVE nodes, auto above. */
  scheme?: Scheme | undefined;
  /** The seed of matching, across-groups and auto plans. */
  seed?: number | undefined;
  /** How many perfect matchings `--scheme matching` draws. */
  matchings?: number | undefined;
  /** The rack or leaf label (--topology-label), besides the zone and the NVLink clique. */
  topologyLabel?: string | undefined;
  /** Share below the fleet's median that makes a pair an outlier (--outlier). */
  outlierFraction?: number | undefined;
  /** --budget: at most this many pairs, or this long (auto stops starting rounds). */
  budget?: { pairs?: number; ms?: number } | undefined;
  /** -l: a label selector the API server evaluates. */
  selector?: string | undefined;
  /** --nodes a,b,c */
  nodes?: string[] | undefined;
  maxParallel: number;
  /**
   * --gpu-accounting: `cluster` (default) lists every pod of the cluster to count the free GPUs
   * of each node (the one read that needs cluster-wide get/list on pods, which shows every
   * pod's literal env values); `none` reads no pod outside the scratch namespace, and a node's
   * GPUs are taken as free (the scheduler decides: a full node's pair waits, then is unscheduled).
   */
  gpuAccounting?: 'cluster' | 'none' | undefined;
  /** The whole sweep's limit; each pair has `pair.timeoutMs`. */
  timeoutMs: number;
  /** The `pair` settings every pair runs with (nodes are set per pair). */
  pair: PairConfig;
}

export interface SweepDeps {
  cluster: () => Promise<Cluster>;
  progress: Progress;
  /** Ctrl-C / SIGTERM. */
  signal: AbortSignal;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  runId?: string;
  pollMs?: number;
  teardownMs?: number;
  /** What the sweep's pairs would leave behind, said last (each pair's own lines, together). */
  lastWords?: LastWords;
  /** --debug: where the time went (the pairs' steps, the API calls, the pod watch), one line each. */
  debug?: (lines: string[]) => void;
  /** One pair; the real orchestrator unless a test measures the sweep around it. */
  runPair?: (config: PairConfig, deps: PairDeps) => Promise<PairResult>;
}

export interface SweepRun {
  result: SweepResult;
  checks: Check[];
  runId: string;
  dryRun: boolean;
}

/** Without --scheme, sweeps of more than this many nodes use `auto`, smaller ones `ring`. */
export const AUTO_ABOVE = 16;

/** How often each pair of a sweep looks at its pods and logs (a lone `pair` looks every 250 ms). */
export const SWEEP_POLL_MS = 250;

/** A pair's run id: the sweep's (at most 8 characters) + `p` + the pair's index in base 36. */
export function pairRunId(sweepId: string, index: number): string {
  return `${sweepId.slice(0, 8)}p${index.toString(36)}`;
}
