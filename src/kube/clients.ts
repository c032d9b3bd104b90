import {
  BatchV1Api,
  type Configuration,
  CoordinationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  type KubeConfig,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import { EXPIRES_ANNOTATION, type LeaseSpec, type ObjectRef } from './cluster.js';
import { type KubeAction, notKubernetes } from './errors.js';
import type { ExecLike } from './exec.js';
import { type Bounds, configuration, makeExec } from './transport.js';

/** The client-node API objects one KubeCluster calls, and how their answers are read back. */

/** Logs are kept to this size per container; nixlbench with UCX_PROTO_INFO prints tens of kilobytes. */
export const LOG_LIMIT_BYTES = 4 * 1024 * 1024;

export interface Clients {
  kc: KubeConfig;
  core: CoreV1Api;
  batch: BatchV1Api;
  coordination: CoordinationV1Api;
  custom: CustomObjectsApi;
  objects: KubernetesObjectApi;
  exec: ExecLike;
}

/** KubernetesObjectApi on our configuration (its own makeApiClient would build an unbounded one). */
class ObjectApi extends KubernetesObjectApi {
  constructor(config: Configuration, kc: KubeConfig) {
    super(config);
    this.setDefaultNamespace(kc);
  }
}

/** Who answered must be Kubernetes: a list has `items`, an object its `metadata` (logs are text). */
export function kubernetesShaped<T>(result: T, action: KubeAction): T {
  if (
    action.resource === 'pods/log' ||
    action.resource === 'pods/proxy' ||
    ['delete', 'create', 'patch'].includes(action.verb)
  )
    return result;
  // A tolerated 404 of read() comes back as undefined.
  if (action.verb === 'get' && result === undefined) return result;
  const o = result as { items?: unknown; metadata?: unknown } | null;
  if (action.verb === 'list' && !Array.isArray(o?.items))
    throw notKubernetes(action, 'something that is not a Kubernetes list');
  if (action.verb === 'get' && (typeof o !== 'object' || o === null || typeof o.metadata !== 'object'))
    throw notKubernetes(action, 'something that is not a Kubernetes object');
  return result;
}

export function clientsFor(kc: KubeConfig, bounds: Bounds, exec?: ExecLike): Clients {
  const config = configuration(kc, bounds);
  const objects = new ObjectApi(config, kc);
  return {
    kc,
    core: new CoreV1Api(config),
    batch: new BatchV1Api(config),
    coordination: new CoordinationV1Api(config),
    custom: new CustomObjectsApi(config),
    objects,
    exec: exec ?? makeExec(kc, bounds),
  };
}

export function resourceOf(kind: string): string {
  return `${kind.toLowerCase()}s`;
}

export interface Meta {
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    creationTimestamp?: Date | string;
    labels?: Record<string, string>;
    deletionTimestamp?: Date | string;
    annotations?: Record<string, string>;
  };
  /** A Lease's spec is read by leaseOf; other kinds' are not looked at. */
  spec?: object;
}

/** client-node gives a Lease's MicroTimes as Date (or string off the wire). */
interface LeaseWire {
  holderIdentity?: string;
  renewTime?: Date | string;
  acquireTime?: Date | string;
  leaseDurationSeconds?: number;
}

const iso = (t: Date | string | undefined): string | undefined =>
  t === undefined || t === null ? undefined : new Date(t).toISOString();

function leaseOf(o: Meta): LeaseSpec {
  const s: LeaseWire = o.spec ?? {};
  const renew = iso(s.renewTime) ?? iso(s.acquireTime);
  return {
    ...(s.holderIdentity ? { holderIdentity: s.holderIdentity } : {}),
    ...(renew ? { renewTime: renew } : {}),
    ...(s.leaseDurationSeconds !== undefined ? { leaseDurationSeconds: s.leaseDurationSeconds } : {}),
  };
}

export function refOf(apiVersion: string, kind: string, o: Meta): ObjectRef {
  const m = o.metadata ?? {};
  const created = iso(m.creationTimestamp);
  const expires = m.annotations?.[EXPIRES_ANNOTATION];
  return {
    apiVersion,
    kind,
    name: m.name ?? '',
    ...(kind !== 'Namespace' && m.namespace ? { namespace: m.namespace } : {}),
    ...(created ? { createdAt: created } : {}),
    ...(expires ? { expiresAt: expires } : {}),
    ...(m.uid ? { uid: m.uid } : {}),
    ...(m.labels ? { labels: { ...m.labels } } : {}),
    ...(kind === 'Lease' ? { lease: leaseOf(o) } : {}),
    ...(m.deletionTimestamp ? { deleting: true } : {}),
  };
}
