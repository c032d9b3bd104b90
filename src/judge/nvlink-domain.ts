import { type Check, check } from '../core/model.js';
import { transportOf } from '../parsers/ucx-log.js';
import { judgeTransport, type TransportVerdict } from './transports.js';

/**
 * Multi-node NVLink (GB200/GB300 NVL72): the nodes of one NVLink domain carry
 * the same `nvidia.com/gpu.clique` label (GPU Feature Discovery:
 * `<ClusterUUID>.<CliqueId>` from NVML's GPU fabric info), and a pair of pods
 * on two of them moves GPU memory over NVLink (UCX `cuda_ipc` with fabric
 * handles, `UCX_CUDA_IPC_ENABLE_MNNVL`), not over a NIC. Between two domains,
 * or on nodes without the label, a pair tests the NIC fabric.
 * references/nvlink-domain.md has the sources.
 */

export const CLIQUE_LABEL = 'nvidia.com/gpu.clique';

/*
 * The figure a pair inside one domain is judged against is NVLink 5's, 900 GB/s per direction per
 * GPU: GB200 NVL72's fifth-generation NVLink gives each GPU 1.8 TB/s, both directions together
 * (NVIDIA GB200 NVL72 data sheet). It is the `NVLink 5` row of expectations.ts NVLINK, which a
 * domain falls back to when the node's product label is not one it knows.
 */

/** The path a cross-node pair tests. */
export interface CrossNodePath {
  kind: 'nvlink-domain' | 'nic';
  /** One line for the plan and the verdict. */
  why: string;
  clique?: string | undefined;
}

/** UCX_TLS leaves cuda_ipc out (`^cuda_ipc`, or a list without cuda_ipc, `cuda` or `all`). */
export function excludesCudaIpc(tls: string | undefined): boolean {
  if (tls === undefined || tls.trim() === '') return false;
  const neg = tls.startsWith('^');
  const names = tls
    .replace(/^\^/, '')
    .split(',')
    .map((t) => t.trim().replace(/^\\/, ''));
  if (neg) return names.includes('cuda_ipc') || names.includes('cuda');
  return !names.some((n) => n === 'cuda_ipc' || n === 'cuda' || n === 'all');
}

/**
 * Which path a pair of nodes tests: one NVLink domain (same clique) over
 * NVLink, unless the transport settings leave cuda_ipc or MNNVL out;
 * otherwise the NIC fabric. Undefined when neither node carries the label
 * (no multi-node NVLink known: the plain cross-node judgement).
 */
export function crossNodePath(
  prefillClique: string | undefined,
  decodeClique: string | undefined,
  env: { ucxTls?: string | undefined; mnnvl?: string | undefined },
): CrossNodePath | undefined {
  if (!prefillClique && !decodeClique) return undefined;
  if (!prefillClique || !decodeClique || prefillClique !== decodeClique) {
    return {
      kind: 'nic',
      why: `the NIC fabric: the nodes are in different NVLink domains (${CLIQUE_LABEL} ${prefillClique ?? 'unset'} and ${decodeClique ?? 'unset'})`,
    };
  }
  if (excludesCudaIpc(env.ucxTls))
    return {
      kind: 'nic',
      clique: prefillClique,
      why: `the NIC fabric: both nodes are in NVLink domain ${prefillClique}, but UCX_TLS=${env.ucxTls} leaves cuda_ipc out`,
    };
  if (env.mnnvl !== undefined && /^(n|no|0|off|false)$/i.test(env.mnnvl))
    return {
      kind: 'nic',
      clique: prefillClique,
      why: `the NIC fabric: both nodes are in NVLink domain ${prefillClique}, but UCX_CUDA_IPC_ENABLE_MNNVL=${env.mnnvl}`,
    };
  return {
    kind: 'nvlink-domain',
    clique: prefillClique,
    why: `multi-node NVLink: both nodes are in NVLink domain ${prefillClique} (${CLIQUE_LABEL})`,
  };
}

/**
 * The transport judge for a cross-node pair whose path is known: inside one
 * NVLink domain cuda_ipc is the right path (not "the same node"); between
 * domains cuda_ipc cannot have crossed and RDMA is wanted.
 */
export function judgeDomainTransport(
  lanes: readonly string[],
  path: CrossNodePath,
  emulated: boolean,
  sameNode: boolean,
): TransportVerdict {
  const shown = lanes.slice(0, 4).join(', ') + (lanes.length > 4 ? ', …' : '');
  if (path.kind === 'nvlink-domain') {
    const v = judgeTransport(lanes, 'nvlink', emulated, false);
    if (v.status === 'ok')
      return {
        status: 'ok',
        detail: `UCX used cuda_ipc across nodes of NVLink domain ${path.clique} (MNNVL): ${shown}`,
      };
    return {
      ...v,
      detail: `${v.detail}; both nodes are in NVLink domain ${path.clique}, so KV should cross over NVLink`,
      fix: 'allow cuda_ipc in UCX_TLS, set UCX_CUDA_IPC_ENABLE_MNNVL=y, and give both pods the ComputeDomain channel claim (an IMEX channel); the probe must allocate fabric-handle memory (pair.allocation)',
    };
  }
  // No NVLink joins two domains: a cuda_ipc lane between them is a wrong label or a misread topology.
  if (lanes.some((l) => transportOf(l) === 'cuda_ipc') && !sameNode)
    return {
      status: 'fail',
      detail: `UCX used cuda_ipc (${shown}) between nodes of different NVLink domains: ${path.why}; no NVLink joins them`,
      fix: 'check the nvidia.com/gpu.clique labels (GPU Feature Discovery) and that the two pods really ran on those nodes',
    };
  return judgeTransport(lanes, 'rdma', emulated, sameNode);
}

/** `pair.path`: which path the pair tests (matters: false; the plan's line). */
export function pathCheck(path: CrossNodePath, subject: string): Check {
  return check('pair.path', 'ok', `tests ${path.why}`, {
    subject,
    matters: false,
    data: { path: path.kind, ...(path.clique ? { clique: path.clique } : {}) },
  });
}

/** A probe pod's buffer as its log states it (engines' LogReading.allocation). */
export interface PodAllocation {
  source: string;
  fabric?: { wanted: boolean; used: boolean; why: string | null } | undefined;
  retried?: { what: string; attempts: number; seconds: number; lastError?: string | undefined }[] | undefined;
}

/** "; decode's first transfer went through on try 3, after 2.1 s (the peer's IMEX not ready yet: …)". */
function retriedText(roles: readonly [string, PodAllocation][]): string {
  const parts = roles.flatMap(([r, a]) =>
    (a.retried ?? []).map(
      (x) =>
        `${r}'s ${x.what} went through on try ${x.attempts}, after ${x.seconds} s${x.lastError ? ` (the peer's IMEX channel not ready yet? last error: ${x.lastError})` : ''}`,
    ),
  );
  return parts.length ? `; ${parts.join('; ')}` : '';
}

/**
 * `pair.allocation`, when the pair was meant to cross nodes over NVLink:
 * UCX cuda_ipc exports only fabric-handle VRAM to another node (UCX's
 * cuda_ipc MNNVL path: references/nvlink-domain.md), so each pod says which
 * allocation it used, and a fallback is named with its reason.
 */
export function allocationCheck(
  allocations: Readonly<Partial<Record<string, PodAllocation>>>,
  subject: string,
): Check {
  const roles = Object.entries(allocations).filter((e): e is [string, PodAllocation] => e[1] !== undefined);
  const data = { allocations: Object.fromEntries(roles) };
  const unknown = roles.length === 0 || roles.some(([, a]) => !a.fabric);
  if (unknown)
    return check(
      'pair.allocation',
      'skipped',
      'the probe did not say whether its VRAM is fabric-handle memory',
      {
        subject,
        matters: false,
        fix: 'use --engine nixl (its probe allocates fabric-handle VRAM for a pair inside one NVLink domain)',
        data,
      },
    );
  const fell = roles.filter(([, a]) => !a.fabric?.used);
  if (fell.length === 0)
    return check(
      'pair.allocation',
      'ok',
      `${roles.map(([r]) => r).join(' and ')} allocated fabric-handle VRAM (cuMemCreate, CU_MEM_HANDLE_TYPE_FABRIC): cuda_ipc can export it across nodes${retriedText(roles)}`,
      { subject, matters: false, data },
    );
  return check(
    'pair.allocation',
    'warn',
    `${fell.map(([r, a]) => `${r} fell back to ${a.source} VRAM (${a.fabric?.why ?? 'no reason given'})`).join('; ')}: UCX cuda_ipc cannot export that memory to the other node, so this run cannot use multi-node NVLink`,
    {
      subject,
      fix: "give both pods the ComputeDomain's IMEX channel (the workers' resourceClaims, copied by --recipe/--dgd) on nodes whose driver supports fabric handles",
      data,
    },
  );
}
