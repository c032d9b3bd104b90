import { createHash } from 'node:crypto';
import type { KubernetesObject } from '@kubernetes/client-node';
import { formatDuration } from '../core/duration.js';
import { LABEL, TOOL } from '../core/labels.js';

/**
 * Per-node Leases (coordination.k8s.io/v1), the pure half: names, the object we write, and
 * whether a Lease found on a node is live, ours, or free to take. A run holds each of its
 * nodes through one Lease named after the node, so two runs (a `pair` and a `sweep`'s
 * pairs alike) never measure one link at once. Semantics of the fields:
 * references/leases.md (k8s.io/api/coordination/v1/types.go).
 */

/** The one shared default, so that a manual `pair` and the nightly `sweep` see each other. */
export const DEFAULT_LEASE_NAMESPACE = 'interconnect-test';
/** spec.leaseDurationSeconds: a holder that stopped renewing for this long has crashed. */
export const LEASE_DURATION_S = 60;
/** How often a holder renews (a third of the duration: two renewals may fail before it expires). */
export const RENEW_EVERY_MS = 20_000;
/** How often a run waiting for a held node looks again. */
export const LEASE_POLL_MS = 2_000;
/** Who holds it, for people: `pair abc123 on host, pid 42`. */
export const HOLDER_ANNOTATION = 'interconnect-test/holder';
export const LEASE_COMPONENT = 'node-lease';
/** The label on a lease namespace we had to create (no managed-by: it is no scratch object, `gc` leaves it). */
export const LEASE_NAMESPACE_COMPONENT = 'lease-namespace';

/** The component label of a `pair --in-place` Lease: one per worker pod, so one probe per worker. */
export const POD_LEASE_COMPONENT = 'pod-lease';
/** What a Lease holds: a node (pair, sweep), or a worker pod (`pair --in-place`, key `namespace/pod`). */
export type LeaseKind = 'node' | 'pod';

const PREFIX = 'itest-node.';
const POD_PREFIX = 'itest-pod.';
const MAX_NAME = 253;

function bounded(prefix: string, key: string): string {
  const full = `${prefix}${key}`;
  if (full.length <= MAX_NAME) return full;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
  const keep = MAX_NAME - prefix.length - hash.length - 1;
  return `${prefix}${key.slice(0, keep).replace(/[.-]+$/, '')}.${hash}`;
}

/** `itest-node.<node>`; a name past 253 characters keeps its start and gets a hash of the whole. */
export function leaseName(node: string): string {
  return bounded(PREFIX, node);
}

/** `itest-pod.<namespace>.<pod>` for the key `namespace/pod` (a namespace has no dot: the split is sure). */
export function leaseNameOf(kind: LeaseKind, key: string): string {
  return kind === 'node' ? leaseName(key) : bounded(POD_PREFIX, key.replace('/', '.'));
}

/** A Kubernetes MicroTime: RFC 3339 with microseconds, `2026-12-02T00:15:47.123000Z`. */
export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export interface Holder {
  /** spec.holderIdentity: the run id of the pair that holds the node. */
  runId: string;
  /** The holder annotation: `pair abc123 on host, pid 42`. */
  text: string;
}

/** A Lease as read back, in the terms the decisions need. */
export interface LeaseView {
  name: string;
  namespace: string;
  holder: string | undefined;
  text: string | undefined;
  acquiredAt: number | undefined;
  renewedAt: number | undefined;
  durationS: number | undefined;
  resourceVersion: string | undefined;
  obj: KubernetesObject;
}

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string | Date;
  renewTime?: string | Date;
  leaseTransitions?: number;
}

function timeOf(v: string | Date | undefined): number | undefined {
  if (v === undefined) return undefined;
  const t = v instanceof Date ? v.getTime() : Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
}

export function leaseView(obj: KubernetesObject): LeaseView {
  const spec = ((obj as { spec?: LeaseSpec }).spec ?? {}) as LeaseSpec;
  const m = obj.metadata ?? {};
  return {
    name: m.name ?? '',
    namespace: m.namespace ?? '',
    holder: spec.holderIdentity || undefined,
    text: m.annotations?.[HOLDER_ANNOTATION],
    acquiredAt: timeOf(spec.acquireTime),
    renewedAt: timeOf(spec.renewTime ?? spec.acquireTime),
    durationS: spec.leaseDurationSeconds,
    resourceVersion: m.resourceVersion,
    obj,
  };
}

/** Held by someone: a holder, renewed less than its duration ago (a Lease without a holder or times is free). */
export function isLive(v: LeaseView, now: number): boolean {
  if (!v.holder || v.renewedAt === undefined) return false;
  return v.renewedAt + (v.durationS ?? LEASE_DURATION_S) * 1000 > now;
}

export type Decision =
  /** No Lease on the node: create it. */
  | { act: 'create' }
  /** Ours already (a retried create that landed): keep it. */
  | { act: 'ours'; lease: LeaseView }
  /** Left by a holder that stopped renewing (crashed) or released: replace it, conditional on its version. */
  | { act: 'take'; lease: LeaseView }
  /** Another run holds it and renews it. */
  | { act: 'wait'; lease: LeaseView };

export function decide(current: LeaseView | undefined, runId: string, now: number): Decision {
  if (!current) return { act: 'create' };
  if (current.holder === runId) return { act: 'ours', lease: current };
  if (!isLive(current, now)) return { act: 'take', lease: current };
  return { act: 'wait', lease: current };
}

/** Our Lease for `node`: new, or `current` taken over (its resourceVersion makes the replace conditional). */
export function leaseObject(opts: {
  namespace: string;
  node: string;
  holder: Holder;
  now: number;
  current?: LeaseView | undefined;
  /** What `node` names: a node (the default) or a worker pod `namespace/pod`. */
  kind?: LeaseKind | undefined;
}): KubernetesObject {
  const { namespace, node, holder, now, current } = opts;
  const kind = opts.kind ?? 'node';
  const previous = (current?.obj as { spec?: LeaseSpec } | undefined)?.spec?.leaseTransitions ?? 0;
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: leaseNameOf(kind, node),
      namespace,
      labels: {
        [LABEL.managedBy]: TOOL,
        [LABEL.name]: TOOL,
        [LABEL.partOf]: TOOL,
        [LABEL.component]: kind === 'node' ? LEASE_COMPONENT : POD_LEASE_COMPONENT,
        [LABEL.runId]: holder.runId,
      },
      annotations: { [HOLDER_ANNOTATION]: holder.text, [`interconnect-test/${kind}`]: node },
      ...(current?.resourceVersion ? { resourceVersion: current.resourceVersion } : {}),
    },
    spec: {
      holderIdentity: holder.runId,
      leaseDurationSeconds: LEASE_DURATION_S,
      acquireTime: microTime(now),
      renewTime: microTime(now),
      ...(current ? { leaseTransitions: previous + 1 } : {}),
    },
  } as KubernetesObject;
}

/** The same Lease renewed now (its resourceVersion kept: a renewal never overwrites a takeover). */
export function renewed(current: LeaseView, now: number): KubernetesObject {
  const obj = current.obj as KubernetesObject & { spec?: LeaseSpec };
  // Written back as MicroTime strings: a Date would serialize with milliseconds, which the API server refuses.
  const acquired = current.acquiredAt ?? now;
  return {
    ...obj,
    spec: { ...obj.spec, acquireTime: microTime(acquired), renewTime: microTime(now) },
  } as KubernetesObject;
}

/** `pair abc123 (on host, pid 42, 2m15s old, renewed 4s ago)`. */
export function describeHolder(v: LeaseView, now: number): string {
  const text = v.text ?? `run ${v.holder ?? 'unknown'}`;
  const m = /^(.*?) on (.+)$/.exec(text);
  const who = m ? (m[1] as string) : text;
  const facts = m ? [`on ${m[2]}`] : [];
  if (v.acquiredAt !== undefined) facts.push(`${formatDuration(Math.max(0, now - v.acquiredAt))} old`);
  if (v.renewedAt !== undefined) facts.push(`renewed ${formatDuration(Math.max(0, now - v.renewedAt))} ago`);
  return facts.length ? `${who} (${facts.join(', ')})` : who;
}
