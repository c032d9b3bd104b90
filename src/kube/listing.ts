import type { V1ConfigMap, V1Job, V1Lease, V1Namespace, V1Pod, V1Service } from '@kubernetes/client-node';
import { type Clients, refOf } from './clients.js';
import type { ObjectRef } from './cluster.js';
import type { KubeAction } from './errors.js';

/**
 * Listing our objects by label (KubeCluster.listByLabel, listLeases): one list per kind, in one
 * namespace or in all. With a namespace nothing outside it is listed (a least-privilege `gc -n`
 * considers only what it may delete), but the namespace itself is, when it carries the labels.
 */

type Tolerate<T> = { statuses: number[]; fallback: T };

/** KubeCluster's bounded, typed call, and how it names an action. */
export interface Caller {
  call<T>(action: KubeAction, fn: (c: Clients) => Promise<T>, tolerate?: Tolerate<T>): Promise<T>;
  act(verb: string, resource: string, namespace?: string, name?: string): KubeAction;
}

/** The DRA objects `pair` may make in a scratch namespace (src/pair/plan/claim-values.ts). */
const CLAIM_KINDS = [
  {
    group: 'resource.k8s.io',
    version: 'v1',
    plural: 'resourceclaimtemplates',
    kind: 'ResourceClaimTemplate',
  },
  { group: 'resource.nvidia.com', version: 'v1beta1', plural: 'computedomains', kind: 'ComputeDomain' },
] as const;
const NAD = { group: 'k8s.cni.cncf.io', version: 'v1', plural: 'network-attachment-definitions' } as const;
type Meta = Parameters<typeof refOf>[2];

const empty = <T>(statuses: number[]): Tolerate<{ items: T[] }> => ({ statuses, fallback: { items: [] } });

/** Leases: 404 (coordination.k8s.io not served) is empty; `strict` false also tolerates a 403. */
export async function listLeaseRefs(
  k: Caller,
  selector: string,
  ns: string | undefined,
  strict: boolean,
): Promise<ObjectRef[]> {
  const q = { labelSelector: selector };
  const list = await k.call(
    k.act('list', 'leases.coordination.k8s.io', ns),
    (c) =>
      ns
        ? c.coordination.listNamespacedLease({ namespace: ns, ...q })
        : c.coordination.listLeaseForAllNamespaces(q),
    empty<V1Lease>(strict ? [404] : [403, 404]),
  );
  return list.items.map((i) => refOf('coordination.k8s.io/v1', 'Lease', i));
}

function namespacesOf(
  k: Caller,
  selector: string,
  ns: string | undefined,
): Promise<{ items: V1Namespace[] }> {
  // In one namespace: only that one, and only when it is ours (a credential that may not list
  // namespaces cannot have created it either).
  if (ns)
    return k.call(
      k.act('list', 'namespaces', undefined, ns),
      (c) => c.core.listNamespace({ labelSelector: selector, fieldSelector: `metadata.name=${ns}` }),
      empty<V1Namespace>([403]),
    );
  return k.call(k.act('list', 'namespaces'), (c) => c.core.listNamespace({ labelSelector: selector }));
}

/**
 * `kinds` (when given) limits the lists to those kinds: a teardown asks only for the kinds its run
 * created (and the Pods of its Jobs), so a kind it never made, whose API is not answering (a CRD's
 * storage still re-initializing after an API server restart answers 429), cannot hold up the
 * confirmation that its own objects are gone.
 */
export async function listRefs(
  k: Caller,
  selector: string,
  ns: string | undefined,
  kinds?: ReadonlySet<string>,
): Promise<ObjectRef[]> {
  const q = { labelSelector: selector };
  const only = <T>(kind: string, list: () => Promise<{ items: T[] }>): Promise<{ items: T[] }> =>
    !kinds || kinds.has(kind) ? list() : Promise.resolve({ items: [] });
  const [namespaces, jobs, pods, svcs, cms, nads, leases, ...claimLists] = await Promise.all([
    only('Namespace', () => namespacesOf(k, selector, ns)),
    // A kind the API server does not serve (404) lists as empty.
    only('Job', () =>
      k.call(
        k.act('list', 'jobs', ns),
        (c) => (ns ? c.batch.listNamespacedJob({ namespace: ns, ...q }) : c.batch.listJobForAllNamespaces(q)),
        empty<V1Job>([404]),
      ),
    ),
    only('Pod', () =>
      k.call(
        k.act('list', 'pods', ns),
        (c) => (ns ? c.core.listNamespacedPod({ namespace: ns, ...q }) : c.core.listPodForAllNamespaces(q)),
        empty<V1Pod>([404]),
      ),
    ),
    only('Service', () =>
      k.call(
        k.act('list', 'services', ns),
        (c) =>
          ns ? c.core.listNamespacedService({ namespace: ns, ...q }) : c.core.listServiceForAllNamespaces(q),
        empty<V1Service>([404]),
      ),
    ),
    // Only `pair --engine nixl` makes one (in the scratch namespace, which the Role there
    // lets us list); cluster-wide, a credential that may not list ConfigMaps everywhere
    // (the CronJob's) still finds every per-run namespace, and a ConfigMap goes with it.
    only('ConfigMap', () =>
      k.call(
        k.act('list', 'configmaps', ns),
        (c) =>
          ns
            ? c.core.listNamespacedConfigMap({ namespace: ns, ...q })
            : c.core.listConfigMapForAllNamespaces(q),
        empty<V1ConfigMap>(ns ? [404] : [403, 404]),
      ),
    ),
    // pair copies the deployment's NetworkAttachmentDefinitions into the scratch namespace
    // (Multus namespaceIsolation). The CRD absent (404), or a credential of before that (403): none.
    only('NetworkAttachmentDefinition', () =>
      k.call(
        k.act('list', 'network-attachment-definitions.k8s.cni.cncf.io', ns),
        (c) =>
          (ns
            ? c.custom.listNamespacedCustomObject({ ...NAD, namespace: ns, ...q })
            : c.custom.listClusterCustomObject({ ...NAD, ...q })) as Promise<{ items: Meta[] }>,
        empty<Meta>([403, 404]),
      ),
    ),
    // Leases live in the lease namespace, not a scratch one: where we may not list them, none.
    !kinds || kinds.has('Lease') ? listLeaseRefs(k, selector, ns, false) : Promise.resolve([]),
    // DRA: a probe's claim sources (pair's scratch ResourceClaimTemplate or ComputeDomain); where
    // the group is not served (404) or we may not list it (403), none.
    ...CLAIM_KINDS.map((t) =>
      only(t.kind, () =>
        k.call(
          k.act('list', t.plural, ns),
          (c) =>
            (ns
              ? c.custom.listNamespacedCustomObject({
                  group: t.group,
                  version: t.version,
                  namespace: ns,
                  plural: t.plural,
                  labelSelector: selector,
                })
              : c.custom.listClusterCustomObject({
                  group: t.group,
                  version: t.version,
                  plural: t.plural,
                  labelSelector: selector,
                })) as Promise<{
              items: { metadata?: { name?: string; namespace?: string } }[];
            }>,
          empty<{ metadata?: { name?: string; namespace?: string } }>([403, 404]),
        ),
      ),
    ),
  ]);
  return [
    ...namespaces.items.map((n) => refOf('v1', 'Namespace', n)),
    ...jobs.items.map((i) => refOf('batch/v1', 'Job', i)),
    ...pods.items.map((i) => refOf('v1', 'Pod', i)),
    ...svcs.items.map((i) => refOf('v1', 'Service', i)),
    ...cms.items.map((i) => refOf('v1', 'ConfigMap', i)),
    ...claimLists.flatMap((l, i) => {
      const t = CLAIM_KINDS[i] as (typeof CLAIM_KINDS)[number];
      return (l as { items: { metadata?: { name?: string; namespace?: string } }[] }).items.map((o) =>
        refOf(`${t.group}/${t.version}`, t.kind, o as Parameters<typeof refOf>[2]),
      );
    }),
    ...nads.items.map((i) => refOf('k8s.cni.cncf.io/v1', 'NetworkAttachmentDefinition', i)),
    ...leases,
  ];
}
