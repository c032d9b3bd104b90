import { type Check, check } from '../core/model.js';
import { arr, obj, type RawService, str, strs } from './raw.js';
import type { EngineFacts } from './resolve.js';
import { carriedByUcx, wantsMnnvl } from './rules.js';
import type { EnvService } from './schema.js';
import { parseUcxTls } from './ucx.js';

/** A resolved service together with what only the graph checks need. */
export interface ServiceCtx {
  svc: EnvService;
  raw: RawService;
  subject: string;
  /** The engine, its tensor parallelism and KV path (resolve.ts engineFactsOf). */
  facts?: EngineFacts;
}

function selects(selector: unknown, labels: Record<string, string>): boolean {
  const sel = obj(selector);
  if (!sel) return false;
  for (const [k, v] of Object.entries(obj(sel.matchLabels) ?? {})) if (labels[k] !== str(v)) return false;
  for (const e of arr(sel.matchExpressions)) {
    const x = obj(e);
    const key = str(x?.key) ?? '';
    const values = strs(x?.values);
    const has = key in labels;
    switch (str(x?.operator)) {
      case 'In':
        if (!has || !values.includes(labels[key] as string)) return false;
        break;
      case 'NotIn':
        if (has && values.includes(labels[key] as string)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** How strongly `from`'s podAffinity pulls it onto the node of `to` (or its podAntiAffinity pushes it off, `away`). */
export function pull(from: RawService, to: RawService, away = false): 'required' | 'preferred' | undefined {
  const pa = obj(away ? from.affinity?.podAntiAffinity : from.affinity?.podAffinity);
  const onHost = (t: unknown) =>
    str(obj(t)?.topologyKey) === 'kubernetes.io/hostname' && selects(obj(t)?.labelSelector, to.labels);
  if (arr(pa?.requiredDuringSchedulingIgnoredDuringExecution).some(onHost)) return 'required';
  if (arr(pa?.preferredDuringSchedulingIgnoredDuringExecution).some((w) => onHost(obj(w)?.podAffinityTerm)))
    return 'preferred';
  return undefined;
}

/**
 * Ways KV can leave a pod other than the pod network. hostNetwork shares the host's network
 * namespace, not its devices: the RDMA character devices (/dev/infiniband/uverbsN, rdma_cm) reach a
 * container only as a device resource's DeviceSpecs (Mellanox/k8s-rdma-shared-dev-plugin
 * pkg/resources/rdma_device_spec.go), a DRA claim, or privileged; without one of those the host's
 * NICs carry KV over TCP, a host-network path but no RDMA one (references/env-rules.md).
 */
export function fastPaths(s: EnvService): string[] {
  const paths = [...s.pod.rdmaResources];
  if (s.pod.hostNetwork && (s.pod.privileged || s.pod.rdmaResources.length > 0)) paths.push('hostNetwork');
  paths.push(...s.pod.networkAnnotations);
  const tls = s.transportVars.UCX_TLS?.value;
  const ipcAllowed = tls === undefined || parseUcxTls(tls).cudaIpc;
  if (s.pod.computeDomainClaims.length > 0 && ipcAllowed && wantsMnnvl(s)) paths.push('MNNVL ComputeDomain');
  return paths;
}

/** A worker on Cloud TPU chips (`google.com/tpu`): its KV reaches another host over the data-center network only. */
function onTpu(c: ServiceCtx): boolean {
  const tpu = c.raw.resources['google.com/tpu'];
  return tpu !== undefined && tpu !== '0';
}

/** `decode` for a service named after its role, `VllmDecodeWorker (decode)` otherwise. */
function label(c: ServiceCtx): string {
  return c.svc.name === c.svc.role ? c.svc.name : `${c.svc.name} (${c.svc.role})`;
}

/** Keeps long resource lists readable: `networking.gke.io.networks/rdma-0 +3 more`. */
function short(items: string[]): string {
  return items.length > 2 ? `${items[0]} +${items.length - 1} more` : items.join(', ');
}

export function kvNetworkCheck(
  prefill: ServiceCtx[],
  decode: ServiceCtx[],
  subject: string,
): Check | undefined {
  if (prefill.length === 0 || decode.length === 0) return undefined;
  const all = [...prefill, ...decode];
  // Cloud TPU hosts of different slices reach each other only through the hosts over the data-center
  // network (cloud.google.com/tpu/docs/multislice-introduction): a TPU VM has no RDMA NIC to request, so
  // KV handed between TPU pods takes the only path there is, by design (issue 38 P3: the context decides).
  if (all.every(onTpu))
    return check(
      'env.kv-over-pod-network',
      'ok',
      'prefill and decode run on Cloud TPU hosts (google.com/tpu): KV between slices crosses the data-center network, the only path TPU VMs have (no RDMA NIC to request)',
      { subject },
    );
  const lacking = all.filter((c) => fastPaths(c.svc).length === 0);
  const describe = (c: ServiceCtx) => `${label(c)}: ${short(fastPaths(c.svc))}`;
  if (lacking.length === 0) {
    return check(
      'env.kv-over-pod-network',
      'ok',
      `KV has a path off the pod network — ${all.map(describe).join('; ')}`,
      { subject },
    );
  }
  // UCX_TLS without cuda_ipc in a pod with no RDMA path leaves that pod's KV one way out, wherever the pods land:
  // tcp (cuda_copy stages it through host memory; UCX's shared-memory transports need the peer's IPC namespace,
  // which another pod does not share). Placement cannot save it, so it is the TCP fallback itself (P5). KV the engine
  // stages through host memory on purpose (kv_buffer_device cpu) stays the deliberate, slower path env.ucx-tls warns.
  const noIpc = lacking.filter((c) => {
    const tls = c.svc.transportVars.UCX_TLS;
    return (
      c.facts?.kv !== undefined &&
      carriedByUcx(c.facts.kv) &&
      !c.facts.kv.hostStaged &&
      tls?.visible === true &&
      tls.value !== undefined &&
      !parseUcxTls(tls.value).cudaIpc
    );
  });
  if (noIpc.length > 0)
    return check(
      'env.kv-over-pod-network',
      'fail',
      `${noIpc.map((c) => `${label(c)}: UCX_TLS=${c.svc.transportVars.UCX_TLS?.value}`).join('; ')} leaves out cuda_ipc, and ${noIpc.length > 1 ? 'these pods have' : 'the pod has'} no RDMA resource, secondary or host network: KV goes over TCP wherever the pods run`,
      {
        subject,
        fix: 'request the RDMA device (e.g. rdma/ib) with IPC_LOCK on prefill and decode, or keep cuda_ipc in UCX_TLS and both on one node (or one NVLink domain with a ComputeDomain)',
      },
    );
  // KV over NCCL (vLLM's P2pNcclConnector) between pods: NCCL treats a peer as local only when their host hashes
  // match, and the hash is the hostname plus the boot id unless NCCL_HOSTID is set (NVIDIA/nccl src/misc/utils.cc,
  // getHostHashOnce); a pod has its own hostname, so NCCL's P2P and SHM transports refuse a peer in another pod
  // (src/transport/p2p.cc, shm.cc: hostHash compare) wherever the pods land. With no RDMA device its net transport is
  // the socket one: KV goes over the pod network, and podAffinity cannot help (P5).
  const viaNccl = lacking.filter(
    (c) =>
      c.facts?.kv?.transport === 'NCCL' &&
      !c.svc.pod.hostNetwork &&
      c.svc.transportVars.NCCL_HOSTID === undefined,
  );
  if (viaNccl.length > 0)
    return check(
      'env.kv-over-pod-network',
      'fail',
      `${viaNccl.map(label).join(' and ')} ${viaNccl.length > 1 ? 'move' : 'moves'} KV over NCCL (${viaNccl[0]?.facts?.kv?.from}) with no RDMA resource, secondary or host network: NCCL takes a peer in another pod (its own hostname) for another host, so its P2P/SHM transports are out even on one node, and its socket transport carries KV over the pod network (TCP)`,
      {
        subject,
        fix: 'request the RDMA device (e.g. rdma/ib) with IPC_LOCK on prefill and decode, or use a connector whose transport reaches the other pod (NixlConnector over RDMA)',
      },
    );
  const multinode = all.filter((c) => c.svc.pod.nodeCount > 1);
  let together: 'required' | 'preferred' | undefined;
  if (multinode.length === 0) {
    const pulls = prefill.flatMap((p) => decode.map((d) => pull(p.raw, d.raw) ?? pull(d.raw, p.raw)));
    if (pulls.every((x) => x === 'required')) together = 'required';
    else if (pulls.every((x) => x !== undefined)) together = 'preferred';
  }
  const names = `${lacking.map(label).join(' and ')} ${lacking.length > 1 ? 'have' : 'has'}`;
  const hostOnly = lacking.filter((c) => c.svc.pod.hostNetwork).map(label);
  const hostNote = hostOnly.length
    ? ` (${hostOnly.join(' and ')}: hostNetwork alone gives the host's NICs, not their RDMA devices, which come with an RDMA resource, a DRA claim or privileged)`
    : '';
  if (together) {
    const how = together === 'required' ? 'required podAffinity holds' : 'preferred podAffinity pulls';
    return check(
      'env.kv-over-pod-network',
      'ok',
      `${how} prefill and decode onto one node, so KV stays on the node (over the pod network there: ${names} no RDMA, host or secondary network)`,
      { subject },
    );
  }
  // A required podAntiAffinity between them keeps every prefill off every decode's node (and the other way round).
  const apart = prefill.some((p) =>
    decode.some((d) => pull(p.raw, d.raw, true) === 'required' || pull(d.raw, p.raw, true) === 'required'),
  );
  const why = multinode.length
    ? `${multinode.map((c) => `${c.svc.name} spans ${c.svc.pod.nodeCount} nodes`).join(', ')}`
    : apart
      ? 'a required podAntiAffinity keeps them apart'
      : 'no podAffinity keeps prefill and decode on one node';
  return check(
    'env.kv-over-pod-network',
    'warn',
    `prefill and decode ${apart && !multinode.length ? 'are on different nodes' : 'can be on different nodes'} (${why}) and ${names} no RDMA resource, secondary or host network, or NVLink ComputeDomain: KV crosses the pod network (TCP)${hostNote}`,
    {
      subject,
      fix: 'request the RDMA device (e.g. rdma/ib) with IPC_LOCK on prefill and decode, or attach an RDMA network (Multus, GKE), or keep both on one node',
    },
  );
}

/**
 * One side of a prefill/decode pair with the other side not in the input (a prefill worker's manifest given alone,
 * a guide's decode.yaml without its prefill.yaml). A side that declares its KV path (an RDMA resource, a secondary
 * or host network with its devices) is judged on what it declares, as the pair's checks judge each side. A side with
 * none hands its KV over the pod network unless its peer shares its node, which the input cannot show: a warning,
 * never the pass that no check at all would give. The pair given together is judged by kvNetworkCheck. Workers
 * whose connector hands KV over but that state no side, with no side stated anywhere in the input, are such a side.
 */
export function oneSidedKvCheck(
  prefill: ServiceCtx[],
  decode: ServiceCtx[],
  subject: string,
  /** Workers whose connector hands KV to another instance but that state no side (roles.ts handsKvOver). */
  unsided: ServiceCtx[] = [],
): Check | undefined {
  const noSide = prefill.length === 0 && decode.length === 0;
  if (!noSide && prefill.length > 0 && decode.length > 0) return undefined;
  const shown = noSide ? unsided : prefill.length > 0 ? prefill : decode;
  const missing = prefill.length > 0 ? 'decode' : 'prefill';
  // As for the pair (kvNetworkCheck): a TPU VM has no RDMA NIC to request, so the data-center network is its KV path.
  if (shown.length > 0 && shown.every(onTpu))
    return check(
      'env.kv-over-pod-network',
      'ok',
      `${shown.map(label).join(' and ')} ${shown.length > 1 ? 'run' : 'runs'} on Cloud TPU hosts (google.com/tpu): KV to the ${noSide ? 'other instance' : missing} side crosses the data-center network, the only path TPU VMs have (no RDMA NIC to request)`,
      { subject },
    );
  const lacking = shown.filter((c) => fastPaths(c.svc).length === 0);
  if (lacking.length === 0) return undefined;
  const who = lacking.map(label).join(' and ');
  const path = 'no RDMA resource, secondary or host network';
  const detail = !noSide
    ? `${who} ${lacking.length > 1 ? 'have' : 'has'} ${path}, and the ${missing} side of the pair is not in the input: unless it runs on the same node, KV leaves over the pod network (TCP)`
    : lacking.length > 1
      ? `${who} hand KV to other instances by their connectors, with ${path}, and none states its side: unless each pair shares a node, KV leaves over the pod network (TCP)`
      : `${who} hands KV to another instance by its connector, with ${path}, and neither side of the pair is stated or in the input: unless the peer runs on the same node, KV leaves over the pod network (TCP)`;
  const sides = noSide ? 'both sides' : 'prefill and decode';
  const give = noSide ? 'the manifests of both sides' : `the ${missing} side's manifest too`;
  return check('env.kv-over-pod-network', 'warn', detail, {
    subject,
    fix: `request the RDMA device (e.g. rdma/ib) with IPC_LOCK on ${sides}, and give env ${give} (one file, or both files in one run) so the KV path between them is judged`,
  });
}
