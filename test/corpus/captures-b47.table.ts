import type { Capture } from './captures.table.js';

const PKB =
  'https://github.com/GoogleCloudPlatform/PerfKitBenchmarker/blob/946ea317692cac6c78e4aec1cd041b538f1a0285';
const JC = 'https://github.com/kellyjonbrazil/jc/blob/ac8120e1fed9bb13b854b1333aef9c2dbce44f54';
const SPARK = 'https://github.com/NVIDIA/dgx-spark-playbooks/blob/0db7c141da60870ca6ed5c99436320f4e35cd531';
const RAPIDS =
  'https://github.com/NVIDIA/spark-rapids/blob/8d0a8ab803a02858459edf6b42df93a823507a9f/docs/additional-functionality/rapids-shuffle.md';
const HOLOHUB =
  'https://github.com/nvidia-holoscan/holohub/blob/00a70dbe162ce6a0f19b4973a971bd4a6cb42e9e/tutorials/high_performance_networking/README.md';

/**
 * Corpus batch b47 (issue 38): tool outputs that other software keeps as test data, golden files or
 * worked examples: PerfKitBenchmarker's parser test data, jc's parser fixtures, an nccl-tests Slurm
 * output committed to awsome-distributed-training, NVIDIA's DGX Spark playbooks, Holoscan's HoloHub
 * networking tutorial, the RAPIDS Shuffle Manager docs (spark-rapids) and the AWS HPC workshop. Copied with `git show <commit>:<path>` (whole files, or
 * the lines of one code block as the `#L` anchor names). A NIXL cloudai parser sample first taken turned
 * out to be test/fixtures/nixlbench's and was dropped before the table was written. See
 * captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture.
 */
export const CAPTURES_b47: Capture[] = [
  // nccl-tests
  {
    file: 'nccl-tests/pkb-testdata-k80-2-nodes-1-gpu-each-0.6gbs-wrong-na.txt',
    tool: 'nccl-tests',
    source: `${PKB}/tests/data/nccl_output.txt`,
    expert: 'problem',
    why: 'PerfKitBenchmarker parser test data: all_reduce between two VMs (pkb-…-2 and -3), one Tesla K80 each, 1 MiB to 1 GiB: busbw holds at 0.6 GB/s at every large size, far below the 5 GB/s cross-node KV floor; `#wrong` is N/A (validation off), the run itself completes',
  },
  {
    file: 'nccl-tests/awsome-dt-slurm-104-out-2x-p4d-efa-srun-prefix-root-0-redop-none-80gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/aws-samples/awsome-distributed-training/blob/4bcaf13ab2ab6d2d5d9cdf7af641defc2e0dfd09/3.test_cases/0.nccl-tests/slurm-104.out',
    expert: 'no-problem',
    why: 'a whole Slurm output file (srun `N: ` rank prefixes) of 16 ranks on two p4d.24xlarge (A100-SXM4-40GB): PMIX lock errors and gdrcopy hmem-init warnings from libfabric, then aws-ofi-nccl selects the efa provider (4 NICs) and the rows of a rooted collective without reduction (redop none, root 0) rise to 80.6 GB/s busbw at 2 GiB with #wrong 0 everywhere and the out-of-bounds check OK: well above the KV floor on a named 400 Gb/s EFA node, nothing fails',
  },
  // topo
  {
    file: 'topo/pkb-testdata-p2p-4gpu-k80-ok-within-board-ns-across.txt',
    tool: 'topo',
    source: `${PKB}/tests/data/nvidia_smi_topo_output.txt`,
    expert: 'not-judged',
    why: 'PerfKitBenchmarker test data, an `nvidia-smi topo -p2p` matrix of four GPUs with its legend (the capability letter not shown): GPU0–GPU1 and GPU2–GPU3 OK, every pair across the two boards NS (not supported): transfers between those pairs are staged through host memory, a warning, not a failure',
  },
  {
    file: 'topo/holohub-hpn-tutorial-igx-topo-mp-one-a6000-two-nics-pxb-indented.txt',
    tool: 'topo',
    source: `${HOLOHUB}#L584-L601`,
    expert: 'no-problem',
    why: 'HoloHub tutorial on an IGX developer kit (indented eight spaces for mkdocs), `nvidia-smi topo -mp`: one GPU and the two ConnectX-7 ports (mlx5_0, mlx5_1) behind the same PCIe switch, GPU0–NIC0 and GPU0–NIC1 PXB, NIC0–NIC1 PIX, with legend and NIC legend: the only GPU reaches a NIC without crossing the host bridge, GPUDirect RDMA has a good path',
  },
  // dmesg
  {
    file: 'dmesg/pkb-testdata-gcp-vm-boot-gvnic-no-rdma-no-gpu-driver.txt',
    tool: 'dmesg',
    source: `${PKB}/tests/data/linux_boot/dmesg`,
    expert: 'not-judged',
    why: 'PerfKitBenchmarker test data: a whole boot-time dmesg of a GCP VM to 3.1 s (gVNIC ens4 link up, an apparmor profile named nvidia_modprobe, no NVIDIA driver or RDMA NIC driver line): no fault, but nothing the kernel-log question covers (an RDMA driver, ports, the peer-memory module, Xids) is in it',
  },
  {
    file: 'dmesg/holohub-hpn-tutorial-igx-grep-mlx5-core-link-down-then-cable-plugged-elided.txt',
    tool: 'dmesg',
    source: `${HOLOHUB}#L346-L351`,
    expert: 'not-judged',
    why: 'HoloHub networking tutorial (mkdocs-indented), `sudo dmesg | grep -w mlx5_core` with the author\'s `...` elisions: both ConnectX-7 ports (eth0, eth1) report "Link down" at boot, then port 1 reports "Cable plugged" an hour later; no "Link up" is shown after it and the rest is elided: nothing fails, the state of the links is not shown',
  },
  // lsmod
  {
    file: 'lsmod/jc-fixture-ubuntu-18.04-vmware-whole-lsmod-ib-core-under-ib-iser-no-hca-driver.txt',
    tool: 'lsmod',
    source: `${JC}/tests/fixtures/ubuntu-18.04/lsmod.out`,
    expert: 'problem',
    why: "jc's parser fixture, a whole `lsmod` of an Ubuntu 18.04 VMware VM (e1000, vmwgfx): ib_core is loaded only as a dependency of iSCSI-over-RDMA (ib_iser, rdma_cm, iw_cm, ib_cm are its four named users); no HCA or Soft-RoCE driver and no NVIDIA or peer-memory module: no RDMA device can exist, KV would move over TCP only",
  },
  {
    file: 'lsmod/jc-fixture-centos-7.7-vmware-whole-lsmod-e1000-no-rdma-no-nvidia.txt',
    tool: 'lsmod',
    source: `${JC}/tests/fixtures/centos-7.7/lsmod.out`,
    expert: 'problem',
    why: "jc's parser fixture, a whole `lsmod` of a CentOS 7.7 VMware VM: netfilter, xfs, vmw_* and e1000 modules; no ib_core, no RDMA driver, no NVIDIA or peer-memory module: this host has no RDMA stack, KV could only move over TCP",
  },
  {
    file: 'lsmod/holohub-hpn-tutorial-grep-ib-core-8-users-no-peermem-mlx-compat-indented.txt',
    tool: 'lsmod',
    source: `${HOLOHUB}#L163-L164`,
    expert: 'not-judged',
    why: "HoloHub networking tutorial (mkdocs-indented), `lsmod | grep ib_core` on a DOCA-OFED host: ib_core with its eight users all named (mlx5_ib, ib_uverbs, rdma_cm, rdma_ucm, ib_ipoib, ib_umad, iw_cm, ib_cm) and mlx_compat: the RDMA stack is loaded, but no peer-memory module is among ib_core's users, so GPUDirect RDMA through peermem is off (KV staged through host memory, or DMA-BUF not shown): a warning",
  },
  // rdma-link (ibdev2netdev)
  {
    file: 'rdma-link/dgx-spark-playbooks-perf-guide-spark1-ibdev2netdev-f0-up-f1-down.txt',
    tool: 'rdma-link',
    source: `${SPARK}/nvidia/connect-two-sparks/assets/performance_benchmarking_guide.md#L747-L751`,
    expert: 'not-judged',
    why: "DGX Spark playbook, `ibdev2netdev` behind the prompt on Spark-1: the ConnectX-7's first port (rocep1s0f0 and its second PCIe half roceP2p1s0f0) Up, the second port (rocep1s0f1, roceP2p1s0f1) Down; the guide cables one port, so the Down pair is the unused port, a spare port down: a warning",
  },
  {
    file: 'rdma-link/dgx-spark-playbooks-three-sparks-ibdev2netdev-all-four-up.txt',
    tool: 'rdma-link',
    source: `${SPARK}/nvidia/connect-three-sparks/README.md#L103-L108`,
    expert: 'no-problem',
    why: 'DGX Spark three-node ring playbook, a `## Check QSFP …` comment then `ibdev2netdev` behind the prompt: all four RoCE functions of the ConnectX-7 (both ports, both PCIe halves) map to their net devices and are Up: every port is shown and up',
  },
  {
    file: 'rdma-link/holohub-hpn-tutorial-igx-ibdev2netdev-mlx5-0-down-mlx5-1-up-indented.txt',
    tool: 'rdma-link',
    source: `${HOLOHUB}#L336-L338`,
    expert: 'not-judged',
    why: 'HoloHub networking tutorial on an IGX Orin (mkdocs-indented), `$ ibdev2netdev`: mlx5_0 ==> eth0 Down, mlx5_1 ==> eth1 Up; the tutorial says only one cable is connected, but nothing in the paste says which port is meant to carry traffic: a port Down beside an Up one, a warning',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/holohub-hpn-tutorial-igx-cx7-mlx5-0-eth-mlx5-1-ib-active-lid-0-mkdocs-indented.txt',
    tool: 'ibv_devinfo',
    source: `${HOLOHUB}#L219-L255`,
    expert: 'not-judged',
    why: 'HoloHub tutorial, an IGX Orin ConnectX-7 (4129, fw 28.38) `ibv_devinfo` indented for mkdocs: mlx5_0 PORT_ACTIVE with link_layer Ethernet (RoCE, fine); mlx5_1 PORT_ACTIVE with link_layer InfiniBand but port_lid 0 and sm_lid 0, which an InfiniBand port brought up by a subnet manager does not show: that port cannot be addressed on an IB fabric as shown, a warning; no rate in this form',
  },
  // ucx_info
  {
    file: 'ucx_info/spark-rapids-shuffle-doc-container-ucx-info-d-grep-cuda-copy-ipc-only-indented.txt',
    tool: 'ucx_info',
    source: `${RAPIDS}#L179-L187`,
    expert: 'not-judged',
    why: "RAPIDS Shuffle Manager docs (a list item's indented block), `ucx_info -d|grep cuda` in a privileged container: the cuda_cpy and cuda_ipc memory domains with their cuda_copy and cuda_ipc transports, so UCX is built with CUDA; the grep hides every RDMA transport, so whether KV can cross nodes over RDMA is not shown",
  },
  {
    file: 'ucx_info/spark-rapids-shuffle-doc-ucx-info-d-grep-mlx5-3-b1-rc-dc-ud-no-cuda-indented.txt',
    tool: 'ucx_info',
    source: `${RAPIDS}#L192-L206`,
    expert: 'not-judged',
    why: "RAPIDS Shuffle Manager docs, `ucx_info -d|grep mlx5_3:1 -B1` with grep's `--` separators: rc_verbs, rc_mlx5, dc_mlx5, ud_verbs and ud_mlx5 on mlx5_3:1, so UCX has its RDMA transports on that port; the grep keeps no CUDA memory domain, so GPU memory over them is not shown",
  },
  // perftest
  {
    file: 'perftest/dgx-spark-playbooks-perf-guide-client1-write-bw-run-infinitely-92gbits.txt',
    tool: 'perftest',
    source: `${SPARK}/nvidia/connect-two-sparks/assets/performance_benchmarking_guide.md#L853-L882`,
    expert: 'not-judged',
    why: "DGX Spark playbook, `ib_write_bw … --report_gbits --run_infinitely` client over RoCE (rocep1s0f0, GID index 3, MTU 1024): BW peak not measured by design, five 64 KiB rows at 92.57 Gb/s (11.6 GB/s), steady: above the KV floor, but the paste names no link rate (one of the port's two PCIe halves), so the figure cannot be held against a known link",
  },
  // memlock
  {
    file: 'memlock/pkb-ulimitresults-docstring-ulimit-a-bash-5-with-R-row-memlock-unlimited-indented.txt',
    tool: 'memlock',
    source: `${PKB}/perfkitbenchmarker/linux_virtual_machine.py#L3581-L3597`,
    expert: 'no-problem',
    why: "PerfKitBenchmarker's UlimitResults docstring, a whole `ulimit -a` of bash 5.2 (its first row the new `real-time non-blocking time (microseconds, -R)`), indented four spaces: max locked memory (kbytes, -l) unlimited, so pinning buffers for RDMA is not limited",
  },
  // ucx_perftest
  {
    file: 'ucx_perftest/spark-rapids-shuffle-doc-tag-bw-cuda-localhost-gpu0-gpu1-pcie3-9670mbs-indented.txt',
    tool: 'ucx_perftest',
    source: `${RAPIDS}#L223-L229`,
    expert: 'not-judged',
    why: 'RAPIDS Shuffle Manager docs, the client of `ucx_perftest -t tag_bw -s 10000000 -n 1000 -m cuda localhost` (GPU 1 to the server on GPU 0 of the same host): one Final row, 9670.96 MB/s: above the KV floor and nothing fails, but no link or transport is in the paste, so the figure cannot be held against a known link',
  },
  {
    file: 'ucx_perftest/spark-rapids-shuffle-doc-tag-bw-cuda-cross-node-gdr-roce-4565mbs-indented.txt',
    tool: 'ucx_perftest',
    source: `${RAPIDS}#L244-L252`,
    expert: 'problem',
    why: 'RAPIDS Shuffle Manager docs, the client of a cross-node `ucx_perftest -t tag_bw … -m cuda test-server` with GPUDirect RDMA on: two `[thread 0]` rows and Final at 4565.44 MB/s overall (2550 MB/s in its last stage), below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'ucx_perftest/spark-rapids-shuffle-doc-tag-bw-cuda-cross-node-no-gdr-6071mbs-indented.txt',
    tool: 'ucx_perftest',
    source: `${RAPIDS}#L266-L273`,
    expert: 'not-judged',
    why: 'RAPIDS Shuffle Manager docs, the same cross-node tag_bw client with `UCX_IB_GPU_DIRECT_RDMA=no` on the command line (GPU memory staged through the host): Final 6071.33 MB/s overall, just above the 5 GB/s floor; GPUDirect RDMA turned off is itself a warning and no link rate is named',
  },
  // fi_info
  {
    file: 'fi_info/aws-hpc-tutorials-check-efa-compute-node-rdmap0s6-rdm-dgrm.txt',
    tool: 'fi_info',
    source:
      'https://github.com/aws-samples/aws-hpc-tutorials/blob/844ffd0c3c5333a13f1c6620f18d4c6bb0bfb33d/content/07-EFA/02-check-efa.md#L79-L90',
    expert: 'no-problem',
    why: 'AWS HPC workshop, `fi_info -p efa` on a compute node: the efa provider with an RDM domain (rdmap0s6-rdm, FI_EP_RDM, FI_PROTO_EFA) and a DGRAM domain on one EFA device: the EFA provider libfabric needs is present and usable',
  },
];
