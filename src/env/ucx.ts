/**
 * Reading UCX_TLS and UCX_NET_DEVICES the way UCX does (openucx/ucx
 * src/ucp/core/ucp_context.c: `ucp_tl_aliases`, `ucp_is_resource_in_transports_list`).
 * Pure functions, no I/O.
 */

/**
 * Concrete transports of current UCX (`rc`, `dc`, `ud` are aliases since UCX 1.8; `srd` is EFA;
 * `rc_gda` is RC driven from the GPU; `gga_mlx5` is the mlx5 DMA copy offload (MMO), which moves
 * no data between hosts; `gaudi_gdr` is Gaudi's GPUDirect; openucx/ucx @ 9466d104
 * src/ucp/core/ucp_context.c `ucp_tl_aliases`, src/uct/ib/mlx5/gga/gga_mlx5.c).
 */
const RDMA = ['rc_verbs', 'rc_mlx5', 'dc_mlx5', 'srd', 'rc_gda'];
const DATAGRAM = ['ud_verbs', 'ud_mlx5'];
const SHM = ['posix', 'sysv', 'xpmem', 'knem', 'cma'];
const GPU = [
  'cuda_copy',
  'cuda_ipc',
  'gdr_copy',
  'rocm_copy',
  'rocm_ipc',
  'rocm_gdr',
  'ze_copy',
  'ze_ipc',
  'ze_gdr',
  'gaudi_gdr',
];
const OTHER = ['tcp', 'self', 'rdmacm', 'sockcm', 'ugni_smsg', 'ugni_udt', 'ugni_rdma', 'gga_mlx5'];
export const UCX_TRANSPORTS: readonly string[] = [...RDMA, ...DATAGRAM, ...SHM, ...GPU, ...OTHER];

/** Aliases of current UCX (1.12+; `ib`, `gaudi`, `gga` as of 9466d104), primary members only (`:aux` members carry no data). */
export const UCX_TL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  mm: ['posix', 'sysv', 'xpmem'],
  sm: ['posix', 'sysv', 'xpmem', 'knem', 'cma'],
  shm: ['posix', 'sysv', 'xpmem', 'knem', 'cma'],
  ib: ['rc_verbs', 'ud_verbs', 'rc_mlx5', 'ud_mlx5', 'dc_mlx5', 'gga_mlx5', 'srd', 'rc_gda'],
  ud_v: ['ud_verbs'],
  ud_x: ['ud_mlx5'],
  ud: ['ud_mlx5', 'ud_verbs'],
  rc_v: ['rc_verbs'],
  rc_x: ['rc_mlx5'],
  rc: ['rc_mlx5', 'rc_verbs'],
  dc: ['dc_mlx5'],
  dc_x: ['dc_mlx5'],
  ugni: ['ugni_smsg', 'ugni_rdma'],
  cuda: ['cuda_copy', 'cuda_ipc', 'gdr_copy'],
  rocm: ['rocm_copy', 'rocm_ipc', 'rocm_gdr'],
  ze: ['ze_copy', 'ze_ipc', 'ze_gdr'],
  gaudi: ['gaudi_gdr'],
  gga: ['gga_mlx5'],
};

export interface UcxTls {
  mode: 'all' | 'allow' | 'exclude';
  /** The tokens as written (without `^`). */
  tokens: string[];
  /** Concrete transports that may carry data. */
  enabled: string[];
  /** Tokens that are neither a transport nor an alias (typos, transports of other builds). */
  unknown: string[];
  rdma: string[];
  datagram: string[];
  tcp: boolean;
  cudaCopy: boolean;
  cudaIpc: boolean;
}

/** Expands one token to concrete transports; `\name` is UCX's strict (non-alias) form. */
function expand(token: string): string[] | undefined {
  if (token.startsWith('\\')) {
    const name = token.slice(1);
    return UCX_TRANSPORTS.includes(name) ? [name] : undefined;
  }
  const alias = UCX_TL_ALIASES[token];
  if (alias) return [...alias];
  return UCX_TRANSPORTS.includes(token) ? [token] : undefined;
}

export function parseUcxTls(value: string): UcxTls {
  const raw = value.trim();
  const exclude = raw.startsWith('^');
  const list = (exclude ? raw.slice(1) : raw)
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const primary = new Set<string>();
  const unknown: string[] = [];
  let all = false;
  for (const token of list) {
    // `name:aux` enables a transport for wire-up only: it never carries KV data.
    if (token.endsWith(':aux')) continue;
    if (token === 'all') {
      all = true;
      continue;
    }
    const names = expand(token);
    if (names) for (const n of names) primary.add(n);
    else unknown.push(token);
  }
  let mode: UcxTls['mode'];
  let enabled: string[];
  if (all && !exclude) {
    mode = 'all';
    enabled = [...UCX_TRANSPORTS];
  } else if (exclude) {
    mode = 'exclude';
    enabled = all ? [] : UCX_TRANSPORTS.filter((t) => !primary.has(t));
  } else {
    mode = 'allow';
    enabled = UCX_TRANSPORTS.filter((t) => primary.has(t));
  }
  return {
    mode,
    tokens: list,
    enabled,
    unknown,
    rdma: enabled.filter((t) => RDMA.includes(t)),
    datagram: enabled.filter((t) => DATAGRAM.includes(t)),
    tcp: enabled.includes('tcp'),
    cudaCopy: enabled.includes('cuda_copy'),
    cudaIpc: enabled.includes('cuda_ipc'),
  };
}

export interface NetDevices {
  mode: 'all' | 'allow' | 'exclude';
  /** `device:port` entries: RDMA ports (`mlx5_0:1`, `mlx5_bond_0:1`, `ibp12s0:1`, `rdmap16s27:1`). */
  rdmaPorts: string[];
  /** Entries without `:port`: IP interfaces (`eth0`), or an RDMA device missing its port. */
  bare: string[];
}

/** Device names UCX accepts: the RDMA device (sysfs class infiniband) plus `:` and the port number. */
const RDMA_PORT = /^[A-Za-z0-9][A-Za-z0-9_.-]*:\d+$/;

export function parseNetDevices(value: string): NetDevices {
  const raw = value.trim();
  const exclude = raw.startsWith('^');
  const list = (exclude ? raw.slice(1) : raw)
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (!exclude && list.includes('all')) return { mode: 'all', rdmaPorts: [], bare: [] };
  return {
    mode: exclude ? 'exclude' : 'allow',
    rdmaPorts: list.filter((d) => RDMA_PORT.test(d)),
    bare: list.filter((d) => !RDMA_PORT.test(d)),
  };
}

/** Device names that are RDMA devices even without a port (so the missing `:port` is the mistake). */
export function looksLikeRdmaDevice(name: string): boolean {
  return /^(mlx\d+_|ib[ps]|roce|rocep|irdma|bnxt_re|rdmap|efa_|erdma|qedr|hfi1_)/.test(name);
}
