import type { Capture } from './captures.table.js';

/**
 * Corpus batch b38 (issue 38): GitHub issue and pull-request threads of the infrastructure layer around
 * the fabric (Kubernetes, the SR-IOV device plugin, an AKS RDMA test suite, the open GPU kernel modules and
 * their P2P forks, NVSentinel, nccl-tests and rccl-tests, an AWS EFA H200 pair, a MongoDB operator pod's
 * memlock, an SMB server's MLNX_OFED host, a UCX CI container, a bring-up PR's ibv_devinfo) whose threads
 * no earlier table or test/fixtures cites. Each file is one code block or one contiguous part of a post as
 * the stored copy of the thread holds it, cut where the copy ends. See captures.table.ts and README.md.
 * The expert verdict was written before `read` ran on each capture. The first 16 (5e8302c) agreed on 13 when first
 * run: two exits 2 and one miss, all TOOL (NVRM's lost-GPU and NVLink-Xid lines, also behind syslog's bare
 * `kernel:` tag, 9b83a83, src/classify/dmesg-gpu.test.ts; UCX's own lines saying it could not open the RDMA
 * device, 62cd7d0, src/classify/ucx-open-failed.test.ts), and on all 16 after them; the last 5 nccl-tests
 * captures (febdc8f), read after the fixes with their readings committed first, agreed on all 5.
 */
export const CAPTURES_b38: Capture[] = [
  // topo
  {
    file: 'topo/aikitoria-ogkm-43-dollar-p2p-rw-2x3090-2x5060ti-gns-pairs-ns-across.txt',
    tool: 'topo',
    source: 'https://github.com/aikitoria/open-gpu-kernel-modules/issues/43',
    expert: 'not-judged',
    why: '`nvidia-smi topo -p2p rw` on four GPUs (2x RTX 3090 and 2x RTX 5060 Ti after a P2P driver install): GNS between the two pairs, NS across them, so no pair has peer access and KV between any two GPUs is staged through host memory: a warning; the whole 4x4 matrix is shown',
  },
  {
    file: 'topo/tinygrad-ogkm-23-p2p-rw-8x4090-all-cns-cut-in-gpu6-row.txt',
    tool: 'topo',
    source: 'https://github.com/tinygrad/open-gpu-kernel-modules/issues/23',
    expert: 'not-judged',
    why: '`nvidia-smi topo -p2p rw` on 8x RTX 4090: CNS (chipset not supported) in every cell shown, so KV between the GPUs is staged through host memory (a warning); cut inside the GPU6 row, GPU6 and GPU7 are not shown whole',
  },
  {
    file: 'topo/k8s-53497-dollar-8-gpu-pcie-mlx4-0-trailing-spaces-cut-after-gpu4.txt',
    tool: 'topo',
    source: 'https://github.com/kubernetes/kubernetes/issues/53497',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` of an 8-GPU PCIe node with one ConnectX-3 (mlx4_0), lines padded with trailing spaces: no NVLink, GPU pairs PIX/PHB within a socket and SYS across it; mlx4_0 is PHB to GPU0-3 and SYS to GPU4 (GPUDirect across the CPU interconnect: a warning); cut after the GPU4 row, GPU5-7 and the NIC row are not shown',
  },
  // nccl-tests
  {
    file: 'nccl-tests/tinygrad-ogkm-pr22-rows-only-none-redop-busbw-24-cut-both-ends.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/tinygrad/open-gpu-kernel-modules/pull/22',
    expert: 'not-judged',
    why: 'nccl-tests result rows only, cut at both ends (no header, device list or summary): a none-redop collective on RTX 4090s under the P2P driver, busbw rising to 24.32 GB/s with 0 wrong; the GPUs, rank count and link the figure should be held against are not shown',
  },
  {
    file: 'nccl-tests/rccl-tests-163-mi50-four-ranks-init-complete-mscclpp-warn-cut-at-header.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/ROCm/rccl-tests/issues/163',
    expert: 'not-judged',
    why: 'RCCL on four MI50 (gfx906): all four ranks reach Init COMPLETE, a MSCCL++ warning (environment not compatible, it is not enabled) and the internal tuner used; cut at the table header before any result row',
  },
  {
    file: 'nccl-tests/nccl-tests-176-128-gpu-no-sharp-label-old-error-column-cut-at-256k.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/176',
    expert: 'not-judged',
    why: "the poster's label (128 GPU all reduce without SHARP) then a pre-2.13 table with an error column: rows 4 KiB to 128 KiB at up to 2.22 GB/s busbw with errors 1e-06 (float rounding, not failures); cut at the 256 KiB row, before any size that measures the fabric and before the summary",
  },
  {
    file: 'nccl-tests/nccl-tests-118-unfenced-dgx-a100-two-nodes-rank-list-cut-at-rank-14.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/118',
    expert: 'not-judged',
    why: 'the nccl-tests header and rank list of two DGX A100 nodes (dgx-work01/02, A100-SXM4-40GB), cut inside the Rank 14 line before any result row',
  },
  {
    file: 'nccl-tests/nccl-1597-efa-h200-two-hosts-init-complete-header-then-proxy-info-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/1597',
    expert: 'not-judged',
    why: 'two H200 ranks on two AWS hosts (8h200-2/-3): both communicators reach Init COMPLETE and the table header is printed, then only NCCL INFO lines (NET_FORCE_FLUSH, a proxy progress line) and the paste is cut: no result row is shown',
  },
  // nccl-tests, second sub-batch (read after the first sub-batch's fixes; readings committed first)
  {
    file: 'nccl-tests/nccl-tests-219-four-a6000-two-hosts-test-nccl-failure-internal-error-mpirun-abort-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/219',
    expert: 'problem',
    why: "four RTX A6000 ranks on two hosts (fengyun416, fengyun): `Test NCCL failure common.cu:959 'internal error'` and `Test failure common.cu:844` before any row, then mpirun's abort banner (cut): the test dies at init",
  },
  {
    file: 'nccl-tests/nccl-1812-singularity-prompt-4x-a100-pcie-no-libibverbs-net-socket-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/1812',
    expert: 'not-judged',
    why: 'behind a `Singularity>` prompt, one process driving four A100 PCIe GPUs on one node: NCCL cannot open libibverbs and lists NET/Socket interfaces (only the network across nodes would use them), then the paste is cut before any row',
  },
  {
    file: 'nccl-tests/nccl-tests-41-singularity-4x-v100-pcie-no-verbs-driver-test-nccl-failure-internal-error.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/41',
    expert: 'problem',
    why: "behind a `Singularity>` prompt, four V100 PCIe on one host: libibverbs finds no userspace driver for uverbs0, then `Test NCCL failure common.cu:775 'internal error'`: the test aborts before any row (the whole block)",
  },
  {
    file: 'nccl-tests/nccl-1705-openib-btl-warning-banner-8x-h100-rank-list-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/1705',
    expert: 'not-judged',
    why: "Open MPI's openib warning banner (an OpenFabrics device, mlx5_0, failed to initialise for MPI's own transport, not NCCL's), then the nccl-tests header of eight H100 on one host, cut inside the Rank 4 line before any row",
  },
  {
    file: 'nccl-tests/nccl-1184-proto-simple-elided-rows-wrong-237858-at-512k-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/1184',
    expert: 'problem',
    why: "an all_reduce table with the poster's `...` between 8 B and 256 KiB: at 512 KiB #wrong is 237858 out-of-place and 238038 in-place, data corruption, with busbw under 1 GB/s; cut at the 1 MiB row",
  },
  // dmesg
  {
    file: 'dmesg/ogkm-1150-kernel-nvrm-xid45-after-xid149-145-four-gpus-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1150',
    expert: 'problem',
    why: "journal kernel lines: Xid 45 (channels torn down) on four GPUs (dc, ed, ba, 97), each caused by a previous Xid 149 or 145, NVLink error Xids: NVLink faults killed the GPUs' work; cut in the last line",
  },
  {
    file: 'dmesg/nvsentinel-155-nvrm-gpu-b3-fallen-off-bus-probe-failed-no-xid.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/NVSentinel/issues/155',
    expert: 'problem',
    why: 'NVRM: the GPU at 0000:b3:00.0 (10de:26b5) has fallen off the bus and is not responding, and the probe routine failed for 1 device: a GPU is lost to the node (no Xid line, the open kernel module 570.158.01 loads after it)',
  },
  // memlock
  {
    file: 'memlock/mongodb-k8s-operator-840-backticked-ulimit-l-aks-pod-65536.txt',
    tool: 'memlock',
    source: 'https://github.com/mongodb/mongodb-kubernetes-operator/issues/840',
    expert: 'not-judged',
    why: "inside an AKS pod, `ulimit -l` (in the poster's backticks) prints 65536: a 64 MiB cap on host memory registered for RDMA, a warning (GPU memory pinned through the peer-memory path is not counted against it)",
  },
  // perftest
  {
    file: 'perftest/sriov-ndp-pr120-remote-pf-send-bw-server-roce-gid0-cut-at-header.txt',
    tool: 'perftest',
    source: 'https://github.com/k8snetworkplumbingwg/sriov-network-device-plugin/pull/120',
    expert: 'not-judged',
    why: 'the server side of ib_send_bw on a remote PF (RoCE, GID index 0, MTU 1024) against a client VF in a pod: the QPs are exchanged, then the paste is cut in the results header before any row',
  },
  {
    file: 'perftest/aks-rdma-ib-115-aks-sriov-read-bw-ib-lid-rows-to-8-bytes-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/Azure/aks-rdma-infiniband/issues/115',
    expert: 'not-judged',
    why: 'AKS SR-IOV InfiniBand: ib_read_bw between two VFs with LIDs from the SM (MTU 4096), rows for 2 to 8 bytes only (up to 0.38 Gb/s, message-rate bound), cut at 16 bytes: the bandwidth at KV-sized messages is not shown',
  },
  // lsmod
  {
    file: 'lsmod/ksmbd-574-hash-grep-mlx-mlnx-ofed-ib-core-8-users-no-peermem.txt',
    tool: 'lsmod',
    source: 'https://github.com/cifsd-team/ksmbd/issues/574',
    expert: 'not-judged',
    why: "`lsmod | grep mlx` on an MLNX_OFED host (mlx_compat, mlxdevm): mlx5_ib, ib_uverbs, ib_core and mlx5_core loaded; ib_core's 8 users hold no peer-memory module, so GPUDirect RDMA only through DMA-BUF if at all: a warning",
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/dsx-infra-controller-pr5251-indented-no-config-dir-no-ib-devices-found.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/dsx-ai-factory/infra-controller/pull/5251',
    expert: 'problem',
    why: '`ibv_devinfo` (indented by the PR text): libibverbs cannot open /etc/libibverbs.d (no vendor provider plugins) and reports No IB devices found: no RDMA device is usable from this environment',
  },
  // ucx_info
  {
    file: 'ucx_info/ucx-pr6215-ci-container-two-errors-ibv-open-device-bond-rdmacm-no-such-file.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/pull/6215',
    expert: 'problem',
    why: 'two UCX ERROR lines from ucx_info in a container: ibv_open_device(mlx5_bond_0) fails with No such file or directory (the verbs device node is not in the container) and rdma_create_event_channel fails too: UCX has no RDMA transport there',
  },
];
