import { NCCL_ENTRIES } from './catalog-nccl.js';
import { RELATED_ENTRIES } from './catalog-related.js';
import type { CatalogEntry, Fabric, Family } from './catalog-types.js';
import { UCX_ENTRIES } from './catalog-ucx.js';

export type { CatalogEntry, Fabric, Family };

/**
 * The variable catalog: the single source of truth for which names the `env`
 * check reports, which six are disagg-critical, and the human reference in
 * references/interconnect-env-vars.md (rendered from this data by
 * src/env/catalog-md.ts; test/env-catalog.test.ts keeps the two in step).
 */

/** The names `env` reports. Order is the order of the reference's sections. */
export const FAMILIES: readonly Family[] = [
  {
    match: 'UCX_',
    title: 'UCX',
    kind: 'transport',
    about: 'The communication library NIXL uses by default to move KV blocks.',
  },
  {
    match: 'NIXL_',
    title: 'NIXL',
    kind: 'transport',
    about: 'The KV-transfer library itself: plugins, logging, telemetry, metadata.',
  },
  {
    match: 'NCCL_',
    title: 'NCCL',
    kind: 'transport',
    about:
      'Collectives inside a worker (tensor/expert parallel), across nodes for multi-node workers; TRT-LLM can also move KV with it.',
  },
  {
    match: 'GLOO_',
    title: 'Gloo',
    kind: 'transport',
    about: "PyTorch's CPU collectives, used for start-up rendezvous.",
  },
  {
    match: 'FI_',
    title: 'libfabric',
    kind: 'related',
    about: "libfabric, NIXL's LIBFABRIC backend on AWS EFA.",
  },
  {
    match: 'DYN_KVBM_NIXL_BACKEND_',
    title: 'Dynamo KVBM',
    kind: 'related',
    about: "Dynamo KV block manager's choice of NIXL backends.",
  },
  {
    match: 'SGLANG_DISAGGREGATION_NIXL_BACKEND',
    title: 'SGLang',
    kind: 'related',
    about: "SGLang's choice of NIXL backend for disaggregation.",
  },
  {
    match: 'VLLM_NIXL_',
    title: 'vLLM NIXL connector',
    kind: 'related',
    about: "vLLM NixlConnector's side channel (handshake between prefill and decode).",
  },
  {
    match: 'VLLM_USE_NCCL_',
    title: 'vLLM NCCL switches',
    kind: 'related',
    about: "vLLM's switches for NCCL features.",
  },
  {
    match: 'TORCH_NCCL_',
    title: 'PyTorch NCCL',
    kind: 'related',
    about: "PyTorch's NCCL process-group watchdog and error handling.",
  },
  {
    match: 'OMPI_MCA_',
    title: 'Open MPI',
    kind: 'related',
    about: 'Open MPI parameters; TRT-LLM multi-node workers start through mpirun.',
  },
  {
    match: 'NVIDIA_GDRCOPY',
    exact: true,
    title: 'GDRCopy',
    kind: 'related',
    about: 'NVIDIA Container Toolkit switch for the GDRCopy device.',
  },
];

/** The six whose absence matters for disaggregated serving across nodes. */
export const CRITICAL = [
  'UCX_TLS',
  'UCX_NET_DEVICES',
  'UCX_IB_GPU_DIRECT_RDMA',
  'NCCL_IB_HCA',
  'NCCL_SOCKET_IFNAME',
  'NCCL_IB_DISABLE',
] as const;

export const CATALOG: readonly CatalogEntry[] = [...UCX_ENTRIES, ...NCCL_ENTRIES, ...RELATED_ENTRIES];

const byName = new Map(CATALOG.map((e) => [e.name, e]));

export function catalogEntry(name: string): CatalogEntry | undefined {
  return byName.get(name);
}

export function familyOf(name: string): Family | undefined {
  return FAMILIES.find((f) => (f.exact ? name === f.match : name.startsWith(f.match)));
}

/** Whether `env` reports this variable. */
export function isTransportVar(name: string): boolean {
  return familyOf(name) !== undefined;
}

/** Differences in these between prefill and decode are not reported. */
export function isPdLocal(name: string): boolean {
  return byName.get(name)?.pdLocal === true || /_LOG_LEVEL$|_DEBUG$|_DEBUG_|_LOG_FILE$/.test(name);
}
