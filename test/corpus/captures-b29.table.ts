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
  {
    file: 'ibstat/linux-rdma-lore-20200221002631-cx3-vpi-ib-polling-eth-disabled.txt',
    tool: 'ibstat',
    source: 'https://lore.kernel.org/linux-rdma/20200221002631.97A1.409509F4@e16-tech.com/',
    expert: 'problem',
    why: '`# ibstat` of the only CA, a dual-port ConnectX-3 VPI (MT4099): port 1 InfiniBand Down/Polling (no peer) and port 2 Ethernet Down/Disabled: neither port can carry RDMA',
  },
  {
    file: 'ibv_devinfo/grantcurell-powerscale-roce-e810-irdma0-irdma1-active.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/grantcurell/projects/blob/a7d003f72e489260e486f7de3032c36bcb04b606/PowerScale%20-%20Setup%20RoCE/README.md',
    expert: 'no-problem',
    why: 'plain `ibv_devinfo` behind its prompt on a Dell client for PowerScale NFS over RDMA: two Intel E810 RoCE devices (irdma0/irdma1, vendor 0x8086, part 5531), both ports PORT_ACTIVE over Ethernet: the whole output, healthy',
  },
  {
    file: 'rdma-link/grantcurell-powerscale-roce-irdma0-irdma1-active.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/grantcurell/projects/blob/a7d003f72e489260e486f7de3032c36bcb04b606/PowerScale%20-%20Setup%20RoCE/README.md',
    expert: 'no-problem',
    why: '`rdma link show` on the same host: irdma0/1 and irdma1/1 ACTIVE/LINK_UP on ens6f0/ens6f1: every link up, whole',
  },
  {
    file: 'ibstatus/ompi-users-24858-compute-01-01-port1-down-training-port2-active-ddr.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/open-mpi/ompi-www/blob/b8cea3ffc8fbb135631d6137c39f0d7c8e25f4a1/community/lists/users/2014/07/24858.php',
    expert: 'problem',
    why: 'old `ibstatus` (no link_layer lines) of a ConnectX mlx4_0 quoted in an Open MPI users reply: port 1 DOWN in PortConfigurationTraining, port 2 ACTIVE but at 20 Gb/sec (4X DDR): the only usable port gives 2.5 GB/s, below the 5 GB/s cross-node KV floor',
  },
  {
    file: 'ibstatus/ompi-users-24858-compute-01-00-port1-active-ddr-port2-init.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/open-mpi/ompi-www/blob/b8cea3ffc8fbb135631d6137c39f0d7c8e25f4a1/community/lists/users/2014/07/24858.php',
    expert: 'problem',
    why: "the other node's `ibstatus` in the same reply: port 1 ACTIVE at 20 Gb/sec (4X DDR) with a LID, port 2 INIT/LinkUp with no LID (not brought up by the SM): the only usable port gives 2.5 GB/s, below the 5 GB/s cross-node KV floor",
  },
  {
    file: 'ibv_devinfo/linux-rdma-lore-yxilu-siw0-softiwarp-only-between-rdma-link-and-lsmod-tabs.txt',
    tool: 'ibv_devinfo',
    source: 'https://lore.kernel.org/linux-rdma/YxilUf2HbA6PAo59@nvidia.com/',
    expert: 'problem',
    why: 'a laptop session pasted to linux-rdma: `rdma link show` lists only siw0, then `ibv_devinfo` (tab-separated, from a build tree) shows that one device, SoftiWARP (iWARP transport, vendor 0x626d74, fw 0.0.0), PORT_ACTIVE; an `lsmod | grep` follows: software RDMA only',
  },
  {
    file: 'ibv_devinfo/ompi-users-15760-connectx2-vpi-hp-ib-and-eth-ports-active-link-layer-ib.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/open-mpi/ompi-www/blob/98773820f2b81cf551c56a6119cfa9d9be65f7f2/community/lists/users/2011/02/15760.php',
    expert: 'no-problem',
    why: 'MLNX_OFED 1.5.2-era `ibv_devinfo` (tabs turned to spaces by the archive) of one dual-port ConnectX-2 VPI (26438, HP board): port 1 InfiniBand (printed `IB`) PORT_ACTIVE with LID 20, port 2 Ethernet PORT_ACTIVE: the whole output, both ports up',
  },
];
