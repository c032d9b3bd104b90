import type { V1Pod } from '@kubernetes/client-node';
import pRetry from 'p-retry';
import { messageOf } from '../core/errors.js';
import { isTransient } from '../kube/errors.js';
import { type Assessment, assess, finalResultsComplete, type PodSnap } from './assess.js';
import type { PairContext } from './context.js';
import { LABEL, runSelector } from './names.js';
import type { PodRole } from './probe-script.js';

/**
 * The polling half of the watch: read the probe pods, their logs and (for a
 * pod that is stuck) their events, hand them to `assess`, report progress.
 * Waits end on a decision, on Ctrl-C (rethrown), or on our deadline.
 */

export type WaitEnd = Assessment | { state: 'deadline'; status: string };

function roleOf(pod: V1Pod): PodRole | undefined {
  const c = pod.metadata?.labels?.[LABEL.component];
  return c === 'prefill' || c === 'decode' || c === 'intra-node' ? c : undefined;
}

/** One look at the pods of `roles`, newest pod per role. Records when each was first Running. */
export async function snapshot(ctx: PairContext, roles: readonly PodRole[]): Promise<PodSnap[]> {
  const plan = ctx.state.plan;
  if (!plan) return [];
  const cluster = await ctx.cluster();
  const ns = plan.namespace.name;
  const pods = await cluster.listPods(ns, runSelector(plan.runId));
  const out: PodSnap[] = [];
  for (const role of roles) {
    const pod = pods
      .filter((p) => roleOf(p) === role)
      .sort((a, b) =>
        String(b.metadata?.creationTimestamp ?? '').localeCompare(
          String(a.metadata?.creationTimestamp ?? ''),
        ),
      )[0];
    const phase = pod?.status?.phase;
    const started = phase === 'Running' || phase === 'Succeeded' || phase === 'Failed';
    const log = pod && started ? await cluster.readLog(ns, pod.metadata?.name ?? '', role) : '';
    const stuck =
      pod && (phase === 'Pending' || pod.status?.containerStatuses?.some((c) => c.state?.waiting));
    const events = stuck ? await cluster.podEvents(ns, pod.metadata?.name ?? '') : [];
    if (pod) ctx.state.pods[role] = pod;
    if (log) ctx.state.logs[role] = log;
    if (phase === 'Running' || phase === 'Succeeded') ctx.state.runningSince[role] ??= ctx.clock.now();
    out.push({ role, pod, events, log });
  }
  if (
    ctx.state.resultsSince === undefined &&
    plan &&
    out.some((p) => finalResultsComplete(plan.engine, p.log, plan.legs.length, plan.bench.maxBlockSize))
  ) {
    ctx.state.resultsSince = ctx.clock.now();
  }
  return out;
}

/** Polls until `assess` decides, Ctrl-C (throws its reason), or the deadline. */
export async function waitFor(ctx: PairContext, roles: readonly PodRole[]): Promise<WaitEnd> {
  const plan = ctx.state.plan;
  if (!plan) throw new Error('waitFor before plan');
  let status = '';
  for (;;) {
    if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
    if (ctx.deadline.aborted) return { state: 'deadline', status };
    let pods: PodSnap[];
    try {
      pods = await lookWithRetries(ctx, roles);
    } catch (err) {
      if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
      if (ctx.deadline.aborted) return { state: 'deadline', status };
      throw err;
    }
    const a = assess({
      engine: plan.engine,
      pods,
      now: ctx.clock.now(),
      runningSince: ctx.state.runningSince,
      resultsSince: ctx.state.resultsSince,
      peerTimeoutMs: ctx.config.peerTimeoutMs,
      hangGraceMs: Math.min(ctx.config.peerTimeoutMs, 60_000),
      rdmaResource: plan.pods[0]?.settings.resources[0]?.name,
      messageSize: plan.bench.maxBlockSize,
      legs: plan.legs.length,
    });
    status = a.status;
    ctx.progress.update(a.status);
    if (a.state !== 'wait') return a;
    await pause(ctx);
  }
}

/** Retries of one failed look at the pods before the run gives up (backoff from pollMs up to 5 s). */
export const MAX_API_RETRIES = 7;

/**
 * One look at the pods; a kubelet restarting or an API hiccup is retried with
 * backoff, bounded by the run's signal (Ctrl-C, --timeout). A refusal (401,
 * 403) or a missing namespace ends the run at once.
 */
function lookWithRetries(ctx: PairContext, roles: readonly PodRole[]): Promise<PodSnap[]> {
  return pRetry(() => snapshot(ctx, roles), {
    retries: MAX_API_RETRIES,
    minTimeout: ctx.pollMs,
    maxTimeout: 5_000,
    factor: 2,
    signal: ctx.signal,
    shouldRetry: ({ error }) => transient(error),
    onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
      if (retriesLeft > 0 && transient(error))
        ctx.progress.update(
          `cluster API error, retrying (${attemptNumber}/${MAX_API_RETRIES}): ${messageOf(error)}`,
        );
    },
  });
}

/** Worth retrying: the API server was unreachable, slow or failed, not a refusal or a missing object. */
export function transient(err: unknown): boolean {
  return isTransient(err);
}

async function pause(ctx: PairContext): Promise<void> {
  try {
    await ctx.clock.sleep(ctx.pollMs, ctx.signal);
  } catch (err) {
    if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
    if (!ctx.deadline.aborted) throw err;
  }
}
