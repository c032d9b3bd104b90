import type { Capture } from './captures.table.js';

/** Corpus batch b24 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b24: Capture[] = [
  {
    file: 'rdma-link/dynamo-1209-ibdev2netdev-4-roce-bonds-up-quote-prompt.txt',
    tool: 'rdma-link',
    source: 'https://github.com/ai-dynamo/dynamo/issues/1209',
    expert: 'no-problem',
    why: "ibdev2netdev on a RoCE host, typed behind a markdown quote `>`: all four bonds mlx5_bond_0-3 map to bond0-3 and are Up; every device the command lists is up (the thread's problem is inside the container, not in this host paste)",
  },
  {
    file: 'nixlbench/nixl-1695-config-tail-vram-4k-to-32k-rows-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/1695',
    expert: 'not-judged',
    why: 'the tail of the configuration banner and the first rows, 4 KiB to 32 KiB at batch 1 (0.20-0.64 GB/s, latency-bound sizes that say nothing of the link), cut mid-row before any large block: the bandwidth that matters is not shown',
  },
  {
    file: 'fi_info/aws-do-eks-eks-efa-readme-mpijob-2-workers-one-rdm-each.txt',
    tool: 'fi_info',
    source:
      'https://github.com/aws-samples/aws-do-eks/blob/6cb25bd70b6f96f837616dbc201d35f13193ba28/wd/conf/terraform/eks-efa/README.md',
    expert: 'no-problem',
    why: '`fi_info -p efa` run by an MPIJob on two EKS worker pods (mpirun `[1,N]<stdout>:` prefixes after two ssh warnings): each pod gets the efa provider with an FI_EP_RDM endpoint on its EFA (rdmap197s0-rdm): EFA usable in both pods',
  },
  {
    file: 'fi_info/aws-do-eks-eks-gpu-efa-readme-mpijob-indented-elided.txt',
    tool: 'fi_info',
    source:
      'https://github.com/aws-samples/aws-do-eks/blob/533a7fd8369d800849d587f57a8ba2d621e6789c/wd/conf/terraform/eks-gpu-efa/README.md',
    expert: 'not-judged',
    why: "the same MPIJob on GPU nodes, indented in a list: rank 1 shows rdmap79s0-rdm and rank 0 rdmap201s0-rdm (efa, FI_EP_RDM), with the author's `...` between them standing for the other EFA devices: those are not shown",
  },
  {
    file: 'ucx_info/ucx-4388-d-elided-head-tcp-ipoib-then-ib-md-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/4388',
    expert: 'not-judged',
    why: '`ucx_info -d` with the head elided by the author (`[...]`): tcp on virbr0, IPoIB ib0 and enp7s0f0, then the ib/mlx5_0 memory domain, cut at its first `Transport` line: no RDMA or CUDA transport is shown, and what was elided or cut may hold them',
  },
  {
    file: 'rdma-link/linux-riscv-dev-rdma-bad-irdma-e810-port0-disabled-port1-active.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/rdma-bad/README.md',
    expert: 'not-judged',
    why: 'Intel E810 (irdma) behind a root prompt: irdma1 ACTIVE/LINK_UP on enp23s0f1, irdma0 DOWN/DISABLED on enp23s0f0; a disabled RoCE port is at least a warning and the paste does not say it is unused',
  },
  {
    file: 'rdma-link/linux-riscv-dev-srq-pingpong-old-format-index-prefix-2-disabled-crlf.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/srq_pingpong/README.md',
    expert: 'not-judged',
    why: 'old iproute2 `rdma link` layout (`N/1: mlx5_N/1:` index prefix, no netdev), CRLF: the IB port mlx5_5 ACTIVE with lid 12 from SM lid 4 and three Ethernet ports ACTIVE, but mlx5_0 and mlx5_4 DOWN/DISABLED: disabled ports are warnings',
  },
  {
    file: 'rdma-link/linux-riscv-dev-k8s-sriov-ibdev2netdev-ipoib-pf-vfs-down-then-ibstat-netdev-ibpanic-crlf.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/k8s-rdma-sriov.md',
    expert: 'not-judged',
    why: 'ibdev2netdev while setting up IB SR-IOV (CRLF): Ethernet mlx5_2/mlx5_3 Up, mlx5_0/1/4 Down, and the IPoIB netdevs of the IB PF (ib0) and its VFs (ib1 twice) Down, which does not say whether the IB ports are active; the two `ibstat ib1`/`ibstat ib2` ibpanics after it come from passing netdev names, not CA names: warnings, no fault of a port in use shown',
  },
  {
    file: 'rdma-link/linux-riscv-dev-bond-ibdev2netdev-then-v-cx4-cx5-cx6-states-crlf.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/bond.md',
    expert: 'not-judged',
    why: 'ibdev2netdev and then `ibdev2netdev -v` (CRLF) on a host with ConnectX-4 Lx, ConnectX-5 and a ConnectX-6 VPI: the -v lines give port states: mlx5_2, mlx5_3 and the HDR IB port mlx5_5 ACTIVE, mlx5_0, mlx5_1, mlx5_4 and the two ConnectX-5 VFs mlx5_6/7 DOWN; the down ports are not shown to be in use: warnings',
  },
  {
    file: 'ibstatus/linux-riscv-dev-bench-nic-mlx5-0-disabled-40g-mlx5-1-active-100g-roce-crlf.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/bench/nic.md',
    expert: 'not-judged',
    why: 'ibstatus (CRLF): mlx5_1 ACTIVE/LinkUp at 100 Gb/s on Ethernet; mlx5_0 DOWN/Disabled (40 Gb/s reported) on Ethernet: a disabled RoCE port is at least a warning',
  },
  {
    file: 'lsmod/linux-riscv-dev-nvme-rdma-grep-core-ib-core-users-no-peermem-crlf.txt',
    tool: 'lsmod',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/nvme/rdma/mellanox.md',
    expert: 'not-judged',
    why: "`lsmod | grep core` (CRLF, MLNX_OFED dkms on 5.4): ib_core and mlx5_core loaded with mlx5_ib; ib_core's user list is shown whole and holds neither nvidia_peermem nor nv_peer_mem: no peer-memory module, GPUDirect RDMA only through DMA-BUF if at all: a warning",
  },
  {
    file: 'lsmod/linux-riscv-dev-soft-roce-centos7-grep-ib-core-hns-roce-crlf.txt',
    tool: 'lsmod',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/README.md',
    expert: 'not-judged',
    why: 'CentOS 7 on a HiSilicon host: `lsmod | grep ib_core` shows ib_core used by hns_roce, hns_roce_hw_v2 and rdma_rxe among 16 users, none of them a peer-memory module: no GPUDirect RDMA module loaded: a warning; a shell mail notice follows',
  },
  {
    file: 'rdma-link/linux-riscv-dev-spdk-empty-rdma-link-then-rxe-added-on-ens4-crlf.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/spdk/mytest/nvme-rdma/RDMA.md',
    expert: 'problem',
    why: 'the first `rdma link` prints nothing (no RDMA device), then the user adds a Soft-RoCE link rxe_eth0 on ens4 and it is the only one: software RDMA only, no fabric for GPU KV transfer',
  },
  {
    file: 'rdma-link/linux-riscv-dev-mooncake-te-ibdev2netdev-port0-down-port1-up-crlf.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/rdma-ping/mooncake-transfer-engine/README.md',
    expert: 'not-judged',
    why: 'ibdev2netdev typed without a prompt before a Mooncake transfer-engine run: mlx5_1 (enp61s0f1np1) Up, mlx5_0 (enp61s0f0np0) Down: the second port of the NIC without a link is a warning',
  },
  {
    file: 'lsmod/roce-testing-rhelai-grep-mlx-ib-core-users-uverbs-mlx5-ib-only.txt',
    tool: 'lsmod',
    source:
      'https://github.com/CCI-MOC/roce-testing/blob/3eae6698a1cf3183e0090ed2464147cbc8322bc5/RHELAI/0_initial_setup/README.md',
    expert: 'not-judged',
    why: 'RHEL AI host, `lsmod | grep "mlx"`: mlx5_ib, mlx5_core and ib_core loaded; ib_core\'s users are only ib_uverbs and mlx5_ib (count 2), so no peer-memory module is registered with it: GPUDirect RDMA only through DMA-BUF if at all: a warning',
  },
  {
    file: 'rdma-link/roce-testing-rhelai-6-ports-2-disabled-4-active.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/CCI-MOC/roce-testing/blob/3eae6698a1cf3183e0090ed2464147cbc8322bc5/RHELAI/0_initial_setup/README.md',
    expert: 'not-judged',
    why: 'RHEL AI host (`$ rdma link`): four RoCE ports mlx5_2-5 ACTIVE/LINK_UP, mlx5_0 and mlx5_1 (eno2np0, eno3np1) DOWN/DISABLED: disabled ports are warnings, nothing shows they carry the workload',
  },
  {
    file: 'dev-infiniband/ml-dev-env-yunshi-oc-exec-ls-uverbs-glob-4-shown-elided.txt',
    tool: 'dev-infiniband',
    source:
      'https://github.com/EldritchJS/ml-dev-env/blob/8cfd74ca3cd104bc8d5ec873e766b7e5625bd3dd/deployments/archived/yunshi/RDMA-STATUS.md',
    expert: 'not-judged',
    why: "`oc exec … ls -l /dev/infiniband/uverbs*` in an OpenShift pod: uverbs0, uverbs1, uverbs10, uverbs11 shown rw for all (SELinux dot), then the author's `...`: the other uverbs nodes are elided, and rdma_cm is outside the glob: not all is shown",
  },
  {
    file: 'dev-infiniband/ml-dev-env-h-kim-xtrace-ls-la-4-vf-uverbs-rw-selinux-dot.txt',
    tool: 'dev-infiniband',
    source:
      'https://github.com/EldritchJS/ml-dev-env/blob/8cfd74ca3cd104bc8d5ec873e766b7e5625bd3dd/deployments/archived/h-kim/benchmark-results-6-nodes-24-gpus.txt',
    expert: 'no-problem',
    why: 'a job log with `set -x` trace lines (`+ ls -la /dev/infiniband/`): the pod sees rdma_cm and the umad/uverbs nodes of its four SR-IOV VFs (6, 7, 10, 11), all crw-rw-rw-: verbs devices present and openable',
  },
  {
    file: 'fi_info/libfabric-12708-b200-pod-efa-open-fails-empty-list-minus-61.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/12708',
    expert: 'problem',
    why: 'HGX B200 pod on EKS: libfabric warnings (pid elided by the poster as `...`) that ibv_open_device failed, the efa provider returns an empty list and fi_info ends in `fi_getinfo: -61 (No data available)`: the pod has no usable EFA endpoint',
  },
  {
    file: 'rdma-link/dranet-demo-gke-rdma-pod-rdma-system-shared-8-active-one-netdev.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/kubernetes-sigs/dranet/blob/d66a97b7cd4b116180b984817a4506987631d30f/examples/demo_gke_rdma/README.md',
    expert: 'no-problem',
    why: 'GKE RDMA node (eight mlx5 RoCE NICs), inside a DRANet pod: `rdma system` says netns shared, then `rdma link` shows all eight ports ACTIVE/LINK_UP, only mlx5_3 with its netdev gpu3rdma0 moved into the pod: every port shown is up',
  },
  {
    file: 'dev-infiniband/dranet-demo-gke-rdma-pod-plain-ls-rdma-cm-uverbs3.txt',
    tool: 'dev-infiniband',
    source:
      'https://github.com/kubernetes-sigs/dranet/blob/d66a97b7cd4b116180b984817a4506987631d30f/examples/demo_gke_rdma/README.md',
    expert: 'not-judged',
    why: 'a plain `ls /dev/infiniband/` in the same pod: rdma_cm and uverbs3 (the one NIC it was given) are there, but without -l their modes are not shown, so whether the pod can open them is not in the paste',
  },
  {
    file: 'rdma-link/sriov-cni-348-pod-bnxt-re-2-active-2-disabled-then-abi-mismatch-no-ib-devices.txt',
    tool: 'rdma-link',
    source: 'https://github.com/k8snetworkplumbingwg/sriov-cni/issues/348',
    expert: 'problem',
    why: "Broadcom bnxt_re inside an SR-IOV pod: rdma link shows bnxt_re0/2 ACTIVE and bnxt_re1/3 DOWN/DISABLED, but in the same paste ibv_devinfo and ib_write_bw find no device because the container's bnxt_re userspace driver does not support the kernel ABI 6: the pod cannot open any verbs device",
  },
  {
    file: 'rdma-link/heioy-books-hash-prompt-ibdev2netdev-mlx4-2-ipoib-up.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/Heioy/Books/blob/4e864b8fb24ce12096bb5aeccf5a36c3e5fa5fea/an-zhuang-pei-zhi/jian-cha-wang-ka-zhuang-tai.md',
    expert: 'no-problem',
    why: '`#ibdev2netdev` (hash prompt without a space) on a ConnectX-3 (mlx4_0) dual-port IB card: both ports map to IPoIB netdevs ib0 and ib1, both Up (IPoIB has carrier only on an active port): both ports up',
  },
  {
    file: 'fi_info/performance-study-pcluster-hash-fi-info-less-efa-rdm-dgrm-one-device.txt',
    tool: 'fi_info',
    source:
      'https://github.com/converged-computing/performance-study/blob/d4546d8ca8de2d91248691354668799b0a9307c6/experiments/aws/parallel-cluster/gpu/experiment/README.md',
    expert: 'no-problem',
    why: 'AWS ParallelCluster node, `# fi_info  | less`: the efa provider (fabric efa, version 121.0) offers an FI_EP_RDM endpoint on rdmap0s31-rdm and a datagram one on rdmap0s31-dgrm: EFA usable',
  },
  {
    file: 'fi_info/performance-study-eks-pod-fi-info-grep-efa-domains-only.txt',
    tool: 'fi_info',
    source:
      'https://github.com/converged-computing/performance-study/blob/54781e45f8942d259798fa9b9ba53d7a81f09064/experiments/aws/eks/cpu/size32-noefa/README.md',
    expert: 'no-problem',
    why: 'inside an EKS pod, `# fi_info  | grep efa`: the filter keeps only provider, fabric and domain lines; the efa provider names its efa_0-rdm (reliable datagram) and efa_0-dgrm domains, so an RDM endpoint on the EFA is offered',
  },
  {
    file: 'memlock/performance-study-aks-ulimit-a-bash51-unlimited-no-prompt.txt',
    tool: 'memlock',
    source:
      'https://github.com/converged-computing/performance-study/blob/e0e2223b3cec156e6fbd1f4d521664b846b3fcf2/experiments/azure/aks/cpu/README.md',
    expert: 'no-problem',
    why: 'Azure AKS HPC pod, `ulimit -a` typed without a prompt (bash 5.1 table with the -R line): max locked memory unlimited',
  },
  {
    file: 'ucx_info/metrics-operator-experiments-gke-gpu-grep-transport-no-rdma.txt',
    tool: 'ucx_info',
    source:
      'https://github.com/converged-computing/metrics-operator-experiments/blob/174f1f64b61488731d7eb5b873fe1bc5b126d88a/performance/google/hpc-benchmarks/README.md',
    expert: 'not-judged',
    why: 'GKE pod with one GPU, `# ucx_info -d | grep Transport`: the whole transport list is posix, sysv, self, tcp, cuda_copy, cuda_ipc and cma: CUDA memory is supported but there is no RDMA transport, so KV between nodes could only go over TCP: degraded, a warning',
  },
  {
    file: 'fi_info/operator-experiments-hpc7g-graviton-efa-rdm-dgrm-output-block-only.txt',
    tool: 'fi_info',
    source:
      'https://github.com/converged-computing/operator-experiments/blob/46cafe7ec54c34b39f16eb3cb4387ba7fef351d6/aws/lammps/hpc7g/run2/README.md',
    expert: 'no-problem',
    why: 'hpc7g (Graviton) node, the output block of `fi_info -p efa` (the command sits in the block before it): efa provider version 118.10 with an FI_EP_RDM endpoint on rdmap0s6-rdm and a datagram one: EFA usable',
  },
  {
    file: 'ibstatus/deepep-17-h20-bf3-4-roce-200-and-400-cut-in-mlx5-3-rate.txt',
    tool: 'ibstatus',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/17',
    expert: 'not-judged',
    why: 'H20 node with four BlueField-3: mlx5_0 ACTIVE/LinkUp at 200 Gb/s and mlx5_1, mlx5_2 at 400 Gb/s on Ethernet; mlx5_3 is cut inside its rate line before its link layer, and any later device is not shown',
  },
  {
    file: 'ucx_info/ucx-10298-v-1-16-in-details-indented-configure-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/10298',
    expert: 'not-judged',
    why: "`ucx_info -v` pasted indented inside a details block: UCX 1.16.0 from a Spack prefix; the configure line is cut after --without-go, before any --with-cuda or --with-verbs, so the build's CUDA and verbs support is not shown",
  },
  {
    file: 'memlock/docker-sia-30-alpine-ash-ulimit-ah-busybox-layout-64kb.txt',
    tool: 'memlock',
    source: 'https://github.com/NebulousLabs/docker-sia/issues/30',
    expert: 'problem',
    why: "inside an Alpine container (`docker exec … /bin/ash`, busybox prompt `/sia #`), `ulimit -aH` in busybox's layout (`max locked memory (kb)          (-l) 64`): the hard cap is 64 KiB, far too small to register any KV buffer for RDMA",
  },
  {
    file: 'memlock/moby-22476-host-ulimit-a-cut-before-locked-memory.txt',
    tool: 'memlock',
    source: 'https://github.com/moby/moby/issues/22476',
    expert: 'not-judged',
    why: "the host's `ulimit -a` table cut after its first row (`core file size … unlimited`) and one word of the next: the max locked memory row is not shown",
  },
  {
    file: 'ucx_perftest/ucx-9520-put-bw-proto-info-multi-rail-header-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/9520',
    expert: 'not-judged',
    why: 'ucx_perftest ucp_put_bw with UCX_PROTO_INFO=y: the result header and the protocol table (short up to 2K on rc_mlx5 mlx5_0, zero-copy split 50/50 over mlx5_0 and mlx5_2 above it), cut before any result row: no bandwidth is shown',
  },
  {
    file: 'ucx_info/linux-riscv-dev-openmpi-ucx-info-d-t-rc-undefined-symbol-crlf.txt',
    tool: 'ucx_info',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/user_space/openMpi/README.md',
    expert: 'problem',
    why: '`ucx_info -d -t rc` (CRLF) dies with `symbol lookup error: ucx_info: undefined symbol: uct_md_query_v2`: the ucx_info binary and the libuct it loads come from different UCX builds, so UCX cannot even list its transports',
  },
  {
    file: 'rdma-link/linux-riscv-dev-mofed-container-rdma-command-not-found.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/ib-roce-rdma_ping/readme.md',
    expert: 'not-judged',
    why: "inside a MOFED installer container `rdma link show` answers `bash: rdma: command not found`: iproute2's rdma tool is missing, so no link state is shown at all",
  },
  {
    file: 'dev-infiniband/linux-riscv-dev-centos7-plain-ls-issm-ucm-umad-uverbs-crlf.txt',
    tool: 'dev-infiniband',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/libibverbs-examples/README.md',
    expert: 'not-judged',
    why: 'a plain `ls /dev/infiniband/` on CentOS 7 (CRLF): issm0/1, rdma_cm, ucm0/1, umad0/1 and uverbs0/1 exist, but without -l their modes are not shown, so whether a user can open them is not in the paste',
  },
  {
    file: 'memlock/ml-dev-env-openshift-pod-ulimit-l-8192-author-comment.txt',
    tool: 'memlock',
    source:
      'https://github.com/EldritchJS/ml-dev-env/blob/8cfd74ca3cd104bc8d5ec873e766b7e5625bd3dd/docs/investigations/RDMA-DEBUG-SUMMARY.md',
    expert: 'not-judged',
    why: "an OpenShift pod's `ulimit -l` is 8192 KiB, with the author's `# Only 8 MB` comment on the value line: a cap of 8 MiB is a warning (host buffers registered for RDMA are limited; GPU memory pinned through the peer-memory path is not counted against it)",
  },
  {
    file: 'rdma-link/linux-riscv-dev-rxe-added-as-roce8-shows-rocep0s8-active.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/ib_rdma_ping/readme.md',
    expert: 'problem',
    why: 'the typed `sudo rdma link add roce8 type rxe netdev enp0s8` creates a Soft-RoCE device, and `rdma link` then shows it (renamed rocep0s8) as the only link, ACTIVE: software RDMA only, however hardware-like the name',
  },
  {
    file: 'lsmod/linux-riscv-dev-fedora-modprobe-rdma-rxe-then-grep-ib-core-no-peermem.txt',
    tool: 'lsmod',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/ib_rdma_ping/readme.md',
    expert: 'not-judged',
    why: 'Fedora VM: `modprobe rdma_rxe` then `lsmod | grep rdma_rxe` (prompts indented by one space): rdma_rxe loaded and ib_core used by 13 modules, none of them a peer-memory module: no GPUDirect RDMA module, a warning',
  },
  {
    file: 'lsmod/linux-riscv-dev-mofed-container-grep-rdma-mlx4-mlx5-then-empty-grep-crlf.txt',
    tool: 'lsmod',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/sriov-roce.md',
    expert: 'not-judged',
    why: 'in a MOFED container (CRLF): `lsmod | grep rdma` shows rdma_cm, ib_uverbs and ib_core used by mlx4_ib and mlx5_ib among 11 users, no peer-memory module; a second `lsmod | grep rdma_rxe` prints nothing: GPUDirect RDMA module not loaded, a warning',
  },
];
