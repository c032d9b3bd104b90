import { CoordinationV1Api } from '@kubernetes/client-node';
import type { TestEnv } from './env.js';

/** The label on everything the tool under test (not this harness) creates. */
const TOOL_MANAGED = 'app.kubernetes.io/managed-by=interconnect-test';

/** Everything labelled as ours, anywhere: namespaces, and Jobs, Pods, Services, ConfigMaps, node Leases in any namespace. */
export async function toolLeftovers(e: TestEnv): Promise<string[]> {
  const [ns, jobs, pods, svcs, cms, leases] = await Promise.all([
    e.core.listNamespace({ labelSelector: TOOL_MANAGED }),
    e.batch.listJobForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listPodForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listServiceForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.core.listConfigMapForAllNamespaces({ labelSelector: TOOL_MANAGED }),
    e.kc.makeApiClient(CoordinationV1Api).listLeaseForAllNamespaces({ labelSelector: TOOL_MANAGED }),
  ]);
  return [
    ...ns.items.map((o) => `namespace/${o.metadata?.name}`),
    ...jobs.items.map((o) => `job/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...pods.items.map((o) => `pod/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...svcs.items.map((o) => `service/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...cms.items.map((o) => `configmap/${o.metadata?.namespace}/${o.metadata?.name}`),
    ...leases.items.map((o) => `lease/${o.metadata?.namespace}/${o.metadata?.name}`),
  ];
}
