import type { KubernetesObject, V1Pod } from '@kubernetes/client-node';
import { formatDuration } from '../../core/duration.js';
import { ToolError } from '../../core/errors.js';
import type { Cluster } from '../../kube/cluster.js';
import { runSelector } from '../../scratch/names.js';
import type { ApiOutage, PairContext } from '../context.js';

/**
 * Events that are not about the fabric: the scratch namespace, a probe pod or
 * a node deleted by someone else (a person, `gc --older-than`, the pod GC, an
 * eviction), or the API server gone for a while. They end a run as "the run
 * was disturbed" (exit 2, one line naming what happened), never as a verdict.
 *
 * Read from the cluster at the moment a run would otherwise conclude (a pod
 * that stopped, --timeout) and whenever a pod of ours shows a deletion we did
 * not make: this run deletes nothing before its teardown.
 */

export class RunDisturbedError extends ToolError {
  constructor(readonly what: string) {
    super(`the run was disturbed: ${what}; this says nothing about the fabric`, {
      fix: 'rerun once nothing else deletes or restarts things in the cluster (no verdict was given)',
    });
    this.name = 'RunDisturbedError';
  }
}

/** An outage this long in a run that then ran out of time disturbed it (the run could not see its pods). */
export const OUTAGE_DISTURBS_MS = 5_000;

export function outageLine(o: ApiOutage, now: number, timeoutMs: number): string | undefined {
  const current = o.since !== undefined ? now - o.since : 0;
  const total = o.totalMs + current;
  if (total < OUTAGE_DISTURBS_MS) return undefined;
  const err = o.lastError ? ` (${o.lastError})` : '';
  return current > 0
    ? `the Kubernetes API server did not answer for the last ${formatDuration(current)}${err}, until --timeout ${formatDuration(timeoutMs)} ran out`
    : `the Kubernetes API server was unreachable for ${formatDuration(total)} of this run${err}, which then ran out of --timeout ${formatDuration(timeoutMs)}`;
}

function deletedAt(o: KubernetesObject): string | undefined {
  const t = o.metadata?.deletionTimestamp;
  return t ? new Date(t).toISOString() : undefined;
}

/**
 * Why a pod of ours is going, from its DisruptionTarget condition when the control plane
 * set one (DeletionByPodGC, DeletionByTaintManager, PreemptionByScheduler, TerminationByKubelet:
 * k8s.io/api/core/v1 types.go; references/control-plane-faults.md).
 */
function disruption(pod: V1Pod): string {
  const c = pod.status?.conditions?.find((x) => x.type === 'DisruptionTarget' && x.status === 'True');
  if (!c) return '';
  return `: ${c.reason ?? 'DisruptionTarget'}${c.message ? ` (${c.message})` : ''}`;
}

/** Pods of ours marked for deletion, or seen before and now gone: worth a full look. */
export function podsShowDisturbance(pods: readonly V1Pod[], seen: ReadonlySet<string>): boolean {
  const names = new Set(pods.map((p) => p.metadata?.name ?? ''));
  return pods.some((p) => deletedAt(p) !== undefined) || [...seen].some((n) => !names.has(n));
}

/**
 * What disturbed the run, or undefined. Checks, in this order: the scratch namespace (gone, or
 * being deleted), the nodes our pods ran on (gone), our pods (deleted, or gone). Reads that fail
 * are passed over: this is a diagnosis, never a new way for the run to fail.
 */
export async function findDisturbance(ctx: PairContext, cluster: Cluster): Promise<string | undefined> {
  const plan = ctx.state.plan;
  // Nothing of ours was ever there (a refused first create, a --scratch-namespace that does not
  // exist): nothing can have been deleted under us.
  if (!plan || !ctx.state.createdAny) return undefined;
  const quiet = <T>(p: Promise<T>) => p.catch(() => 'unknown' as const);
  const ns = plan.namespace.name;
  const nsObj = await quiet(cluster.read({ apiVersion: 'v1', kind: 'Namespace', name: ns }));
  if (nsObj === undefined) return `the scratch namespace ${ns} was deleted by someone else`;
  if (nsObj !== 'unknown' && deletedAt(nsObj))
    return `the scratch namespace ${ns} is being deleted (deletionTimestamp ${deletedAt(nsObj)}), not by this run`;
  const pods = await quiet(cluster.listPods(ns, runSelector(ctx.runId)));
  if (pods === 'unknown') return undefined;
  const nodes = new Map<string, string>();
  for (const p of [...pods, ...Object.values(ctx.state.pods)])
    if (p?.spec?.nodeName) nodes.set(p.spec.nodeName, p.metadata?.name ?? '');
  for (const [node, pod] of nodes) {
    const n = await quiet(cluster.read({ apiVersion: 'v1', kind: 'Node', name: node }));
    if (n === undefined) return `node ${node} was deleted mid-run (it ran pod ${pod})`;
  }
  for (const p of pods) {
    const at = deletedAt(p);
    if (at) return `pod ${p.metadata?.name} was deleted at ${at}, not by this run${disruption(p)}`;
  }
  const names = new Set(pods.map((p) => p.metadata?.name ?? ''));
  const gone = [...ctx.state.seenPods].filter((n) => !names.has(n));
  if (gone.length > 0) return `pod ${gone.join(', ')} was deleted by someone else`;
  return undefined;
}
