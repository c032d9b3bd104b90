/**
 * The one list of UCX transport names the parsers and judges (`read nixlbench|ucx_perftest`,
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
