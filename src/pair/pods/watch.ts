import type { CoreV1Event, V1Pod } from '@kubernetes/client-node';
import { formatDuration } from '../../core/duration.js';
import { messageOf } from '../../core/errors.js';
import { LABEL, TOOL } from '../../core/labels.js';
import type { PodRole } from '../../engines/types.js';
import type { Cluster } from '../../kube/cluster.js';
import type { PodSource } from '../../kube/pod-cache.js';
import { retryTransient } from '../../kube/retry.js';
import { runSelector } from '../../scratch/names.js';
import type { PairContext } from '../context.js';
import { DEFAULT_PULL_TIMEOUT_MS } from '../options/flags.js';
import {
  type Assessment,
  assess,
  finalResultsComplete,
  type PodSnap,
  type RunProblem,
  statusLine,
} from './assess.js';
import { findDisturbance, outageLine, podsShowDisturbance } from './disturbance.js';

/**
 * The polling half of the watch: read the probe pods, their logs and (for a
 * pod that is stuck) their events, hand them to `assess`, report progress.
 * Waits end on a decision, on Ctrl-C (rethrown), or on our deadline.
 */

export type WaitEnd =
  | Assessment
  | { state: 'deadline'; status: string }
  /** Not about the fabric (the namespace, a pod or a node deleted, the API gone): state.disturbed says what. */
  | { state: 'disturbed'; what: string };

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
  // In a sweep, the one pod watch has them (src/kube/pod-cache.ts); alone, or when it cannot, a list.
  const watched = ctx.pods?.usable() === true;
  const pods = watched
    ? (ctx.pods as PodSource).pods(ns, { [LABEL.managedBy]: TOOL, [LABEL.runId]: plan.runId })
    : await cluster.listPods(ns, runSelector(plan.runId));
  if (podsShowDisturbance(pods, ctx.state.seenPods)) {
    ctx.state.disturbed ??= await findDisturbance(ctx, cluster);
    if (ctx.state.disturbed) return [];
  }
  for (const p of pods) ctx.state.seenPods.add(p.metadata?.name ?? '');
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
    const log =
      pod && started
        ? watched && logIsFresh(ctx, role, pod)
          ? (ctx.state.logs[role] ?? '')
          : await readLogOf(ctx, cluster, ns, pod, role)
        : '';
    const stuck =
      pod && (phase === 'Pending' || pod.status?.containerStatuses?.some((c) => c.state?.waiting));
    const events = stuck ? await eventsOf(ctx, cluster, ns, pod, role, watched) : [];
    // No pod yet: the job controller says why in an event on the Job (FailedCreate).
    const jobName = plan.pods.find((p) => p.role === role)?.jobName;
    const jobEvents = !pod && jobName ? await cluster.objectEvents(ns, 'Job', jobName) : undefined;
    if (pod) ctx.state.pods[role] = pod;
    if (log) ctx.state.logs[role] = log;
    if (phase === 'Running' || phase === 'Succeeded') ctx.state.runningSince[role] ??= ctx.clock.now();
    out.push({ role, pod, events, log, jobEvents });
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

/**
 * A watched run reads a pod's log again only when the pod changed, or a second after the last
 * read while it runs; a finished pod's log, once read, is final (the same pod cannot print more).
 */
const LOG_REFRESH_MS = 1_000;

function logIsFresh(ctx: PairContext, role: PodRole, pod: V1Pod): boolean {
  const last = ctx.state.logReads?.[role];
  if (!last || last.resourceVersion !== pod.metadata?.resourceVersion) return false;
  const phase = pod.status?.phase;
  if ((phase === 'Succeeded' || phase === 'Failed') && ctx.state.logs[role]) return true;
  return ctx.clock.now() - last.at < LOG_REFRESH_MS;
}

/** A watched run reads a stuck pod's events at most every EVENT_REFRESH_MS (a lone pair: every look). */
const EVENT_REFRESH_MS = 2_000;

async function eventsOf(
  ctx: PairContext,
  cluster: Cluster,
  ns: string,
  pod: V1Pod,
  role: PodRole,
  watched: boolean,
): Promise<CoreV1Event[]> {
  const last = ctx.state.eventReads?.[role];
  const name = pod.metadata?.name ?? '';
  if (watched && last && last.pod === name && ctx.clock.now() - last.at < EVENT_REFRESH_MS)
    return last.events;
  const events = await cluster.podEvents(ns, name);
  ctx.state.eventReads ??= {};
  ctx.state.eventReads[role] = { pod: name, at: ctx.clock.now(), events };
  return events;
}

async function readLogOf(
  ctx: PairContext,
  cluster: Cluster,
  ns: string,
  pod: V1Pod,
  role: PodRole,
): Promise<string> {
  const log = await cluster.readLog(ns, pod.metadata?.name ?? '', role);
  ctx.state.logReads ??= {};
  ctx.state.logReads[role] = { resourceVersion: pod.metadata?.resourceVersion, at: ctx.clock.now() };
  return log;
}

/** Polls until `assess` decides, Ctrl-C (throws its reason), or the deadline. */
export async function waitFor(ctx: PairContext, roles: readonly PodRole[]): Promise<WaitEnd> {
  const plan = ctx.state.plan;
  if (!plan) throw new Error('waitFor before plan');
  let status = '';
  let nodesCheckedAt = ctx.clock.now();
  for (;;) {
    if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
    if (ctx.deadline.aborted) return deadlineEnd(ctx, status);
    let pods: PodSnap[];
    try {
      pods = await lookWithRetries(ctx, roles);
    } catch (err) {
      if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
      if (ctx.deadline.aborted) return deadlineEnd(ctx, status);
      throw err;
    }
    if (ctx.state.disturbed) return { state: 'disturbed', what: ctx.state.disturbed };
    // A deleted node leaves its pods looking alive until the pod GC removes them: look every 5 s.
    if (ctx.clock.now() - nodesCheckedAt >= NODE_CHECK_MS) {
      nodesCheckedAt = ctx.clock.now();
      const what = await findDisturbance(ctx, await ctx.cluster());
      if (what) {
        ctx.state.disturbed = what;
        return { state: 'disturbed', what };
      }
    }
    const line = statusLine(pods, plan.engine, ctx.clock.now());
    const starting = startingProblem(ctx, pods, line);
    if (starting) return { state: 'problem', problem: starting, status: line };
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
      namespace: plan.namespace.name,
    });
    status = a.status;
    ctx.progress.update(a.status);
    if (a.state === 'problem') {
      // A pod that stopped because someone deleted it, its namespace or its node: not the fabric.
      const what = await findDisturbance(ctx, await ctx.cluster());
      if (what) {
        ctx.state.disturbed = what;
        return { state: 'disturbed', what };
      }
    }
    if (a.state !== 'wait') return a;
    await pause(ctx);
  }
}

const NODE_CHECK_MS = 5_000;

/**
 * While a probe pod has not started (scheduling, image pull), --timeout has not begun: it is
 * pushed on to --timeout from now. --pull-timeout, from the Jobs' creation, bounds that.
 */
function startingProblem(ctx: PairContext, pods: readonly PodSnap[], status: string): RunProblem | undefined {
  const now = ctx.clock.now();
  const waiting = pods.filter((p) => {
    const phase = p.pod?.status?.phase;
    return ctx.state.runningSince[p.role] === undefined && phase !== 'Succeeded' && phase !== 'Failed';
  });
  if (waiting.length === 0) return undefined;
  const bound = ctx.config.pullTimeoutMs ?? DEFAULT_PULL_TIMEOUT_MS;
  const since = ctx.state.jobsCreatedAt ?? now;
  if (now - since <= bound) {
    ctx.extendDeadline(now + ctx.config.timeoutMs);
    return undefined;
  }
  const first = waiting[0] as PodSnap;
  return {
    kind: 'pull-timeout',
    role: first.role,
    detail: `${waiting.map((p) => p.role).join(' and ')} did not start within --pull-timeout ${formatDuration(bound)} (${status})`,
    fix: 'raise --pull-timeout (a ~12 GB runtime image takes minutes on a node that never pulled it), or pull the image on the nodes beforehand; check that the nodes reach the registry',
  };
}

/** --timeout ran out: a disturbance (an API outage, something deleted) if there was one, else the deadline. */
async function deadlineEnd(ctx: PairContext, status: string): Promise<WaitEnd> {
  const outage = outageLine(ctx.state.apiOutage, ctx.clock.now(), ctx.config.timeoutMs);
  if (outage) {
    ctx.state.disturbed = outage;
    return { state: 'disturbed', what: outage };
  }
  const base = await ctx.clusterFor(AbortSignal.timeout(5_000));
  const what = await findDisturbance(ctx, base);
  if (what) {
    ctx.state.disturbed = what;
    return { state: 'disturbed', what };
  }
  return { state: 'deadline', status };
}

/**
 * One look at the pods; an API restart, a stall or a kubelet restarting is retried with backoff
 * until the run's signal (Ctrl-C, --timeout), with a progress line saying how long the API has
 * been gone. A refusal (401, 403) or a missing namespace ends the run at once.
 */
export function lookWithRetries(ctx: PairContext, roles: readonly PodRole[]): Promise<PodSnap[]> {
  return watchRetried(ctx, () => snapshot(ctx, roles));
}

/** retryTransient within the run's signal that keeps state.apiOutage and says how long it has been. */
export async function watchRetried<T>(ctx: PairContext, fn: () => Promise<T>): Promise<T> {
  const outage = ctx.state.apiOutage;
  const out = await retryTransient(fn, {
    clock: ctx.clock,
    signal: ctx.signal,
    minMs: ctx.pollMs,
    onRetry: (err) => {
      outage.since ??= ctx.clock.now();
      outage.lastError = messageOf(err);
      ctx.progress.update(
        `waiting for the API server, ${formatDuration(ctx.clock.now() - outage.since)}: ${messageOf(err)}`,
      );
    },
  });
  if (outage.since !== undefined) {
    outage.totalMs += ctx.clock.now() - outage.since;
    outage.since = undefined;
  }
  return out;
}

/** One poll interval; Ctrl-C rethrows, --timeout just ends the wait (the loop then sees it). */
export async function pause(ctx: PairContext): Promise<void> {
  try {
    await ctx.clock.sleep(ctx.pollMs, ctx.signal);
  } catch (err) {
    if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
    if (!ctx.deadline.aborted) throw err;
  }
}
