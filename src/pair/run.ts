import { InterruptedError, messageOf } from '../core/errors.js';
import type { LastWords } from '../core/last-words.js';
import type { Measurement } from '../core/measurement.js';
import type { Check } from '../core/model.js';
import type { Cluster } from '../kube/cluster.js';
import { isClusterError, isTransient } from '../kube/errors.js';
import { runSelector } from '../scratch/names.js';
import { gcCommand, leftoverLines, mayBeLeft, TEARDOWN_MS, teardown } from '../scratch/teardown.js';
import { type ContextDeps, newPairRun, type PairContext, type PairState, type Step } from './context.js';
import type { PairConfig } from './options/config.js';
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

export interface PairDeps extends ContextDeps {
  /** Teardown's one budget: deletes and the wait for them to be gone (default TEARDOWN_MS, 30 s). */
  teardownMs?: number;
  /** Told, at every moment, what this run would leave behind and the `gc --run` that removes it. */
  lastWords?: LastWords;
  /** Called once the verdict is in, before teardown: the transfer is over (sweep frees the nodes). */
  onJudged?: () => void;
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

/** One step: its title as progress, its time in `times`, its end as done or the problem it met. */
async function runStep(ctx: PairContext, step: Step, times: Record<string, number>): Promise<void> {
  if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
  ctx.progress.step(step.title(ctx));
  const t0 = ctx.clock.now();
  await step.run(ctx);
  times[step.name] = ctx.clock.now() - t0;
  // collect and judge run because of a problem: it was said when it happened.
  if (ctx.state.problem && step !== collectStep && step !== judgeStep)
    ctx.progress.warn(ctx.state.problem.detail);
  else ctx.progress.done();
}

/** --keep keeps the objects (never the nodes) and says how to delete them; else teardown, confirmed. */
async function cleanUp(
  ctx: PairContext,
  loaded: Cluster | undefined,
  deps: PairDeps,
): Promise<PairResult['kept']> {
  const { config, state } = ctx;
  const plan = state.plan;
  if (config.keep && plan && state.objects && state.stop !== 'dry-run') {
    const ns = plan.namespace.name;
    const command = plan.namespace.create
      ? `kubectl delete namespace ${ns}`
      : `kubectl delete jobs,pods,services -n ${ns} -l ${runSelector(ctx.runId)}`;
    await releaseLeases(ctx);
    ctx.progress.warn(`--keep: left the scratch objects in namespace ${ns}; delete them with: ${command}`);
    return { namespace: ns, command };
  }
  if (ctx.stack.size === 0) {
    deps.lastWords?.clear();
    return undefined;
  }
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
  if (out.left.length > 0) ctx.progress.warn(`${out.left.length} scratch object(s) left: ${gcCommand(ctx)}`);
  else ctx.progress.done();
  return undefined;
}

/** The run's result from what the steps learnt. */
function pairResult(
  ctx: PairContext,
  at: { started: number; judgedAt: number; steps: Record<string, number> },
  kept: PairResult['kept'],
): PairResult {
  const state = ctx.state;
  return {
    checks: state.checks,
    measurement: state.measurement ?? null,
    ...(state.measurements ? { measurements: state.measurements } : {}),
    plan: state.plan,
    dryRun: state.stop === 'dry-run',
    runId: ctx.runId,
    timing: {
      totalMs: at.judgedAt - at.started,
      probeMs: state.probeMs ?? null,
      teardownMs: ctx.clock.now() - at.judgedAt,
      steps: at.steps,
    },
    kept,
    ...(state.problem ? { problem: state.problem } : {}),
    ...(state.stop ? { stop: state.stop } : {}),
  };
}

/**
 * The run (kind's create.go): the context and its deadline built first, then each step in turn,
 * progress said for each, stopped by the first failure or disturbance; cleanup always, on its
 * own budget. A disturbance (the namespace deleted, the API gone) ends as RunDisturbedError.
 */
export async function runPairCluster(config: PairConfig, deps: PairDeps): Promise<PairResult> {
  const { ctx, started, loaded, stopDeadline } = newPairRun(config, deps);
  const state = ctx.state;
  const steps: Record<string, number> = {};
  let judgedAt = started;
  let kept: PairResult['kept'];
  deps.lastWords?.set(() => leftoverLines(ctx, mayBeLeft(ctx), 'the run ended before its cleanup'));
  try {
    for (const step of STEPS) {
      if (state.disturbed) break;
      if (step.when && !step.when(ctx)) continue;
      await runStep(ctx, step, steps);
    }
    judgedAt = ctx.clock.now();
    // The transfer is over: the nodes are free for the next run (a sweep's next pair) now, not after
    // teardown. Not awaited: an API outage here must not add to the teardown budget (teardown gives
    // the Leases back too, within it).
    void releaseLeases(ctx);
    if (!state.disturbed) deps.onJudged?.();
  } catch (err) {
    state.disturbed = await disturbanceBehind(ctx, err);
    if (!state.disturbed) throw err;
  } finally {
    stopDeadline();
    kept = await cleanUp(ctx, loaded(), deps);
  }
  if (state.disturbed) throw new RunDisturbedError(state.disturbed);
  return pairResult(ctx, { started, judgedAt, steps }, kept);
}
