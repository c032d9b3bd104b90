import { transportOf } from '../parsers/ucx-log.js';

/**
 * The one list of UCX transport names the judges (`read nixlbench|ucx_perftest`,
 * `pair`, `node`'s ucx_info checks) sort lanes by. Names are UCT component
 * transport names as `ucx_info -d` and the `UCX_LOG_LEVEL=info` lane lists print
 * them (`rc_mlx5/mlx5_0:1` → `rc_mlx5`); see references/judge.md for the source.
 */

/**
 * RDMA transports: InfiniBand/RoCE verbs and mlx5-accelerated (rc, dc, ud), the
 * pre-1.9 and alias names (rc, ud, dc, rc_x, dc_x, ud_x), the GGA offload
 * (gga_mlx5) and AWS EFA's SRD. `cm` is the pre-1.9 connection manager.
 */
export const RDMA_TRANSPORTS: ReadonlySet<string> = new Set([
  'rc_verbs',
  'rc_mlx5',
  'dc_mlx5',
  'ud_verbs',
  'ud_mlx5',
  'rc',
  'ud',
  'dc',
  'rc_x',
  'dc_x',
  'ud_x',
  'cm',
  'srd',
  'gga',
  'gga_mlx5',
]);

/** Reliable-connected RDMA transports NIXL/UCX use for RMA (put/get); ud only carries keepalive/wireup. */
export const RMA_RDMA_TRANSPORTS: ReadonlySet<string> = new Set([
  'rc_verbs',
  'rc_mlx5',
  'dc_mlx5',
  'rc',
  'dc',
  'rc_x',
  'dc_x',
  'srd',
  'gga',
  'gga_mlx5',
]);

/** Shared-memory transports: the peer is a process on the same host. */
export const SHM_TRANSPORTS: ReadonlySet<string> = new Set(['sysv', 'posix', 'cma', 'knem', 'xpmem', 'self']);

/** GPU memory helpers: cuda_ipc is NVLink/PCIe peer-to-peer; cuda_copy and gdr_copy copy to and from host memory. */
export const CUDA_TRANSPORTS: ReadonlySet<string> = new Set(['cuda_copy', 'cuda_ipc', 'gdr_copy']);

/** Transports that never cross a network link. */
export const INTRA_NODE_TRANSPORTS: ReadonlySet<string> = new Set([
  ...SHM_TRANSPORTS,
  'cuda_ipc',
  'cuda_copy',
  'rocm_ipc',
  'rocm_copy',
  'gdr_copy',
]);

/** What kind of path a set of data lanes is. */
export type TransportKind = 'rdma' | 'nvlink' | 'tcp' | 'shm' | 'unknown';

/**
 * The kind of transport the data lanes show. RDMA wins over helpers
 * (cuda_copy), TCP only when nothing better; RMA emulated over TCP active
 * messages is TCP whatever else is listed.
 */
export function transportKind(lanes: readonly string[], emulated = false): TransportKind {
  const t = lanes.map(transportOf);
  if (emulated && t.includes('tcp')) return 'tcp';
  if (t.some((x) => RDMA_TRANSPORTS.has(x))) return 'rdma';
  if (t.includes('cuda_ipc')) return 'nvlink';
  if (t.includes('tcp')) return 'tcp';
  if (t.some((x) => SHM_TRANSPORTS.has(x))) return 'shm';
  return 'unknown';
}

/** The path a test meant to exercise: RDMA across nodes, NVLink (cuda_ipc) inside one, or either. */
export type WantedPath = 'rdma' | 'nvlink' | 'any';

export interface TransportVerdict {
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

/**
 * The one transport judge, for lanes UCX did log (callers decide what an
 * absent lane list means: `read` of a log without UCX logging skips, `pair`,
 * which turns UCX logging on, warns).
 */
export function judgeTransport(
  lanes: readonly string[],
  want: WantedPath,
  emulated = false,
  /** UCX named the peer's endpoint `intra-node` (same host), whatever its lanes. */
  sameNode = false,
): TransportVerdict {
  const kind = transportKind(lanes, emulated);
  const shown = lanes.slice(0, 4).join(', ') + (lanes.length > 4 ? ', …' : '');
  if (kind === 'tcp') {
    return {
      status: want === 'any' ? 'warn' : 'fail',
      detail: `UCX moved the data over TCP${emulated ? ' (RMA emulated over active messages)' : ''} (${shown}): not an RDMA or NVLink path`,
      fix: 'give the pods RDMA devices (RDMA resource, IPC_LOCK, /dev/infiniband) and make sure UCX_TLS allows rc/dc and UCX_NET_DEVICES names an RDMA NIC',
    };
  }
  if (emulated) {
    return {
      status: 'warn',
      detail: `UCX emulated RMA over active messages or software (${shown}): every transfer is copied on both sides`,
      fix: 'check UCX_TLS: a zero-copy transport (rc/dc, cuda_ipc) should carry the data',
    };
  }
  if (want === 'rdma' && kind === 'unknown') {
    return {
      status: 'fail',
      detail: `no RDMA lane among the lanes UCX used (${shown})`,
      fix: 'check UCX_TLS allows rc/dc, UCX_NET_DEVICES names an RDMA NIC and /dev/infiniband is in the pod (`interconnect-test node`)',
    };
  }
  if (want === 'rdma' && (kind !== 'rdma' || sameNode)) {
    return {
      status: 'fail',
      detail:
        kind === 'rdma'
          ? `UCX named the peer intra-node (${shown}): an RDMA loopback on one node, not across a network`
          : `UCX used intra-node transports (${shown}): the peer is on the same node, not across a network`,
      fix: 'run the two ranks on two different nodes',
    };
  }
  // UCX lists cuda_ipc beside RDMA lanes on one node ("rma(cuda_ipc/cuda rc_mlx5/mlx5_0:1)"): cuda_ipc present is NVLink/P2P.
  const ipc = lanes.some((l) => transportOf(l) === 'cuda_ipc');
  if (want === 'nvlink' && ipc)
    return { status: 'ok', detail: `UCX used NVLink/P2P (cuda_ipc) lanes: ${shown}` };
  if (want === 'nvlink') {
    return {
      status: 'fail',
      detail: `no cuda_ipc lane (${shown}): GPU peer-to-peer (NVLink) was not used`,
      fix: 'make sure UCX_TLS includes cuda_ipc and both GPUs are visible to the process',
    };
  }
  const label = kind === 'rdma' ? 'RDMA' : kind === 'nvlink' ? 'NVLink/P2P (cuda_ipc)' : kind;
  return { status: 'ok', detail: `UCX used ${label} lanes: ${shown}` };
}
