import type { CoreV1Event, KubernetesObject, V1Namespace, V1Node, V1Pod } from '@kubernetes/client-node';
import type {
  Cluster,
  CustomObjectRef,
  ExecStreamSpec,
  ObjectRef,
  PodTarget,
} from '../../src/kube/cluster.js';
import { ClusterError } from '../../src/kube/errors.js';
import { type ExecLike, execIn, execStream } from '../../src/kube/exec.js';
import type { RunningProc } from '../../src/procs/launcher.js';
import type { RunOptions, RunResult } from '../../src/procs/runner.js';

/**
 * The Cluster seam over an in-memory object store, for unit tests of the
 * logic above it (target choice, the pair step loop). The real seam, on a
 * real API server, is tested in test/e2e; this one answers what a test put
 * in it, and fails like the real one does (typed ClusterErrors).
 */

export function matchesSelector(labels: Record<string, string> | undefined, selector?: string): boolean {
  if (!selector) return true;
  return selector.split(',').every((kv) => {
    const [k, v] = kv.split('=');
    return labels?.[k as string] === v;
  });
}

/** An object as the real seam's listing gives it back (src/kube/clients.ts refOf). */
export function refOfStored(o: KubernetesObject): ObjectRef {
  const m = o.metadata ?? {};
  const spec = (
    o as { spec?: { holderIdentity?: string; renewTime?: string; leaseDurationSeconds?: number } }
  ).spec;
  const iso = (t: Date | string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
  return {
    apiVersion: o.apiVersion ?? 'v1',
    kind: o.kind ?? '',
    name: m.name ?? '',
    ...(o.kind !== 'Namespace' && m.namespace ? { namespace: m.namespace } : {}),
    ...(m.creationTimestamp ? { createdAt: iso(m.creationTimestamp) } : {}),
    ...(m.annotations?.['interconnect-test/expires-at']
      ? { expiresAt: m.annotations['interconnect-test/expires-at'] }
      : {}),
    ...(m.uid ? { uid: m.uid } : {}),
    ...(m.labels ? { labels: { ...m.labels } } : {}),
    ...(o.kind === 'Lease'
      ? {
          lease: {
            ...(spec?.holderIdentity ? { holderIdentity: spec.holderIdentity } : {}),
            ...(spec?.renewTime ? { renewTime: iso(spec.renewTime) } : {}),
            ...(spec?.leaseDurationSeconds !== undefined
              ? { leaseDurationSeconds: spec.leaseDurationSeconds }
              : {}),
          },
        }
      : {}),
  };
}

/** What a restarted API server answers a custom resource's list while its storage comes back (429). */
export function storageReinitializing(): ClusterError {
  return new ClusterError(
    'api',
    'storage is (re)initializing',
    { verb: 'list', resource: 'network-attachment-definitions.k8s.cni.cncf.io' },
    { status: 429 },
  );
}

export class MemoryCluster implements Cluster {
  readonly describe = 'memory';
  readonly context = 'memory';
  readonly server = 'https://memory.invalid:6443';
  readonly namespace: string;
  readonly store = new Map<string, KubernetesObject>();
  nodes: V1Node[] = [];
  private readonly execLike: ExecLike | undefined;

  constructor(opts: { namespace?: string; objects?: KubernetesObject[]; exec?: ExecLike } = {}) {
    this.namespace = opts.namespace ?? 'default';
    this.execLike = opts.exec;
    for (const o of opts.objects ?? []) this.put(o);
  }

  withSignal(): Cluster {
    return this;
  }

  key(kind: string, ns: string | undefined, name: string): string {
    return `${kind}/${ns ?? ''}/${name}`;
  }

  put(obj: KubernetesObject): void {
    const m = obj.metadata ?? {};
    this.store.set(this.key(obj.kind ?? 'Pod', m.namespace, m.name ?? ''), obj);
  }

  protected notFound(resource: string, namespace: string | undefined, name: string): ClusterError {
    const action = { verb: 'get', resource, namespace, name, server: this.server };
    return new ClusterError('not-found', `${resource} ${name} not found in namespace ${namespace}`, action, {
      status: 404,
    });
  }

  private version = 0;

  async create(obj: KubernetesObject): Promise<KubernetesObject> {
    const m = obj.metadata ?? {};
    if (this.store.has(this.key(obj.kind ?? 'Pod', m.namespace, m.name ?? '')))
      throw new ClusterError(
        'conflict',
        `${obj.kind} ${m.name} already exists`,
        {
          verb: 'create',
          resource: obj.kind ?? '',
          namespace: m.namespace,
          name: m.name,
        },
        { status: 409 },
      );
    const stored = this.stamp(obj);
    this.put(stored);
    return stored;
  }

  /** A copy with a uid and a fresh resourceVersion, as the API server stores it. */
  private stamp(obj: KubernetesObject): KubernetesObject {
    const m = obj.metadata ?? {};
    this.version += 1;
    return {
      ...obj,
      metadata: {
        ...m,
        uid: m.uid ?? `uid-${m.name}-${this.version}`,
        resourceVersion: String(this.version),
      },
    };
  }

  async read(ref: ObjectRef): Promise<KubernetesObject | undefined> {
    if (ref.kind === 'Node') return this.nodes.find((n) => n.metadata?.name === ref.name);
    return this.store.get(this.key(ref.kind, ref.namespace, ref.name));
  }

  async replace(obj: KubernetesObject): Promise<KubernetesObject> {
    const m = obj.metadata ?? {};
    const current = this.store.get(this.key(obj.kind ?? 'Pod', m.namespace, m.name ?? ''));
    const action = { verb: 'update', resource: obj.kind ?? '', namespace: m.namespace, name: m.name };
    if (!current)
      throw new ClusterError('not-found', `${obj.kind} ${m.name} not found`, action, { status: 404 });
    if (m.resourceVersion && m.resourceVersion !== current.metadata?.resourceVersion)
      throw new ClusterError('conflict', `${obj.kind} ${m.name} changed`, action, { status: 409 });
    const stored = this.stamp({ ...obj, metadata: { ...m, uid: current.metadata?.uid } });
    this.put(stored);
    return stored;
  }

  async patch(ref: ObjectRef, mergePatch: object): Promise<void> {
    const current = this.store.get(this.key(ref.kind, ref.namespace, ref.name));
    if (!current) throw this.notFound(ref.kind, ref.namespace, ref.name);
    const p = mergePatch as { metadata?: object };
    this.put({ ...current, ...p, metadata: { ...current.metadata, ...p.metadata } } as KubernetesObject);
  }

  async delete(ref: ObjectRef): Promise<void> {
    this.store.delete(this.key(ref.kind, ref.namespace, ref.name));
    if (ref.kind === 'Namespace')
      for (const k of [...this.store.keys()]) if (k.split('/')[1] === ref.name) this.store.delete(k);
  }

  async deleteByLabel(namespace: string, selector: string): Promise<number> {
    const refs = (await this.listByLabel(selector, namespace)).filter((r) => r.kind !== 'Namespace');
    for (const r of refs) await this.delete(r);
    return refs.length;
  }

  /** What listByLabel of the real seam returns: in one namespace, only that namespace itself besides its objects. */
  async listByLabel(selector: string, namespace?: string, kinds?: ReadonlySet<string>): Promise<ObjectRef[]> {
    return [...this.store.values()]
      .filter(
        (o) =>
          (!kinds || kinds.has(o.kind ?? '')) &&
          matchesSelector(o.metadata?.labels, selector) &&
          (!namespace ||
            (o.kind === 'Namespace' ? o.metadata?.name === namespace : o.metadata?.namespace === namespace)),
      )
      .map((o) => refOfStored(o));
  }

  async listLeases(selector: string, namespace?: string): Promise<ObjectRef[]> {
    return (await this.listByLabel(selector, namespace)).filter((r) => r.kind === 'Lease');
  }

  async listNamespaces(selector: string): Promise<V1Namespace[]> {
    return [...this.store.values()].filter(
      (o) => o.kind === 'Namespace' && matchesSelector(o.metadata?.labels, selector),
    );
  }

  async listNodes(selector?: string): Promise<V1Node[]> {
    return selector ? this.nodes.filter((n) => matchesSelector(n.metadata?.labels, selector)) : this.nodes;
  }

  async listPods(namespace: string | undefined, selector?: string): Promise<V1Pod[]> {
    return [...this.store.values()].filter(
      (o) =>
        (o.kind ?? 'Pod') === 'Pod' &&
        (!namespace || o.metadata?.namespace === namespace) &&
        matchesSelector(o.metadata?.labels, selector),
    ) as V1Pod[];
  }

  async getPod(namespace: string, name: string): Promise<V1Pod> {
    const pod = this.store.get(this.key('Pod', namespace, name));
    if (!pod) throw this.notFound('pods', namespace, name);
    return pod as V1Pod;
  }

  /** Events a test put in, by `namespace/kind/name`. */
  readonly events = new Map<string, CoreV1Event[]>();

  async podEvents(namespace: string, pod: string): Promise<CoreV1Event[]> {
    return this.objectEvents(namespace, 'Pod', pod);
  }

  async objectEvents(namespace: string, kind: string, name: string): Promise<CoreV1Event[]> {
    return this.events.get(`${namespace}/${kind}/${name}`) ?? [];
  }

  async readLog(_namespace: string, _pod: string, _container?: string): Promise<string> {
    return '';
  }

  async getDgd(namespace: string, name: string): Promise<unknown> {
    throw this.notFound('dynamographdeployments.nvidia.com', namespace, name);
  }

  async listDgdNames(_namespace: string): Promise<string[]> {
    return [];
  }

  /** Custom objects a test put in, by `group/plural/namespace/name`. */
  readonly customObjects = new Map<string, unknown>();

  async getCustomObject(ref: CustomObjectRef): Promise<unknown> {
    const found = this.customObjects.get(`${ref.group}/${ref.plural}/${ref.namespace}/${ref.name}`);
    if (found === undefined) throw this.notFound(`${ref.plural}.${ref.group}`, ref.namespace, ref.name);
    return found;
  }

  exec(target: PodTarget, argv: readonly string[], opts: RunOptions): Promise<RunResult> {
    if (!this.execLike) throw new Error(`no exec in this test (${target.pod}: ${argv.join(' ')})`);
    return execIn(this.execLike, target, argv, opts, this.server);
  }

  execStream(target: PodTarget, spec: ExecStreamSpec): Promise<RunningProc> {
    if (!this.execLike) throw new Error(`no exec in this test (${target.pod}: ${spec.argv.join(' ')})`);
    return execStream(this.execLike, target, spec, this.server);
  }
}
