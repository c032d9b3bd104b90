import type { KubernetesObject } from '@kubernetes/client-node';
import { type Check, check } from '../../core/model.js';
import { EXPIRES_ANNOTATION } from '../../kube/cluster.js';
import { CREATED_BY_ANNOTATION, labelsFor } from '../../scratch/names.js';
import {
  formatNetworks,
  type Nad,
  type NadBook,
  NETWORKS_ANNOTATION,
  type NetworkRef,
  parseNetworks,
  RESOURCE_NAME_ANNOTATION,
} from './networks.js';
import type { PairPlan } from './plan.js';

/**
 * The deployment's NetworkAttachmentDefinitions, copied into the scratch
 * namespace. Multus with `namespaceIsolation` (OpenShift's default) refuses a
 * pod a network of another namespace, so the probe pods would never get their
 * sandbox (references/secondary-networks.md): each network a probe pod
 * attaches from another namespace is copied (its spec unchanged, so its CNI
 * config, IPAM ranges and `name` are the deployment's and its addresses come
 * from the same pool; its resourceName annotation kept), labelled as one of
 * the run's scratch objects, and the pod's annotation names the copy. A
 * network that could not be read (offline --dry-run, RBAC) is left as named.
 */

export const NAD_API_VERSION = 'k8s.cni.cncf.io/v1';
export const NAD_KIND = 'NetworkAttachmentDefinition';
/** On a copy: the network it was copied from (`NAMESPACE/NAME`). */
export const COPIED_FROM_ANNOTATION = 'interconnect-test/copied-from';

export interface NetworkCopies {
  objects: KubernetesObject[];
  checks: Check[];
}

const DNS_LABEL_MAX = 63;

/** The copy's name: the network's own, or `<namespace>-<name>` where two namespaces share a name. */
function copyName(ref: NetworkRef, taken: Map<string, string>): string {
  const key = `${ref.namespace}/${ref.name}`;
  const own = taken.get(ref.name);
  if (own === undefined || own === key) {
    taken.set(ref.name, key);
    return ref.name;
  }
  const name = `${ref.namespace}-${ref.name}`.slice(0, DNS_LABEL_MAX).replace(/-+$/, '');
  taken.set(name, key);
  return name;
}

function copyOf(plan: PairPlan, nad: Nad, name: string): KubernetesObject {
  const resourceName = nad.resourceName;
  return {
    apiVersion: NAD_API_VERSION,
    kind: NAD_KIND,
    metadata: {
      name,
      namespace: plan.namespace.name,
      labels: labelsFor(plan.runId, 'network'),
      annotations: {
        [EXPIRES_ANNOTATION]: plan.expiresAt,
        [CREATED_BY_ANNOTATION]: 'interconnect-test pair',
        [COPIED_FROM_ANNOTATION]: `${nad.ref.namespace}/${nad.ref.name}`,
        ...(resourceName ? { [RESOURCE_NAME_ANNOTATION]: resourceName } : {}),
      },
    },
    // The spec as it is: its CNI config, IPAM and network name are the deployment's.
    ...(nad.object.spec !== undefined ? { spec: nad.object.spec } : {}),
  } as KubernetesObject;
}

/**
 * Rewrites each probe pod's network annotation to copies in the scratch
 * namespace and returns the copies to create, each once. Run after
 * checkNetworks, whose reads the book holds.
 */
export function copyNetworks(plan: PairPlan, book: NadBook): NetworkCopies {
  const scratch = plan.namespace.name;
  const taken = new Map<string, string>();
  const copies = new Map<string, KubernetesObject>();
  const names = new Map<string, string>();
  const notRead = new Set<string>();
  for (const pod of plan.pods) {
    const value = pod.annotations[NETWORKS_ANNOTATION];
    if (value === undefined) continue;
    const list = parseNetworks(value, scratch);
    const entries = list.entries.map((e) => {
      if (e.ref.namespace === scratch) return e;
      const key = `${e.ref.namespace}/${e.ref.name}`;
      const nad = book.known(e.ref);
      if (nad === undefined || nad === 'unknown') {
        notRead.add(key);
        return e;
      }
      let name = names.get(key);
      if (name === undefined) {
        name = copyName(e.ref, taken);
        names.set(key, name);
        copies.set(key, copyOf(plan, nad, name));
      }
      return { ...e, ref: { namespace: scratch, name } };
    });
    pod.annotations[NETWORKS_ANNOTATION] = formatNetworks({ ...list, entries });
  }
  const checks: Check[] = [];
  // Offline (a --dry-run that did not read the cluster) the run itself copies them.
  if (notRead.size > 0 && !book.offline)
    checks.push(
      check(
        'pair.networks',
        'warn',
        `${[...notRead].join(', ')} not copied into the scratch namespace ${scratch} (not read): where Multus isolates namespaces (namespaceIsolation, OpenShift's default) the probe pods will not start`,
        {
          fix: `grant get on network-attachment-definitions.k8s.cni.cncf.io there, or create the network in ${scratch} and pass --scratch-namespace ${scratch} --pod-annotation ${NETWORKS_ANNOTATION}=NAME`,
          matters: false,
        },
      ),
    );
  return { objects: [...copies.values()], checks };
}
