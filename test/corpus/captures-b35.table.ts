import type { Capture } from './captures.table.js';

/**
 * Corpus batch b35 (issue 38): GitHub issue and pull-request threads of projects earlier batches used little
 * (Ceph, bytedance/byteps, deepseek-ai/3FS, MoonshotAI/checkpoint-engine, a DGX Spark vLLM repo, an open GPU
 * kernel-module fork) and threads not yet taken from sglang, vLLM, Mooncake, NCCL, ROCm/rccl, UCX, perftest,
 * aws-ofi-nccl and the RDMA shared device plugin. Five more, whose threads test/fixtures cites in another form
 * (`owner/repo PR #N`, file names), copied fixtures and were removed before any verdict was kept. See
 * captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b35: Capture[] = [
  // ibstat
  {
    file: 'ibstat/3fs-39-root-prompt-cx6dx-two-roce-ports-down-disabled-100-and-40.txt',
    tool: 'ibstat',
    source: 'https://github.com/deepseek-ai/3FS/issues/39',
    expert: 'problem',
    why: '`ibstat` of a host whose only RDMA device is a dual-port ConnectX-6 Dx (MT4125): both RoCE ports are Down/Disabled and no other CA is listed, so the node shown has no usable RDMA port at all',
  },
  {
    file: 'ibstat/ceph-17018-hash-prompt-mlx4-two-fdr-ports-active-lid-1-2.txt',
    tool: 'ibstat',
    source: 'https://github.com/ceph/ceph/pull/17018',
    expert: 'no-problem',
    why: 'a root prompt then `ibstat` of one ConnectX-3 (MT4099) with both InfiniBand ports Active/LinkUp at 56 Gb/s FDR (7 GB/s each, above the 5 GB/s cross-node floor) with LIDs from the SM: the whole CA is shown and healthy',
  },
  // ibstatus
  {
    file: 'ibstatus/nccl-307-ibstatus-edr-mlx5-0-active-then-mlx5-1-gid-cut.txt',
    tool: 'ibstatus',
    source: 'https://github.com/NVIDIA/nccl/issues/307',
    expert: 'not-judged',
    why: "mlx5_0 Active/LinkUp at 100 Gb/s EDR with a LID, then the paste is cut inside mlx5_1's default gid line: mlx5_1's state and any further ports are not shown",
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/byteps-365-cx6-mlx5-4-ib-active-lid-16-then-mlx5-5-cut-both-ends.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/bytedance/byteps/issues/365',
    expert: 'not-judged',
    why: "the paste starts at mlx5_4 (devices before it cut above): a ConnectX-6 (4123) InfiniBand port Active with LID 16 from the SM, then mlx5_5 is cut at phys_port_cnt before its port; the other devices' ports are not shown",
  },
  {
    file: 'ibv_devinfo/sglang-3622-azure-mi300x-vf-mlx5-0-ib-active-lid-2054-mlx5-1-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/sgl-project/sglang/issues/3622',
    expert: 'not-judged',
    why: 'an Azure MI300X VM: mlx5_0, a ConnectX virtual function (4126, MSF board), has its InfiniBand port Active with LID 2054; mlx5_1 is cut at hw_ver before its port, so its state and any later devices are not shown',
  },
  {
    file: 'ibv_devinfo/ucx-5732-dollar-vv-hpe-cx6-mlx5-1-exp-flags-cut-before-port.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/5732',
    expert: 'not-judged',
    why: "`ibv_devinfo -vv` (MLNX_OFED's experimental flags) of one HPE-branded ConnectX-6 (4123): the device attributes are shown, then the paste is cut mid-attribute long before its port section, so the port's state, link layer and rate are not shown",
  },
  // dev-infiniband
  {
    file: 'dev-infiniband/k8s-rdma-shared-54-ib-pod-default-network-ls-l-issm0-rdma-cm-umad0-uverbs0-rw.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/54',
    expert: 'no-problem',
    why: '`ls -l` of /dev/infiniband in a pod granted one InfiniBand device by the shared device plugin: uverbs0 and rdma_cm are crw-rw-rw- (openable by the workload), issm0/umad0 root-only as usual; every node the verbs path needs is present and accessible',
  },
  // lsmod
  {
    file: 'lsmod/3fs-98-expected-output-lsmod-grep-rxe-rdma-rxe-only-trailing-spaces.txt',
    tool: 'lsmod',
    source: 'https://github.com/deepseek-ai/3FS/issues/98',
    expert: 'problem',
    why: "`lsmod | grep rxe` (rows with trailing spaces): rdma_rxe loaded, and ib_core's six users, all named, include no hardware RDMA driver (no mlx5_ib, irdma, bnxt_re, efa): Soft-RoCE is the only RDMA device driver, software RDMA only",
  },
  {
    file: 'lsmod/vllm-dgx-spark-1-ib-diagnostic-script-cx7-modules-no-peermem-then-ls-cut.txt',
    tool: 'lsmod',
    source: 'https://github.com/mark-ramsey-ri/vllm-dgx-spark/issues/1',
    expert: 'not-judged',
    why: "a diagnostic script's banner on a DGX Spark (two ConnectX-7): the RDMA stack is loaded (mlx5_core, mlx5_ib, ib_core, ib_uverbs, rdma_cm), but ib_core's ten users are all named and none is a peer-memory module (nvidia_peermem/nv_peer_mem), so GPUDirect RDMA through peer memory is off and transfers would be staged through host memory, a warning; nothing fails to load",
  },
  // fi_info
  {
    file: 'fi_info/aws-ofi-nccl-1020-p5-container-no-dev-infiniband-fi-info-p-efa-minus-61.txt',
    tool: 'fi_info',
    source: 'https://github.com/aws/aws-ofi-nccl/issues/1020',
    expert: 'problem',
    why: '`fi_info -p efa` answers only -61 (FI_ENODATA): the EFA provider finds no device, so libfabric (and NIXL/NCCL over it) has no EFA path and falls back to TCP',
  },
  // ucx_info
  {
    file: 'ucx_info/ucx-6124-ucx-1-9-java-bindings-d-posix-memory-only-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/6124',
    expert: 'not-judged',
    why: '`ucx_info -d` of UCX 1.9.0: only the first memory domain (posix shared memory) is shown before the paste is cut mid-attribute; whether any RDMA (rc/ud/dc) or CUDA transport follows is not shown',
  },
  // topo
  {
    file: 'topo/aikitoria-12-command-glued-to-header-2x-rtx5070-phb-no-nic-one-legend-line.txt',
    tool: 'topo',
    source: 'https://github.com/aikitoria/open-gpu-kernel-modules/issues/12',
    expert: 'not-judged',
    why: 'the command glued to the matrix header on one line: two RTX 5070 behind one host bridge (PHB), no NVLink and no NIC in the matrix: GPU-to-GPU KV crosses PCIe through the CPU and nothing shows an RDMA path off the node, a warning; only the PHB legend line is kept',
  },
  {
    file: 'topo/mooncake-351-check-env-h800-nv8-topology-single-spaced-cut-in-gpu1-row.txt',
    tool: 'topo',
    source: 'https://github.com/kvcache-ai/Mooncake/issues/351',
    expert: 'not-judged',
    why: '`sglang.check_env` on 8x H800 pasted as prose, its NVIDIA Topology collapsed to single spaces: GPU0 has NV8 to every GPU and a PIX NIC (NIC1), then the matrix is cut inside the GPU1 row, so GPU2-GPU7 and the NIC rows are not shown',
  },
  {
    file: 'topo/sglang-645-check-env-one-a100-five-nics-tab-matrix-gpu0-pxb-nic3-legend-cut.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/pull/645',
    expert: 'no-problem',
    why: '`sglang.check_env` output whose NVIDIA Topology is a tab-separated `topo -m` of one A100 and five NICs: the whole matrix (GPU0 row and every NIC row) is shown, GPU0 reaches NIC3 through PCIe switches (PXB) on its own NUMA node; the paste is cut only in the legend, which the checks do not need',
  },
  {
    file: 'topo/sglang-965-check-env-8x-a100-nv12-four-nics-matrix-cut-in-gpu2-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/pull/965',
    expert: 'not-judged',
    why: '`sglang.check_env` on 8x A100 (NV12 between all pairs) with four NICs: GPU0/GPU1 reach NIC0/NIC1 only at NODE (no PIX/PXB NIC), and the matrix is cut inside the GPU2 row, so GPU2-GPU7 and the NIC rows are not shown',
  },
  {
    file: 'topo/vllm-25015-tabs-gpu3-7-and-nic-rows-gpu3-gpu7-sys-only-header-cut-above-legend-cut.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/25015',
    expert: 'not-judged',
    why: 'a tab-separated `topo -m` cut above (header and GPU0-GPU2 rows not shown): NV18 between the GPUs shown, GPU4/GPU6 have a PIX NIC and GPU5 only a NODE one, while GPU3 and GPU7 reach every NIC only across the CPU interconnect (SYS), a warning for their RDMA path; the NIC rows show NIC0 PIX to GPU0, NIC3 to GPU2, NIC7 to GPU1',
  },
  // nccl-tests
  {
    file: 'nccl-tests/nccl-644-rows-512k-to-1g-no-redop-busbw-5gbs-avg-2-3-cut-above.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/644',
    expert: 'not-judged',
    why: 'the paste starts at the 512 KiB row (header, rank list and command cut above): busbw rises to 6.5 GB/s at 4 MiB and settles at 5.3-5.4 GB/s to 1 GiB, no errors, Avg bus bandwidth 2.35; neither the node count nor a link is shown, so the figure cannot be held against a known link',
  },
  {
    file: 'nccl-tests/rccl-929-mi250x-mpich-16-ranks-8b-to-2k-rows-before-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/ROCm/rccl/pull/929',
    expert: 'not-judged',
    why: 'rccl-tests all_reduce header and rows from 8 B to 1 KiB (25-31 us, latency-bound sizes, errors at float rounding level), then cut at the 2 KiB row: no bandwidth-bound size is shown, nothing to hold against a link',
  },
  // perftest
  {
    file: 'perftest/k8s-rdma-shared-54-ib-pod-server-use-cuda-0-q2-waiting-then-cuda-list-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/54',
    expert: 'not-judged',
    why: 'the server side of an `ib_write_bw -a -q 2 --use_cuda 0` in a pod: it waits for its client, then CUDA is initialised and the paste is cut while listing CUDA devices, before the header and any result row',
  },
  {
    file: 'perftest/perftest-280-roce-pod-use-cuda-dmabuf-client-cuda-init-cut-at-device-name.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/280',
    expert: 'not-judged',
    why: 'an `ib_write_bw --use_cuda=1 --use_cuda_dmabuf` client in a pod (RoCE, GID index 7): CUDA initialises and picks an H100, then the paste is cut at the device name, before the buffer registration, the connection and any result row: nothing of the transfer is shown',
  },
  // gdrcopy
  {
    file: 'gdrcopy/checkpoint-engine-34-h20-copybw-128k-write-17298-read-720-complete.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/MoonshotAI/checkpoint-engine/issues/34',
    expert: 'no-problem',
    why: '`gdrcopy_copybw` on an 8x H20 node runs to `closing gdrdrv`: the 128 KiB GPU buffer is pinned and mapped write-combined, write BW 17.3 GB/s through the BAR and read BW 0.72 GB/s (CPU reads over the BAR are uncached and always slow); nothing failed',
  },
  // read after the fixes above (readings committed first)
  {
    file: 'ibv_devinfo/ompi-9087-hash-v-flattened-unindented-cx4-fujitsu-cut-in-cap-flags.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/open-mpi/ompi/issues/9087',
    expert: 'not-judged',
    why: "`ibv_devinfo -v` of one Fujitsu-branded ConnectX-4 (4115) pasted as prose with every indent stripped: the device attributes are shown, then the paste stops inside the capability flags, long before the port section, so the port's state, link layer and rate are not shown",
  },
  {
    file: 'lsmod/nvshmem-51-path-only-prompt-grep-peer-nvidia-peermem-loaded-ib-uverbs-user.txt',
    tool: 'lsmod',
    source: 'https://github.com/NVIDIA/nvshmem/issues/51',
    expert: 'no-problem',
    why: "behind a prompt that is only a path, `lsmod | grep peer`: nvidia_peermem is loaded and named among the users of nvidia and of ib_uverbs (the RDMA stack with mlx5_ib), so GPUDirect RDMA's peer-memory module is present; gdrdrv, which the grep would not show, is optional",
  },
];
