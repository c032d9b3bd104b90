import type { Capture } from './captures.table.js';

const SHS =
  'https://github.com/HewlettPackard/shs-docs/blob/ef07c6cef0f065741e0ca35ac796a22eb8574578/docs/portal/developer-portal';
const SPIDERPOOL =
  'https://github.com/spidernet-io/spiderpool/blob/a7fbd3b2968d13952572ab95092b2caf7aa08ea9/docs/usage';

/** Corpus batch b26 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b26: Capture[] = [
  // show_gids
  // dev-infiniband
  // lsmod
  // memlock
  // ucx_info
  {
    file: 'ucx_info/nixl-492-h200-pip-ucx-info-v-1-18-cuda-verbs-mlx5-no-gdrcopy.txt',
    tool: 'ucx_info',
    source: 'https://github.com/ai-dynamo/nixl/issues/492',
    expert: 'no-problem',
    why: '`ucx_info -v` of UCX 1.18.0 (H200 host): configured with rdmacm, verbs, mlx5 and CUDA; gdrcopy is absent, which only changes small-message copies, not the RDMA path',
  },
  {
    file: 'ucx_info/azhpc-images-140-centos-hpc-ucx-info-v-1-11-uct-version-old-layout.txt',
    tool: 'ucx_info',
    source: 'https://github.com/Azure/azhpc-images/issues/140',
    expert: 'no-problem',
    why: "Azure CentOS-HPC image, `ucx_info -v` in UCX 1.11's layout (`# UCT version=1.11.1`, lower-case `configured with`): built with CUDA, gdrcopy, verbs and rdmacm",
  },
  {
    file: 'ucx_info/ucx-7232-hash-glued-prompt-ucx-info-b-symbol-lookup-error.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/7232',
    expert: 'problem',
    why: '`#ucx_info -b` (prompt glued to the command) dies with `symbol lookup error: … undefined symbol: ucs_topo_sys_device_bdf_name`: mismatched UCX libraries, UCX cannot start',
  },
  // fi_info
  {
    file: 'fi_info/libfabric-5149-verbs-rxm-mlx5-0-then-tcp-rxm-udp-rxd-cut.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/5149',
    expert: 'not-judged',
    why: '`fi_info` default listing: verbs;ofi_rxm on mlx5_0 (IB fabric), six tcp;ofi_rxm, verbs;ofi_rxd and UDP;ofi_rxd records; the stored copy stops inside a UDP record, so the rest of the provider list (any other verbs domain) is not shown',
  },
  {
    file: 'fi_info/libfabric-11091-cx6-roce-bond-fi-info-verbs-msg-verbose-cut.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/11091',
    expert: 'not-judged',
    why: '`fi_info -p verbs -t FI_EP_MSG --verbose` (YAML layout) on a ConnectX-6 RoCE bond: the first record is cut at `src_addr:` before its provider, fabric and domain attributes, so which provider and device it offers is not shown',
  },
  // ucx_perftest
  {
    file: 'ucx_perftest/ucx-4433-rocm-tag-bw-localhost-cpu-affinity-warn-header-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/4433',
    expert: 'not-judged',
    why: 'ROCm tag_bw between two local processes (`-m rocm`, 4 MiB): UCX warns that CPU affinity is not set, the test banner prints, and the paste is cut in the table header before any result row',
  },
  {
    file: 'ucx_perftest/ucx-4587-rocm-localhost-tag-lat-then-tag-bw-8-byte-default-old-layout-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/pull/4587',
    expert: 'not-judged',
    why: 'ROCm memory over localhost in the old one-row layout: tag_lat 1.458 us typical, then tag_bw at the default 8-byte message (0.67 MB/s, a message-rate figure, not a bandwidth that can be held against a link) cut mid-row',
  },
  {
    file: 'ucx_perftest/ucx-9908-client-connect-refused-rte-setup-failed-prose.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/9908',
    expert: 'problem',
    why: 'the ucx_perftest client aborts: `connect() failed: Connection refused`, `failed to setup RTE transport`: the test fails before any transfer',
  },
  // nixlbench
  {
    file: 'nixlbench/nixl-591-tail-latency-example-config-banner-vram-to-dram-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/pull/591',
    expert: 'not-judged',
    why: "nixlbench's configuration banner (UCX, VRAM to DRAM, WRITE) cut at `Check c`, before any result row",
  },
  {
    file: 'nixlbench/nixl-1271-turn9-jenkins-timestamped-uccl-rows-4k-8k-batches-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/pull/1271',
    expert: 'not-judged',
    why: 'Jenkins-timestamped nixlbench rows (UCCL CI): only 4 KiB and 8 KiB blocks at batch 1-4 (0.2-0.8 GB/s, latency-bound sizes), cut mid-row; the bandwidth-bound block sizes are not shown',
  },
  // rdma-link
  {
    file: 'rdma-link/linux-riscv-dev-dvpingpong-ibdev2netdev-6-ports-two-eth-down-ib0-up.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a/exercises2/soft-roce/mellanox/dvpingpong/README.md',
    expert: 'not-judged',
    why: '`ibdev2netdev` on a six-port host: mlx5_1-3 and the IPoIB ib0 (mlx5_5) Up, but mlx5_0 (ens4f0) and mlx5_4 (ens14f1) Down, ports the paste does not show in use: a warning',
  },
  {
    file: 'rdma-link/daocloud-docs-ofed-driver-cx5-rdma-link-2-active-then-ibdev2netdev-up-indented.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/DaoCloud/DaoCloud-docs/blob/8ecd1b51b60c07ba8ee027a688e9f1d35392ac08/docs/zh/docs/network/modules/spiderpool/install/ofed_driver.md',
    expert: 'no-problem',
    why: 'a ConnectX-5 host (doc block indented four spaces): `rdma link show` has both ports ACTIVE/LINK_UP and `ibdev2netdev` shows both net devices Up',
  },
  {
    file: 'rdma-link/spiderpool-ai-macvlan-pod-rdma-link-4-of-8-active-elided.txt',
    tool: 'rdma-link',
    source: `${SPIDERPOOL}/install/ai/get-started-macvlan.md`,
    expert: 'not-judged',
    why: "inside a pod the doc says has 8 RDMA devices, `rdma link` shows four ACTIVE/LINK_UP (net1-net4) and then the author's `.....`: the other four are not shown",
  },
  {
    file: 'rdma-link/spiderpool-sriov-roce-host-cx5-rdma-link-2-active-elided.txt',
    tool: 'rdma-link',
    source: `${SPIDERPOOL}/install/ai/get-started-sriov-roce.md`,
    expert: 'not-judged',
    why: "host `rdma link` on ConnectX-5: mlx5_0 and mlx5_1 ACTIVE/LINK_UP, then the author's `.......`: the other ports are elided",
  },
  {
    file: 'rdma-link/spiderpool-ipoib-cx5-ib-rdma-link-active-lid-between-lspci-and-ibstat.txt',
    tool: 'rdma-link',
    source: `${SPIDERPOOL}/ipoib.md`,
    expert: 'no-problem',
    why: 'one ConnectX-5 InfiniBand controller (lspci): `rdma link` shows its port ACTIVE/LINK_UP with LID 2 and SM LID 2, and `ibstat | grep` confirms the InfiniBand link layer',
  },
  // more show_gids and lsmod
  {
    file: 'show_gids/nvidia-tools-image-openshift-pod-sriov-vf-net1-mlx5-3-v2-ipv4-tabs.txt',
    tool: 'show_gids',
    source:
      'https://github.com/schmaustech/nvidia-tools-image/blob/09abdbafd342afad8fcdab2b9586fc42695a4922/README.md',
    expert: 'no-problem',
    why: "in an OpenShift workload pod, `show_gids` (tab-separated) lists the pod's one SR-IOV VF, mlx5_3 on net1, with an IPv4-mapped RoCE v2 GID (192.168.10.2, index 3)",
  },
  {
    file: 'lsmod/spiderpool-sriov-roce-grep-nvidia-peermem-loaded-indented.txt',
    tool: 'lsmod',
    source: `${SPIDERPOOL}/install/ai/get-started-sriov-roce.md`,
    expert: 'no-problem',
    why: '`lsmod | grep nvidia_peermem` after the GPU operator installed it: nvidia_peermem is loaded (GPUDirect RDMA peer memory available)',
  },
  // ibstatus
  {
    file: 'ibstatus/cuml-wiki-mnmg-4-edr-ib-ports-active-tabs.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/rapidsai/cuml/blob/635f2093c9b37188e300d3abd5653dc450350917/wiki/mnmg/Using_Infiniband_for_MNMG.md',
    expert: 'no-problem',
    why: '`ibstatus` (tab-separated, as the script prints it) on a DGX-class node: all four mlx5 ports ACTIVE/LinkUp at 100 Gb/sec 4X EDR InfiniBand with LIDs and an SM',
  },
  // more ucx_info
  {
    file: 'ucx_info/cuml-wiki-mnmg-d-rc-mlx5-0-transport-fragment-old-layout.txt',
    tool: 'ucx_info',
    source:
      'https://github.com/rapidsai/cuml/blob/635f2093c9b37188e300d3abd5653dc450350917/wiki/mnmg/Using_Infiniband_for_MNMG.md',
    expert: 'not-judged',
    why: 'a fragment of an old `ucx_info -d` (the doc shows only the `rc` transport on mlx5_0:1, 11.8 GB/s estimated): the rest of the transport list, CUDA transports included, is not in the paste',
  },
  // Slingshot (HPE shs-docs)
  {
    file: 'fi_info/shs-docs-rdma-troubleshooting-slingshot-cxi0-then-grep-state-link-up.txt',
    tool: 'fi_info',
    source: `${SHS}/troubleshoot/cassini/RDMA_interface_troubleshooting.md`,
    expert: 'no-problem',
    why: 'HPE Slingshot node with one 200 Gb/s Cassini NIC: `fi_info -p cxi` offers the cxi provider on domain cxi0 (FI_EP_RDM), and `fi_info -p cxi -d cxi0 -v | grep state` shows FI_LINK_UP',
  },
  {
    file: 'fi_info/shs-docs-install-validate-slingshot-fi-info-cxi0-indented.txt',
    tool: 'fi_info',
    source: `${SHS}/install/install_hpe_slingshot_cxi_nic_host_software.md`,
    expert: 'no-problem',
    why: 'after a Slingshot host-software install (doc block indented three spaces): `fi_info -p cxi` lists the cxi provider on cxi0 with FI_EP_RDM, the RDMA device libfabric offers',
  },
  {
    file: 'lsmod/shs-docs-perftest-yum-then-grep-mlx-ib-core-users-wrapped-no-peermem.txt',
    tool: 'lsmod',
    source: `${SHS}/performance/perftest.md`,
    expert: 'not-judged',
    why: "a yum install, then `lsmod | grep mlx`: mlx5_ib, ib_uverbs, mlx5_core and ib_core loaded; ib_core's 13 users (the list wrapped onto a second line) hold no peer-memory module: GPUDirect RDMA only through DMA-BUF if at all: a warning",
  },
  // charliecloud (containers on Cray)
  {
    file: 'fi_info/charliecloud-ch-run-container-fi-info-cxi-author-elided-domain.txt',
    tool: 'fi_info',
    source:
      'https://github.com/hpc/charliecloud/blob/23de6eee5f6c7df6d88ea9efe89e605404afea0e/doc/ch-fromhost.rst',
    expert: 'not-judged',
    why: "inside a Charliecloud container after injecting the host's Cray libfabric, `fi_info -p cxi` offers the cxi provider (FI_EP_RDM), but the author's `[...]` hides its domain lines, so which CXI devices are offered is not shown",
  },
  {
    file: 'fi_info/charliecloud-ch-run-container-fi-info-gni-aries-author-elided.txt',
    tool: 'fi_info',
    source:
      'https://github.com/hpc/charliecloud/blob/23de6eee5f6c7df6d88ea9efe89e605404afea0e/doc/ch-fromhost.rst',
    expert: 'not-judged',
    why: "the injected Cray Aries provider in a container: `fi_info -p gni` offers gni (FI_EP_RDM, FI_PROTO_GNI), with the author's `[...]` in place of its domain lines: the devices are not shown",
  },
  // more show_gids and nixlbench from issue threads
  {
    file: 'show_gids/sglang-4978-h20-node02-xgbe-mlx5-0-2-v2-ipv4-cut.txt',
    tool: 'show_gids',
    source: 'https://github.com/sgl-project/sglang/issues/4978',
    expert: 'not-judged',
    why: 'H20 node02: mlx5_0 to mlx5_2 (xgbe0-2) each have an IPv4-mapped RoCE v2 GID at index 3, but the stored copy stops at `mlx` of the next device, so the remaining ports are not shown',
  },
  {
    file: 'show_gids/ucx-10420-client-mlx5-bond-0-bond-1-v2-ipv4-cut-in-bond-1.txt',
    tool: 'show_gids',
    source: 'https://github.com/openucx/ucx/issues/10420',
    expert: 'not-judged',
    why: 'RoCE bonds: mlx5_bond_0 has its IPv4 RoCE v2 GID at index 3; mlx5_bond_1 is cut in its index-3 row (its v1 IPv4 entry is shown, its v2 entry is not), so whether the second bond has a routable RoCE v2 GID is not shown',
  },
  {
    file: 'nixlbench/nixl-1999-uccl-ci-double-spaced-one-row-16k-then-next-run-trace-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/1999',
    expert: 'not-judged',
    why: 'a CI log with a blank line after every line: one nixlbench row (UCCL, 16 KiB, batch 4, 4.5 GB/s at a latency-bound size), then `set -x` lines of the next run (READ VRAM to VRAM); the large sizes and the next run are not shown',
  },
  // more ucx_info and show_gids
  {
    file: 'ucx_info/ucx-py-329-dgx2-d-tcp-over-ib7-ib5-ib3-fragment-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/rapidsai/ucx-py/issues/329',
    expert: 'not-judged',
    why: 'a DGX-2 `ucx_info -d` fragment: tcp over the IPoIB devices ib7, ib5 and ib3, cut mid-line; whether an RDMA (rc/dc) or CUDA transport is offered is not in the paste',
  },
  {
    file: 'ucx_info/ucx-3956-d-posix-sysv-head-cut-before-network.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/3956',
    expert: 'not-judged',
    why: "the head of `ucx_info -d` (`$>` prompt): the posix and sysv shared-memory transports only, cut in sysv's capabilities before any network or CUDA transport",
  },
  {
    file: 'show_gids/mooncake-2729-grep-mlx5-4-cut-in-header.txt',
    tool: 'show_gids',
    source: 'https://github.com/kvcache-ai/Mooncake/issues/2729',
    expert: 'not-judged',
    why: '`show_gids | grep mlx5_4` whose stored copy stops in the header line (`DEV     P`): no GID row of mlx5_4 is shown',
  },
  // stelline (CX-7 RoCE host docs)
  {
    file: 'lsmod/stelline-sudo-grep-ib-core-8-users-no-peermem-mlx-compat.txt',
    tool: 'lsmod',
    source:
      'https://github.com/luigifcruz/stelline/blob/e09cf85325d4493c47ef381beb541fbda39f79b8/docs/host-dependencies.md',
    expert: 'not-judged',
    why: "`sudo lsmod | grep ib_core` on a ConnectX-7 RoCE host (MLNX_OFED, mlx_compat): ib_core's 8 users are rdma_cm, ib_ipoib, iw_cm, ib_umad, rdma_ucm, ib_uverbs, mlx5_ib and ib_cm, no peer-memory module: GPUDirect RDMA only through DMA-BUF if at all: a warning",
  },
  {
    file: 'lsmod/stelline-grep-nvme-core-then-nvidia-fs-nvidia-used-by-peermem.txt',
    tool: 'lsmod',
    source:
      'https://github.com/luigifcruz/stelline/blob/e09cf85325d4493c47ef381beb541fbda39f79b8/docs/host-dependencies.md',
    expert: 'no-problem',
    why: 'the same host after the GDS install: `lsmod | grep nvme_core` (mlx_compat used by mlx5_ib, mlx5_core and ib_core) and `lsmod | grep nvidia_fs`, whose `nvidia` line lists nvidia_peermem among its users: the peer-memory module is loaded beside the mlx5 RDMA stack',
  },
  // more from openucx/ucx threads
  {
    file: 'ucx_info/ucx-5462-uct-version-1-8-prose-configured-with-cuda-no-verbs-flag.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/5462',
    expert: 'not-judged',
    why: "`ucx_info -v` of UCX 1.8.0 pasted as prose (no `#`): configured --with-cuda but with no verbs, mlx5 or rdmacm flag, so whether the build has an RDMA transport (left to configure's detection) is not shown",
  },
  {
    file: 'ucx_perftest/ucx-8761-exports-then-grep-log-final-latency-rows-gdr-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/8761',
    expert: 'not-judged',
    why: 'GPUDirect RDMA over rc (exports shown), then a latency table whose `Final:` rows carry a `log:` prefix from a grep over several files: 1.0-1.9 ms per iteration at message sizes the paste does not show, cut mid-row; no figure can be held against a link or size',
  },
  // read after the fixes (readings committed first)
  {
    file: 'dev-infiniband/siderolabs-docs-566-talos-ls-la-4-uverbs-rw-no-rdma-cm-then-comment.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/siderolabs/docs/issues/566',
    expert: 'not-judged',
    why: "Talos (busybox `ls -la`, a `CMD:`/`---` log layout and the poster's `# => Looks good`): uverbs0-3 for the host's four ConnectX-6 are there and rw for all, but there is no rdma_cm node, so RDMA-CM connection setup (RoCE wireup, perftest -R) cannot work: a warning",
  },
  {
    file: 'lsmod/rxe-dev-75-arria10-whole-lsmod-rdma-rxe-only.txt',
    tool: 'lsmod',
    source: 'https://github.com/SoftRoCE/rxe-dev/issues/75',
    expert: 'problem',
    why: "the whole `lsmod` of an Arria10 SoC: ib_core's only device driver is rdma_rxe (Soft-RoCE) beside the RDMA CM and uverbs modules, no hardware RDMA driver and no GPU peer memory: software RDMA only",
  },
];
