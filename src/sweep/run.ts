import { after, systemClock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import type { Cluster } from '../kube/cluster.js';
import { DeadlineError } from '../kube/errors.js';
import { metered } from '../kube/metered.js';
import { etcdImageFor } from '../pair/options/flags.js';
import { type SharedEtcd, sharedEtcd } from '../scratch/etcd.js';
import { newRunId } from '../scratch/names.js';
import type { AutoOutcome } from './auto.js';
import { runAuto } from './auto.js';
import { candidates, describePlan, planWarning } from './candidates.js';
import { pairRunId, SWEEP_POLL_MS, type SweepConfig, type SweepDeps, type SweepRun } from './config.js';
import type { SweepPair } from './model.js';
import { autoPlanLines, planFor, resolveScheme } from './planner.js';
import { assemble, notRun } from './result.js';
import { runPairs } from './scheduler.js';
import { SWEEP_CREATE_LIMIT, sweepWatch, timingLines } from './watch.js';

/**
 * `sweep`: the pair orchestrator over many node pairs, in rounds of disjoint
 * pairs, at most --max-parallel at once, under one time budget. Each pair is a
 * whole `pair` run (its own run id, scratch objects, verdict and teardown); the
 * sweep reads the nodes once (candidates.ts), plans, runs (scheduler.ts), and
 * isolates the culprit (result.ts, isolate.ts).
 */

export { describePlan } from './candidates.js';
export type { SweepConfig, SweepDeps, SweepRun } from './config.js';
export { pairRunId } from './config.js';
export { sweepChecks, toSweepPair } from './result.js';

/** The sweep's one etcd, started by the first nixlbench pair that asks for it. */
function etcdFor(config: SweepConfig, deps: SweepDeps, base: Cluster, runId: string, signal: AbortSignal) {
  return sharedEtcd({
    cluster: base,
    runId,
    scratchNamespace: config.pair.scratchNamespace,
    image: etcdImageFor(config.pair.etcdImage, config.pair.image).image,
    podAnnotations: {
      ...(config.pair.podAnnotations.all ?? {}),
      ...(config.pair.podAnnotations.etcd ?? {}),
    },
    tolerations: config.pair.tolerations,
    timeoutMs: config.timeoutMs,
    readyMs: config.pair.peerTimeoutMs,
    clock: deps.clock ?? systemClock,
    pollMs: deps.pollMs ?? SWEEP_POLL_MS,
    signal,
  });
}

async function closeEtcd(etcd: SharedEtcd, deps: SweepDeps): Promise<void> {
  if (!etcd.created()) return;
  deps.progress.step("Remove the sweep's etcd");
  const { left, problems } = await etcd.close(deps.teardownMs ?? 60_000);
  for (const p of problems) deps.progress.warn(`the sweep's etcd: ${p}`);
  if (left.length > 0) deps.progress.warn(`the sweep's etcd left in the cluster: ${left.join(', ')}`);
  deps.progress.done();
}

export async function runSweep(config: SweepConfig, deps: SweepDeps): Promise<SweepRun> {
  const clock = deps.clock ?? systemClock;
  const started = clock.now();
  const runId = deps.runId ?? newRunId();
  const progress = deps.progress;
  const deadline = new AbortController();
  const cancelDeadline = after(clock, config.timeoutMs, () =>
    deadline.abort(new DeadlineError(`--timeout ${formatDuration(config.timeoutMs)} reached`)),
  );
  // A fatal error (RBAC, credentials) in one pair stops the others, which then tear down.
  const stopAll = new AbortController();
  const signal = AbortSignal.any([deps.signal, deadline.signal, stopAll.signal]);
  let etcd: SharedEtcd | undefined;
  let stopWatch = () => {};
  try {
    progress.step('Choose the nodes');
    const base = await deps.cluster();
    const cand = await candidates(base.withSignal(signal), config);
    const scheme = resolveScheme(config.scheme, cand.included.length);
    const resolved = { ...config, scheme };
    const plan = planFor(scheme, cand, resolved);
    progress.done(`${cand.included.length} in, ${cand.excluded.length} left out`);
    // The plan, before anything starts: pairs, rounds, an estimate, and who is left out.
    const [what, estimate, left] = describePlan(plan, cand, resolved);
    progress.step(`Plan: ${what}`);
    const [first, ...more] = scheme === 'auto' ? autoPlanLines(plan, cand, resolved) : [estimate ?? ''];
    progress.done(first);
    if (more.length > 0) {
      progress.step(more[0] ?? '');
      progress.done(more.slice(1).join('; ') || undefined);
    }
    if (left) progress.warn(left);
    if (cand.uncounted) progress.warn(cand.uncounted);
    const late = planWarning(plan, resolved);
    if (late) progress.warn(late);
    const finish = (
      pairs: SweepPair[],
      dryRun: boolean,
      rounds = plan.rounds,
      diagnosis?: AutoOutcome['diagnosis'],
    ): SweepRun => {
      const time = { startedAt: started, durationMs: clock.now() - started };
      const { result, checks } = assemble(resolved, cand, rounds, pairs, time, dryRun, diagnosis);
      return { result, checks, runId, dryRun };
    };
    if (config.pair.dryRun) {
      const planned = plan.pairs.map((p) =>
        notRun(p, pairRunId(runId, p.index), 'dry run: planned, not started'),
      );
      return finish(planned, true);
    }
    // One pod watch for every pair, creates in a bounded stream, every call counted (watch.ts).
    const { cluster: api, meter } = metered(base, clock, SWEEP_CREATE_LIMIT);
    const watch = await sweepWatch(api, config, clock, signal);
    stopWatch = watch.stop;
    etcd = etcdFor(config, deps, api, runId, signal);
    const t0 = clock.now();
    const common = {
      config: resolved,
      deps,
      cand,
      base: api,
      etcd,
      clock,
      runId,
      signal,
      deadline: deadline.signal,
      stopAll,
      ...(watch.cache ? { pods: watch.cache } : {}),
    };
    const auto = scheme === 'auto' ? await runAuto(common, started) : undefined;
    const out = auto ?? (await runPairs({ ...common, pairs: plan.pairs }));
    deps.debug?.(timingLines(out.timings, clock.now() - t0, meter, watch));
    if (out.fatalError) throw out.fatalError;
    if (deps.signal.aborted) throw deps.signal.reason;
    // Not one pair could even start, all for our own reasons: the tool could not do its job.
    const { pairs, setupError } = out;
    if (setupError && pairs.length > 0 && pairs.every((p) => p.failure === 'setup')) throw setupError;
    return auto ? finish(pairs, false, auto.rounds, auto.diagnosis) : finish(pairs, false);
  } finally {
    stopWatch();
    cancelDeadline();
    if (etcd) await closeEtcd(etcd, deps);
  }
}
