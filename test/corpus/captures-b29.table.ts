import type { Capture } from './captures.table.js';

/** Corpus batch b29 (issue 38): port and device readers (ibv_devinfo, ibstat, ibstatus, show_gids, rdma-link, /dev/infiniband); see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b29: Capture[] = [
  {
    file: 'ibv_devinfo/uccl-163-efa-rdmap16s27-active-link-layer-unspecified.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/uccl-project/uccl/issues/163',
    expert: 'no-problem',
    why: 'one AWS EFA device (vendor 0x1d0f, part 0xefa0) under its rdmap name, its one port PORT_ACTIVE; link_layer Unspecified is what EFA reports (rdma-core 884), not a fault; the paste is the whole device',
  },
  {
    file: 'ibv_devinfo/nvidia-caffe-590-container-l-no-userspace-driver-0-hcas.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/NVIDIA/caffe/issues/590',
    expert: 'problem',
    why: '`ibv_devinfo -l` in a container: libibverbs finds no userspace provider for any of uverbs0-4 and reports 0 HCAs: no RDMA device can be used',
  },
  {
    file: 'dev-infiniband/mooncake-1391-zsh-prompt-plain-ls-6-uverbs-one-line.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/kvcache-ai/Mooncake/issues/1391',
    expert: 'not-judged',
    why: 'a plain `ls /dev/infiniband` behind a zsh prompt: issm/umad/uverbs 0-5 and rdma_cm exist, but without -l their modes are not shown',
  },
  {
    file: 'ibstat/azhpc-diagnostics-59-ibpanic-mlx5-an0-then-ib0-initializing-flattened.txt',
    tool: 'ibstat',
    source: 'https://github.com/Azure/azhpc-diagnostics/issues/59',
    expert: 'problem',
    why: 'Azure ND A100 v4 VM: plain ibstat panics on the Accelerated Networking device, then `ibstat mlx5_ib0` shows its InfiniBand port Initializing/LinkUp at 200 with no LID (65535) though an SM answers (SM lid 361): the IB port cannot carry traffic',
  },
  {
    file: 'ibstatus/azhpc-diagnostics-59-mlx5-an0-only-flattened-cut-in-rate.txt',
    tool: 'ibstatus',
    source: 'https://github.com/Azure/azhpc-diagnostics/issues/59',
    expert: 'not-judged',
    why: 'only the first device, mlx5_an0, is shown (ACTIVE/LinkUp, no gid) and the paste is cut inside its rate line, before the eight mlx5_ib devices the same post lists',
  },
  {
    file: 'ibstat/azhpc-images-213-nd96amsr-ibpanic-mlx5-an0-only.txt',
    tool: 'ibstat',
    source: 'https://github.com/Azure/azhpc-images/issues/213',
    expert: 'not-judged',
    why: "the only line is ibstat's ibpanic on stat of mlx5_an0: ibstat stopped before printing any CA or port, so no port state is shown",
  },
  {
    file: 'show_gids/nccl-551-rdma-shared-docker-bond-gid-index-12-v1-eth0-cut.txt',
    tool: 'show_gids',
    source: 'https://github.com/NVIDIA/nccl/issues/551',
    expert: 'not-judged',
    why: 'inside an rdma-shared container the first row is mlx5_bond_0 GID index 12, an IPv4 RoCE v1 GID on eth0, and the stored copy is cut in the next row, before any RoCE v2 GID or the other devices are shown',
  },
  {
    file: 'show_gids/nccl-tests-192-h100-roce-list-indented-gid-0-3-cut.txt',
    tool: 'show_gids',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/192',
    expert: 'not-judged',
    why: "list-indented show_gids on an H100 RoCE host: mlx5_0 and mlx5_1 have IPv4 RoCE v2 GIDs at index 3, and the paste is cut inside mlx5_2's first row, before the remaining devices",
  },
  {
    file: 'show_gids/nccl-1538-pod-tools-show-gids-4-devs-index-4-7-tabs-cut.txt',
    tool: 'show_gids',
    source: 'https://github.com/NVIDIA/nccl/issues/1538',
    expert: 'not-judged',
    why: "in a training pod mlx5_0 to mlx5_2 each have an IPv4 RoCE v2 GID at index 7 on net1-net3; the paste is cut inside mlx5_3's index-7 row, so its RoCE v2 GID and anything after it are not shown",
  },
  {
    file: 'ibv_devinfo/network-operator-249-sriov-ib-pod2-vf-cut-at-port-header.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/Mellanox/network-operator/issues/249',
    expert: 'not-judged',
    why: "an SR-IOV InfiniBand VF (ConnectX-6, 4124) inside a pod: the paste ends at its `port: 1` header, so the port's state is not shown",
  },
  {
    file: 'ibv_devinfo/ucx-9724-v-fragment-roce-port-active-25g-1x-gid0-cut-both-ends.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/9724',
    expert: 'not-judged',
    why: 'a fragment of `ibv_devinfo -v` cut at both ends: one RoCE port PORT_ACTIVE/LINK_UP at 1X 25 Gb/s with only its link-local RoCE v1 GID shown; the device name, its other GIDs and any other device are not in the paste',
  },
  {
    file: 'ibv_devinfo/ucx-8397-vv-mlx4-0-tabs-cut-in-odp-caps-before-ports.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/8397',
    expert: 'not-judged',
    why: "`ibv_devinfo -vv` of a two-port ConnectX-3 (mlx4_0) cut inside its ODP capability lines, before either port's state is printed",
  },
  {
    file: 'ibv_devinfo/sarus-19-host-cx5-vf-4120-ib-active-lid-700.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/eth-cscs/sarus/issues/19',
    expert: 'no-problem',
    why: "the host's one device, a ConnectX-5 VF (4120), has its InfiniBand port PORT_ACTIVE with LID 700 from the subnet manager; the whole device is shown",
  },
  {
    file: 'ibstat/nccl-622-intel-e810-irdma-rocep216s0f0-down-disabled-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/NVIDIA/nccl/issues/622',
    expert: 'not-judged',
    why: 'an Intel E810 (irdma, RoCE) CA rocep216s0f0 with no CA type: its one port Down/Disabled at rate 100, and the paste is cut inside its Port GUID line before any other CA; nothing shown marks this port as the one in use rather than a spare',
  },
  {
    file: 'ibstatus/nccl-1935-tabs-mlx5-11-to-6-all-down-disabled-cut-both-ends.txt',
    tool: 'ibstatus',
    source: 'https://github.com/NVIDIA/nccl/issues/1935',
    expert: 'not-judged',
    why: 'a slice that starts at mlx5_11 and is cut inside mlx5_6: every port shown is DOWN/Disabled with no LID (0xffff, no SM) on InfiniBand and one Ethernet port Disabled; the devices before and after are not shown, so whether any of these is a port in use is not in the paste',
  },
  {
    file: 'ibstatus/nccl-489-hdr-200-active-second-port-down-disabled-no-lid.txt',
    tool: 'ibstatus',
    source: 'https://github.com/NVIDIA/nccl/issues/489',
    expert: 'not-judged',
    why: 'mlx5_0 is ACTIVE/LinkUp at 200 Gb/s HDR with a LID from the SM; mlx5_1 is DOWN/Disabled with no LID (0xffff) and no SM: a second port not brought up, a warning, since nothing shows it in use',
  },
  {
    file: 'rdma-link/nccl-tests-242-a100-ibdev2netdev-four-eth-up.txt',
    tool: 'rdma-link',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/242',
    expert: 'no-problem',
    why: '`ibdev2netdev` on an A100 node: the four RDMA devices mlx5_0-3 map to eth2-eth5 and all four are Up; the whole output',
  },
  {
    file: 'ibstat/csdn-72859887-two-cx3-port1-active-56-port2-polling-annotated-flattened.txt',
    tool: 'ibstat',
    source: 'https://blog.csdn.net/msdnchina/article/details/72859887',
    expert: 'not-judged',
    why: "two ConnectX-3 (MT4099) dual-port CAs, flattened, with the author's Chinese notes after the CA lines: port 1 of each Active/LinkUp at 56 (FDR) with a LID; port 2 of each Down/Polling with no LID: unused ports that poll, a warning",
  },
  {
    file: 'rdma-link/netdev-msg167180-rdma-link-rfc-format-mail-wrapped-2-active-2-disabled.txt',
    tool: 'rdma-link',
    source: 'https://www.mail-archive.com/netdev%40vger.kernel.org/msg167180.html',
    expert: 'not-judged',
    why: "`rdma link` in the first iproute2 patch's format (`1/1: mlx5_0/1: ifname … state 4: ACTIVE`), each record wrapped by the mail: mlx5_0/1 Active at 100 EDR and mlx5_2/1 at 56 FDR with LIDs; mlx5_1/1 and mlx5_2/2 DOWN/Disabled with no LID (0xffff): unused ports, a warning",
  },
  {
    file: 'ibv_devinfo/ibm-docs-linux-on-z-roce-express-mlx5-1-list-indented-cut-at-port.txt',
    tool: 'ibv_devinfo',
    source: 'https://www.ibm.com/docs/en/linux-on-systems?topic=functions-display-rdma-information',
    expert: 'not-judged',
    why: "IBM Linux on Z documentation: `ibv_devinfo -d mlx5_1` of a RoCE Express PCI function (ConnectX-4 Lx VF, 4118, board IBM0000000016), indented as a list item; the stored page ends at its `port: 1` header, so the port's state is not shown",
  },
  {
    file: 'ibv_devinfo/linux-rdma-lore-1580967842-bnxt-re2-v-gid-types-middle-elided.txt',
    tool: 'ibv_devinfo',
    source:
      'https://lore.kernel.org/linux-rdma/1580967842-11220-1-git-send-email-devesh.sharma@broadcom.com/',
    expert: 'not-judged',
    why: 'Broadcom `ibv_devinfo -v -d bnxt_re2` from the patch that added GID types: the device header, then four `.` lines standing for what was left out, then phys_state LINK_UP and four GIDs (RoCE v1 and v2, link-local and IPv4-mapped); the port header and its state line are among the elided lines, so whether the port is usable is not shown',
  },
  {
    file: 'ibv_devinfo/linux-riscv-dev-bond-8-devices-cx4lx-cx5-vfs-cx6-ib-3-active-5-down-crlf.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/bond.md',
    expert: 'not-judged',
    why: 'plain `ibv_devinfo` of eight devices, whole (CRLF): mlx5_2 (ConnectX-5) and mlx5_3 (ConnectX-4 Lx) Ethernet and mlx5_5 (ConnectX-6) InfiniBand PORT_ACTIVE; mlx5_0, mlx5_1, mlx5_4 (ConnectX-4 Lx) and the two ConnectX-5 VFs mlx5_6/7 PORT_DOWN: spare ports down, warnings',
  },
  {
    file: 'ibv_devinfo/linux-riscv-dev-bond-v-mlx5-0-2-4-disabled-active-disabled-crlf.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/bond.md',
    expert: 'not-judged',
    why: '`ibv_devinfo -v` (CRLF) of three Ethernet devices: mlx5_2 (ConnectX-5) PORT_ACTIVE/LINK_UP at 4X 25 Gbps (100 Gb/s) with IPv4 GIDs, mlx5_0 and mlx5_4 (ConnectX-4 Lx) PORT_DOWN with phys_state DISABLED: unused ports down, warnings',
  },
  {
    file: 'ibstat/linux-riscv-dev-k8s-sriov-cx6-mlx5-5-initializing-linkup-no-lid-crlf.txt',
    tool: 'ibstat',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/k8s-rdma-sriov.md',
    expert: 'problem',
    why: 'one ConnectX-6 CA (MT4123) whose only InfiniBand port is Initializing with physical LinkUp at 200, base LID 65535 and SM lid 0: no subnet manager has brought it up, so the one port shown cannot carry traffic',
  },
  {
    file: 'ibstat/linux-riscv-dev-k8s-sriov-vf-mlx5-6-mt4124-down-linkup-crlf.txt',
    tool: 'ibstat',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/k8s-rdma-sriov.md',
    expert: 'problem',
    why: 'one ConnectX-6 VF CA (MT4124) whose only InfiniBand port is Down although its physical state is LinkUp (LID 65535): the one port shown cannot carry traffic',
  },
  {
    file: 'ibstat/linux-riscv-dev-k8s-sriov-cx6-mlx5-5-active-200-lid-18-crlf.txt',
    tool: 'ibstat',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/k8s-rdma-sriov.md',
    expert: 'no-problem',
    why: 'one ConnectX-6 CA (MT4123), its only InfiniBand port Active/LinkUp at 200 (HDR) with base LID 18 from SM lid 4: the whole block, healthy',
  },
  {
    file: 'ibv_devinfo/linux-riscv-dev-rc-pingpong-rxe0-v-soft-roce-active-2-5g-prompt.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/ibv_rc_pingpong/README.md',
    expert: 'problem',
    why: '`ibv_devinfo -d rxe0 -v`: the device the user picks is Soft-RoCE (rxe0, vendor 0x0000, fw 0.0.0), its port PORT_ACTIVE at 1X 2.5 Gbps over Ethernet: software RDMA, which cannot carry KV transfer at RDMA speed',
  },
  {
    file: 'ibv_devinfo/linux-riscv-dev-rc-pingpong-rxe0-v-soft-roce-second-host-crlf.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/ibv_rc_pingpong/README.md',
    expert: 'problem',
    why: '`ibv_devinfo -d rxe0 -v` on a second host (CRLF, no prompt): the device picked is again Soft-RoCE (rxe0, vendor 0x0000), PORT_ACTIVE at 1X 2.5 Gbps: software RDMA',
  },
  {
    file: 'ibv_devinfo/linux-riscv-dev-srq-pingpong-d-mlx5-3-v-cx4lx-active-1x-10g-crlf.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/srq_pingpong/README.md',
    expert: 'problem',
    why: '`ibv_devinfo -d mlx5_3 -v` (CRLF): the ConnectX-4 Lx port the user picks is PORT_ACTIVE over Ethernet but at 1X 10.0 Gbps, 1.25 GB/s of line rate, below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'rdma-link/linux-riscv-dev-mlnx-qos-ibdev2netdev-8-ports-4-down-crlf.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/mlnx_qos.md',
    expert: 'not-judged',
    why: 'plain `ibdev2netdev` (CRLF) of eight ports: mlx5_2, mlx5_3 and mlx5_7 Ethernet and mlx5_5 on ib0 Up; mlx5_0, mlx5_1, mlx5_4 and mlx5_6 on Down net devices, which the paste cannot show to be in use: warnings',
  },
  {
    file: 'rdma-link/linux-riscv-dev-perf-centos7-ibdev2netdev-4-ports-up-crlf.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/perf.md',
    expert: 'no-problem',
    why: '`ibdev2netdev` behind its prompt (CRLF): all four ports (mlx5_0/1 on enp1s0f0/1, mlx5_2 on the IPoIB ibp129s0, mlx5_3 on enp193s0) map to Up net devices: the whole output, healthy',
  },
  {
    file: 'ibv_devinfo/linux-riscv-dev-ibdump-d-mlx5-3-v-grep-gid-only-crlf.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/ibdump.md',
    expert: 'not-judged',
    why: "`ibv_devinfo -d mlx5_3 -v | grep -i GID` (CRLF): only gid_tbl_len and four GIDs (two link-local, two IPv4-mapped) survive the filter; the port's state is filtered out, so whether it is usable is not shown",
  },
  {
    file: 'ibstat/linux-riscv-dev-ibdump-cx6-mlx5-5-active-200-lid-12-crlf.txt',
    tool: 'ibstat',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/ibdump.md',
    expert: 'no-problem',
    why: 'one ConnectX-6 CA (MT4123), its only InfiniBand port Active/LinkUp at 200 (HDR) with base LID 12 from SM lid 4: the whole block, healthy',
  },
  {
    file: 'ibv_devinfo/linux-rdma-lore-756aaf3c-cx5-two-pfs-active-before-bond.txt',
    tool: 'ibv_devinfo',
    source: 'https://lore.kernel.org/linux-rdma/756aaf3c-5a15-8d18-89d4-ea7380cf845d@huawei.com/',
    expert: 'no-problem',
    why: 'plain `ibv_devinfo` (re-indented by the mail client) of one dual-port ConnectX-5 (4119, board HUA0000000004) before bonding: both PFs mlx5_0 and mlx5_1 PORT_ACTIVE over Ethernet; the whole output, healthy',
  },
  {
    file: 'ibv_devinfo/linux-rdma-lore-756aaf3c-cx5-roce-lag-mlx5-bond-0-active.txt',
    tool: 'ibv_devinfo',
    source: 'https://lore.kernel.org/linux-rdma/756aaf3c-5a15-8d18-89d4-ea7380cf845d@huawei.com/',
    expert: 'no-problem',
    why: 'plain `ibv_devinfo` after the two ports are bonded: the single RoCE LAG device mlx5_bond_0 (ConnectX-5), its port PORT_ACTIVE over Ethernet: the whole output, healthy (one device for both PFs is how RoCE LAG looks)',
  },
  {
    file: 'rdma-link/rocm-network-operator-host-device-cni-host-rocep68s0-active-then-ibv-devices-grep.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/ROCm/network-operator/blob/0359d4c0d2a744b8e6e0969cf212ec23552483d9/docs/secondary_network/amd-host-device-cni.md',
    expert: 'no-problem',
    why: 'on the host, `rdma link show rocep68s0/1` asks for one RoCE link and it is ACTIVE/LINK_UP on enp68s0; `ibv_devices | grep` then lists the device: everything asked is shown and up',
  },
  {
    file: 'rdma-link/rocm-network-operator-host-device-cni-pod-rocep68s0-active-then-ibv-devices.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/ROCm/network-operator/blob/0359d4c0d2a744b8e6e0969cf212ec23552483d9/docs/secondary_network/amd-host-device-cni.md',
    expert: 'no-problem',
    why: 'inside the workload pod after the AMD host-device CNI moved it: `rdma link show rocep68s0/1` ACTIVE/LINK_UP on enp68s0, and `ibv_devices` lists rocep68s0: the one link asked for is up',
  },
  {
    file: 'rdma-link/rocm-network-operator-rdma-cni-exclusive-pod-ionic-0-active-net1.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/ROCm/network-operator/blob/0359d4c0d2a744b8e6e0969cf212ec23552483d9/docs/secondary_network/other-cnis.md',
    expert: 'no-problem',
    why: '`rdma link show` in a pod with the RDMA CNI in exclusive mode: its only link, AMD Pensando ionic_0, ACTIVE/LINK_UP on net1: the whole output, up',
  },
  {
    file: 'rdma-link/rocm-network-operator-rdma-shared-pod-5-active-one-netdev.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/ROCm/network-operator/blob/0359d4c0d2a744b8e6e0969cf212ec23552483d9/docs/secondary_network/other-cnis.md',
    expert: 'no-problem',
    why: '`rdma link show` in a pod with RDMA devices shared: five links (roceo3, rocep132s0, rocep33s0f0/f1, ionic_0) all ACTIVE/LINK_UP, only roceo3 with its netdev net1 in the pod: every port shown is up',
  },
];
