import type { CoreV1Event, KubernetesObject, V1Namespace, V1Node, V1Pod } from '@kubernetes/client-node';
import { CustomObjectsApi } from '@kubernetes/client-node';
import { httpStatusOf, type Kube, kubeCall } from '../kube/client.js';
import type { Cluster, ObjectRef } from './cluster.js';
import { EXPIRES_ANNOTATION } from './names.js';

/** Logs are kept to this size per container; nixlbench with UCX_PROTO_INFO prints tens of kilobytes. */
const LOG_LIMIT_BYTES = 4 * 1024 * 1024;

function notFound(err: unknown): boolean {
  return httpStatusOf(err) === 404;
}

function resourceOf(kind: string): string {
  return `${kind.toLowerCase()}s`;
}

interface Meta {
  metadata?: {
    name?: string;
    namespace?: string;
    creationTimestamp?: Date | string;
    annotations?: Record<string, string>;
  };
}

function refOf(apiVersion: string, kind: string, o: Meta): ObjectRef {
  const m = o.metadata ?? {};
  const created = m.creationTimestamp;
  const expires = m.annotations?.[EXPIRES_ANNOTATION];
  return {
    apiVersion,
    kind,
    name: m.name ?? '',
    ...(kind !== 'Namespace' && m.namespace ? { namespace: m.namespace } : {}),
    ...(created ? { createdAt: new Date(created).toISOString() } : {}),
    ...(expires ? { expiresAt: expires } : {}),
  };
}

/** Cluster on top of @kubernetes/client-node; every failure is one kubeError line (exit 2). */
export class KubeCluster implements Cluster {
  readonly describe: string;
  readonly namespace: string;
  private readonly custom: CustomObjectsApi;

  constructor(private readonly kube: Kube) {
    this.describe = `context ${kube.context} (${kube.server})`;
    this.namespace = kube.namespace;
    this.custom = kube.kc.makeApiClient(CustomObjectsApi);
  }

  private act(verb: string, resource: string, namespace?: string, name?: string) {
    return { verb, resource, namespace, name, server: this.kube.server };
  }

  async create(obj: KubernetesObject): Promise<void> {
    const m = obj.metadata ?? {};
    await kubeCall(this.act('create', resourceOf(obj.kind ?? 'object'), m.namespace, m.name), () =>
      this.kube.objects.create(obj),
    );
  }

  async delete(ref: ObjectRef): Promise<void> {
    const spec: KubernetesObject = {
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      metadata: { name: ref.name, namespace: ref.namespace },
    };
    try {
      await this.kube.objects.delete(spec, undefined, undefined, 0, undefined, 'Background');
    } catch (err) {
      if (notFound(err)) return;
      await kubeCall(this.act('delete', resourceOf(ref.kind), ref.namespace, ref.name), () =>
        Promise.reject(err),
      );
    }
  }

  async deleteByLabel(namespace: string, selector: string): Promise<number> {
    const refs = (await this.listByLabel(selector, namespace)).filter((r) => r.kind !== 'Namespace');
    // Jobs first (their pods go with them), then loose pods and services.
    const order = ['Job', 'Pod', 'Service'];
    refs.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
    for (const r of refs) await this.delete(r);
    return refs.length;
  }

  async listByLabel(selector: string, namespace?: string): Promise<ObjectRef[]> {
    const out: ObjectRef[] = (await this.listNamespaces(selector)).map((n) => refOf('v1', 'Namespace', n));
    const ns = namespace;
    const tolerate404 = async <T>(call: () => Promise<T>, empty: T): Promise<T> => {
      try {
        return await call();
      } catch (err) {
        if (notFound(err)) return empty;
        throw err;
      }
    };
    const none = { items: [] };
    const q = { labelSelector: selector };
    const [jobs, pods, svcs] = await Promise.all([
      kubeCall(this.act('list', 'jobs', ns), () =>
        tolerate404(
          () =>
            ns
              ? this.kube.batch.listNamespacedJob({ namespace: ns, ...q })
              : this.kube.batch.listJobForAllNamespaces(q),
          none,
        ),
      ),
      kubeCall(this.act('list', 'pods', ns), () =>
        tolerate404(
          () =>
            ns
              ? this.kube.core.listNamespacedPod({ namespace: ns, ...q })
              : this.kube.core.listPodForAllNamespaces(q),
          none,
        ),
      ),
      kubeCall(this.act('list', 'services', ns), () =>
        tolerate404(
          () =>
            ns
              ? this.kube.core.listNamespacedService({ namespace: ns, ...q })
              : this.kube.core.listServiceForAllNamespaces(q),
          none,
        ),
      ),
    ]);
    return [
      ...out,
      ...jobs.items.map((i) => refOf('batch/v1', 'Job', i)),
      ...pods.items.map((i) => refOf('v1', 'Pod', i)),
      ...svcs.items.map((i) => refOf('v1', 'Service', i)),
    ];
  }

  async listNamespaces(selector: string): Promise<V1Namespace[]> {
    const list = await kubeCall(this.act('list', 'namespaces'), () =>
      this.kube.core.listNamespace({ labelSelector: selector }),
    );
    return list.items;
  }

  async listNodes(): Promise<V1Node[]> {
    return (await kubeCall(this.act('list', 'nodes'), () => this.kube.core.listNode())).items;
  }

  async listPods(namespace: string | undefined, selector?: string): Promise<V1Pod[]> {
    if (namespace === undefined) {
      const list = await kubeCall(this.act('list', 'pods'), () =>
        this.kube.core.listPodForAllNamespaces({
          fieldSelector: 'status.phase!=Succeeded,status.phase!=Failed',
          ...(selector ? { labelSelector: selector } : {}),
        }),
      );
      return list.items;
    }
    const list = await kubeCall(this.act('list', 'pods', namespace), () =>
      this.kube.core.listNamespacedPod({ namespace, ...(selector ? { labelSelector: selector } : {}) }),
    );
    return list.items;
  }

  async podEvents(namespace: string, pod: string): Promise<CoreV1Event[]> {
    const list = await kubeCall(this.act('list', 'events', namespace), () =>
      this.kube.core.listNamespacedEvent({
        namespace,
        fieldSelector: `involvedObject.kind=Pod,involvedObject.name=${pod}`,
      }),
    );
    return list.items;
  }

  async readLog(namespace: string, pod: string, container?: string): Promise<string> {
    try {
      const text = await this.kube.core.readNamespacedPodLog({
        name: pod,
        namespace,
        limitBytes: LOG_LIMIT_BYTES,
        ...(container ? { container } : {}),
      });
      return typeof text === 'string' ? text : String(text ?? '');
    } catch (err) {
      // 400 while the container is still being created ("waiting to start"): no log yet.
      const status = httpStatusOf(err);
      if (status === 400 || status === 404) return '';
      throw await kubeCall(this.act('get', 'pods/log', namespace, pod), () => Promise.reject(err)).catch(
        (e) => e,
      );
    }
  }

  async getDgd(namespace: string, name: string): Promise<unknown> {
    let last: unknown;
    for (const version of ['v1beta1', 'v1alpha1']) {
      try {
        return await this.custom.getNamespacedCustomObject({
          group: 'nvidia.com',
          version,
          namespace,
          plural: 'dynamographdeployments',
          name,
        });
      } catch (err) {
        last = err;
        if (!notFound(err)) break;
      }
    }
    return kubeCall(this.act('get', 'dynamographdeployments.nvidia.com', namespace, name), () =>
      Promise.reject(last),
    );
  }
}
