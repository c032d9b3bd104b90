import { ToolError } from '../core/errors.js';
import { type Check, check } from '../core/model.js';
import type { CustomObjectRef } from '../kube/cluster.js';
import { isClusterError } from '../kube/errors.js';
import { isRdmaResource } from './nodes.js';
import type { PairPlan } from './pair-plan.js';
import type { ProbeSettings } from './settings.js';

/**
 * Secondary networks (Multus) of the probe pods. A probe pod copies the
 * deployment's `k8s.v1.cni.cncf.io/networks` annotation, but runs in the
 * scratch namespace, where Multus would look an unqualified name up: so the
 * copied names are qualified with the deployment's namespace, every network
 * the pods will attach must exist as a NetworkAttachmentDefinition, and an
 * SR-IOV/host-device resource must come with the network that plumbs it in.
 * Parsing follows Multus's (references/secondary-networks.md).
 */

export const NETWORKS_ANNOTATION = 'k8s.v1.cni.cncf.io/networks';
/** On a NetworkAttachmentDefinition: the device-plugin resource whose devices it attaches. */
export const RESOURCE_NAME_ANNOTATION = 'k8s.v1.cni.cncf.io/resourceName';

const NAD = { group: 'k8s.cni.cncf.io', version: 'v1', plural: 'network-attachment-definitions' } as const;

/** Multus: each of namespace and name must be a DNS-1123 label. */
const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export interface NetworkRef {
  /** Empty when the annotation left it out (Multus then uses the pod's namespace). */
  namespace: string;
  name: string;
}

function bad(value: string, why: string): ToolError {
  return new ToolError(`annotation ${NETWORKS_ANNOTATION}="${value}" cannot be read: ${why}`, {
    fix: 'write it as Multus reads it: NAME, NAMESPACE/NAME or NAMESPACE/NAME@IFNAME, comma-separated, or a JSON list of {"name": …, "namespace": …}',
  });
}

/**
 * The networks an annotation value names, and the same value with every
 * namespace made explicit (`namespace` where it had none). Other fields of
 * the JSON form (interface, mac, ips, …) are kept as they are.
 */
export function qualifyNetworks(value: string, namespace: string): { value: string; refs: NetworkRef[] } {
  if (/[[{"]/.test(value)) {
    let list: unknown;
    try {
      list = JSON.parse(value);
    } catch (err) {
      throw bad(value, `not valid JSON (${(err as Error).message})`);
    }
    if (!Array.isArray(list)) throw bad(value, 'the JSON form is a list');
    const out = list.map((e) => {
      const o = e as Record<string, unknown>;
      if (!o || typeof o !== 'object' || typeof o.name !== 'string' || !o.name)
        throw bad(value, 'every element needs a "name"');
      const ns = typeof o.namespace === 'string' && o.namespace ? o.namespace : namespace;
      return { element: { ...o, namespace: ns }, ref: { namespace: ns, name: o.name } };
    });
    return { value: JSON.stringify(out.map((o) => o.element)), refs: out.map((o) => o.ref) };
  }
  const refs: NetworkRef[] = [];
  const items = value.split(',').map((raw) => {
    const item = raw.trim();
    const slash = item.split('/');
    if (slash.length > 2) throw bad(value, `"${item}" has more than one "/"`);
    const ns = slash.length === 2 ? (slash[0] as string).trim() : '';
    const at = (slash[slash.length - 1] as string).split('@');
    if (at.length > 2) throw bad(value, `"${item}" has more than one "@"`);
    const name = (at[0] as string).trim();
    const iface = at[1]?.trim();
    for (const part of [ns, name])
      if (part && !LABEL.test(part)) throw bad(value, `"${part}" is not a DNS-1123 label`);
    if (!name) throw bad(value, `"${item}" names no network`);
    const qualified = ns || namespace;
    refs.push({ namespace: qualified, name });
    return `${qualified ? `${qualified}/` : ''}${name}${iface ? `@${iface}` : ''}`;
  });
  return { value: items.join(','), refs };
}

/** Settings whose copied network annotation names every namespace (the deployment's where it named none). */
export function withQualifiedNetworks(s: ProbeSettings, namespace: string): ProbeSettings {
  const value = s.annotations[NETWORKS_ANNOTATION];
  if (value === undefined) return s;
  const q = qualifyNetworks(value, namespace);
  if (q.value === value) return s;
  return { ...s, annotations: { ...s.annotations, [NETWORKS_ANNOTATION]: q.value } };
}

/**
 * Resources that are virtual functions or host devices handed to the pod by a
 * device plugin (SR-IOV network device plugin, NVIDIA network operator's
 * host-device): their netdev reaches the pod only through the CNI of the
 * network that names them. Without it the pod has no RDMA interface and UCX
 * falls back to TCP.
 */
export function needsNetwork(resource: string): boolean {
  return /sriov|hostdev/i.test(resource);
}

/** What the plan asks for per probe pod: its network annotation (final, after --pod-annotation) and resources. */
interface PodNetworks {
  role: string;
  annotation?: string | undefined;
  refs: NetworkRef[];
  resources: string[];
}

function podNetworks(plan: PairPlan): PodNetworks[] {
  return plan.pods.map((p) => {
    const annotation = p.annotations[NETWORKS_ANNOTATION];
    // An unqualified name (from --pod-annotation) resolves where the pod runs: the scratch namespace.
    const refs = annotation ? qualifyNetworks(annotation, plan.namespace.name).refs : [];
    // Intra-node asks for no RDMA resource (src/pair/values.ts resourcesFor).
    const resources = p.settings.resources
      .map((r) => r.name)
      .filter((n) => plan.mode === 'cross-node' || !isRdmaResource(n));
    return { role: p.role, annotation, refs, resources };
  });
}

export type GetNad = (ref: CustomObjectRef) => Promise<unknown>;

interface Nad {
  ref: NetworkRef;
  resourceName?: string | undefined;
}

const refName = (r: NetworkRef) => `${r.namespace}/${r.name}`;

/**
 * Checks the networks the planned probe pods attach: each must exist (one
 * line naming it and the fix when it does not), and each SR-IOV/host-device
 * resource they request must be attached by one of them. `getNad` is absent
 * when the cluster is not read (--dry-run with named nodes): then only the
 * second rule, by annotation alone. RBAC refusing the read is a warning.
 */
export async function checkNetworks(plan: PairPlan, getNad: GetNad | undefined): Promise<Check[]> {
  const pods = podNetworks(plan);
  const checks: Check[] = [];
  const nads = new Map<string, Nad | 'unknown'>();
  for (const pod of pods) {
    for (const ref of pod.refs) {
      const key = refName(ref);
      if (nads.has(key)) continue;
      if (!getNad) {
        nads.set(key, 'unknown');
        continue;
      }
      try {
        const obj = (await getNad({ ...NAD, namespace: ref.namespace, name: ref.name })) as {
          metadata?: { annotations?: Record<string, string> };
        };
        nads.set(key, { ref, resourceName: obj?.metadata?.annotations?.[RESOURCE_NAME_ANNOTATION] });
      } catch (err) {
        if (isClusterError(err, 'not-found')) {
          throw new ToolError(
            `NetworkAttachmentDefinition ${key}, attached by the ${pod.role} probe pod (${NETWORKS_ANNOTATION}: ${pod.annotation}), does not exist`,
            {
              fix: `create it or correct the name (kubectl get network-attachment-definitions -n ${ref.namespace}); override the annotation with --pod-annotation ${NETWORKS_ANNOTATION}=NAMESPACE/NAME`,
            },
          );
        }
        if (!isClusterError(err, 'forbidden')) throw err;
        nads.set(key, 'unknown');
        checks.push(
          check(
            'pair.networks',
            'warn',
            `could not check that NetworkAttachmentDefinition ${key} exists: ${(err as Error).message}`,
            { fix: err.fix },
          ),
        );
      }
    }
  }
  for (const pod of pods) {
    for (const resource of pod.resources.filter(needsNetwork)) {
      const attached = pod.refs.map((r) => nads.get(refName(r)));
      const provides = attached.some((n) => n === 'unknown' || n?.resourceName === resource);
      if (provides) continue;
      const what = pod.refs.length
        ? `attaches only ${pod.refs.map(refName).join(', ')}, none of whose NetworkAttachmentDefinitions has ${RESOURCE_NAME_ANNOTATION}: ${resource}`
        : 'attaches no network for it';
      throw new ToolError(
        `the ${pod.role} probe pod requests ${resource} (an SR-IOV/host-device resource) but ${what}: the device would never be plumbed into the pod and the transfer would run over TCP`,
        {
          fix: `attach its network with --pod-annotation ${NETWORKS_ANNOTATION}=NAMESPACE/NAME (the NetworkAttachmentDefinition whose ${RESOURCE_NAME_ANNOTATION} is ${resource}), or ask for another RDMA resource with --rdma-resource`,
        },
      );
    }
  }
  const known = [...nads.values()].filter((n): n is Nad => n !== 'unknown');
  if (known.length) {
    checks.push(
      check(
        'pair.networks',
        'ok',
        `the probe pods attach ${known.map((n) => `${refName(n.ref)}${n.resourceName ? ` (${n.resourceName})` : ''}`).join(', ')}`,
        { matters: false },
      ),
    );
  }
  return checks;
}
