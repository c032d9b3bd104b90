import type { CoreV1Event, KubernetesObject, V1Namespace, V1Node, V1Pod } from '@kubernetes/client-node';
import { PatchStrategy } from '@kubernetes/client-node';
import { InterruptedError } from '../core/errors.js';
import type { RunningProc } from '../procs/launcher.js';
import type { RunOptions, RunResult } from '../procs/runner.js';
import { type Clients, clientsFor, kubernetesShaped, LOG_LIMIT_BYTES, resourceOf } from './clients.js';
import type {
  Cluster,
  ClusterOptions,
  CustomObjectRef,
  ExecStreamSpec,
  ObjectRef,
  PodEvent,
  PodTarget,
  PodWatch,
} from './cluster.js';
import { ClusterError, CONNECT_TIMEOUT_CODE, type KubeAction, toClusterError } from './errors.js';
import { type ExecLike, execIn, execStream } from './exec.js';
import { type LoadedKubeconfig, loadKubeconfig } from './kubeconfig.js';
import { type Caller, listLeaseRefs, listRefs } from './listing.js';
import { watchPodsWith } from './pod-watch.js';
import {
  type Bounds,
  boundedCall,
  boundsOf,
  type CallScope,
  hasCode,
  scopeError,
  unreachable,
} from './transport.js';

/**
 * The Cluster seam on @kubernetes/client-node. This module and the two it
 * builds on (kubeconfig.ts, transport.ts) are the only ones that load the
 * client (about 800 files): commands reach it through `openCluster`
 * (src/kube/open.ts), a dynamic import, so `--help`, `read` and `env` never
 * pay for it. Every call is bounded by transport.ts (connect, request, scope).
 */

/** How long the API server keeps one pod watch open before the cache watches again (bookmarks in between). */
export const WATCH_TIMEOUT_S = 60;

export class KubeCluster implements Cluster {
  readonly describe: string;
  readonly context: string;
  readonly server: string;
  readonly namespace: string;

  constructor(
    private readonly loaded: LoadedKubeconfig,
    private readonly bounds: Bounds,
    private readonly scope: AbortSignal | undefined = undefined,
    private readonly clients: Clients = clientsFor(loaded.kc, bounds),
  ) {
    this.context = loaded.context;
    this.server = loaded.server;
    this.namespace = loaded.namespace;
    this.describe = `context ${loaded.context} (${loaded.server})`;
  }

  withSignal(signal: AbortSignal): Cluster {
    return new KubeCluster(this.loaded, this.bounds, signal, this.clients);
  }

  private act(verb: string, resource: string, namespace?: string, name?: string): KubeAction {
    return { verb, resource, namespace, name, server: this.server };
  }

  /** What bounds this Cluster's calls (transport.ts). */
  private get at(): CallScope {
    return { bounds: this.bounds, signal: this.scope, server: this.server };
  }

  /** One API call under its bounds, every failure typed; `tolerate`d statuses return `fallback`. */
  private call<T>(
    action: KubeAction,
    fn: (c: Clients) => Promise<T>,
    tolerate?: { statuses: number[]; fallback: T },
  ): Promise<T> {
    return this.credentials(action)
      .then(() => boundedCall(this.at, action, () => fn(this.clients), tolerate))
      .then((r) => kubernetesShaped(r, { ...action, server: this.server }));
  }

  /** The exec plugin's credential first, on its own clock: a plugin that hangs is named, not the server. */
  private async credentials(action: KubeAction): Promise<void> {
    try {
      await this.loaded.credentials(this.scope);
    } catch (err) {
      throw toClusterError(err, action);
    }
  }

  create(obj: KubernetesObject): Promise<KubernetesObject> {
    const m = obj.metadata ?? {};
    return this.call(this.act('create', resourceOf(obj.kind ?? 'object'), m.namespace, m.name), (c) =>
      c.objects.create(obj),
    );
  }

  read(ref: ObjectRef): Promise<KubernetesObject | undefined> {
    const spec = {
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      metadata: { name: ref.name, namespace: ref.namespace },
    };
    return this.call<KubernetesObject | undefined>(
      this.act('get', resourceOf(ref.kind), ref.namespace, ref.name),
      (c) => c.objects.read(spec as { metadata: { name: string; namespace: string } }),
      { statuses: [404], fallback: undefined },
    );
  }

  replace(obj: KubernetesObject): Promise<KubernetesObject> {
    const m = obj.metadata ?? {};
    return this.call(this.act('update', resourceOf(obj.kind ?? 'object'), m.namespace, m.name), (c) =>
      c.objects.replace(obj),
    );
  }

  async patch(ref: ObjectRef, mergePatch: object): Promise<void> {
    // The patch's own metadata (ownerReferences) beside the name and namespace that address it.
    const own = (mergePatch as { metadata?: object }).metadata;
    const body = {
      ...mergePatch,
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      metadata: { ...own, name: ref.name, namespace: ref.namespace },
    };
    await this.call(this.act('patch', resourceOf(ref.kind), ref.namespace, ref.name), (c) =>
      c.objects.patch(body, undefined, undefined, undefined, undefined, PatchStrategy.MergePatch),
    );
  }

  async delete(ref: ObjectRef): Promise<void> {
    const spec: KubernetesObject = {
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      metadata: { name: ref.name, namespace: ref.namespace },
    };
    await this.call(
      this.act('delete', resourceOf(ref.kind), ref.namespace, ref.name),
      // The pod's own grace period (ours are 2–5 s), not 0: the object stays until the kubelet
      // confirms its containers stopped, so "nothing left" (listByLabel empty) means stopped.
      (c) =>
        c.objects
          .delete(spec, undefined, undefined, undefined, undefined, 'Background')
          .then(() => undefined),
      { statuses: [404], fallback: undefined },
    );
  }

  async deleteByLabel(namespace: string, selector: string): Promise<number> {
    // Jobs first (their pods go with them), then loose pods, services and the probe's ConfigMap;
    // only these kinds are listed (a CRD's list that does not answer holds none of them up).
    const order = ['Job', 'Pod', 'Service', 'ConfigMap', 'Lease'];
    const refs = await this.listByLabel(selector, namespace, new Set(order));
    refs.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
    for (const r of refs) await this.delete(r);
    return refs.length;
  }

  listByLabel(selector: string, namespace?: string, kinds?: ReadonlySet<string>): Promise<ObjectRef[]> {
    return listRefs(this.caller, selector, namespace, kinds);
  }

  listLeases(selector: string, namespace?: string): Promise<ObjectRef[]> {
    return listLeaseRefs(this.caller, selector, namespace, true);
  }

  /** call and act, for the listings of listing.ts. */
  private get caller(): Caller {
    return { call: (action, fn, tolerate) => this.call(action, fn, tolerate), act: this.act.bind(this) };
  }

  async listNamespaces(selector: string): Promise<V1Namespace[]> {
    const list = await this.call(this.act('list', 'namespaces'), (c) =>
      c.core.listNamespace({ labelSelector: selector }),
    );
    return list.items;
  }

  async listNodes(selector?: string): Promise<V1Node[]> {
    const labels = selector ? { labelSelector: selector } : {};
    return (await this.call(this.act('list', 'nodes'), (c) => c.core.listNode(labels))).items;
  }

  async listPods(namespace: string | undefined, selector?: string): Promise<V1Pod[]> {
    const labels = selector ? { labelSelector: selector } : {};
    if (namespace === undefined) {
      const list = await this.call(this.act('list', 'pods'), (c) =>
        c.core.listPodForAllNamespaces({
          fieldSelector: 'status.phase!=Succeeded,status.phase!=Failed',
          ...labels,
        }),
      );
      return list.items;
    }
    const list = await this.call(this.act('list', 'pods', namespace), (c) =>
      c.core.listNamespacedPod({ namespace, ...labels }),
    );
    return list.items;
  }

  async listPodsAt(
    namespace: string | undefined,
    selector: string,
  ): Promise<{ pods: V1Pod[]; resourceVersion: string }> {
    const list =
      namespace === undefined
        ? await this.call(this.act('list', 'pods'), (c) =>
            c.core.listPodForAllNamespaces({ labelSelector: selector }),
          )
        : await this.call(this.act('list', 'pods', namespace), (c) =>
            c.core.listNamespacedPod({ namespace, labelSelector: selector }),
          );
    return { pods: list.items, resourceVersion: list.metadata?.resourceVersion ?? '' };
  }

  watchPods(
    namespace: string | undefined,
    selector: string,
    resourceVersion: string,
    onEvent: (e: PodEvent) => void,
  ): PodWatch {
    return watchPodsWith(
      this.loaded.kc,
      {
        namespace,
        selector,
        resourceVersion,
        timeoutSeconds: WATCH_TIMEOUT_S,
        signal: this.scope,
        credentials: () => this.credentials(this.act('watch', 'pods', namespace)),
        action: this.act('watch', 'pods', namespace),
      },
      onEvent,
    );
  }

  getPod(namespace: string, name: string): Promise<V1Pod> {
    return this.call(this.act('get', 'pods', namespace, name), (c) =>
      c.core.readNamespacedPod({ name, namespace }),
    );
  }

  podEvents(namespace: string, pod: string): Promise<CoreV1Event[]> {
    return this.objectEvents(namespace, 'Pod', pod);
  }

  async objectEvents(namespace: string, kind: string, name: string): Promise<CoreV1Event[]> {
    const list = await this.call(this.act('list', 'events', namespace), (c) =>
      c.core.listNamespacedEvent({
        namespace,
        fieldSelector: `involvedObject.kind=${kind},involvedObject.name=${name}`,
      }),
    );
    return list.items;
  }

  async proxyGet(namespace: string, pod: string, port: number, path: string): Promise<string> {
    const text = await this.call(
      this.act('get', 'pods/proxy', namespace, pod),
      (c) =>
        c.core.connectGetNamespacedPodProxyWithPath({
          name: `${pod}:${port}`,
          namespace,
          path,
        }) as Promise<unknown>,
    );
    return typeof text === 'string' ? text : JSON.stringify(text ?? '');
  }

  async readLog(namespace: string, pod: string, container?: string): Promise<string> {
    // 400 while the container is still being created ("waiting to start"), 404 while the pod is new: no log yet.
    const text = await this.call(
      this.act('get', 'pods/log', namespace, pod),
      (c) =>
        c.core.readNamespacedPodLog({
          name: pod,
          namespace,
          limitBytes: LOG_LIMIT_BYTES,
          ...(container ? { container } : {}),
        }) as Promise<unknown>,
      { statuses: [400, 404], fallback: '' },
    );
    return typeof text === 'string' ? text : String(text ?? '');
  }

  async getDgd(namespace: string, name: string): Promise<unknown> {
    const action = this.act('get', 'dynamographdeployments.nvidia.com', namespace, name);
    let last: unknown;
    for (const version of ['v1beta1', 'v1alpha1']) {
      try {
        return await this.call(action, (c) =>
          c.custom.getNamespacedCustomObject({
            group: 'nvidia.com',
            version,
            namespace,
            plural: 'dynamographdeployments',
            name,
          }),
        );
      } catch (err) {
        last = err;
        if (!(err instanceof ClusterError && err.kind === 'not-found')) throw err;
      }
    }
    throw last;
  }

  async listDgdNames(namespace: string): Promise<string[]> {
    const action = this.act('list', 'dynamographdeployments.nvidia.com', namespace);
    for (const version of ['v1beta1', 'v1alpha1']) {
      const list = (await this.call(
        action,
        (c) =>
          c.custom.listNamespacedCustomObject({
            group: 'nvidia.com',
            version,
            namespace,
            plural: 'dynamographdeployments',
          }),
        { statuses: [404], fallback: undefined },
      )) as { items?: { metadata?: { name?: string } }[] } | undefined;
      if (list) return (list.items ?? []).map((i) => i.metadata?.name ?? '').filter((n) => n !== '');
    }
    return [];
  }

  async getCustomObject(ref: CustomObjectRef): Promise<unknown> {
    const { group, version, plural, namespace, name } = ref;
    return this.call(this.act('get', `${plural}.${group}`, namespace, name), (c) =>
      c.custom.getNamespacedCustomObject({ group, version, namespace, plural, name }),
    );
  }

  async exec(target: PodTarget, argv: readonly string[], opts: RunOptions): Promise<RunResult> {
    const scope = this.scope;
    const signal = scope && opts.signal ? AbortSignal.any([scope, opts.signal]) : (opts.signal ?? scope);
    await this.credentials({ verb: 'create', resource: 'pods/exec', server: this.server });
    try {
      return await execIn(
        this.clients.exec,
        target,
        argv,
        { timeoutMs: opts.timeoutMs, ...(signal ? { signal } : {}) },
        this.server,
      );
    } catch (err) {
      if (
        err instanceof ClusterError &&
        err.kind === 'unreachable' &&
        hasCode(err.cause, CONNECT_TIMEOUT_CODE)
      )
        throw unreachable(this.at, err.action, err);
      if (scope?.aborted && !(err instanceof InterruptedError))
        throw scopeError(
          scope,
          {
            verb: 'create',
            resource: 'pods/exec',
            namespace: target.namespace,
            name: target.pod,
            server: this.server,
          },
          err,
        );
      throw err;
    }
  }

  async execStream(target: PodTarget, spec: ExecStreamSpec): Promise<RunningProc> {
    await this.credentials({ verb: 'create', resource: 'pods/exec', server: this.server });
    this.scope?.throwIfAborted();
    return execStream(this.clients.exec, target, spec, this.server);
  }
}

/** Builds the Cluster for a command: kubeconfig, context and namespace resolved once. */
export function connectCluster(opts: ClusterOptions, env: NodeJS.ProcessEnv, exec?: ExecLike): Cluster {
  const loaded = loadKubeconfig(opts, env);
  const bounds = boundsOf(opts);
  return new KubeCluster(loaded, bounds, opts.signal, clientsFor(loaded.kc, bounds, exec));
}
