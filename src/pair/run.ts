import type { KubernetesObject } from '@kubernetes/client-node';
import { after, type Clock, systemClock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { InterruptedError, messageOf } from '../core/errors.js';
import type { LastWords } from '../core/last-words.js';
import type { Measurement } from '../core/measurement.js';
import type { Check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { Cluster } from '../kube/cluster.js';
import { DeadlineError, isClusterError, isTransient } from '../kube/errors.js';
import type { PodSource } from '../kube/pod-cache.js';
import { DisposalStack } from '../procs/disposal.js';
import { newRunId, runSelector } from '../scratch/names.js';
import { gcCommand, leftoverLines, mayBeLeft, TEARDOWN_MS, teardown } from '../scratch/teardown.js';
import type { PairContext, PairState, Step } from './context.js';
import type { PairConfig } from './options/config.js';
import { DEFAULT_PULL_TIMEOUT_MS } from './options/flags.js';
import type { PairPlan } from './plan/plan.js';
import type { RunProblem } from './pods/assess.js';
import { findDisturbance, outageLine, RunDisturbedError } from './pods/disturbance.js';
import { admissionStep } from './steps/admission.js';
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
  admissionStep,
  holdStep,
  scratchStep,
  startStep,
  transferStep,
  collectStep,
  judgeStep,
];

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
  /** Teardown's one budget: deletes and the wait for them to be gone (default TEARDOWN_MS, 30 s). */
  teardownMs?: number;
  /** Told, at every moment, what this run would leave behind and the `gc --run` that removes it. */
  lastWords?: LastWords;
  /** Called once the verdict is in, before teardown: the transfer is over (sweep frees the nodes). */
  onJudged?: () => void;
  /** Once, when the run starts waiting for a node another run holds (steps/hold.ts). */
  onWaiting?: (line: string) => void;
  /** The sweep's one pod watch (src/kube/pod-cache.ts): the run reads its pods there instead of listing them. */
  pods?: PodSource | undefined;
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
const LEASE_RELEASE_MS = 15_000;

/**
 * A step ended on an error after objects exist: was it something that is not about the fabric
 * (the namespace deleted under us, the API server gone until --timeout)? Then that is the story.
 */
async function disturbanceBehind(ctx: PairContext, err: unknown): Promise<string | undefined> {
  if (err instanceof InterruptedError || ctx.interrupt.aborted || ctx.stack.size === 0) return undefined;
  if (isTransient(err) && ctx.deadline.aborted) {
    const outage = outageLine(ctx.state.apiOutage, ctx.clock.now(), ctx.config.timeoutMs);
    if (outage) return outage;
  }
  if (!isClusterError(err)) return undefined;
  // A refusal is the story (RBAC revoked, a namespace we may not use), unless the API server
  // refused because the namespace is being deleted ("… because it is being terminated").
  if (isClusterError(err, 'forbidden', 'unauthorized') && !/being terminated/.test(err.message))
    return undefined;
  try {
    return await findDisturbance(ctx, await ctx.clusterFor(AbortSignal.timeout(5_000)));
  } catch {
    return undefined;
  }
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
  // --timeout counts from when both probe pods run: until then the watch pushes it on (extendDeadline).
  let deadlineAt = started + config.timeoutMs;
  const lastDeadline = started + (config.pullTimeoutMs ?? DEFAULT_PULL_TIMEOUT_MS) + config.timeoutMs;
  let cancelTimer: () => void = () => {};
  const arm = (ms: number) => {
    cancelTimer = after(clock, ms, () => {
      if (clock.now() < deadlineAt) arm(deadlineAt - clock.now());
      else deadlineCtl.abort(new DeadlineError(`--timeout ${formatDuration(config.timeoutMs)} reached`));
    });
  };
  arm(config.timeoutMs);
  const cancelDeadline = () => cancelTimer();
  const signal = AbortSignal.any([deps.signal, deadlineCtl.signal]);
  let base: Promise<Cluster> | undefined;
  let loaded: Cluster | undefined;
  let scoped: Promise<Cluster> | undefined;
  const state: PairState = {
    checks: [],
    runningSince: {},
    pods: {},
    logs: {},
    seenPods: new Set(),
    mayExist: new Set(),
    apiOutage: { totalMs: 0 },
  };
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
    // Never past --pull-timeout plus --timeout from the start: the run's whole bound.
    extendDeadline: (untilMs) => {
      if (!deadlineCtl.signal.aborted) deadlineAt = Math.max(deadlineAt, Math.min(untilMs, lastDeadline));
    },
    signal,
    stack: new DisposalStack(),
    pollMs: deps.pollMs ?? DEFAULT_POLL_MS,
    printManifests: deps.printManifests,
    onWaiting: deps.onWaiting,
    pods: deps.pods,
    state,
  };
  let kept: PairResult['kept'];
  const steps: Record<string, number> = {};
  let judgedAt = started;
  deps.lastWords?.set(() => leftoverLines(ctx, mayBeLeft(ctx), 'the run ended before its cleanup'));
  try {
    for (const step of STEPS) {
      if (state.disturbed) break;
      if (step.when && !step.when(ctx)) continue;
      if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
      ctx.progress.step(step.title(ctx));
      const t0 = clock.now();
      await step.run(ctx);
      steps[step.name] = clock.now() - t0;
      if (state.problem && step !== collectStep && step !== judgeStep)
        ctx.progress.warn(state.problem.detail);
      else ctx.progress.done();
    }
    judgedAt = clock.now();
    // The transfer is over: the nodes are free for the next run (a sweep's next pair) now, not after
    // teardown. Not awaited: an API outage here must not add to the teardown budget (teardown gives
    // the Leases back too, within it).
    void releaseLeases(ctx);
    if (!state.disturbed) deps.onJudged?.();
  } catch (err) {
    state.disturbed = await disturbanceBehind(ctx, err);
    if (!state.disturbed) throw err;
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
      const created = mayBeLeft(ctx);
      deps.lastWords?.set(() => leftoverLines(ctx, created, 'cleanup was cut short'));
      const out = await teardown(ctx, loaded, deps.teardownMs ?? TEARDOWN_MS);
      const why = out.unconfirmed
        ? 'not confirmed gone: the API server did not answer'
        : out.terminating
          ? 'deleted, still terminating after cleanup'
          : 'still there after cleanup';
      deps.lastWords?.set(() => leftoverLines(ctx, out.left, why));
      if (out.check) state.checks.push(out.check);
      if (out.left.length > 0)
        ctx.progress.warn(`${out.left.length} scratch object(s) left: ${gcCommand(ctx)}`);
      else ctx.progress.done();
    } else deps.lastWords?.clear();
  }
  if (state.disturbed) throw new RunDisturbedError(state.disturbed);
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
