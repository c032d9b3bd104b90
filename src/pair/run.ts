import type { KubernetesObject } from '@kubernetes/client-node';
import { after, type Clock, systemClock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { messageOf } from '../core/errors.js';
import type { Measurement } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { Cluster } from '../kube/cluster.js';
import { DeadlineError } from '../kube/errors.js';
import { DisposalStack } from '../procs/disposal.js';
import type { RunProblem } from './assess.js';
import type { PairConfig, PairContext, PairState, Step } from './context.js';
import { newRunId, runSelector } from './names.js';
import type { PairPlan } from './pair-plan.js';
import { collectStep, judgeStep } from './steps/collect.js';
import { holdStep } from './steps/hold.js';
import { planStep } from './steps/plan.js';
import { probesStep } from './steps/probes.js';
import { renderStep } from './steps/render.js';
import { scratchStep } from './steps/scratch.js';
import { startStep, transferStep } from './steps/start.js';

/**
 * `pair` against a cluster: one loop over small steps, one context, and a
 * teardown that always runs (success, failure, timeout, Ctrl-C) on its own
 * fresh timeout, whose problems never replace the run's own error.
 */

export const STEPS: readonly Step[] = [
  probesStep,
  planStep,
  renderStep,
  holdStep,
  scratchStep,
  startStep,
  transferStep,
  collectStep,
  judgeStep,
];

/** Names of the steps in `timing.steps` (ms each), for `npm run bench`. */
const STEP_NAMES = new Map<Step, string>([
  [probesStep, 'read-only checks'],
  [planStep, 'plan'],
  [renderStep, 'render'],
  [holdStep, 'hold nodes'],
  [scratchStep, 'scratch namespace'],
  [startStep, 'create + etcd ready'],
  [transferStep, 'pods start + transfer'],
  [collectStep, 'collect logs'],
  [judgeStep, 'judge'],
]);

export interface PairDeps {
  /** Builds the cluster on first need; the run scopes it to its own signal (Ctrl-C, --timeout). */
  cluster: () => Promise<Cluster>;
  progress: Progress;
  /** Ctrl-C / SIGTERM. */
  signal: AbortSignal;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  printManifests: (objects: readonly KubernetesObject[]) => void;
  clock?: Clock;
  runId?: string;
  pollMs?: number;
  /** Teardown's own limit, and how long it waits for the objects to be gone. */
  teardownMs?: number;
  /** Called once the verdict is in, before teardown: the transfer is over (sweep frees the nodes). */
  onJudged?: () => void;
  /** Once, when the run starts waiting for a node another run holds (steps/hold.ts). */
  onWaiting?: (line: string) => void;
}

export interface PairResult {
  checks: Check[];
  measurement: Measurement | null;
  /** Every leg's measurement, when the run measured both directions. */
  measurements?: Measurement[] | undefined;
  plan?: PairPlan | undefined;
  dryRun: boolean;
  runId: string;
  /** Start → verdict; the probe containers' own runtime; teardown after the verdict. */
  timing: { totalMs: number; probeMs: number | null; teardownMs: number; steps?: Record<string, number> };
  /** What --keep left behind, and how to delete it. */
  kept?: { namespace: string; command: string } | undefined;
  /** What stopped the probe pods, when something did (unschedulable, image pull, a peer that never came…). */
  problem?: RunProblem | undefined;
  /** Why the run ended before a transfer: blocked by the read-only checks, or no nodes fit. */
  stop?: PairState['stop'];
}

const DEFAULT_POLL_MS = 250;
const DEFAULT_TEARDOWN_MS = 60_000;
const LEASE_RELEASE_MS = 15_000;

async function teardown(
  ctx: PairContext,
  base: Cluster | undefined,
  teardownMs: number,
): Promise<Check | undefined> {
  const plan = ctx.state.plan;
  const created = ctx.stack.size > 0;
  const problems = await ctx.stack.dispose(Math.min(teardownMs, 30_000));
  for (const p of problems) ctx.progress.warn(`teardown: ${p.name}: ${p.message}`);
  if (!plan || !created || !base) return undefined;
  // Wait until nothing of this run is left (found by label, not from memory), on a fresh clock
  // and a fresh signal: the run's own may have fired (Ctrl-C, --timeout).
  const cluster = base.withSignal(AbortSignal.timeout(teardownMs));
  const until = ctx.clock.now() + teardownMs;
  let left: string[] = [];
  for (;;) {
    try {
      left = (await cluster.listByLabel(runSelector(ctx.runId), plan.namespace.name)).map(
        (r) => `${r.kind}/${r.name}`,
      );
    } catch (err) {
      return check(
        'pair.cleanup',
        'warn',
        `could not check that the scratch objects are gone: ${messageOf(err)}`,
        {
          fix: `check by hand: kubectl get jobs,pods,services -A -l ${runSelector(ctx.runId)}`,
          matters: false,
        },
      );
    }
    if (left.length === 0) return undefined;
    if (ctx.clock.now() > until) break;
    await ctx.clock.sleep(250);
  }
  return check(
    'pair.cleanup',
    'warn',
    `scratch objects still present after ${formatDuration(teardownMs)}: ${left.join(', ')}`,
    {
      fix: 'run `interconnect-test gc` (it deletes them by label once they expire), or delete the namespace by hand',
      matters: false,
    },
  );
}

/** Gives the nodes' Leases back on a signal of its own; a problem is a warning (the Lease expires anyway). */
async function releaseLeases(ctx: PairContext): Promise<void> {
  const leases = ctx.state.leases;
  if (!leases) return;
  try {
    await leases.release(AbortSignal.timeout(LEASE_RELEASE_MS));
  } catch (err) {
    ctx.progress.warn(
      `could not release the leases on ${leases.nodes.join(', ')}: ${messageOf(err)} (they expire by themselves)`,
    );
  }
}

export async function runPairCluster(config: PairConfig, deps: PairDeps): Promise<PairResult> {
  const clock = deps.clock ?? systemClock;
  const started = clock.now();
  const runId = deps.runId ?? newRunId();
  const deadlineCtl = new AbortController();
  const cancelDeadline = after(clock, config.timeoutMs, () =>
    deadlineCtl.abort(new DeadlineError(`--timeout ${formatDuration(config.timeoutMs)} reached`)),
  );
  const signal = AbortSignal.any([deps.signal, deadlineCtl.signal]);
  let base: Promise<Cluster> | undefined;
  let loaded: Cluster | undefined;
  let scoped: Promise<Cluster> | undefined;
  const state: PairState = { checks: [], runningSince: {}, pods: {}, logs: {} };
  const ctx: PairContext = {
    config,
    runId,
    cwd: deps.cwd,
    env: deps.env ?? process.env,
    cluster: () => {
      base ??= deps.cluster().then((c) => {
        loaded = c;
        return c;
      });
      scoped ??= base.then((c) => c.withSignal(signal));
      return scoped;
    },
    clusterFor: async (other) => {
      await ctx.cluster();
      return (loaded as Cluster).withSignal(other);
    },
    progress: deps.progress,
    clock,
    interrupt: deps.signal,
    deadline: deadlineCtl.signal,
    signal,
    stack: new DisposalStack(),
    pollMs: deps.pollMs ?? DEFAULT_POLL_MS,
    printManifests: deps.printManifests,
    onWaiting: deps.onWaiting,
    state,
  };
  let kept: PairResult['kept'];
  const steps: Record<string, number> = {};
  let judgedAt = started;
  try {
    for (const step of STEPS) {
      if (step.when && !step.when(ctx)) continue;
      if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
      ctx.progress.step(step.title(ctx));
      const t0 = clock.now();
      await step.run(ctx);
      steps[STEP_NAMES.get(step) ?? 'other'] = clock.now() - t0;
      if (state.problem && step !== collectStep && step !== judgeStep)
        ctx.progress.warn(state.problem.detail);
      else ctx.progress.done();
    }
    judgedAt = clock.now();
    // The transfer is over: the nodes are free for the next run (a sweep's next pair) now, not after teardown.
    await releaseLeases(ctx);
    deps.onJudged?.();
  } finally {
    cancelDeadline();
    const plan = state.plan;
    if (config.keep && plan && state.objects && state.stop !== 'dry-run') {
      const ns = plan.namespace.name;
      const command = plan.namespace.create
        ? `kubectl delete namespace ${ns}`
        : `kubectl delete jobs,pods,services -n ${ns} -l ${runSelector(runId)}`;
      kept = { namespace: ns, command };
      // --keep keeps the objects, never the nodes.
      await releaseLeases(ctx);
      ctx.progress.warn(`--keep: left the scratch objects in namespace ${ns}; delete them with: ${command}`);
    } else if (ctx.stack.size > 0) {
      ctx.progress.step('Clean up scratch objects');
      const leftover = await teardown(ctx, loaded, deps.teardownMs ?? DEFAULT_TEARDOWN_MS);
      if (leftover) state.checks.push(leftover);
      ctx.progress.done();
    }
  }
  return {
    checks: state.checks,
    measurement: state.measurement ?? null,
    ...(state.measurements ? { measurements: state.measurements } : {}),
    plan: state.plan,
    dryRun: state.stop === 'dry-run',
    runId,
    timing: {
      totalMs: judgedAt - started,
      probeMs: state.probeMs ?? null,
      teardownMs: clock.now() - judgedAt,
      steps,
    },
    kept,
    ...(state.problem ? { problem: state.problem } : {}),
    ...(state.stop ? { stop: state.stop } : {}),
  };
}
