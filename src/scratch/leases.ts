import type { KubernetesObject } from '@kubernetes/client-node';
import type { Clock } from '../core/clock.js';
import { LABEL, TOOL } from '../core/labels.js';
import type { Cluster } from '../kube/cluster.js';
import { ClusterError, isClusterError } from '../kube/errors.js';
import { retryTransient } from '../kube/retry.js';
import {
  decide,
  type Holder,
  LEASE_NAMESPACE_COMPONENT,
  type LeaseKind,
  type LeaseView,
  leaseNameOf,
  leaseObject,
  leaseView,
  RENEW_EVERY_MS,
  renewed,
} from './lease-model.js';

/**
 * Per-node Leases, the calls: take every node of a run all-or-nothing, renew them while the
 * run holds them, give them back. Every call goes through retryTransient, so an API server
 * restart is waited out; every decision is lease-model.ts's.
 */

export * from './lease-model.js';

export interface LeaseDeps {
  cluster: Cluster;
  clock: Clock;
  /** The run's stop (Ctrl-C, --timeout): bounds each call and its retries. */
  signal: AbortSignal;
  namespace: string;
  holder: Holder;
  /** Before each create or replace of a Lease: from then on there may be something to release. */
  onWrite?: () => void;
  /** What the keys name: nodes (the default) or worker pods, `namespace/pod` (`pair --in-place`). */
  kind?: LeaseKind;
}

const ref = (deps: Pick<LeaseDeps, 'namespace' | 'kind'>, node: string) => ({
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  name: leaseNameOf(deps.kind ?? 'node', node),
  namespace: deps.namespace,
});

function call<T>(deps: Pick<LeaseDeps, 'clock' | 'signal'>, fn: () => Promise<T>): Promise<T> {
  return retryTransient(fn, { clock: deps.clock, signal: deps.signal });
}

export async function readLease(
  deps: Pick<LeaseDeps, 'cluster' | 'clock' | 'signal' | 'namespace' | 'kind'>,
  node: string,
): Promise<LeaseView | undefined> {
  const obj = await call(deps, () => deps.cluster.read(ref(deps, node)));
  return obj ? leaseView(obj) : undefined;
}

function grantFix(namespace: string): string {
  return `grant get, create, update and delete on leases (coordination.k8s.io) in namespace ${namespace} (deploy/cronjob/rbac.yaml and deploy/in-place/rbac.yaml have the Role), or pass --lease-namespace a namespace where you may`;
}

/** The lease namespace, created when a Lease could not be created for want of it. */
async function ensureNamespace(deps: LeaseDeps): Promise<void> {
  const ns: KubernetesObject = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: deps.namespace,
      labels: { [LABEL.name]: TOOL, [LABEL.partOf]: TOOL, [LABEL.component]: LEASE_NAMESPACE_COMPONENT },
    },
  };
  try {
    await call(deps, () => deps.cluster.create(ns));
  } catch (err) {
    if (isClusterError(err, 'conflict')) return;
    if (isClusterError(err, 'forbidden'))
      throw withFix(
        err as ClusterError,
        `create it (kubectl create namespace ${deps.namespace}) and ${grantFix(deps.namespace)}`,
        `the lease namespace ${deps.namespace} does not exist and may not be created: ${(err as Error).message}`,
      );
    throw err;
  }
}

/** A refusal keeps its kind (a sweep stops on RBAC errors) and gets the fix that names the Role. */
function withFix(err: ClusterError, fix: string, message = err.message): ClusterError {
  return new ClusterError(err.kind, message, err.action, { fix, cause: err, status: err.status });
}

function refused(deps: LeaseDeps, err: unknown): never {
  if (isClusterError(err, 'forbidden')) throw withFix(err as ClusterError, grantFix(deps.namespace));
  throw err;
}

/** Takes one node's Lease, or says who holds it. Conflicts (another run was quicker) re-read and decide again. */
async function takeOne(deps: LeaseDeps, node: string): Promise<LeaseView | undefined> {
  let createdNamespace = false;
  for (;;) {
    const current = await readLease(deps, node).catch((err) => refused(deps, err));
    const d = decide(current, deps.holder.runId, deps.clock.now());
    if (d.act === 'ours') return undefined;
    if (d.act === 'wait') return d.lease;
    const obj = leaseObject({
      namespace: deps.namespace,
      node,
      holder: deps.holder,
      now: deps.clock.now(),
      current: d.act === 'take' ? d.lease : undefined,
      kind: deps.kind,
    });
    deps.onWrite?.();
    try {
      if (d.act === 'create') await call(deps, () => deps.cluster.create(obj));
      else await call(deps, () => deps.cluster.replace(obj));
      return undefined;
    } catch (err) {
      if (isClusterError(err, 'conflict')) continue;
      if (d.act === 'create' && !createdNamespace && isClusterError(err, 'not-found')) {
        await ensureNamespace(deps);
        createdNamespace = true;
        continue;
      }
      refused(deps, err);
    }
  }
}

export type Acquired = { ok: true } | { ok: false; node: string; lease: LeaseView };

/**
 * Every node's Lease, in sorted order, all or nothing: a node held by another live run gives
 * back what this attempt took and names that node and its holder.
 */
export async function acquireAll(deps: LeaseDeps, nodes: readonly string[]): Promise<Acquired> {
  const sorted = [...new Set(nodes)].sort();
  const taken: string[] = [];
  for (const node of sorted) {
    const held = await takeOne(deps, node);
    if (held) {
      await releaseAll(deps, taken);
      return { ok: false, node, lease: held };
    }
    taken.push(node);
  }
  return { ok: true };
}

/** Deletes each node's Lease that is still ours (a taken-over one is left to its new holder). */
export async function releaseAll(
  deps: Pick<LeaseDeps, 'cluster' | 'clock' | 'signal' | 'namespace' | 'holder' | 'kind'>,
  nodes: readonly string[],
): Promise<void> {
  for (const node of nodes) {
    const current = await readLease(deps, node);
    if (current?.holder !== deps.holder.runId) continue;
    await call(deps, () => deps.cluster.delete(ref(deps, node)));
  }
}

/** One renewal of each node's Lease; the nodes whose Lease is no longer ours (expired and taken over, or deleted). */
export async function renewAll(deps: LeaseDeps, nodes: readonly string[]): Promise<string[]> {
  const lost: string[] = [];
  for (const node of nodes) {
    for (;;) {
      const current = await readLease(deps, node);
      if (current?.holder !== deps.holder.runId) {
        lost.push(node);
        break;
      }
      try {
        await call(deps, () => deps.cluster.replace(renewed(current, deps.clock.now())));
        break;
      } catch (err) {
        if (!isClusterError(err, 'conflict')) throw err;
      }
    }
  }
  return lost;
}

/**
 * Renews every RENEW_EVERY_MS until `stop` fires; a failed round is reported and the next one
 * tried (the Lease lasts three rounds). Never throws.
 */
export async function renewWhileHeld(
  deps: LeaseDeps,
  nodes: readonly string[],
  stop: AbortSignal,
  report: (line: string) => void,
): Promise<void> {
  const own = { ...deps, signal: AbortSignal.any([deps.signal, stop]) };
  for (;;) {
    try {
      await deps.clock.sleep(RENEW_EVERY_MS, own.signal);
    } catch {
      return;
    }
    if (own.signal.aborted) return;
    try {
      const lost = await renewAll(own, nodes);
      if (lost.length && !own.signal.aborted)
        report(
          `the lease on ${lost.join(', ')} is no longer ours (it expired, or was deleted): another run may start there`,
        );
    } catch (err) {
      if (own.signal.aborted) return;
      report(`could not renew the node leases: ${(err as Error).message.split('\n')[0]}`);
    }
  }
}
