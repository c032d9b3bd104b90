import type { Clock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { messageOf } from '../core/errors.js';
import { LastWords } from '../core/last-words.js';
import { silentProgress } from '../core/progress.js';
import type { Cluster } from '../kube/cluster.js';
import { isClusterError } from '../kube/errors.js';
import type { PodSource } from '../kube/pod-cache.js';
import { type PairResult, runPairCluster } from '../pair/run.js';
import type { SharedEtcd } from '../scratch/etcd.js';
import type { Candidates } from './candidates.js';
import { pairRunId, SWEEP_POLL_MS, type SweepConfig, type SweepDeps } from './config.js';
import type { SweepPair } from './model.js';
import { notRun, progressLine, toSweepPair } from './result.js';
import type { PlannedPair } from './schemes.js';

/**
 * Running the planned pairs. Rounds are the plan; the run starts each pair as soon as
 * both its nodes are free (in plan order, at most --max-parallel at once), so one slow
 * pair holds up only its own two nodes. A pair's nodes and slot are free once its verdict
 * is in (the transfer is over), or when it ends without one; its teardown then goes on
 * beside the next pairs.
 */

export interface Schedule {
  pairs: readonly PlannedPair[];
  maxParallel: number;
  /** The sweep's stop: Ctrl-C, --timeout or a fatal error. */
  signal: AbortSignal;
  /** Runs one pair; `release` frees its nodes and slot early; `active` counts the pairs holding nodes. */
  run: (p: PlannedPair, release: () => void, active: () => number) => Promise<void>;
  /** Once, when the sweep stops: the pairs never started, and how many still run. */
  onStop: (notStarted: PlannedPair[], running: number) => void;
}

/** Runs the pairs of a plan by node availability; true when the sweep was stopped. */
export async function schedule(s: Schedule): Promise<boolean> {
  const pending = [...s.pairs].sort((a, b) => a.round - b.round || a.index - b.index);
  const busy = new Set<string>();
  let wake: () => void = () => {};
  const woken = () => new Promise<void>((r) => (wake = r));
  const running = new Map<number, Promise<void>>();
  // Pairs whose transfer is still on (their nodes busy); teardown after the verdict does not count.
  let active = 0;
  let stopping = false;
  // Ctrl-C, --timeout or a fatal error: say so at once, not when the first pair has finished.
  const stopped = new Promise<void>((r) => s.signal.addEventListener('abort', () => r(), { once: true }));
  while (pending.length > 0 || running.size > 0) {
    if (s.signal.aborted && !stopping) {
      stopping = true;
      // Each running pair tears its own scratch objects down before it returns.
      s.onStop(pending.splice(0), running.size);
    }
    for (let i = 0; i < pending.length && active < s.maxParallel; ) {
      const p = pending[i] as PlannedPair;
      if (busy.has(p.prefill) || busy.has(p.decode)) {
        i++;
        continue;
      }
      pending.splice(i, 1);
      busy.add(p.prefill);
      busy.add(p.decode);
      active++;
      let freed = false;
      const release = () => {
        if (freed) return;
        freed = true;
        busy.delete(p.prefill);
        busy.delete(p.decode);
        active--;
        wake();
      };
      running.set(
        p.index,
        s
          .run(p, release, () => active)
          .finally(() => {
            release();
            running.delete(p.index);
          }),
      );
    }
    // Once stopping, only the running pairs' own ends matter (`stopped` has already fired).
    if (running.size > 0) await Promise.race([...running.values(), woken(), ...(stopping ? [] : [stopped])]);
  }
  return stopping;
}

/** What stops the whole sweep rather than one pair: the credentials, RBAC, the API server. */
function fatal(err: unknown): boolean {
  return isClusterError(err, 'forbidden', 'unauthorized', 'unreachable');
}

export interface PairsInput {
  config: SweepConfig;
  deps: SweepDeps;
  cand: Candidates;
  pairs: readonly PlannedPair[];
  base: Cluster;
  etcd: SharedEtcd;
  clock: Clock;
  runId: string;
  /** The sweep's stop (Ctrl-C, deadline, stopAll); `deadline` alone says --timeout was reached. */
  signal: AbortSignal;
  deadline: AbortSignal;
  /** Aborted on the first fatal error, so that the other pairs stop and tear down. */
  stopAll: AbortController;
  /** The sweep's one pod watch, when the cluster allows it. */
  pods?: PodSource;
}

export interface PairsOutcome {
  pairs: SweepPair[];
  /** Each finished pair's own step timings (ms), for --debug and the bench. */
  timings: PairResult['timing'][];
  fatalError?: unknown;
  setupError?: unknown;
}

/** Every planned pair run as a whole `pair` (or recorded as not run), with the progress lines. */
export async function runPairs(input: PairsInput): Promise<PairsOutcome> {
  const { config, deps, clock, runId, signal } = input;
  const progress = deps.progress;
  const out: PairsOutcome = { pairs: [], timings: [] };
  const pairs = out.pairs;
  const total = input.pairs.length;
  const timeout = `--timeout ${formatDuration(config.timeoutMs)}`;
  progress.step(`Run ${total} pair${total === 1 ? '' : 's'}`);
  // Each pair says what it would leave; the sweep says all of it last (a second Ctrl-C too).
  const words = new Map<number, LastWords>();
  deps.lastWords?.set(() => [...words.values()].flatMap((w) => w.lines()));
  const run = async (p: PlannedPair, release: () => void, active: () => number): Promise<void> => {
    const id = pairRunId(runId, p.index);
    const t0 = clock.now();
    const own = new LastWords();
    words.set(p.index, own);
    try {
      const r = await (deps.runPair ?? runPairCluster)(
        {
          ...config.pair,
          prefillNode: p.prefill,
          decodeNode: p.decode,
          nodeProbes: false,
          sharedEtcd: () => input.etcd.endpoint(),
          knownNodes: input.cand.views,
          leaseOwner: `sweep ${runId}`,
        },
        {
          cluster: async () => input.base,
          progress: silentProgress,
          signal,
          cwd: deps.cwd,
          ...(deps.env ? { env: deps.env } : {}),
          printManifests: () => {},
          clock,
          runId: id,
          // Many pairs poll at once: each looks less often than a lone pair, to spare the API server.
          pollMs: deps.pollMs ?? SWEEP_POLL_MS,
          ...(deps.teardownMs ? { teardownMs: deps.teardownMs } : {}),
          onJudged: release,
          pods: input.pods,
          lastWords: own,
          // Only another run holds a node (the sweep's own pairs run on disjoint nodes): say who, once.
          onWaiting: (line) => progress.warn(`pair ${p.prefill} ↔ ${p.decode}: ${line}`),
        },
      );
      pairs.push(toSweepPair(p, r, clock.now() - t0));
      out.timings.push(r.timing);
    } catch (err) {
      if (fatal(err) && !out.fatalError) {
        out.fatalError = err;
        input.stopAll.abort(err);
      }
      out.setupError ??= err;
      const ours = deps.signal.aborted || input.deadline.aborted;
      const why = deps.signal.aborted
        ? 'interrupted'
        : input.deadline.aborted
          ? `stopped: the sweep reached ${timeout}`
          : `could not run: ${messageOf(err)}`;
      pairs.push(notRun(p, id, why, ours ? null : 'setup'));
    }
    const n = active();
    progress.update(`${progressLine(pairs, total)}${n > 0 ? `, ${n} running` : ''}`);
  };
  const onStop = (notStarted: PlannedPair[], running: number) => {
    const why = deps.signal.aborted
      ? 'interrupted'
      : out.fatalError
        ? 'the sweep stopped on an error'
        : `the sweep reached ${timeout}`;
    for (const p of notStarted)
      pairs.push(notRun(p, pairRunId(runId, p.index), `not run: ${why} before this pair started`));
    if (running > 0) {
      progress.warn(`${why}: ${progressLine(pairs, total)}`);
      progress.step(
        `Stop ${running} running pair${running === 1 ? '' : 's'} and clean up their scratch objects`,
      );
    }
  };
  const stopping = await schedule({
    pairs: input.pairs,
    maxParallel: config.maxParallel,
    signal,
    run,
    onStop,
  });
  const failed = pairs.filter((p) => p.outcome === 'untrusted').length;
  if (stopping) progress.done();
  else if (failed) progress.warn(progressLine(pairs, total));
  else progress.done(progressLine(pairs, total));
  return out;
}
