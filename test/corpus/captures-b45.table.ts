import type { Capture } from './captures.table.js';

/**
 * Corpus batch b45 (issue 38): GitHub issue threads of projects the corpus had barely used
 * (NVIDIA k8s-device-plugin, dcgm-exporter, nvidia-docker, nvshmem; google/dranet, aibrix,
 * byteps, mscclpp, axolotl, FastFlowLM, gpud) and threads of nccl, nccl-tests, gdrcopy, DeepEP,
 * aws-ofi-nccl and the RDMA shared device plugin that earlier batches had not taken. Each file is
 * one code block (or one contiguous part of a post) as the stored copy of the thread holds it, cut
 * where that copy ends (`cut` in the name). See captures.table.ts and README.md. The expert verdict
 * was written before `read` ran on each capture.
 */
export const CAPTURES_b45: Capture[] = [
  // topo
  {
    file: 'topo/axolotl-536-hash-prompt-8-gpus-pix-node-no-nic-cut-in-legend.txt',
    tool: 'topo',
    source: 'https://github.com/axolotl-ai-cloud/axolotl/pull/536',
    expert: 'not-judged',
    why: 'behind a `#` prompt, eight PCIe GPUs with no NVLink: PIX within each group of four, NODE between the groups, all on NUMA 0; the matrix is whole (the copy ends inside the legend), but there is no NIC column, so GPU-NIC placement for RDMA is not shown and peer traffic rides PCIe',
  },
  {
    file: 'topo/nccl-1439-conda-prompt-8-gpus-pix-phb-sys-no-nic-cut-in-legend.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/1439',
    expert: 'not-judged',
    why: 'behind a conda prompt, eight PCIe GPUs without NVLink: PIX pairs, PHB within a socket and SYS across the two sockets; whole matrix, legend cut; no NIC in the matrix, and half the peer pairs cross the inter-socket link: a warning, and the GPU-NIC half is not shown',
  },
  {
    file: 'topo/k8s-device-plugin-546-tab-separated-8-gpus-nv12-pairs-sys-no-nic-no-legend.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/k8s-device-plugin/issues/546',
    expert: 'not-judged',
    why: 'tab-separated matrix without its legend: eight GPUs joined by NV12 only in pairs (0-2, 1-3, 4-5, 6-7), every other pair SYS, two NUMA nodes; no NIC column, so GPU-NIC placement is not shown, and peers outside an NVLink pair cross the SMP link',
  },
  {
    file: 'topo/dcgm-exporter-316-tab-separated-8-gpus-nv12-pairs-pxb-sys-no-nic.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/dcgm-exporter/issues/316',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` tab-separated: eight GPUs in NV12 pairs (0-1, 2-3, 4-5, 6-7), PXB to the other pair on the same socket, SYS across sockets; whole matrix, no NIC column: the GPU-NIC half of the question is not shown',
  },
  {
    file: 'topo/nccl-2157-dgx-a100-style-nv12-18-nics-pxb-cut-in-gpu4-row.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/2157',
    expert: 'not-judged',
    why: 'header of 8 GPUs and 18 NICs; GPU0-3 rows NV12 to every peer with four NICs each at PXB (GPU0/1 to NIC5-8, GPU2/3 to NIC1-4); the copy ends inside the GPU4 row, so GPU4-7 and every NIC row are not shown',
  },
  {
    file: 'topo/nccl-tests-321-h20-vm-nv18-8-nics-pix-one-per-gpu-cut-in-gpu6-row.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/321',
    expert: 'not-judged',
    why: "an H20 VM: NV18 between every GPU pair and each of GPU0-5 PIX to its own NIC (NIC7 down to NIC2); the copy ends inside the GPU6 row, before GPU7 and the NIC rows, so two GPUs' NIC placement is not shown",
  },
  // ibstat
  {
    file: 'ibstat/mscclpp-493-prompt-cx6dx-roce-port-active-second-down-disabled-then-author-elision.txt',
    tool: 'ibstat',
    source: 'https://github.com/microsoft/mscclpp/issues/493',
    expert: 'not-judged',
    why: "two ConnectX-6 Dx (MT4125) RoCE CAs: mlx5_0 Active/LinkUp at 100, mlx5_1 Down with physical state Disabled (an administratively disabled Ethernet port, nothing shows it in use), then the author's `...` for the rest of the 16 NICs: a warning at most, and most devices are not shown",
  },
  // ibstatus
  {
    file: 'ibstatus/nvshmem-45-prose-two-ndr-ib-ports-active-400.txt',
    tool: 'ibstatus',
    source: 'https://github.com/NVIDIA/nvshmem/issues/45',
    expert: 'no-problem',
    why: 'ibstatus pasted as prose under the platform details: mlx5_0 and mlx5_1 port 1 both 4: ACTIVE, LinkUp, 400 Gb/sec (4X NDR), InfiniBand with LIDs from the SM; the whole output as posted, every port healthy',
  },
  {
    file: 'ibstatus/deepep-172-mlx5-gdr-ndr-ports-active-cut-at-sixth-device.txt',
    tool: 'ibstatus',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/172',
    expert: 'not-judged',
    why: "mlx5_gdr_0-4 ACTIVE/LinkUp at 400 Gb/sec (4X NDR) InfiniBand with LIDs; the copy ends at mlx5_gdr_5's rate line, so its rate and any later device are not shown",
  },
  // perftest
  {
    file: 'perftest/nccl-tests-191-roce-bond-8-qps-run-infinitely-one-row-185-gbits.txt',
    tool: 'perftest',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/191',
    expert: 'not-judged',
    why: '`ib_write_bw -x 3 -q 8 --run_infinitely` client on the RoCE bond mlx5_bond_1 (MTU 1024): one 65536 B row at 184.94 Gb/s average; far above the KV floor, but no port rate is named for the bond, so the figure cannot be held against its link',
  },
  {
    file: 'perftest/byteps-371-ib-send-bw-server-ib-2-qps-gid3-all-sizes-cut-at-first-row.txt',
    tool: 'perftest',
    source: 'https://github.com/bytedance/byteps/issues/371',
    expert: 'not-judged',
    why: 'ib_send_bw -a -q 2 server on InfiniBand mlx5_1 (LIDs 0x12 and 0x04): the client connected and both QPs are exchanged, then the copy ends in the first 2-byte row: no KV-sized message is shown',
  },
  {
    file: 'perftest/k8s-rdma-shared-dev-plugin-72-write-bw-roce-gid0-zero-failed-modify-qp-rtr.txt',
    tool: 'perftest',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/72',
    expert: 'problem',
    why: 'RDMA_Write BW between pods on RoCE (mlx5_2, GID index 0): both GIDs are all zeros, then "Failed to modify QP 59 to RTR / Unable to Connect the HCA\'s through the link": the test cannot connect, no transfer',
  },
  // memlock
  {
    file: 'memlock/fastflowlm-437-flm-validate-then-ulimit-l-3025724-kib.txt',
    tool: 'memlock',
    source: 'https://github.com/ROCm/FastFlowLM/issues/437',
    expert: 'not-judged',
    why: 'an application check reporting "Memlock Limit: 2954 MB", then `ulimit -l` printing 3025724 (KiB, about 2.9 GiB): a finite cap on pinned memory, far above the 64 KiB/8 MiB defaults but not the unlimited RDMA stacks ask for: a warning',
  },
  {
    file: 'memlock/fastflowlm-437-after-reboot-flm-validate-2954-mb-then-ulimit-l-unlimited.txt',
    tool: 'memlock',
    source: 'https://github.com/ROCm/FastFlowLM/issues/437',
    expert: 'not-judged',
    why: "after a reboot the shell's `ulimit -l` is unlimited, but the same paste shows the process started with sudo still reporting a 2954 MB memlock limit (the poster's arrow): the limit a process actually gets depends on how it is launched, so unlimited is not established for it",
  },
  // dmesg
  {
    file: 'dmesg/nvidia-docker-1553-xid-79-gpu-fallen-off-bus-then-xhci-d3-aer-cut.txt',
    tool: 'dmesg',
    source: 'https://github.com/NVIDIA/nvidia-docker/issues/1553',
    expert: 'problem',
    why: 'NVRM Xid 79, "GPU has fallen off the bus" for 0000:09:00, a crash dump, the GPU\'s USB/UCSI functions stuck in D3 and PCIe AER messages: the GPU is lost until reset',
  },
  {
    file: 'dmesg/gpud-1209-journalctl-k-grep-c20-fallen-mlx5-link-init-active-cut-before-match.txt',
    tool: 'dmesg',
    source: 'https://github.com/leptonai/gpud/pull/1209',
    expert: 'not-judged',
    why: '`journalctl -k | grep -C 20 fallen`: the visible context is a boot (systemd units, mlx5_5 port 1 Link INIT then ACTIVE, an ib_core workqueue note), and the copy ends before the line the grep matched; no fault is shown, but what the command searched for is cut away',
  },
  // dev-infiniband
  {
    file: 'dev-infiniband/dranet-150-rootless-privileged-ls-l-nobody-nogroup-uverbs0-rw.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/google/dranet/issues/150',
    expert: 'no-problem',
    why: '`ls -l /dev/infiniband/` in a rootless privileged container: issm0, umad0 (600), rdma_cm and uverbs0 (crw-rw-rw-) for the one device, owned by nobody:nogroup through the user namespace; the verbs and CM nodes are open to any user',
  },
  // gdrcopy
  {
    file: 'gdrcopy/gdrcopy-298-details-copybw-8-v100-wc-write-8680-read-380-mbs.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/298',
    expert: 'no-problem',
    why: 'gdrcopy_copybw on an 8x V100-SXM2 node: the 128 KiB buffer is pinned and mapped write-combined (wc_mapping 1), write 8680 MB/s, read 380 MB/s (reads over the BAR are slow by design), unmapped and closed cleanly',
  },
  {
    file: 'gdrcopy/gdrcopy-298-details-sanity-28-passed-one-line.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/298',
    expert: 'no-problem',
    why: 'gdrcopy_sanity summary alone: Total 28, Passed 28, Failed 0, Waived 0',
  },
  // nccl-tests
  {
    file: 'nccl-tests/nccl-757-rows-without-header-32b-to-32k-cut-at-64k.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/757',
    expert: 'not-judged',
    why: 'all_reduce rows without their header, 32 B to 32 KiB (busbw at most 1.87 GB/s, latency-bound), no wrong values, cut inside the 64 KiB row: no bandwidth-bound size is shown',
  },
  // fi_info
  {
    file: 'fi_info/aws-ofi-nccl-879-inline-backticks-p-efa-getinfo-61-in-docker-p4d.txt',
    tool: 'fi_info',
    source: 'https://github.com/aws/aws-ofi-nccl/issues/879',
    expert: 'problem',
    why: 'two inline code spans: `fi_info -p efa` answered by `fi_getinfo: -61 (No data available)`: no EFA provider is usable where it ran (a container on a p4d), so libfabric has no RDMA path for NIXL',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/aibrix-1144-one-bond-roce-port-active-mtu-1024-comment-no-prompt.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/vllm-project/aibrix/issues/1144',
    expert: 'no-problem',
    why: 'the whole comment: one ConnectX (part 4127) RoCE bond, mlx5_bond_0 port 1 PORT_ACTIVE, link layer Ethernet, active MTU 1024 (the netdev MTU, not a fault); every port shown is usable',
  },
];
