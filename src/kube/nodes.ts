import type { V1Node, V1Pod, V1Taint, V1Toleration } from '@kubernetes/client-node';

/** The label the NVIDIA DRA driver puts on a node of a ComputeDomain (k8s-dra-driver-gpu computedomain.go; references/dra-claims.md). */
export const COMPUTE_DOMAIN_LABEL = 'resource.nvidia.com/computeDomain';
/**
 * Which nodes the probe pods go to. Pure: the plan step lists nodes and pods
 * and passes them in. Free GPUs = allocatable minus what non-terminated pods
 * request, the same sum the scheduler makes.
 */

export const GPU = 'nvidia.com/gpu';

/** Extended resources that mean "RDMA devices for this pod" on common clusters. */
const RDMA_RESOURCE = [
  /^rdma\//, // k8s-rdma-shared-dev-plugin (rdma/ib, rdma/rdma_shared_device_a, rdma/hca_shared_devices_a)
  /^nvidia\.com\/(hostdev|sriov|.*rdma|.*hca)/i, // NVIDIA network operator (SR-IOV / host-device)
  /^mellanox\.com\//,
  /^vpc\.amazonaws\.com\/efa$/, // AWS EFA
  /^networking\.gke\.io\.networks\/rdma-\d+$/, // GKE multi-network RDMA
  /^openshift\.io\/.*(rdma|mlnx|sriov)/i,
];

export function isRdmaResource(name: string): boolean {
  return RDMA_RESOURCE.some((re) => re.test(name));
}

/** Kubernetes quantity → number (`8`, `500m`, `1Ki`); 0 when unreadable. */
export function quantity(q: string | undefined): number {
  if (!q) return 0;
  const m = /^([0-9.]+)([a-zA-Z]*)$/.exec(q.trim());
  if (!m) return 0;
  const n = Number(m[1]);
  const mult: Record<string, number> = {
    '': 1,
    m: 1e-3,
    k: 1e3,
    K: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    Ki: 1024,
    Mi: 1024 ** 2,
    Gi: 1024 ** 3,
    Ti: 1024 ** 4,
  };
  return n * (mult[m[2] as string] ?? 1);
}

export interface NodeView {
  name: string;
  /** The `kubernetes.io/hostname` label the pods are pinned with. */
  hostname: string;
  ready: boolean;
  unschedulable: boolean;
  taints: V1Taint[];
  allocatable: Record<string, number>;
  free: Record<string, number>;
  labels: Record<string, string>;
}

function requestsOf(pod: V1Pod): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of pod.spec?.containers ?? []) {
    const req = { ...(c.resources?.limits ?? {}), ...(c.resources?.requests ?? {}) };
    for (const [k, v] of Object.entries(req)) out[k] = (out[k] ?? 0) + quantity(String(v));
  }
  return out;
}

/** Nodes with what is free on each. Pods that ended (Succeeded/Failed) hold nothing. */
export function nodeViews(nodes: readonly V1Node[], pods: readonly V1Pod[]): NodeView[] {
  const used = new Map<string, Record<string, number>>();
  for (const p of pods) {
    const node = p.spec?.nodeName;
    if (!node || p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
    const u = used.get(node) ?? {};
    for (const [k, v] of Object.entries(requestsOf(p))) u[k] = (u[k] ?? 0) + v;
    used.set(node, u);
  }
  return nodes
    .map((n) => {
      const name = n.metadata?.name ?? '';
      const allocatable: Record<string, number> = {};
      for (const [k, v] of Object.entries(n.status?.allocatable ?? {})) allocatable[k] = quantity(String(v));
      const u = used.get(name) ?? {};
      const free: Record<string, number> = {};
      for (const [k, v] of Object.entries(allocatable)) free[k] = Math.max(0, v - (u[k] ?? 0));
      return {
        name,
        hostname: n.metadata?.labels?.['kubernetes.io/hostname'] ?? name,
        ready: n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false,
        unschedulable: n.spec?.unschedulable === true,
        taints: n.spec?.taints ?? [],
        allocatable,
        free,
        labels: n.metadata?.labels ?? {},
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

function tolerates(tols: readonly V1Toleration[], t: V1Taint): boolean {
  return tols.some(
    (tol) =>
      (tol.effect === undefined || tol.effect === '' || tol.effect === t.effect) &&
      (tol.operator === 'Exists'
        ? tol.key === undefined || tol.key === '' || tol.key === t.key
        : tol.key === t.key && (tol.value ?? '') === (t.value ?? '')),
  );
}

export interface NodeNeeds {
  gpus: number;
  /** The GPU resource counted when not nvidia.com/gpu: a MIG slice (`nvidia.com/mig-1g.10gb`). */
  gpuResource?: string | undefined;
  /** The RDMA resource the pods request, if any, and how many. */
  rdma?: { name: string; count: number } | undefined;
  tolerations: readonly V1Toleration[];
  /**
   * Every resource the probe pods request: the ExtendedResourceToleration
   * admission plugin adds a toleration for each extended one.
   */
  requests?: readonly string[] | undefined;
  /** The probe pods join a ComputeDomain of their own (a copied IMEX channel claim: claims.ts). */
  computeDomain?: boolean | undefined;
}

/**
 * A node already in a ComputeDomain: the DRA driver's kubelet plugin labels each node of a domain
 * `resource.nvidia.com/computeDomain=<domain UID>` and refuses a second one ("label already exists
 * for a different ComputeDomain": NVIDIA/k8s-dra-driver-gpu cmd/compute-domain-kubelet-plugin/
 * computedomain.go:312-338, the key :41), so the probe's own domain would stay Pending there.
 */
export function otherDomain(n: NodeView, needs: NodeNeeds): string | undefined {
  const uid = needs.computeDomain ? n.labels[COMPUTE_DOMAIN_LABEL] : undefined;
  return uid
    ? `in ComputeDomain ${uid} already (a node joins one ComputeDomain only, so the probe pods' own would stay Pending)`
    : undefined;
}

export const OTHER_DOMAIN_FIX =
  'pick nodes outside any ComputeDomain, or test multi-node NVLink inside the live deployment with `pair --in-place --dgd NAME`';

/**
 * An extended resource as the API server defines it (`IsExtendedResourceName`):
 * a domain-prefixed name outside `kubernetes.io/`, not a quota `requests.` name.
 */
export function isExtendedResource(name: string): boolean {
  return name.includes('/') && !name.includes('kubernetes.io/') && !name.startsWith('requests.');
}

/**
 * What the ExtendedResourceToleration admission plugin adds to a pod that
 * requests these resources: `{key: <resource>, operator: Exists, effect:
 * NoSchedule}` for each extended one (references/cluster-access.md). GKE runs
 * it, and taints GPU nodes `nvidia.com/gpu:NoSchedule` relying on it.
 */
export function admissionTolerations(requests: readonly string[]): V1Toleration[] {
  return [...new Set(requests.filter(isExtendedResource))]
    .sort()
    .map((key) => ({ key, operator: 'Exists', effect: 'NoSchedule' }));
}

function untolerated(n: NodeView, tols: readonly V1Toleration[]): V1Taint | undefined {
  return n.taints.find((t) => (t.effect === 'NoSchedule' || t.effect === 'NoExecute') && !tolerates(tols, t));
}

const taintText = (t: V1Taint) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;

/**
 * The taint the node keeps the probe pods off with unless the
 * ExtendedResourceToleration admission plugin tolerates it for them (a fit
 * that relies on the plugin being enabled).
 */
export function reliesOnAdmission(n: NodeView, needs: NodeNeeds): V1Taint | undefined {
  const own = untolerated(n, needs.tolerations);
  if (!own || !needs.requests) return undefined;
  const withPlugin = [...needs.tolerations, ...admissionTolerations(needs.requests)];
  return untolerated(n, withPlugin) ? undefined : own;
}

/** Why a node cannot take a probe pod, or undefined when it can. */
export function unfitReason(n: NodeView, needs: NodeNeeds): string | undefined {
  if (!n.ready) return 'not Ready';
  if (n.unschedulable) return 'cordoned';
  const taint = untolerated(n, [...needs.tolerations, ...admissionTolerations(needs.requests ?? [])]);
  if (taint) return `taint ${taintText(taint)} not tolerated`;
  const domain = otherDomain(n, needs);
  if (domain) return domain;
  const g = needs.gpuResource ?? GPU;
  const gpus = n.free[g] ?? 0;
  if (gpus < needs.gpus) return `${gpus} free ${g} of ${n.allocatable[g] ?? 0} (needs ${needs.gpus})`;
  if (needs.rdma && (n.free[needs.rdma.name] ?? 0) < needs.rdma.count) {
    return `${n.free[needs.rdma.name] ?? 0} free ${needs.rdma.name} (needs ${needs.rdma.count})`;
  }
  return undefined;
}

/** The RDMA resource most GPU nodes advertise, when the recipe names none. */
export function detectRdmaResource(nodes: readonly NodeView[]): string | undefined {
  const counts = new Map<string, number>();
  for (const n of nodes) {
    if ((n.allocatable[GPU] ?? 0) === 0) continue;
    for (const [k, v] of Object.entries(n.allocatable))
      if (v > 0 && isRdmaResource(k)) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** The RDMA resource the probe asks for; `perGpus`: found on the nodes, `count` being for that many GPUs. */
export interface RdmaAsk {
  name: string;
  count: string;
  perGpus?: number | undefined;
}

/**
 * With no recipe: the RDMA resource the nodes advertise, as the node's own devices for the node's
 * GPUs (p5: 32 vpc.amazonaws.com/efa for 8 GPUs), so that scaleToGpus gives a probe pod its GPUs'
 * share (4 for 1, 32 for every rail) and every GPU its own NICs. A shared pool (`rdma/…`: one unit
 * is every HCA of the pool) stays 1. Undefined when no node advertises one.
 */
export function nodeRdmaShare(
  fleet: readonly NodeView[],
  /** The pair's nodes when named: the resource is what THEY advertise, not the fleet's most common. */
  on: readonly (string | undefined)[] = [],
): RdmaAsk | undefined {
  const named = fleet.filter((n) => on.includes(n.name));
  const nodes = named.length > 0 ? named : fleet;
  const name = detectRdmaResource(nodes);
  if (!name) return undefined;
  // A shared pool (scale-up.ts isSharedRdmaPool; not imported: scale-up.ts imports this file).
  if (/^rdma\//.test(name)) return { name, count: '1' };
  const withBoth = nodes.filter((n) => (n.allocatable[name] ?? 0) > 0 && (n.allocatable[GPU] ?? 0) > 0);
  const ratio = Math.min(
    ...withBoth.map((n) => (n.allocatable[name] as number) / (n.allocatable[GPU] as number)),
  );
  const nodeGpus = Math.max(...withBoth.map((n) => n.allocatable[GPU] as number));
  if (!Number.isFinite(ratio) || ratio <= 0) return { name, count: '1' };
  return { name, count: String(Math.max(1, Math.floor(ratio * nodeGpus))), perGpus: nodeGpus };
}

/**
 * Node choice counts the RDMA devices of one GPU; the pods then ask for their GPUs' share (every
 * rail: the node's whole count). For each planned pod whose node has fewer free RDMA devices than
 * it requests, one line: it would stay Pending until --timeout (issue 37 item 10).
 */
export function rdmaShortfall(
  pods: readonly {
    node: { name: string };
    settings: { resources: readonly { name: string; count: string }[] };
  }[],
  nodes: readonly NodeView[] | undefined,
): string[] {
  const out: string[] = [];
  for (const p of pods) {
    const view = nodes?.find((n) => n.name === p.node.name);
    if (!view) continue;
    for (const r of p.settings.resources) {
      const want = Number(r.count);
      const free = view.free[r.name] ?? 0;
      if (isRdmaResource(r.name) && Number.isFinite(want) && free < want)
        out.push(`${view.name} has ${free} free ${r.name}; the probe pod asks for ${want} (its GPUs' share)`);
    }
  }
  return [...new Set(out)];
}

export type NodeChoice =
  | { ok: true; prefill: NodeView; decode: NodeView; how: string; warnings: string[] }
  | { ok: false; detail: string; fix: string };

export interface ChooseInput {
  nodes: readonly NodeView[];
  mode: 'cross-node' | 'intra-node';
  needs: NodeNeeds;
  /** Asked for: --prefill-node / --decode-node, or the DGD workers' nodes. */
  prefill?: string | undefined;
  decode?: string | undefined;
  /** Where the names came from, for messages: `--prefill-node`, `DGD worker pod x`. */
  from?: string | undefined;
}

function describe(nodes: readonly NodeView[], needs: NodeNeeds): string {
  return nodes.map((n) => `${n.name}: ${unfitReason(n, needs) ?? 'fits'}`).join('; ');
}

/**
 * Picks the two nodes (one twice for intra-node). Named nodes must exist; a
 * named node that looks full is kept with a warning (the scheduler decides
 * and its message is quoted). Otherwise the first fitting nodes by name.
 */
export function chooseNodes(input: ChooseInput): NodeChoice {
  const { nodes, mode, needs } = input;
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const warnings: string[] = [];
  const named = (
    name: string | undefined,
    role: string,
  ): NodeView | { missing: string; fix?: string } | undefined => {
    if (!name) return undefined;
    const n = byName.get(name);
    if (!n) return { missing: `${role} node ${name} (${input.from ?? 'named'}) does not exist` };
    const domain = otherDomain(n, needs);
    if (domain) return { missing: `${role} node ${name} is ${domain}`, fix: OTHER_DOMAIN_FIX };
    const why = unfitReason(n, needs);
    if (why) warnings.push(`${role} node ${name}: ${why}`);
    return n;
  };
  const p = named(input.prefill, 'prefill');
  const d = named(input.decode, 'decode');
  for (const x of [p, d]) {
    if (x && 'missing' in x)
      return { ok: false, detail: x.missing, fix: x.fix ?? 'check the name: kubectl get nodes' };
  }
  let prefill = p as NodeView | undefined;
  let decode = d as NodeView | undefined;
  if (mode === 'intra-node') {
    if (prefill && decode && prefill.name !== decode.name) {
      return {
        ok: false,
        detail: `intra-node mode runs both ranks on one node, but prefill is ${prefill.name} and decode is ${decode.name}`,
        fix: 'name one node (--prefill-node), or use --mode cross-node',
      };
    }
    const one =
      prefill ??
      decode ??
      nodes.find((n) => !unfitReason(n, needs) && !reliesOnAdmission(n, needs)) ??
      nodes.find((n) => !unfitReason(n, needs));
    if (!one) {
      return {
        ok: false,
        detail: `no node has ${needs.gpus} free GPUs: ${describe(nodes, needs)}`,
        fix: 'free two GPUs on one node, or name a node with --prefill-node',
      };
    }
    warnings.push(...admissionWarnings({ prefill: one }, needs));
    return {
      ok: true,
      prefill: one,
      decode: one,
      how: prefill || decode ? (input.from ?? 'named') : 'first node with 2 free GPUs',
      warnings,
    };
  }
  if (prefill && decode && prefill.name === decode.name) {
    return {
      ok: false,
      detail: `cross-node mode needs two nodes, but prefill and decode are both ${prefill.name}`,
      fix: 'name two different nodes, or use --mode intra-node to test NVLink on that node',
    };
  }
  // Nodes that fit without the admission plugin first: it may be off.
  const fitting = nodes
    .filter((n) => !unfitReason(n, needs) && n.name !== prefill?.name && n.name !== decode?.name)
    .sort((a, b) => Number(!!reliesOnAdmission(a, needs)) - Number(!!reliesOnAdmission(b, needs)));
  const how =
    prefill && decode
      ? (input.from ?? 'named')
      : prefill || decode
        ? `${input.from ?? 'named'} + first fitting node`
        : 'first two fitting nodes';
  prefill ??= fitting.shift();
  decode ??= fitting.shift();
  warnings.push(...admissionWarnings({ prefill, decode }, needs));
  if (!prefill || !decode) {
    return {
      ok: false,
      detail: `fewer than two nodes can take a probe pod (${needs.gpus} GPU${needs.rdma ? ` + ${needs.rdma.count} ${needs.rdma.name}` : ''}): ${describe(nodes, needs) || 'no nodes'}`,
      fix: nodes.some((n) => otherDomain(n, needs))
        ? OTHER_DOMAIN_FIX
        : 'free a GPU on two nodes, or name them with --prefill-node/--decode-node',
    };
  }
  return { ok: true, prefill, decode, how, warnings };
}

/** A line for each chosen node whose taint only the ExtendedResourceToleration admission plugin tolerates. */
function admissionWarnings(chosen: Partial<Record<string, NodeView>>, needs: NodeNeeds): string[] {
  return Object.entries(chosen).flatMap(([role, n]) => {
    const t = n && reliesOnAdmission(n, needs);
    if (!n || !t) return [];
    return [
      `${role} node ${n.name}: taint ${taintText(t)} is tolerated only through the ExtendedResourceToleration admission plugin (the probe pods request ${t.key}); if they stay Pending on it, pass --toleration ${t.key}:${t.effect}`,
    ];
  });
}
