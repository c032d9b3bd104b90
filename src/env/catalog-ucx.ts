import type { CatalogEntry } from './catalog-types.js';

/** UCX and NIXL variables. Text in our own words; sources are the UCX config tables and NIXL's UCX plugin. */
export const UCX_ENTRIES: CatalogEntry[] = [
  {
    name: 'UCX_TLS',
    critical: true,
    what: 'The transports UCX may use, as a comma list of names and aliases (`rc` = rc_mlx5+rc_verbs, `dc`, `ud`, `ib` = every InfiniBand transport, `sm`/`shm`, `cuda` = cuda_copy+cuda_ipc+gdr_copy, `tcp`). A leading `^` turns the list into exclusions: `^cuda_ipc` means every transport except cuda_ipc.',
    default: '`all`',
    values: {
      ib: '`rc_x,rc,dc_x,dc,cuda_copy,cuda_ipc` (add `tcp` only as a deliberate fallback)',
      roce: 'same as InfiniBand: `rc_x,rc,dc_x,dc,cuda_copy,cuda_ipc`',
      nvlink:
        'keep `cuda_copy,cuda_ipc` and an RDMA transport for peers outside the NVLink domain; never exclude `cuda_ipc` when relying on MNNVL',
      efa: 'with UCX over EFA: `srd,cuda_copy,tcp`; with the LIBFABRIC backend UCX_TLS is not used',
    },
    disagg:
      'The KV cache lives in GPU memory. Without `cuda_copy` UCX does not recognise GPU buffers; without an RDMA transport (rc, dc, srd) every cross-node KV transfer falls back to TCP, 10–40× slower, with no error.',
    checks: ['env.ucx-tls'],
  },
  {
    name: 'UCX_NET_DEVICES',
    critical: true,
    what: 'The network devices UCX may use, as `device:port` for RDMA devices (`mlx5_0:1`) or an interface name for TCP (`eth0`). `all` lets UCX pick.',
    default: '`all`',
    values: {
      ib: 'the GPU-affine HCA ports of the compute fabric, e.g. `mlx5_0:1,mlx5_1:1,…` (leave out storage or side-fabric HCAs)',
      roce: 'the RoCE ports of the GPU NICs, e.g. `mlx5_0:1` or `rocep1s0f0:1` (the RDMA device, not the netdev)',
      nvlink: 'not used by cuda_ipc; set it for the RDMA path as for IB/RoCE',
      efa: 'the EFA devices (e.g. `rdmap16s27:1`) when UCX drives EFA; unused with the LIBFABRIC backend',
    },
    disagg:
      'With `all`, UCX can bind management, BlueField or side-fabric NICs that do not route between the prefill and decode nodes: the first KV transfer then fails (`NIXL_ERR_REMOTE_DISCONNECT`, `NIXL_ERR_BACKEND`) or silently returns garbage. A bare interface name such as `eth0` gives RDMA transports no device at all.',
    checks: ['env.ucx-net-devices'],
  },
  {
    name: 'UCX_IB_GPU_DIRECT_RDMA',
    critical: true,
    what: 'Whether UCX registers GPU memory directly with the RDMA NIC (GPUDirect RDMA). A yes/no/try switch.',
    default: '`try`',
    values: {
      ib: '`yes`',
      roce: '`yes`',
      nvlink: 'not applicable to cuda_ipc; `yes` for the RDMA path',
      efa: 'not used (EFA GPUDirect is `FI_EFA_USE_DEVICE_RDMA`)',
    },
    disagg:
      'With `try`, a node without working GPUDirect (no nvidia-peermem or dma-buf) quietly stages every KV block through host memory. `yes` turns that into a start-up error you can see.',
    checks: ['env.ucx-gpu-direct'],
  },
  {
    name: 'UCX_IB_GID_INDEX',
    what: 'The GID table index used for RoCE addressing.',
    default: '`auto` (recent UCX), `0` (old UCX)',
    values: { ib: 'leave unset', roce: 'the RoCE v2 GID of the NIC (often `3`; check `show_gids`)' },
    disagg:
      'A RoCE v1 or link-local GID on one side makes the prefill and decode QPs unreachable from each other.',
  },
  {
    name: 'UCX_IB_ADDR_TYPE',
    what: 'Forces the InfiniBand address type (`ib_local`, `ib_site_local`, `ib_global`, `eth`). Deprecated in recent UCX in favour of `UCX_IB_IS_GLOBAL`.',
    default: '`auto`',
    values: { ib: 'unset, or as the cluster guide says', roce: '`eth` if auto-detection gets it wrong' },
    disagg: 'A wrong address type shows up as `NIXL_ERR_REMOTE_DISCONNECT` at the first transfer.',
  },
  {
    name: 'UCX_IB_REG_METHODS',
    what: 'How UCX registers memory with the NIC (`rcache`, `odp`, `direct`).',
    values: { ib: '`rcache` (add `odp` only where on-demand paging is supported)', roce: '`rcache`' },
    disagg: 'Registration cost is paid per KV buffer; a cache avoids re-registering the same GPU blocks.',
  },
  {
    name: 'UCX_IB_PCI_RELAXED_ORDERING',
    what: 'PCIe relaxed ordering for RDMA writes.',
    values: { ib: '`try` (NIXL sets it when unset)', roce: '`try`' },
    disagg: 'Relaxed ordering raises GPUDirect write bandwidth on many platforms.',
  },
  {
    name: 'UCX_IB_TRAFFIC_CLASS',
    what: 'The traffic class (DSCP) of RoCE packets.',
    values: { roce: 'the lossless class the switches are configured for' },
    disagg: 'KV traffic outside the lossless class drops packets under load and stalls transfers.',
  },
  {
    name: 'UCX_IB_SL',
    what: 'The InfiniBand service level (RoCE priority) of UCX traffic.',
    values: { ib: 'as the fabric QoS policy says', roce: 'the PFC-enabled priority' },
    disagg: 'Same as the traffic class: the KV flow must land in the lossless lane.',
  },
  {
    name: 'UCX_RNDV_SCHEME',
    what: 'How large messages are sent: `get_zcopy` (receiver pulls), `put_zcopy` (sender pushes) or `auto`.',
    default: '`auto`',
    values: {
      ib: '`get_zcopy` or `auto`',
      roce: '`get_zcopy` or `auto`',
      efa: '`auto` (zero-copy GET is known to crash on EFA with kernel ≥ 6.8)',
    },
    disagg: 'KV blocks are large; a zero-copy rendezvous keeps them GPU-to-GPU.',
  },
  {
    name: 'UCX_RNDV_THRESH',
    what: 'Message size from which UCX uses the rendezvous (zero-copy) protocol.',
    default: '`auto` (NIXL sets `inf` when unset)',
    values: { ib: '`0` or a small value', roce: '`0` or a small value', efa: '`8192`' },
    disagg:
      'Prefill and decode should agree; a different threshold on one side changes the protocol each side expects.',
  },
  {
    name: 'UCX_MAX_RNDV_RAILS',
    what: 'How many NICs (rails) one large transfer may be striped over.',
    default: '`2`',
    values: { ib: 'the number of GPU-affine NICs per GPU, usually `1` or `2`', roce: 'as for IB' },
    disagg:
      'Striping across NICs that are not GPU-affine crosses the PCIe/SMP interconnect and lowers bandwidth.',
  },
  {
    name: 'UCX_MEMTYPE_CACHE',
    what: 'Caches which address ranges are GPU memory.',
    values: { ib: '`n` with CUDA VMM/cuMem allocators', roce: '`n`', nvlink: '`n`' },
    disagg:
      'A stale cache entry misclassifies a KV buffer (allocators that remap memory) and corrupts or fails the transfer.',
  },
  {
    name: 'UCX_MEMTYPE_REG_WHOLE',
    what: 'Registers the whole allocation instead of the requested range for GPU memory.',
    values: { nvlink: '`n` with VMM allocations on GB200' },
    disagg: 'Whole-allocation registration of large VMM pools can fail or exhaust NIC translation tables.',
  },
  {
    name: 'UCX_RCACHE_MAX_UNRELEASED',
    what: 'How many released registrations the cache may hold before it flushes them.',
    values: { ib: '`1024` is a common choice', nvlink: '`1024`' },
    disagg: 'Bounds memory pinned by old KV registrations on long-running workers.',
  },
  {
    name: 'UCX_CUDA_IPC_ENABLE_MNNVL',
    what: 'Lets cuda_ipc work across nodes of one multi-node NVLink domain (GB200 NVL72 with an IMEX ComputeDomain).',
    values: { nvlink: '`y`, with `cuda_ipc` allowed in UCX_TLS and both pods in the ComputeDomain' },
    disagg:
      'This is what puts prefill→decode KV on NVLink between GB200 trays; it has no effect when UCX_TLS leaves out cuda_ipc.',
  },
  {
    name: 'UCX_PROTO_INFO',
    pdLocal: true,
    what: 'Prints the protocol and lane UCX picked for each operation.',
    values: { any: '`used` while diagnosing' },
    disagg: 'Shows whether KV went `rc_mlx5/mlx5_0:1` (good) or `tcp/eth0` (fallback).',
  },
  {
    name: 'UCX_LOG_LEVEL',
    pdLocal: true,
    what: 'UCX log verbosity (`error`, `warn`, `info`, `debug`).',
    default: '`warn`',
    values: { any: '`warn`; `info` while diagnosing' },
    disagg: '`info` prints the lanes chosen at connection time.',
  },
  {
    name: 'UCX_WARN_UNUSED_ENV_VARS',
    pdLocal: true,
    what: 'Warns about UCX_* variables UCX did not recognise.',
    default: '`y`',
    values: { any: '`y`' },
    disagg: 'Keeps a misspelt transport variable from being ignored silently.',
  },
  {
    name: 'NIXL_PLUGIN_DIR',
    what: 'Where NIXL loads its backend plugins (UCX, LIBFABRIC, GDS) from.',
    values: { any: 'leave the image default' },
    disagg: 'A wrong path means no UCX backend: the worker fails to create its NIXL agent.',
  },
  {
    name: 'NIXL_LOG_LEVEL',
    pdLocal: true,
    what: 'NIXL log verbosity (TRACE, DEBUG, INFO, WARN, ERROR, FATAL).',
    default: '`WARN`',
    values: { any: '`WARN`; `INFO` while diagnosing' },
    disagg: 'Transfer errors name the backend and the failing peer at WARN and above.',
  },
  {
    name: 'NIXL_TELEMETRY_ENABLE',
    pdLocal: true,
    what: "Turns on NIXL's transfer telemetry (the Dynamo operator sets `n`).",
    values: { any: '`y` to export transfer counters' },
    disagg: 'Transfer counters show KV bandwidth per worker without a separate test.',
  },
  {
    name: 'NIXL_TELEMETRY_EXPORTER',
    pdLocal: true,
    what: 'Where telemetry goes, e.g. `prometheus`.',
    values: { any: '`prometheus`' },
    disagg: 'Only observability.',
  },
  {
    name: 'NIXL_TELEMETRY_PROMETHEUS_PORT',
    pdLocal: true,
    what: 'The port of the Prometheus telemetry endpoint.',
    values: { any: 'a free port, e.g. `19090`' },
    disagg: 'Only observability.',
  },
  {
    name: 'NIXL_ETCD_ENDPOINTS',
    what: "etcd endpoints for NIXL's own metadata exchange.",
    values: { any: 'unset under Dynamo (the runtime exchanges metadata itself)' },
    disagg: 'An unresolvable endpoint makes agent creation fail.',
  },
];
