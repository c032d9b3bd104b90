import type { Capture } from './captures.table.js';

/**
 * Corpus batch b40 (issue 38): issue and discussion threads of the HPC and MPI stack (Open MPI issues and its
 * users-list archive in open-mpi/ompi-www, libfabric, ucx-py and dask-cuda, horovod, HPE's hpc-ai-envs on a Cray EX,
 * Cornelis opa-ff, a university cluster's test log). Each file is one code block, or one contiguous part of a post,
 * as the stored copy holds it, cut where that copy ends. See captures.table.ts and README.md. The expert verdict
 * was written before `read` ran on each capture.
 */
export const CAPTURES_b40: Capture[] = [
  // Open MPI issues
  {
    file: 'ibstat/ompi-9881-usr-sbin-ibstat-cx4lx-roce-disabled-cx6-ib-100-active-cut-at-third-ca.txt',
    tool: 'ibstat',
    source: 'https://github.com/open-mpi/ompi/issues/9881',
    expert: 'not-judged',
    why: "`/usr/sbin/ibstat` with RDMA-netdev names: the ConnectX-6 IB port (ibp129s0f0) is Active at 100 Gb/s with an SM, but the ConnectX-4 Lx RoCE port (rocep33s0f0) is Down/Disabled, at least a warning (a Disabled mlx5 Ethernet port is also what an unplugged cable shows), and the copy ends at a third CA's name line before any of its ports",
  },
  {
    file: 'ibv_devinfo/ompi-5280-archlinux-cx3-mlx4-two-ports-cut-at-first-port-line.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/open-mpi/ompi/issues/5280',
    expert: 'not-judged',
    why: 'a ConnectX-3 (mlx4_0, 4099) with phys_port_cnt 2, cut at the first `port` word: neither port state is shown',
  },
  {
    file: 'dmesg/ompi-6881-one-mlx5-core-ib0-orted-dev-id-notice.txt',
    tool: 'dmesg',
    source: 'https://github.com/open-mpi/ompi/issues/6881',
    expert: 'not-judged',
    why: 'one mlx5_core line: "orted" asking ib0 for dev_id, a harmless sysfs deprecation notice; nothing fails, but neither the peer-memory module nor any port state the dmesg question covers is in the paste',
  },
  {
    file: 'show_gids/ompi-5807-prose-one-row-mlx4-cx3-pro-gid0-link-local-v2-no-header.txt',
    tool: 'show_gids',
    source: 'https://github.com/open-mpi/ompi/issues/5807',
    expert: 'not-judged',
    why: 'a single show_gids row without its header, pasted in prose: ConnectX-3 Pro mlx4_0 port 1, GID index 0, link-local fe80 RoCE v2 on enp2s0 with no IPv4; no routable GID is shown and the other indexes are left out',
  },
  {
    file: 'ucx_info/ompi-7378-ucx-info-d-mid-section-tcp-ib0-and-enp1s0-cut-both-ends.txt',
    tool: 'ucx_info',
    source: 'https://github.com/open-mpi/ompi/issues/7378',
    expert: 'not-judged',
    why: '`ucx_info -d` cut at both ends: the tail of a shared-memory transport, then tcp over ib0 (IPoIB) and enp1s0; no verbs transport in the part shown, but the rest of the listing, where one would be, is not shown',
  },
  {
    file: 'ibstat/ompi-10432-bare-ibstat-cx4-edr-100-active-then-ibv-devinfo-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/open-mpi/ompi/issues/10432',
    expert: 'no-problem',
    why: 'a whole bare `ibstat`: one ConnectX-4 (MT4115) port Active/LinkUp at 100 Gb/s InfiniBand with LID and SM; the `ibv_devinfo` pasted after it (cut at sm_lid) shows the same port PORT_ACTIVE',
  },
  {
    file: 'ibv_devinfo/ompi-9957-rpm-q-ofed-info-not-found-then-vv-cx4-dell-cut-at-max-ah.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/open-mpi/ompi/issues/9957',
    expert: 'not-judged',
    why: 'rpm queries (inbox rdma-core 17.2), `ofed_info: command not found` (no MLNX_OFED, not a fault), then `ibv_devinfo -vv` of a ConnectX-4 cut at max_ah, before the port section',
  },
  // Open MPI users list (ompi-www archive, HTML as stored)
  {
    file: 'ibstat/ompi-users-2008-04-5547-html-br-port1-fragment-no-ca-no-rate.txt',
    tool: 'ibstat',
    source:
      'https://github.com/open-mpi/ompi-www/blob/98773820f2b81cf551c56a6119cfa9d9be65f7f2/community/lists/users/2008/04/5547.php',
    expert: 'not-judged',
    why: 'an HTML <br> fragment the poster quotes as what ibstat gives: "Port 1: State: Active, Physical state: LinkUp", with no CA, rate or link layer; healthy as far as it goes, but the device and its rate are not shown',
  },
  {
    file: 'ibv_devinfo/ompi-users-2008-12-7608-numbered-mthca0-infinihost-one-port-active-html-nbsp.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/open-mpi/ompi-www/blob/61c01021bba59867770eca61985e00cebcb040ba/community/lists/users/2008/12/7608.php',
    expert: 'no-problem',
    why: 'item "4)" of a mail as HTML (&nbsp; indents, <br> lines): an OFED 1.2-era ibv_devinfo (no transport or link_layer lines) of mthca0 (InfiniHost III, 25204), its one port PORT_ACTIVE with LID 97 and SM LID 9; the whole device is shown and ibv_devinfo gives no rate',
  },
  {
    file: 'memlock/ompi-users-2008-12-7608-numbered-bare-ulimit-l-8388608-above-ram-note-html-br.txt',
    tool: 'memlock',
    source:
      'https://github.com/open-mpi/ompi-www/blob/61c01021bba59867770eca61985e00cebcb040ba/community/lists/users/2008/12/7608.php',
    expert: 'no-problem',
    why: 'item "6) ulimit -l" of the same mail: 8388608 KiB (8 GiB), which the poster notes is more than the physical memory of the node, so the cap cannot bind any registration',
  },
  // libfabric issues
  {
    file: 'ibv_devinfo/libfabric-8401-cx5-mlx5-0-cut-after-vendor-part-id.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/ofiwg/libfabric/issues/8401',
    expert: 'not-judged',
    why: 'a ConnectX-5 (4119) mlx5_0 cut after vendor_part_id, before phys_port_cnt and any port',
  },
  {
    file: 'fi_info/libfabric-975-simple-fi-info-usnic-no-verbs-driver-rdmacm-fatal-enodev.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/975',
    expert: 'problem',
    why: '`./simple/fi_info`: libibverbs has no userspace driver for uverbs0-2, librdmacm says "Fatal: no RDMA devices found" and fi_getinfo returns -19 (No such device): no provider at all is listed',
  },
  {
    file: 'fi_info/libfabric-9158-fi-info-v-yaml-tcp-rxm-records-only-cut-both-ends.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/9158',
    expert: 'not-judged',
    why: '`fi_info -v` YAML records cut at both ends: only tcp;ofi_rxm (prov_version 118.10, loopback and fe80::/64); a TCP software provider in the part shown, while the hardware provider the KV path would use is neither shown nor shown absent',
  },
  {
    file: 'fi_info/libfabric-7324-psm3-thread-plain-fi-info-tcp-rxm-eno1-lo-only-cut.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/7324',
    expert: 'not-judged',
    why: 'a plain `$ fi_info` (libfabric 1.12) whose visible records are all tcp;ofi_rxm on eno1 and lo, cut mid-record: nothing but a TCP software provider in the part shown, but the listing is cut before its end',
  },
  {
    file: 'fi_info/libfabric-7251-quoted-fi-info-p-psm2-v-one-record-cut-in-rx-attr.txt',
    tool: 'fi_info',
    source: 'https://github.com/ofiwg/libfabric/issues/7251',
    expert: 'not-judged',
    why: 'a markdown-quoted `fi_info -p psm2 -v` record (FI_ADDR_PSMX2 addresses): the Omni-Path PSM2 provider, not the EFA or Slingshot provider the KV path uses, cut in fi_rx_attr before its domain and fabric attributes',
  },
  // ucx-py, dask-cuda
  {
    file: 'ucx_perftest/ucx-py-402-dgx2-cuda-tag-bw-rc-cuda-ipc-backgrounded-cut-in-banner.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/rapidsai/ucx-py/issues/402',
    expert: 'not-judged',
    why: 'a backgrounded DGX-2 `ucx_perftest -t tag_bw -m cuda` (UCX_TLS=rc,mm,cuda_copy,cuda_ipc) with the CPU-affinity warning, cut in the banner at "Recv memory: cuda": no result row',
  },
  {
    file: 'ucx_perftest/ucx-py-361-two-servers-same-port-bind-address-in-use.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/rapidsai/ucx-py/issues/361',
    expert: 'not-judged',
    why: 'the command line starts two ucx_perftest servers (no host argument) on port 9999: one waits for a connection, the other fails bind() with "Address already in use"; no transfer ran, and the error is a port clash of the harness, not of the RC transport on mlx5_0:1',
  },
  {
    file: 'ibv_devinfo/ucx-py-361-conda-prompt-vvv-cx5-cut-in-device-cap-flags.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/rapidsai/ucx-py/issues/361',
    expert: 'not-judged',
    why: 'behind a conda prompt, `ibv_devinfo -vvv` of a ConnectX-5 (4119, one port) cut inside device_cap_flags, before the port section',
  },
  {
    file: 'ucx_info/ucx-py-361-python-repl-ucp-init-no-cuda-copy-ibv-create-cq-enomem-traceback.txt',
    tool: 'ucx_info',
    source: 'https://github.com/rapidsai/ucx-py/issues/361',
    expert: 'problem',
    why: 'a Python REPL: UCX warns that cuda_copy is not available (the build offers ib, rc, ud, tcp and shared memory only, no CUDA transport), then ibv_create_cq(cqe=4096) fails with Cannot allocate memory and ucp.init raises Input/output error: UCX cannot open the RDMA transport',
  },
  {
    file: 'ucx_info/ucx-py-191-bare-ucx-info-d-posix-sysv-only-cut-in-sysv.txt',
    tool: 'ucx_info',
    source: 'https://github.com/rapidsai/ucx-py/issues/191',
    expert: 'not-judged',
    why: 'a bare `ucx_info -d` (UCX 1.6-era layout) cut in the sysv capabilities: only the posix and sysv shared-memory transports are shown, the network and CUDA transports that would follow are not',
  },
  {
    file: 'ucx_info/ucx-py-99-dgx1-rc-mlx5-3-endpoint-timeout-transport-retry-exceeded-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/rapidsai/ucx-py/issues/99',
    expert: 'problem',
    why: 'UCX errors on a DGX-1: "Endpoint timeout" on rc_mlx5/mlx5_3:1 and "Transport retry count exceeded on mlx5_3:1/IB" (synd 0x15) with the failed RC QP work request: the RDMA transport fails its transfers',
  },
  {
    file: 'topo/dask-cuda-1358-srun-gres-2-gpus-nv12-pxb-nic0-nic1-ten-nics-cut-in-nic3-row.txt',
    tool: 'topo',
    source: 'https://github.com/rapidsai/dask-cuda/issues/1358',
    expert: 'no-problem',
    why: 'the two GPUs a Slurm job was given: GPU0-GPU1 NV12, both PXB to NIC0 and NIC1 (a PCIe switch shared with two NICs); every GPU row is whole, the paste is cut only in the NIC rows (at NIC3), which add nothing to GPU-GPU or GPU-NIC placement',
  },
  {
    file: 'ucx_info/ompi-13183-dgx-b200-unprefixed-remote-operation-error-mlx5-4-rdma-read-backtrace-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/open-mpi/ompi/issues/13183',
    expert: 'problem',
    why: 'pasted without the log prefix, on a DGX B200: an RC QP RDMA_READ completes with "Remote operation error on mlx5_4:1/IB" (synd 0x14), then UCX\'s fatal-error backtrace (ucs_handle_error from uct_ib_mlx5_completion_with_err), cut in frame 8: the RDMA transfer fails and the process aborts',
  },
  // horovod
  {
    file: 'ibv_devinfo/horovod-288-backticked-ssh-ibv-devinfo-refused-then-function-not-implemented.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/horovod/horovod/issues/288',
    expert: 'problem',
    why: 'backticked `ssh -p 50000 <node> ibv_devinfo` into two containers: the first refuses the connection, the second answers "Failed to get IB devices list: Function not implemented", so verbs cannot list any device there',
  },
  {
    file: 'topo/horovod-288-unfenced-4-gpu-nv2-mesh-mlx5-0-sys-to-all-legend-cut.txt',
    tool: 'topo',
    source: 'https://github.com/horovod/horovod/issues/288',
    expert: 'not-judged',
    why: 'an unfenced 4-GPU matrix: every GPU pair NV2, but the only NIC, mlx5_0, is SYS to every GPU, so GPUDirect RDMA from any GPU crosses the inter-socket link (degraded, a warning); the legend is cut mid-line',
  },
  // HPE Cray EX (hpc-ai-envs)
  {
    file: 'nccl-tests/hpc-ai-envs-21-pinoak-mi250x-rccl-tests-banner-noise-rank-list-cut-at-rank-9.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/crickett-hpe/hpc-ai-envs/pull/21',
    expert: 'not-judged',
    why: 'a two-node rccl-tests run on MI250X (pinoak, HPE Cray EX) after launcher noise ("no suitable mounts available", CUDA_VISIBLE_DEVICES, WORLD_SIZE): the rank list is cut at Rank 9, before any result row',
  },
  // Cornelis Omni-Path
  {
    file: 'ibstat/opa-ff-4-rhel-prompt-hfi1-omni-path-one-port-active-100-then-prompt.txt',
    tool: 'ibstat',
    source: 'https://github.com/cornelisnetworks/opa-ff/issues/4',
    expert: 'no-problem',
    why: 'an Omni-Path hfi1_0 (empty CA type and firmware, as hfi1 reports them), its one port Active/LinkUp at 100 Gb/s with LID 3 and SM LID 3; the whole CA is shown and the prompt returns',
  },
  // a university cluster's test log
  {
    file: 'memlock/phy-clusters-6-conda-prompt-dapl-rlimit-memlock-then-ulimit-a-64-cut-at-open-files.txt',
    tool: 'memlock',
    source: 'https://github.com/kftsehk/phy-clusters/issues/6',
    expert: 'problem',
    why: 'Intel MPI ranks print "DAPL startup: RLIMIT_MEMLOCK too small", and the `ulimit -a` after it shows max locked memory 64 KiB: a cap that cannot register any KV buffer (the rows after -m are cut, -l is shown)',
  },
];
