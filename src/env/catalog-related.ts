import type { CatalogEntry } from './catalog-types.js';

/** Related names that select or tune the KV path (libfabric, backend switches, MPI, PyTorch, vLLM). */
export const RELATED_ENTRIES: CatalogEntry[] = [
  {
    name: 'FI_PROVIDER',
    what: 'Restricts libfabric to one provider.',
    values: { efa: '`efa`' },
    disagg: "With NIXL's LIBFABRIC backend on AWS this must select EFA, or KV goes over the TCP provider.",
  },
  {
    name: 'FI_EFA_USE_DEVICE_RDMA',
    what: 'Lets the EFA provider use the device RDMA read/write (GPUDirect on p4d/p5).',
    values: { efa: '`1`' },
    disagg: 'Without it GPU memory is copied through the host on every transfer.',
  },
  {
    name: 'FI_EFA_ENABLE_SHM_TRANSFER',
    what: 'Lets the EFA provider use shared memory for peers on the same node.',
    values: { efa: '`0` in containers without a shared IPC namespace' },
    disagg: 'Pods do not share memory, so the shm path cannot work between prefill and decode pods.',
  },
  {
    name: 'FI_EFA_FORK_SAFE',
    what: 'Makes the EFA provider safe with fork().',
    values: { efa: '`1` when the framework forks worker processes' },
    disagg: 'A fork after registration can corrupt registered KV buffers.',
  },
  {
    name: 'FI_LOG_LEVEL',
    pdLocal: true,
    what: 'libfabric log verbosity.',
    values: { efa: '`warn`; `info` while diagnosing' },
    disagg: '`info` shows which provider and device were chosen.',
  },
  {
    name: 'DYN_KVBM_NIXL_BACKEND_UCX',
    what: "Turns the UCX backend of Dynamo's KV block manager on or off.",
    values: { ib: '`true`', roce: '`true`', nvlink: '`true`', efa: '`false` when LIBFABRIC is used' },
    disagg:
      'Decides which library moves KV blocks; the other variables of that library are the ones that matter.',
  },
  {
    name: 'DYN_KVBM_NIXL_BACKEND_LIBFABRIC',
    what: "Turns the LIBFABRIC backend of Dynamo's KV block manager on or off.",
    values: { efa: '`true`', ib: 'unset or `false`' },
    disagg:
      'On EFA the LIBFABRIC backend is the recommended KV path; UCX_* settings then do not apply to it.',
  },
  {
    name: 'SGLANG_DISAGGREGATION_NIXL_BACKEND',
    what: 'The NIXL backend SGLang uses for prefill→decode transfer (`UCX` or `LIBFABRIC`).',
    values: { ib: '`UCX`', roce: '`UCX`', nvlink: '`UCX`', efa: '`LIBFABRIC`' },
    disagg: 'Selects which family of variables governs the KV path of SGLang workers.',
  },
  {
    name: 'VLLM_NIXL_SIDE_CHANNEL_HOST',
    what: "The address vLLM's NixlConnector publishes for the prefill/decode handshake.",
    values: { any: 'the pod IP (the operator injects it for multi-node mp workers)' },
    disagg:
      '`localhost` or a wrong address makes every KV handshake time out ("connection refused on localhost:5557").',
  },
  {
    name: 'VLLM_NIXL_SIDE_CHANNEL_PORT',
    what: 'The port of that handshake.',
    values: { any: 'the default unless several workers share a network namespace' },
    disagg: 'Both sides must be able to reach it through the pod network.',
  },
  {
    name: 'VLLM_USE_NCCL_SYMM_MEM',
    what: 'Lets vLLM use NCCL symmetric-memory collectives.',
    values: { any: 'as the recipe recommends for the model' },
    disagg: 'Collectives only.',
  },
  {
    name: 'TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC',
    what: "How long PyTorch's NCCL watchdog waits before declaring a hang.",
    values: { any: 'longer than the slowest warm-up, e.g. `1800`' },
    disagg: 'Too short kills multi-node workers during long compilation or loading.',
  },
  {
    name: 'TORCH_NCCL_ASYNC_ERROR_HANDLING',
    what: 'Whether PyTorch tears the process down when an NCCL operation fails or times out.',
    values: { any: '`1`' },
    disagg: 'A worker stuck in a dead collective otherwise stays Ready and stalls requests.',
  },
  {
    name: 'OMPI_MCA_coll_ucc_enable',
    what: "Turns Open MPI's UCC collectives component on or off.",
    values: { any: '`0` where the image recommends it (TRT-LLM)' },
    disagg: 'Start-up of mpirun-launched multi-node TRT-LLM workers only.',
  },
  {
    name: 'OMPI_MCA_pml',
    what: "Open MPI's point-to-point layer (`ucx`, `ob1`).",
    values: { ib: '`ucx`', roce: '`ucx`' },
    disagg: 'MPI traffic of multi-node TRT-LLM workers; not the NIXL KV path.',
  },
  {
    name: 'OMPI_MCA_btl_tcp_if_include',
    what: 'The interfaces Open MPI TCP traffic may use.',
    values: { any: 'the routed pod interface, e.g. `eth0`' },
    disagg: 'A wrong interface hangs mpirun start-up across nodes.',
  },
  {
    name: 'NVIDIA_GDRCOPY',
    what: 'Asks the NVIDIA Container Toolkit to expose the GDRCopy device (/dev/gdrdrv) in the container; the toolkit documents the value `enabled`.',
    values: { ib: '`enabled` where gdrdrv is installed on the node', roce: 'as for IB', nvlink: 'as for IB' },
    disagg:
      "GDRCopy speeds up UCX's small GPU copies (gdr_copy transport) used for KV metadata and short messages.",
  },
];
