import {
  CoordinationV1Api,
  CustomObjectsApi,
  type KubernetesObject,
  PatchStrategy,
} from '@kubernetes/client-node';
import type { TestEnv } from './env.js';

/** The label on everything the tool under test (not this harness) creates. */
const TOOL_MANAGED = 'app.kubernetes.io/managed-by=interconnect-test';

/** NetworkAttachmentDefinitions labelled as ours in any namespace (none when the CRD is not installed). */
async function toolNads(e: TestEnv): Promise<{ items: KubernetesObject[] }> {
  const custom = e.kc.makeApiClient(CustomObjectsApi);
  try {
    return (await custom.listClusterCustomObject({
      group: 'k8s.cni.cncf.io',
      version: 'v1',
      plural: 'network-attachment-definitions',
      labelSelector: TOOL_MANAGED,
    })) as { items: KubernetesObject[] };
  } catch (err) {
    if ((err as { code?: number }).code === 404) return { items: [] };
    throw err;
  }
}

/**
 * Everything labelled as ours, anywhere: namespaces, and Jobs, Pods, Services, ConfigMaps,
 * NetworkAttachmentDefinitions, node Leases in any namespace.
 *
 * A run's teardown ends once nothing of it is left but its own deleted, empty namespace, which
 * the namespace controller removes only after its fixed 5 s grace (src/scratch/teardown.ts,
 * references/kubernetes-teardown.md). So when the only leftovers are such namespaces (deleted,
 * nothing listed inside), this waits up to `emptiedMs` for them to go before it answers; any
 * other leftover is returned at once.
 */
export function toolLeftovers(e: TestEnv, emptiedMs = 15_000): Promise<string[]> {
  return settled(() => listLeftovers(e), emptiedMs);
}

/**
 * What `list` finds once only deleted, empty namespaces are left and they are gone (or `emptiedMs`
 * passed): toolLeftovers' wait, for a test that lists its own way (`emptiedOnly`: see below).
 */
export async function settled(
  list: () => Promise<{ all: string[]; emptiedOnly: boolean }>,
  emptiedMs = 15_000,
): Promise<string[]> {
  const until = Date.now() + emptiedMs;
  for (;;) {
    const { all, emptiedOnly } = await list();
    if (!emptiedOnly || Date.now() >= until) return all;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Only namespaces are left, each deleted (a deletionTimestamp): the run's emptied namespaces. */
export function onlyEmptiedNamespaces(
  namespaces: readonly { metadata?: { deletionTimestamp?: unknown } }[],
  all: readonly string[],
): boolean {
  return (
    namespaces.length > 0 &&
    all.length === namespaces.length &&
    namespaces.every((o) => o.metadata?.deletionTimestamp !== undefined)
  );
}

async function listLeftovers(e: TestEnv): Promise<{ all: string[]; emptiedOnly: boolean }> {
  const [ns, jobs, pods, svcs, cms, leases, nads] = await Promise.all([
    e.core.listNamespace({ labelSelector: TOOL_MANAGED }),
    e.batch.listJobForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listPodForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listServiceForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listConfigMapForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.kc.makeApiClient(CoordinationV1Api).listLeaseForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    toolNads(e),
  ]);
  const all = [
    ...ns.items.map((o) => `namespace/${o.metadata?.name}`),
    ...jobs.items.map((o) => `job/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...pods.items.map((o) => `pod/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...svcs.items.map((o) => `service/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...cms.items.map((o) => `configmap/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...leases.items.map((o) => `lease/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...nads.items.map((o) => `network-attachment-definition/${o.metadata?.namespace}/${o.metadata?.name}`),
  ];
  return { all, emptiedOnly: onlyEmptiedNamespaces(ns.items, all) };
}

/** A run's Leases in the lease namespace the e2e config sets ($INTERCONNECT_TEST_LEASE_NAMESPACE). */
async function runLeases(e: TestEnv, runId: string) {
  const namespace = process.env.INTERCONNECT_TEST_LEASE_NAMESPACE ?? 'interconnect-test';
  const api = e.kc.makeApiClient(CoordinationV1Api);
  const list = await api.listNamespacedLease({
    namespace,
    labelSelector: `interconnect-test/run-id=${runId}`,
  });
  return { namespace, list, api };
}

/**
 * A killed CLI's node Leases stay live for leaseDurationSeconds (60 s) after their last
 * renewal: let that time pass by moving renewTime back (as a test moves an expiry annotation).
 * In the lease namespace the e2e config sets ($INTERCONNECT_TEST_LEASE_NAMESPACE). Returns their names.
 */
export async function expireRunLeases(e: TestEnv, runId: string): Promise<string[]> {
  const { namespace, list } = await runLeases(e, runId);
  const past = new Date(Date.now() - 600_000).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  for (const l of list.items)
    await e.objects.patch(
      {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: l.metadata?.name, namespace },
        spec: { renewTime: past },
      } as KubernetesObject,
      undefined,
      undefined,
      undefined,
      undefined,
      PatchStrategy.MergePatch,
    );
  return list.items.map((l) => l.metadata?.name ?? '');
}

/**
 * A killed CLI leaves its Leases behind by design (they lapse after 60 s, and the next run takes them
 * over); a test that killed one deletes them, so the "nothing labelled as ours" checks of the tests
 * after it stay exact. In the same lease namespace as expireRunLeases. Returns their names.
 */
export async function deleteRunLeases(e: TestEnv, runId: string): Promise<string[]> {
  const { namespace, list, api } = await runLeases(e, runId);
  for (const l of list.items) await api.deleteNamespacedLease({ name: l.metadata?.name ?? '', namespace });
  return list.items.map((l) => l.metadata?.name ?? '');
}

/** Resource versions of everything in the deployment's namespace: nothing may change. */
export async function namespaceVersions(e: TestEnv): Promise<Record<string, string>> {
  const ns = e.namespace;
  const lists = await Promise.all([
    e.core.listNamespacedPod({ namespace: ns }),
    e.core.listNamespacedService({ namespace: ns }),
    e.core.listNamespacedConfigMap({ namespace: ns }),
    e.core.listNamespacedSecret({ namespace: ns }),
    e.core.listNamespacedServiceAccount({ namespace: ns }),
    e.batch.listNamespacedJob({ namespace: ns }),
  ]);
  const out: Record<string, string> = {};
  const kinds = ['pod', 'service', 'configmap', 'secret', 'serviceaccount', 'job'];
  lists.forEach((l, i) => {
    for (const o of l.items) out[`${kinds[i]}/${o.metadata?.name}`] = o.metadata?.resourceVersion ?? '';
  });
  out[`namespace/${ns}`] = (await e.core.readNamespace({ name: ns })).metadata?.resourceVersion ?? '';
  return out;
}
