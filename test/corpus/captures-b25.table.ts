import type { Capture } from './captures.table.js';

const XE9780 =
  'https://github.com/BAEYUNSEON/XE9780_Performance_Test/blob/9b6595a1400e2207306259dc20a1c6a87674f865/README.md';
const FUSEE =
  'https://github.com/yanxwang/FUSEE-CXL-Migration/blob/5c839650fff7c1dc0e2a56c92337b39b5ec3b95d/docs/archive/c1_c2_ib_diagnostic.md';

/** Corpus batch b25 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b25: Capture[] = [
  // nvlink
  {
    file: 'nvlink/xe9780-b300-7-gpus-nvlink-status-18x53.txt',
    tool: 'nvlink',
    source: XE9780,
    expert: 'no-problem',
    why: '`nvidia-smi nvlink --status` on a Dell XE9780: every one of the seven B300 GPUs listed has all 18 links at 53.125 GB/s',
  },
  {
    file: 'nvlink/ilgpu-378-v100-nvlink-capabilities-gpu0-cut-at-link4.txt',
    tool: 'nvlink',
    source: 'https://github.com/m4rs-mt/ILGPU/issues/378',
    expert: 'not-judged',
    why: '`nvlink --capabilities -i 0` on a V100: per-link capability flags (P2P supported) only, no link state or speed, one GPU, cut at link 4',
  },
  // topo
  {
    file: 'topo/sglang-9064-b200-14-nics-cut-at-gpu1-row.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/9064',
    expert: 'not-judged',
    why: 'B200 node: GPU0 NV18 to all peers with two PIX NICs; cut in the GPU1 row, so the other GPUs and their NICs are not shown',
  },
  {
    file: 'topo/xe9780-b300-7-gpus-nv18-no-nic.txt',
    tool: 'topo',
    source: XE9780,
    expert: 'not-judged',
    why: 'seven B300 all NV18 to each other (NVLink healthy), but no NIC column in the matrix, so GPU-NIC placement for RDMA is not shown',
  },
  {
    file: 'topo/nccl-tests-68-c4140-4x-v100-nv2-mlx5-node-tabs.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/68',
    expert: 'not-judged',
    why: "four V100 NV2 to each other (healthy), but the only NIC mlx5_0 is NODE from every GPU: GPUDirect RDMA crosses the host bridge (beyond NCCL's default PXB level), so cross-node transfers stage through host memory: a warning",
  },
  {
    file: 'topo/vllm-35799-b200-nic-rows-10-15-only-legend-cut.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/35799',
    expert: 'not-judged',
    why: 'only the NIC10-NIC15 rows of a B200 matrix, without its header; the GPU rows (NVLink and GPU-NIC placement) are not shown; cut in the legend',
  },
  {
    file: 'topo/vllm-26896-nv8-two-nics-pxb-node-sys-cut-at-gpu4.txt',
    tool: 'topo',
    source: 'https://github.com/vllm-project/vllm/issues/26896',
    expert: 'not-judged',
    why: 'eight GPUs NV8 to each other; NIC0 is PXB to GPU0-1 but NODE to GPU2-3 (their RDMA crosses the host bridge: a warning); cut in the GPU4 row',
  },
  {
    file: 'topo/cuda-samples-284-two-l4-sys-across-numa-no-nic-tabs.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/cuda-samples/issues/284',
    expert: 'not-judged',
    why: 'two L4 on different NUMA nodes (SYS): transfers between them cross the inter-socket link, no NVLink (a warning); no NIC in the matrix',
  },
  {
    file: 'topo/aikitoria-1-four-gpus-phb-no-nvlink-no-nic.txt',
    tool: 'topo',
    source: 'https://github.com/aikitoria/open-gpu-kernel-modules/issues/1',
    expert: 'not-judged',
    why: 'four GPUs PHB to each other with no NVLink: transfers go over PCIe through the host bridge (a warning); no NIC in the matrix',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/libfabric-6891-huawei-hns-roce-hrn0-v-cut-before-ports.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/ofiwg/libfabric/issues/6891',
    expert: 'not-judged',
    why: '`ibv_devinfo -v` of a Huawei HNS RoCE device (hrn0_0, vendor 0x19e5, phys_port_cnt 1) cut inside the device attributes before its port',
  },
  {
    file: 'ibv_devinfo/fusee-cxl-bf3-v-filtered-port-down-phys-linkup.txt',
    tool: 'ibv_devinfo',
    source: FUSEE,
    expert: 'problem',
    why: 'filtered `ibv_devinfo -v` of both BlueField-3 ports: state PORT_DOWN with phys_state LINK_UP (no subnet manager), so neither port can carry RDMA',
  },
  {
    file: 'ibv_devinfo/ucx-10430-bond-v-tail-from-caps-port-active-ethernet-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/10430',
    expert: 'not-judged',
    why: "the tail of an `ibv_devinfo -v`: one RoCE port PORT_ACTIVE, but the device header (its name and any other devices) is cut off above and the port's width and speed below",
  },
  {
    file: 'ibv_devinfo/xe9780-b300-ibv-devinfo-command-not-found.txt',
    tool: 'ibv_devinfo',
    source: XE9780,
    expert: 'not-judged',
    why: '`ibv_devinfo` is not installed ("Command \'ibv_devinfo\' not found"): no device is shown',
  },
  // ibstat
  {
    file: 'ibstat/xe9780-b300-seven-cx8-disabled-four-cx7-active-100.txt',
    tool: 'ibstat',
    source: XE9780,
    expert: 'not-judged',
    why: 'four ConnectX-7 IB ports Active at 100 Gb/s; seven ConnectX-8 (MT4131) ports Down/Disabled at the 10 Gb/s default, which the paste cannot show to be in use: a warning',
  },
  {
    file: 'ibstat/fusee-cxl-c1-bf3-two-ib-ports-linkup-but-down-no-sm.txt',
    tool: 'ibstat',
    source: FUSEE,
    expert: 'problem',
    why: 'both BlueField-3 IB ports are physically LinkUp but logically Down (base lid 65535, SM lid 0: no subnet manager): no usable RDMA port',
  },
  {
    file: 'ibstat/fusee-cxl-c2-bf3-port-linkup-but-down-cut-before-link-layer.txt',
    tool: 'ibstat',
    source: FUSEE,
    expert: 'problem',
    why: 'the only port of the only BlueField-3 CA is LinkUp but State Down (lid 65535, SM lid 0); cut after the capability mask',
  },
  {
    file: 'ibstat/openshift-docs-96176-diff-prefixed-ports-lid-guid-link-layer-only.txt',
    tool: 'ibstat',
    source: 'https://github.com/openshift/openshift-docs/pull/96176',
    expert: 'not-judged',
    why: 'diff-prefixed ibstat lines filtered down to Base lid, Port GUID and Link layer (Ethernet): no port state or rate shown',
  },
  // perftest
  {
    file: 'perftest/fusee-cxl-bf3-port-down-couldnt-get-context.txt',
    tool: 'perftest',
    source: FUSEE,
    expert: 'problem',
    why: 'perftest cannot start: port 1 is Down, it cannot set the link layer nor get a device context, so no transfer runs',
  },
  {
    file: 'perftest/perftest-130-cx5-roce-send-bw-two-clients-rows-only-1-2.8-gbs-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/issues/130',
    expert: 'problem',
    why: "two ib_send_bw clients on ConnectX-5 RoCE with 4 MiB messages average 0.03-2.85 GB/s (perftest's default MB/sec column): far below the 5 GB/s cross-node floor",
  },
  // gdrcopy
  {
    file: 'gdrcopy/bottlerocket-kernel-kit-462-t4-sanity-31-passed-5-waived-then-pplat.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/bottlerocket-os/bottlerocket-kernel-kit/pull/462',
    expert: 'no-problem',
    why: 'gdrcopy_sanity on a T4: Total 36, Passed 31, Failed 0, Waived 5 (force-PCI and token variants), then gdrcopy_pplat round trip 0.94 us: pin and map work',
  },
  {
    file: 'gdrcopy/gdrcopy-144-singularity-v100-copylat-gdr-open-assert.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/144',
    expert: 'problem',
    why: 'copylat allocates GPU memory and then asserts that gdr_open returned NULL: gdrdrv cannot be opened, GPU memory cannot be mapped',
  },
  {
    file: 'gdrcopy/gdrcopy-144-singularity-copybw-undefined-symbol-never-ran.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/144',
    expert: 'not-judged',
    why: 'the copybw binary stops at a symbol lookup error (cuDevicePrimaryCtxRelease_v2) before running: nothing about pinning or mapping is shown',
  },
  {
    file: 'gdrcopy/gdrcopy-144-singularity-sanity-libsubunit-missing-never-ran.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/144',
    expert: 'not-judged',
    why: 'the sanity binary cannot load libsubunit.so.0 and never runs: nothing about pinning or mapping is shown',
  },
  // dmesg
  {
    file: 'dmesg/nvme-cli-3268-mlx5-responder-error-cqe-flush-flood-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/linux-nvme/nvme-cli/issues/3268',
    expert: 'problem',
    why: 'mlx5 reports responder error CQEs on rocep33s0f0 again and again (syndrome 0x5, flushed work requests): RDMA operations on the RoCE port complete in error',
  },
  {
    file: 'dmesg/nvme-cli-3268-mlx5-ib-debug-create-qp-soft-wc-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/linux-nvme/nvme-cli/issues/3268',
    expert: 'not-judged',
    why: 'mlx5_ib dynamic-debug lines of a QP being created while NVMe-oF connects; no fault shown, the peer-memory module not shown; cut mid-line',
  },
  {
    file: 'dmesg/spdk-508-mlx4-en-ports-up-link-ready-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/spdk/spdk/issues/508',
    expert: 'not-judged',
    why: 'ConnectX-3 (mlx4) ports initialise and both links come up; no fault shown, but the peer-memory module the question also covers is not in the paste; cut mid-timestamp',
  },
  {
    file: 'dmesg/oracle-linux-85-azure-ofed-mlx5-core-devlink-warning-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/oracle/oracle-linux/issues/85',
    expert: 'problem',
    why: 'after an OFED install on an Azure VM the mlx5 VF is unregistered and loading the new mlx5_core hits a kernel WARNING in devlink_alloc (the RDMA devices disappear); cut inside the trace',
  },
  // nccl-tests
  {
    file: 'nccl-tests/dstack-3961-p6-b200-two-nodes-rows-cut-at-512b.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/dstackai/dstack/pull/3961',
    expert: 'not-judged',
    why: 'two p6-b200 nodes over EFA: the rows stop at 512 bytes (latency-bound), before any size that shows bandwidth',
  },
  {
    file: 'nccl-tests/bottlerocket-kernel-kit-313-efa-mpirun-prefixed-alltoall-rows-cut-at-1mib.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/bottlerocket-os/bottlerocket-kernel-kit/pull/313',
    expert: 'not-judged',
    why: 'mpirun-prefixed alltoall rows (redop none) from 2 KiB to 512 KiB, all latency-bound, cut mid-row at 1 MiB before the large sizes',
  },
  {
    file: 'nccl-tests/awsome-distributed-ai-1255-p6-b300-efa-summary-lines-avg-9.8.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/awslabs/awsome-distributed-ai/pull/1255',
    expert: 'not-judged',
    why: 'only runtime markers and the summary (0 out-of-bounds, average bus bandwidth 9.79 GB/s over the whole sweep): no result row to hold against the EFA link',
  },
  {
    file: 'nccl-tests/bottlerocket-kernel-kit-304-mpirun-prefixed-destroy-then-out-of-bounds-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/bottlerocket-os/bottlerocket-kernel-kit/pull/304',
    expert: 'not-judged',
    why: 'the tail of a 16-rank two-node run: comm Destroy lines and 0 out-of-bounds values, no result row and no average; cut',
  },
  {
    file: 'nccl-tests/nccl-tests-272-h200-8gpu-srun-cut-in-header.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/272',
    expert: 'not-judged',
    why: 'eight H200 on one node; cut inside the column header before any result row',
  },
  {
    file: 'nccl-tests/aws-ofi-nccl-65-p4d-two-nodes-rank-list-cut-before-rows.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/aws/aws-ofi-nccl/issues/65',
    expert: 'not-judged',
    why: 'two p4d nodes (A100); cut in the rank list before any result row',
  },
  {
    file: 'nccl-tests/nccl-229-efa-ofi-selected-provider-tcp-rxm-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/229',
    expert: 'problem',
    why: 'on EFA instances the OFI plugin selects the `tcp;ofi_rxm` provider (NET/Socket on eth0): no RDMA between the nodes; cut before any row',
  },
  {
    file: 'nccl-tests/aks-rdma-infiniband-30-mpijob-info-lines-rows-to-2kb-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/Azure/aks-rdma-infiniband/issues/30',
    expert: 'not-judged',
    why: 'a two-node MPIJob on AKS: NCCL INFO lines, then rows from 8 B to 2 KiB only (latency-bound); cut before sizes that show bandwidth',
  },
  {
    file: 'nccl-tests/nccl-tests-182-a100-pcie-two-nodes-ib-header-twice-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/182',
    expert: 'not-judged',
    why: 'two nodes of A100 PCIe over IB: the header printed twice, cut in the rank list before any result row',
  },
  {
    file: 'nccl-tests/dstack-2604-nebius-h100-ib-two-nodes-rank-list-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/dstackai/dstack/pull/2604',
    expert: 'not-judged',
    why: 'two Nebius H100 nodes over IB; cut in the rank list before any result row',
  },
  {
    file: 'nccl-tests/nccl-1161-h100-pcie-nvlink-bridge-2gpu-elided-info-rows-1g-4g-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/1161',
    expert: 'not-judged',
    why: "two H100 PCIe over an NVLink bridge (P2P/direct pointer): busbw about 116 GB/s at 1-4 GiB with no link rate named to hold it against; author's `...` elisions; cut mid-row",
  },
];
