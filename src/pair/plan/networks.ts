import { ToolError } from '../../core/errors.js';
import { type Check, check } from '../../core/model.js';
import type { CustomObjectRef } from '../../kube/cluster.js';
import { isClusterError } from '../../kube/errors.js';
import { GPU, isRdmaResource } from '../../kube/nodes.js';
import type { PairPlan } from './plan.js';
import { scaleUp } from './scale-up.js';
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

/** One element of the annotation: the network it names and, in the JSON form, its other fields. */
export interface NetworkEntry {
  ref: NetworkRef;
  /** The JSON form's element as written (interface, mac, ips, …). */
  element?: Record<string, unknown> | undefined;
  /** The comma form's `@IFNAME`. */
  iface?: string | undefined;
}

export interface NetworkList {
  json: boolean;
  entries: NetworkEntry[];
}

/** The annotation's elements, each namespace made explicit (`namespace` where it named none). */
export function parseNetworks(value: string, namespace: string): NetworkList {
  if (/[[{"]/.test(value)) {
    let list: unknown;
    try {
      list = JSON.parse(value);
    } catch (err) {
      throw bad(value, `not valid JSON (${(err as Error).message})`);
    }
    if (!Array.isArray(list)) throw bad(value, 'the JSON form is a list');
    const entries = list.map((e) => {
      const o = e as Record<string, unknown>;
      if (!o || typeof o !== 'object' || typeof o.name !== 'string' || !o.name)
        throw bad(value, 'every element needs a "name"');
      const ns = typeof o.namespace === 'string' && o.namespace ? o.namespace : namespace;
      return { element: o, ref: { namespace: ns, name: o.name } };
    });
    return { json: true, entries };
  }
  const entries = value.split(',').map((raw): NetworkEntry => {
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
    return { ref: { namespace: ns || namespace, name }, ...(iface ? { iface } : {}) };
  });
  return { json: false, entries };
}

/** The annotation value of a list, in the form it came in, every namespace written out. */
export function formatNetworks(list: NetworkList): string {
  if (list.json)
    return JSON.stringify(
      list.entries.map((e) => ({
        ...e.element,
        name: e.ref.name,
        ...(e.ref.namespace ? { namespace: e.ref.namespace } : {}),
      })),
    );
  return list.entries
    .map((e) => `${e.ref.namespace ? `${e.ref.namespace}/` : ''}${e.ref.name}${e.iface ? `@${e.iface}` : ''}`)
    .join(',');
}

/**
 * The networks an annotation value names, and the same value with every
 * namespace made explicit (`namespace` where it had none). Other fields of
 * the JSON form (interface, mac, ips, …) are kept as they are.
 */
export function qualifyNetworks(value: string, namespace: string): { value: string; refs: NetworkRef[] } {
  const list = parseNetworks(value, namespace);
  return { value: formatNetworks(list), refs: list.entries.map((e) => e.ref) };
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

/**
 * Resources a worker holds per NIC, not per pod: RDMA devices, SR-IOV VFs and
 * host devices (any name isRdmaResource or needsNetwork knows, and OpenShift's
 * SR-IOV operator's `openshift.io/<resourceName>`, whose name the cluster
 * admin chooses), AWS EFA. A probe with fewer GPUs than the worker gets its
 * share of them.
 */
export function isPerNicResource(name: string): boolean {
  return name !== GPU && (isRdmaResource(name) || needsNetwork(name) || /^openshift\.io\//.test(name));
}

/** The worker's count for `gpus` of its `workerGpus` GPUs: rounded up, at least 1. */
export function shareOf(count: number, workerGpus: number, gpus: number): number {
  return Math.max(1, Math.ceil((count * gpus) / workerGpus));
}

/**
 * The probe's share of the worker's per-NIC devices: each per-NIC resource
 * and the network attachments that plumb them in, by the worker's ratio to its
 * GPUs (worker 8 GPUs, 8 VFs, 8 networks → probe with 1 GPU: 1 VF, 1 network;
 * p5's 32 EFA over 8 GPUs → 4). Otherwise the probe asks for all of a busy
 * node's VFs and stays Pending beside the worker. An attachment whose
 * NetworkAttachmentDefinition plumbs a resource (its resourceName) is kept as
 * often as that resource's new count (Multus hands each attachment one of the
 * pod's devices); one that plumbs none (macvlan, ipvlan) is kept; one not read
 * (`unknown`) scales by the ratio. Unchanged when the worker's GPU count is not
 * known or the probe has as many. `keep`: a resource asked for by name
 * (--rdma-resource), never scaled.
 */
export function scaleToGpus(
  s: ProbeSettings,
  gpus: number,
  lookup: (ref: NetworkRef) => NadState | undefined = () => undefined,
  keep?: string,
): ProbeSettings {
  const worker = s.gpus;
  if (!worker || gpus === worker) return s;
  if (gpus > worker) return scaleUp(s, gpus, worker, keep, needsNetwork);
  const notes: string[] = [];
  const per = `of the worker's ${worker} GPUs`;
  const resources = s.resources.map((r) => {
    const n = Number(r.count);
    if (r.name === keep || !isPerNicResource(r.name) || !Number.isInteger(n) || n <= 0) return r;
    const want = shareOf(n, worker, gpus);
    if (want === n) return r;
    notes.push(`${r.name}: ${want} of the worker's ${n} (its share for ${gpus} ${per}, rounded up)`);
    return { ...r, count: String(want) };
  });
  const annotations = { ...s.annotations };
  const value = s.annotations[NETWORKS_ANNOTATION];
  if (value !== undefined) {
    const list = parseNetworks(value, '');
    const groupOf = (e: NetworkEntry): string => {
      const nad = e.ref.namespace ? lookup(e.ref) : undefined;
      if (nad === undefined || nad === 'unknown') return '?';
      return nad.resourceName ?? '';
    };
    const groups = new Map<string, number>();
    for (const e of list.entries) groups.set(groupOf(e), (groups.get(groupOf(e)) ?? 0) + 1);
    const allowed = new Map<string, number>();
    for (const [g, k] of groups) {
      const scaled = resources.find((r) => r.name === g)?.count;
      allowed.set(g, g === '' ? k : Math.min(k, scaled ? Number(scaled) : shareOf(k, worker, gpus)));
    }
    const kept = list.entries.filter((e) => {
      const g = groupOf(e);
      const left = allowed.get(g) ?? 0;
      allowed.set(g, left - 1);
      return left > 0;
    });
    if (kept.length < list.entries.length) {
      annotations[NETWORKS_ANNOTATION] = formatNetworks({ ...list, entries: kept });
      notes.push(
        `${NETWORKS_ANNOTATION}: ${kept.length} of the worker's ${list.entries.length} attachments (its share for ${gpus} ${per})`,
      );
    }
  }
  if (notes.length === 0) return s;
  return { ...s, resources, annotations, notes: [...s.notes, ...notes] };
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
    // Intra-node asks for no RDMA resource (src/pair/plan/values.ts resourcesFor).
    const resources = p.settings.resources
      .map((r) => r.name)
      .filter((n) => plan.mode === 'cross-node' || !isRdmaResource(n));
    return { role: p.role, annotation, refs, resources };
  });
}

export type GetNad = (ref: CustomObjectRef) => Promise<unknown>;

/** A NetworkAttachmentDefinition as read: what it plumbs in, and the object itself (copied into scratch). */
export interface Nad {
  ref: NetworkRef;
  resourceName?: string | undefined;
  object: { metadata?: { annotations?: Record<string, string> }; spec?: unknown };
}

/** `unknown`: not read (offline --dry-run, or RBAC refused it). */
export type NadState = Nad | 'unknown';

const refName = (r: NetworkRef) => `${r.namespace}/${r.name}`;

/**
 * The NetworkAttachmentDefinitions the run has read, each once: a missing one
 * is one line naming it and the fix; RBAC refusing the read is a warning
 * (`checks`) and the object is then `unknown`. Without `getNad` (a --dry-run
 * that did not read the cluster) every one is `unknown`.
 */
export class NadBook {
  readonly checks: Check[] = [];
  private readonly seen = new Map<string, NadState>();

  constructor(private readonly getNad: GetNad | undefined) {}

  /** Nothing is read: a --dry-run that did not read the cluster. */
  get offline(): boolean {
    return this.getNad === undefined;
  }

  /** What was read of `ref` (undefined when it was never asked for). */
  known(ref: NetworkRef): NadState | undefined {
    return this.seen.get(refName(ref));
  }

  async get(ref: NetworkRef, who: { role: string; annotation?: string | undefined }): Promise<NadState> {
    const key = refName(ref);
    const had = this.seen.get(key);
    if (had) return had;
    const state = await this.read(ref, key, who);
    this.seen.set(key, state);
    return state;
  }

  private async read(
    ref: NetworkRef,
    key: string,
    who: { role: string; annotation?: string | undefined },
  ): Promise<NadState> {
    if (!this.getNad) return 'unknown';
    try {
      const object = (await this.getNad({
        ...NAD,
        namespace: ref.namespace,
        name: ref.name,
      })) as Nad['object'];
      return { ref, resourceName: object?.metadata?.annotations?.[RESOURCE_NAME_ANNOTATION], object };
    } catch (err) {
      if (isClusterError(err, 'not-found')) {
        throw new ToolError(
          `NetworkAttachmentDefinition ${key}, attached by the ${who.role} probe pod (${NETWORKS_ANNOTATION}: ${who.annotation}), does not exist`,
          {
            fix: `create it or correct the name (kubectl get network-attachment-definitions -n ${ref.namespace}); override the annotation with --pod-annotation ${NETWORKS_ANNOTATION}=NAMESPACE/NAME`,
          },
        );
      }
      if (!isClusterError(err, 'forbidden')) throw err;
      this.checks.push(
        check(
          'pair.networks',
          'warn',
          `could not check that NetworkAttachmentDefinition ${key} exists: ${(err as Error).message}`,
          { fix: err.fix },
        ),
      );
      return 'unknown';
    }
  }

  /** Reads every network a settings' annotation names (before the plan scales them). */
  async readAll(s: ProbeSettings, role: string): Promise<void> {
    const annotation = s.annotations[NETWORKS_ANNOTATION];
    if (annotation === undefined) return;
    for (const e of parseNetworks(annotation, '').entries) {
      if (!e.ref.namespace) continue;
      try {
        await this.get(e.ref, { role, annotation });
      } catch (err) {
        // A missing one stops the run in checkNetworks, if a pod still attaches it (--pod-annotation may replace it).
        if (!(err instanceof ToolError)) throw err;
      }
    }
  }
}

/**
 * Checks the networks the planned probe pods attach: each must exist (one
 * line naming it and the fix when it does not), and each SR-IOV/host-device
 * resource they request must be attached by one of them. Without a reader
 * (--dry-run with named nodes, the cluster not read): only the second rule,
 * by annotation alone. RBAC refusing the read is a warning.
 */
export async function checkNetworks(plan: PairPlan, source: GetNad | NadBook | undefined): Promise<Check[]> {
  const book = source instanceof NadBook ? source : new NadBook(source);
  const pods = podNetworks(plan);
  const used = new Map<string, NadState>();
  for (const pod of pods) for (const ref of pod.refs) used.set(refName(ref), await book.get(ref, pod));
  // A book's own warnings are its owner's to report (the plan step reads it before this).
  const checks = source instanceof NadBook ? [] : [...book.checks];
  for (const pod of pods) {
    for (const resource of pod.resources.filter(needsNetwork)) {
      const attached = pod.refs.map((r) => used.get(refName(r)));
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
  const known = [...used.values()].filter((n): n is Nad => n !== 'unknown');
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
