import type { CatalogEntry } from './catalog-types.js';

/** NCCL and Gloo variables. Text in our own words, from the NCCL environment-variable documentation. */
export const NCCL_ENTRIES: CatalogEntry[] = [
  {
    name: 'NCCL_IB_HCA',
    critical: true,
    what: 'Which RDMA devices (and ports) NCCL uses: a prefix list `mlx5_0:1,mlx5_1:1`, `=` for exact names, `^` to exclude.',
    default: 'every RDMA device NCCL finds',
    values: {
      ib: 'the compute-fabric HCAs, e.g. `mlx5_0,mlx5_1,…` (or `^mlx5_6,mlx5_7` to drop side-fabric ones)',
      roce: 'the RoCE devices of the GPU NICs',
      nvlink: 'as for the RDMA fabric that links NVLink domains',
      efa: 'not used (EFA goes through the aws-ofi-nccl plugin)',
    },
    disagg:
      'Multi-node prefill or decode workers run tensor/expert parallel collectives across nodes; a storage or management HCA in the list slows every step or hangs the ring.',
  },
  {
    name: 'NCCL_SOCKET_IFNAME',
    critical: true,
    what: 'The IP interface NCCL uses for bootstrap and for its socket transport. Prefix match (`eth`), `=eth0` exact, `^docker,lo` to exclude.',
    default: 'the first non-loopback, non-docker interface',
    values: {
      ib: 'the pod interface that routes between nodes, usually `eth0`',
      roce: '`eth0` (the pod network), not the RDMA netdevs',
      nvlink: '`eth0`',
      efa: '`eth0`',
    },
    disagg:
      'A wrong interface (a secondary network not routed between pods, a bridge) makes multi-node workers hang at NCCL init; it is also where NCCL falls back to when IB is off.',
  },
  {
    name: 'NCCL_IB_DISABLE',
    critical: true,
    what: "`1` turns off NCCL's InfiniBand/RoCE transport, so NCCL uses sockets between nodes.",
    default: '`0`',
    values: { ib: '`0`', roce: '`0`', nvlink: '`0`', efa: '`0` (EFA traffic goes through the OFI plugin)' },
    disagg:
      '`1` pushes every cross-node collective of a multi-node worker, and TRT-LLM KV transfer over NCCL, onto TCP sockets.',
    checks: ['env.nccl-ib-disable'],
  },
  {
    name: 'NCCL_NET_GDR_LEVEL',
    what: 'The largest GPU–NIC distance at which NCCL still uses GPUDirect RDMA (`LOC`, `PIX`, `PXB`, `PHB`, `SYS`).',
    default: 'chosen from the topology',
    values: { ib: '`PXB` or `PHB` depending on the platform', roce: 'as for IB' },
    disagg: 'Too strict a level stages collectives through host memory.',
  },
  {
    name: 'NCCL_IB_GID_INDEX',
    what: 'The GID index NCCL uses on RoCE.',
    default: 'auto-detected by recent NCCL',
    values: { ib: 'leave unset', roce: 'the RoCE v2 GID (often `3`)' },
    disagg: 'A wrong GID makes cross-node connections time out.',
  },
  {
    name: 'NCCL_IB_TC',
    what: 'Traffic class of NCCL RoCE traffic.',
    values: { roce: 'the lossless class of the fabric' },
    disagg: 'Collective traffic outside the lossless class competes badly with KV transfers.',
  },
  {
    name: 'NCCL_IB_SL',
    what: 'InfiniBand service level of NCCL traffic.',
    values: { ib: 'as the fabric QoS policy says' },
    disagg: 'Keeps collectives and KV traffic in their intended lanes.',
  },
  {
    name: 'NCCL_IB_QPS_PER_CONNECTION',
    what: 'Queue pairs per connection, to spread traffic over more paths.',
    values: { ib: '`1` (default); more on adaptive-routing fabrics', roce: '`4` on some RoCE fabrics' },
    disagg: 'Only performance of collectives.',
  },
  {
    name: 'NCCL_CROSS_NIC',
    what: 'Whether rings/trees may use different NICs on different nodes (`0` keep rails, `1` allow, `2` prefer same).',
    default: '`2`',
    values: { ib: '`0` on rail-optimised fabrics', roce: '`0` on rail-optimised fabrics' },
    disagg: 'Crossing rails on a rail-only fabric sends traffic through the spine or fails.',
  },
  {
    name: 'NCCL_NET_PLUGIN',
    what: 'The network plugin NCCL loads (`aws-ofi`, GKE gIB, …).',
    values: {
      efa: 'the aws-ofi-nccl plugin shipped in the EFA image',
      roce: 'the provider plugin where one is required (GKE gIB)',
    },
    disagg: 'Without the provider plugin NCCL falls back to sockets on EFA/GKE fabrics.',
  },
  {
    name: 'NCCL_P2P_LEVEL',
    what: 'The largest GPU–GPU distance at which NCCL uses peer-to-peer (`NVL`, `PIX`, `PXB`, `PHB`, `SYS`).',
    values: { nvlink: '`NVL` to use peer-to-peer only over NVLink' },
    disagg: 'Inside a worker only; it does not affect prefill→decode KV.',
  },
  {
    name: 'NCCL_P2P_DISABLE',
    what: '`1` disables NCCL peer-to-peer (NVLink/PCIe) between GPUs of one process group.',
    default: '`0`',
    values: { any: '`0`' },
    disagg: 'Inside a worker only, but `1` makes tensor parallel much slower.',
  },
  {
    name: 'NCCL_SHM_DISABLE',
    what: "`1` disables NCCL's shared-memory transport.",
    default: '`0`',
    values: { any: '`0`' },
    disagg: 'Inside a node only; needs a large enough /dev/shm when enabled.',
  },
  {
    name: 'NCCL_CUMEM_ENABLE',
    what: 'Lets NCCL allocate with the CUDA VMM (cuMem*) API.',
    values: { nvlink: '`1` (needed for MNNVL and NVLS)' },
    disagg: 'Required for NVLink-domain collectives on GB200; no effect on NIXL.',
  },
  {
    name: 'NCCL_MNNVL_ENABLE',
    what: 'Enables multi-node NVLink (GB200 NVL72) in NCCL.',
    values: { nvlink: '`1` with an IMEX ComputeDomain' },
    disagg: 'Multi-node workers on GB200 use NVLink instead of the network for their collectives.',
  },
  {
    name: 'NCCL_NVLS_ENABLE',
    what: 'Enables NVLink SHARP (in-switch reductions).',
    values: { nvlink: '`1` on NVSwitch systems' },
    disagg: 'Collectives only.',
  },
  {
    name: 'NCCL_GRAPH_MIXING_SUPPORT',
    what: 'Whether NCCL supports mixing CUDA-graph-captured and eager operations on one communicator; `0` removes the extra synchronisation that support costs.',
    values: { any: 'leave default unless the framework recommends `0`' },
    disagg: 'Collectives only; set it the same on prefill and decode unless the difference is intended.',
  },
  {
    name: 'NCCL_GRAPH_REGISTER',
    what: 'Registers user buffers for collectives captured in CUDA graphs; `0` turns it off.',
    values: { any: 'leave default unless the framework recommends `0`' },
    disagg: 'Collectives only.',
  },
  {
    name: 'NCCL_DEBUG',
    pdLocal: true,
    what: 'NCCL log verbosity (`WARN`, `INFO`, `TRACE`).',
    values: { any: '`WARN`; `INFO` while diagnosing' },
    disagg:
      '`INFO` prints `NET/IB` or `NET/Socket`: the quickest proof of which transport multi-node workers use.',
  },
  {
    name: 'NCCL_STORE_TIMEOUT',
    what: 'Not an NCCL library variable; recipes set it as a long rendezvous-store timeout for slow multi-node start-up.',
    values: { any: 'as long as model loading takes, e.g. `7200`' },
    disagg: 'Start-up only.',
  },
  {
    name: 'GLOO_SOCKET_IFNAME',
    what: 'The interface Gloo (PyTorch CPU collectives, start-up rendezvous) binds to.',
    values: { any: 'the routed pod interface, usually `eth0`' },
    disagg: 'A wrong interface hangs multi-node workers at start-up.',
  },
];
