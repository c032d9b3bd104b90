import { type Check, check } from '../core/model.js';
import { railsLeftIdle } from './rails.js';
import type { EngineFacts } from './resolve.js';
import type { EnvService, TransportVar } from './schema.js';
import { describeKv, type KvPath } from './serving-engine.js';
import { looksLikeRdmaDevice, parseNetDevices, parseUcxTls } from './ucx.js';

/**
 * The per-service checks of `env`. Pure: each takes the resolved service and
 * returns checks. Statuses: a value that will send KV the wrong way is a
 * fail; one that may (or that the image may override) is a warn.
 */

const REF = 'see references/interconnect-env-vars.md';
export const SHM_FAIL_BYTES = 2 ** 30;
export const SHM_WARN_BYTES = 4 * 2 ** 30;
/** Above SHM_WARN_BYTES, what each GPU process of a multi-GPU worker should have. */
export const SHM_PER_GPU_BYTES = 2 ** 30;

function hidden(id: string, name: string, v: TransportVar, subject: string): Check {
  return check(
    id,
    'skipped',
    `${name} comes from ${v.ref ?? v.source}: its value is not visible in the manifest`,
    {
      subject,
      fix: `check the value in the running pod (interconnect-test node --pod …)`,
    },
  );
}

/** MNNVL is intended when UCX is told to use it or the pod joins a ComputeDomain (IMEX) channel. */
export function wantsMnnvl(s: EnvService): boolean {
  const v = s.transportVars.UCX_CUDA_IPC_ENABLE_MNNVL?.value;
  return (v !== undefined && /^(y|yes|1|on|true|try)$/i.test(v)) || s.pod.computeDomainClaims.length > 0;
}

export function missingCriticalCheck(
  s: EnvService,
  subject: string,
  disagg: boolean,
  facts: EngineFacts = {},
): Check {
  if (!disagg) {
    return check(
      'env.missing-critical',
      'skipped',
      'aggregated graph: no KV moves between prefill and decode, so the disagg-critical variables are not needed',
      { subject, matters: false },
    );
  }
  if (s.missingCritical.length === 0)
    return check('env.missing-critical', 'ok', 'all six disagg-critical variables are set', { subject });
  const kv = facts.kv;
  if (kv && !carriedByUcx(kv) && kv.transport !== 'NCCL') {
    return check(
      'env.missing-critical',
      'skipped',
      `KV moves over ${describeKv(kv)} (${kv.from}), which the UCX/NCCL variables do not steer; not set: ${s.missingCritical.join(', ')}`,
      { subject, matters: false },
    );
  }
  const fine = defaultsFine(s) ?? pinnedFine(s, facts);
  if (fine)
    return check(
      'env.missing-critical',
      'ok',
      `not set: ${s.missingCritical.join(', ')}; their defaults are fine here: ${fine}`,
      { subject, data: { missing: s.missingCritical } },
    );
  const notes: string[] = [];
  if (s.pod.nixlBackend === 'LIBFABRIC')
    notes.push('NIXL uses LIBFABRIC here, so the UCX ones do not steer KV');
  const cms = s.pod.envFrom.filter((e) => e.startsWith('configMap/'));
  if (cms.length) notes.push(`${cms.join(', ')} (envFrom) may set them`);
  return check(
    'env.missing-critical',
    'warn',
    `not set: ${s.missingCritical.join(', ')} — the image may set them${notes.length ? `; ${notes.join('; ')}` : ''}`,
    {
      subject,
      fix: 'set them in the worker env, or confirm the image defaults with `interconnect-test node` and the KV path with `interconnect-test pair`',
      data: { missing: s.missingCritical },
    },
  );
}

/**
 * When leaving the six unset is fine: upstream's defaults select the fabric by themselves (UCX
 * `UCX_TLS=all` and `UCX_NET_DEVICES=all`, openucx/ucx src/ucp/core/ucp_context.c; `UCX_IB_GPU_DIRECT_RDMA=try`,
 * src/uct/ib/base/ib_md.c; NCCL uses every RDMA device it finds with IB on, `NCCL_IB_DISABLE=0`, and for
 * its socket picks `ib*` interfaces first, then any but `docker*`/`lo`, src/misc/socket.cc
 * ncclFindInterfaces). They pick wrong only where the pod sees NICs that are not its fabric: with
 * hostNetwork or privileged (every host NIC and HCA), or, for NCCL's socket, with secondary networks
 * (Multus) that may not route between pods. So in a pod granted its fabric (an RDMA resource or DRA
 * claim, or a ComputeDomain for MNNVL) and none of those, unset is no problem. Undefined otherwise.
 */
function defaultsFine(
  s: EnvService,
  sideNets = s.missingCritical.includes('NCCL_SOCKET_IFNAME'),
): string | undefined {
  const p = s.pod;
  const fabric = [...p.rdmaResources, ...p.computeDomainClaims.map((c) => `ComputeDomain ${c}`)];
  if (fabric.length === 0) return undefined;
  if (p.hostNetwork || p.privileged) return gkeHostFine(s);
  if (p.networkAnnotations.length > 0 && sideNets) return undefined;
  return `the pod is granted its fabric (${fabric.join(', ')}) and sees no other host NIC, so UCX (TLS and NET_DEVICES all, GPU_DIRECT_RDMA try) and NCCL (every RDMA device it finds, IB on) select it by themselves`;
}

/**
 * A privileged or host-network pod on GKE multi-networking (`networking.gke.io.networks/*` resources) sees every
 * host HCA, and on Google Cloud those are the GPU fabric alone: the RDMA machine types (A3 Ultra, A4, A4X, A4X
 * Max) carry their ConnectX NICs "dedicated for only high-bandwidth GPU to GPU communication" beside gVNICs for
 * everything else, and gVNIC is no RDMA device (cloud.google.com/compute/docs/gpus/gpu-network-bandwidth,
 * references/env-rules.md). So UCX and NCCL, choosing among RDMA devices, can only pick the fabric.
 */
function gkeHostFine(s: EnvService): string | undefined {
  const gke = s.pod.rdmaResources.filter((r) => r.startsWith('networking.gke.io.networks/'));
  if (gke.length === 0) return undefined;
  return `the pod sees every host HCA (${s.pod.privileged ? 'privileged' : 'hostNetwork'}), and on GKE those are its RDMA networks' GPU NICs alone (${gke.length === 1 ? gke[0] : `${gke[0]} +${gke.length - 1} more`}; the host NICs beside them are gVNIC, no RDMA device), so UCX and NCCL select the fabric by themselves`;
}

/**
 * A pod that sees NICs beside its fabric (privileged, hostNetwork) leaves a choice open only where nothing
 * settles it (issue 38, P5): a UCX_NET_DEVICES of RDMA ports is the only list UCX opens devices from
 * (openucx/ucx src/ucp/core/ucp_context.c, NET_DEVICES), so UCX_TLS and UCX_IB_GPU_DIRECT_RDMA left at their
 * defaults choose among those ports; and NCCL's three steer only traffic that leaves a worker's pod
 * (collectives of a multi-node worker, KV that NCCL carries): inside one pod NCCL uses NVLink/PCIe peer
 * transports. Undefined where KV is not UCX's or a choice stays open.
 */
function pinnedFine(s: EnvService, facts: EngineFacts): string | undefined {
  const nd = s.transportVars.UCX_NET_DEVICES;
  if (!facts.kv || !carriedByUcx(facts.kv) || !nd?.visible || nd.value === undefined) return undefined;
  const dev = parseNetDevices(nd.value);
  if (dev.mode !== 'allow' || dev.rdmaPorts.length === 0 || dev.bare.length > 0) return undefined;
  const nccl = s.missingCritical.filter((n) => n.startsWith('NCCL_'));
  if (nccl.length > 0 && s.pod.nodeCount > 1) return undefined;
  const ncclNote = nccl.length
    ? `; NCCL (${nccl.join(', ')}) carries nothing out of this single-node worker's pod`
    : '';
  return `UCX_NET_DEVICES=${nd.value} pins UCX to those RDMA ports, so UCX_TLS and UCX_IB_GPU_DIRECT_RDMA choose among them${ncclNote}`;
}

/**
 * Whether the container can open an RDMA device, or reach its peer without one: an RDMA resource or
 * DRA NIC claim (its device nodes), an RDMA (secondary) network, privileged (every host device), or a
 * ComputeDomain (cuda_ipc over MNNVL needs no NIC). The host's network alone gives the host's NICs, not
 * their /dev/infiniband nodes (rdmaPathsOf). UCX lists the RDMA transports' devices with
 * ibv_get_device_list and offers none without one (openucx/ucx src/uct/ib/base/ib_md.c:874-882).
 */
function rdmaDeviceInPod(s: EnvService): boolean {
  const p = s.pod;
  return (
    p.rdmaResources.length > 0 ||
    p.networkAnnotations.length > 0 ||
    p.privileged ||
    p.computeDomainClaims.length > 0
  );
}

export function ucxTlsCheck(s: EnvService, subject: string, facts: EngineFacts = {}): Check | undefined {
  const v = s.transportVars.UCX_TLS;
  if (!v) return undefined;
  if (!v.visible || v.value === undefined) return hidden('env.ucx-tls', 'UCX_TLS', v, subject);
  const kv = facts.kv;
  if (kv && !carriedByUcx(kv)) {
    return check(
      'env.ucx-tls',
      'skipped',
      `UCX_TLS=${v.value} does not steer KV: ${facts.engine ?? 'the engine'} moves KV with ${describeKv(kv)} (${kv.from})`,
      { subject, matters: false },
    );
  }
  const tls = parseUcxTls(v.value);
  const fails: string[] = [];
  const warns: string[] = [];
  const rdmaAsked = s.pod.rdmaResources.length > 0;
  if (tls.enabled.length === 0) fails.push('allows no transport at all');
  else {
    // Host-staged KV (vLLM kv_buffer_device: cpu) sits in host memory: UCX needs no CUDA transport for it.
    if (!tls.cudaCopy && !kv?.hostStaged)
      fails.push('leaves out cuda_copy, so UCX cannot handle the GPU-memory KV buffers');
    if (tls.rdma.length === 0) {
      const net = tls.tcp || tls.datagram.length > 0;
      if (rdmaAsked)
        fails.push(
          `allows no RDMA transport (rc, dc, srd) although the pod requests ${s.pod.rdmaResources.join(', ')}: KV goes over ${net ? 'tcp' : 'nothing'}`,
        );
      else if (!net)
        fails.push(
          'allows no network transport (rc, dc, ud, srd, tcp): NIXL cannot reach a peer in another pod',
        );
      else if (tls.cudaIpc && s.pod.computeDomainClaims.length > 0) {
        // cuda_ipc reaches a peer pod over MNNVL fabric handles, which the ComputeDomain (IMEX) provides.
      } else if (tls.tcp && tls.datagram.length === 0 && !kv?.hostStaged)
        // UCX cuda_ipc is unreachable across machines without MNNVL and across PID namespaces
        // (two pods) without fabric handles (openucx/ucx src/uct/cuda/cuda_ipc/cuda_ipc_iface.c).
        fails.push(
          `allows no RDMA transport (rc, dc, srd)${tls.cudaIpc ? ' and no multi-node NVLink domain (no ComputeDomain claim) for cuda_ipc, which cannot reach a GPU in another pod without one' : ''}: KV between prefill and decode goes over tcp`,
        );
      else
        warns.push(
          `allows no RDMA transport (rc, dc, srd): KV between pods goes over ${tls.tcp ? 'tcp' : 'ud'}${tls.cudaIpc && wantsMnnvl(s) ? ' wherever cuda_ipc over MNNVL cannot reach the peer' : ''}`,
        );
    }
    // rc/dc/ud/srd open only the RDMA devices the container sees; tcp is the one network transport that needs none.
    if (tls.rdma.length + tls.datagram.length > 0 && !tls.tcp && !rdmaDeviceInPod(s))
      fails.push(
        `allows only RDMA network transports (${[...tls.rdma, ...tls.datagram].join(', ')}), but the pod is granted no RDMA device (no RDMA resource or DRA claim, RDMA network, privileged or ComputeDomain; the host network alone brings no device nodes) and tcp is left out: UCX finds no transport to a peer in another pod`,
      );
    if (!tls.cudaIpc && wantsMnnvl(s))
      warns.push(
        'leaves out cuda_ipc although MNNVL is set up (UCX_CUDA_IPC_ENABLE_MNNVL / ComputeDomain): KV takes the network instead of NVLink',
      );
  }
  if (tls.unknown.length)
    warns.push(`unknown transport name${tls.unknown.length > 1 ? 's' : ''} ${tls.unknown.join(', ')}`);
  // vLLM kv_buffer_device: cpu stages KV through host memory on purpose: a host-memory, TCP-only
  // UCX_TLS is then a deliberate choice (slower, not broken), so it is a warn at most.
  if (kv?.hostStaged && (fails.length || warns.length)) {
    warns.unshift(...fails);
    fails.length = 0;
    warns.push('KV is host-staged by kv_buffer_device cpu: a deliberate, slower path');
  }
  const status = fails.length ? 'fail' : warns.length ? 'warn' : 'ok';
  if (status === 'ok') {
    const parts = [tls.mode === 'all' ? 'all transports (UCX default)' : `RDMA ${tls.rdma.join('/')}`];
    if (tls.mode !== 'all')
      parts.push(['cuda_copy', tls.cudaIpc ? 'cuda_ipc' : ''].filter(Boolean).join(', '));
    return check('env.ucx-tls', 'ok', `UCX_TLS=${v.value}: ${parts.join('; ')}`, { subject });
  }
  return check('env.ucx-tls', status, `UCX_TLS=${v.value} ${[...fails, ...warns].join('; ')}`, {
    subject,
    fix: `use UCX_TLS=rc_x,rc,dc_x,dc,cuda_copy,cuda_ipc (srd,cuda_copy,tcp on EFA; keep cuda_ipc for MNNVL); ${REF}`,
    data: { enabled: tls.enabled, unknown: tls.unknown },
  });
}

export function netDevicesCheck(
  s: EnvService,
  subject: string,
  facts: EngineFacts = {},
  resources: Record<string, string> = {},
): Check | undefined {
  const v = s.transportVars.UCX_NET_DEVICES;
  if (!v) return undefined;
  if (!v.visible || v.value === undefined)
    return hidden('env.ucx-net-devices', 'UCX_NET_DEVICES', v, subject);
  const d = parseNetDevices(v.value);
  const fix =
    'list the GPU-affine RDMA ports of the compute fabric, e.g. UCX_NET_DEVICES=mlx5_0:1,mlx5_1:1 (ibv_devinfo shows them)';
  if (d.mode === 'all') {
    // `all` is UCX's own default (openucx/ucx src/ucp/core/ucp_context.c): fine where unset is (defaultsFine).
    const fine = defaultsFine(s, true);
    if (fine)
      return check('env.ucx-net-devices', 'ok', `UCX_NET_DEVICES=all (UCX's default): ${fine}`, { subject });
    return check(
      'env.ucx-net-devices',
      'warn',
      'UCX_NET_DEVICES=all lets UCX use any NIC, including management or side-fabric ones that do not route between nodes',
      { subject, fix },
    );
  }
  if (d.mode === 'exclude') {
    return check(
      'env.ucx-net-devices',
      'ok',
      `UCX_NET_DEVICES=${v.value}: every device except those listed`,
      { subject },
    );
  }
  const portless = d.bare.filter(looksLikeRdmaDevice);
  if (portless.length) {
    return check(
      'env.ucx-net-devices',
      'warn',
      `UCX_NET_DEVICES=${v.value}: ${portless.join(', ')} lacks the port (write ${portless[0]}:1); UCX will not match it`,
      { subject, fix },
    );
  }
  if (d.rdmaPorts.length === 0) {
    // As UCX_TLS without rc/dc/srd (ucxTlsCheck): the RDMA device the pod asks for is left unused and
    // KV goes over tcp, a consequence the manifest sets itself (P5), unless KV is host-staged on purpose.
    const kv = facts.kv;
    const broken =
      s.pod.rdmaResources.length > 0 && !kv?.hostStaged && (kv === undefined || carriedByUcx(kv));
    return check(
      'env.ucx-net-devices',
      broken ? 'fail' : 'warn',
      `UCX_NET_DEVICES=${v.value} names only IP interfaces: RDMA transports get no device and KV goes over tcp${broken ? `, although the pod requests ${s.pod.rdmaResources.join(', ')}` : ''}`,
      { subject, fix },
    );
  }
  const extra = d.bare.length ? `, plus ${d.bare.join(', ')} for tcp` : '';
  const idle = railsLeftIdle(s, d.rdmaPorts.length, resources);
  if (idle)
    return check('env.ucx-net-devices', 'warn', `UCX_NET_DEVICES=${v.value}: ${idle}`, {
      subject,
      fix: 'name the nearest RDMA port of each GPU (nvidia-smi topo -m shows them), e.g. UCX_NET_DEVICES=mlx5_0:1,mlx5_1:1,…, or leave it unset in a pod that sees only its fabric',
    });
  return check(
    'env.ucx-net-devices',
    'ok',
    `UCX_NET_DEVICES=${v.value}: ${d.rdmaPorts.length} RDMA port${d.rdmaPorts.length > 1 ? 's' : ''}${extra}`,
    { subject },
  );
}

export function gpuDirectCheck(s: EnvService, subject: string): Check | undefined {
  const v = s.transportVars.UCX_IB_GPU_DIRECT_RDMA;
  if (!v) return undefined;
  if (!v.visible || v.value === undefined)
    return hidden('env.ucx-gpu-direct', 'UCX_IB_GPU_DIRECT_RDMA', v, subject);
  if (/^(n|no|0|off|false)$/i.test(v.value)) {
    return check(
      'env.ucx-gpu-direct',
      'warn',
      `UCX_IB_GPU_DIRECT_RDMA=${v.value}: every KV block is staged through host memory`,
      {
        subject,
        fix: 'set UCX_IB_GPU_DIRECT_RDMA=yes once `interconnect-test node` shows GPUDirect RDMA working',
      },
    );
  }
  const how = /^try$/i.test(v.value)
    ? ' (falls back to host staging silently where GPUDirect is missing)'
    : '';
  return check('env.ucx-gpu-direct', 'ok', `UCX_IB_GPU_DIRECT_RDMA=${v.value}${how}`, { subject });
}

/**
 * NCCL_IB_DISABLE=1 sends NCCL over sockets. NCCL does not carry KV when the engine moves it with
 * NIXL, UCX or Mooncake: it carries the tensor-/pipeline-parallel collectives of one worker. So it
 * is a fail only where NCCL is the KV path (vLLM's P2pNcclConnector) and the pods have RDMA; a
 * warn where one worker spans nodes (its collectives cross the network over TCP); nothing to judge
 * with tensor parallelism 1 on one node, or on EFA (NCCL reaches EFA through the aws-ofi-nccl
 * plugin, which NCCL_IB_DISABLE does not switch off).
 */
export function ncclIbDisableCheck(
  s: EnvService,
  subject: string,
  facts: EngineFacts = {},
): Check | undefined {
  const v = s.transportVars.NCCL_IB_DISABLE;
  if (!v) return undefined;
  if (!v.visible || v.value === undefined)
    return hidden('env.nccl-ib-disable', 'NCCL_IB_DISABLE', v, subject);
  if (/^0$|^false$/i.test(v.value.trim()))
    return check('env.nccl-ib-disable', 'ok', `NCCL_IB_DISABLE=${v.value}: NCCL may use IB/RoCE`, {
      subject,
    });
  const off = /^(1|true|yes)$/i.test(v.value.trim());
  const fix = 'set NCCL_IB_DISABLE=0 (or remove it) where the nodes have IB/RoCE';
  if (!off)
    return check('env.nccl-ib-disable', 'warn', `NCCL_IB_DISABLE=${v.value} is not 0 or 1`, { subject, fix });
  const efa = s.pod.rdmaResources.some(isEfa);
  const kvOverNccl = facts.kv?.transport === 'NCCL';
  const rdma = s.pod.rdmaResources.length > 0;
  if (kvOverNccl && (rdma || s.pod.nodeCount > 1) && !efa) {
    return check(
      'env.nccl-ib-disable',
      'fail',
      `NCCL_IB_DISABLE=${v.value}: KV goes over NCCL here (${facts.kv?.from}) and NCCL is kept off the RDMA NICs: KV crosses nodes over sockets`,
      { subject, fix },
    );
  }
  const moves = facts.kv ? `KV moves over ${describeKv(facts.kv)}, not NCCL` : 'NCCL does not carry KV';
  if (efa)
    return check(
      'env.nccl-ib-disable',
      'skipped',
      `NCCL_IB_DISABLE=${v.value} on EFA: NCCL reaches EFA through the aws-ofi-nccl plugin, not IB verbs; ${moves}`,
      { subject, matters: false },
    );
  if (s.pod.nodeCount > 1)
    return check(
      'env.nccl-ib-disable',
      'warn',
      `NCCL_IB_DISABLE=${v.value}: this worker spans ${s.pod.nodeCount} nodes and its NCCL collectives cross them over sockets (slow, not broken; ${moves})`,
      { subject, fix },
    );
  const tp = facts.tensorParallel ?? s.pod.gpus ?? 1;
  return check(
    'env.nccl-ib-disable',
    'skipped',
    `NCCL_IB_DISABLE=${v.value}: ${moves}, and this one-node worker${tp <= 1 ? ' with tensor parallelism 1 has no NCCL peer' : "'s NCCL peers share its node (NVLink/PCIe, not IB)"}`,
    { subject, matters: false },
  );
}

export function isEfa(r: string): boolean {
  return /(^|\/)efa$/i.test(r);
}

/** Whether UCX carries this worker's KV: NIXL's UCX plugin, or a direct UCX transceiver (TRT-LLM). */
export function carriedByUcx(kv: KvPath): boolean {
  return kv.transport === 'UCX' || (kv.transport === 'NIXL' && kv.nixlPlugin === 'UCX');
}
