/**
 * The tools `read` and the probes know, with the command each stands for and
 * how to install it. No imports: `read --help` lists them without loading the
 * parsers.
 */
/** Every tool `read` and the probes know, with its check group, the command, and how to get it. */
export const TOOLS = {
  ibstat: {
    group: 'ib',
    command: 'ibstat',
    install: 'install infiniband-diags (rdma-core; also in MLNX_OFED/DOCA-OFED)',
  },
  ibstatus: {
    group: 'ib',
    command: 'ibstatus',
    install: 'install infiniband-diags (rdma-core; also in MLNX_OFED/DOCA-OFED)',
  },
  ibv_devinfo: {
    group: 'rdma',
    command: 'ibv_devinfo',
    install: 'install ibverbs-utils (Debian/Ubuntu) or libibverbs-utils (RHEL)',
  },
  topo: {
    group: 'nvlink',
    command: 'nvidia-smi topo -m',
    install:
      'nvidia-smi comes with the NVIDIA driver: run in a pod that has a GPU (NVIDIA container toolkit)',
  },
  'topo-p2p': {
    group: 'nvlink',
    command: 'nvidia-smi topo -p2p r',
    install:
      'nvidia-smi comes with the NVIDIA driver: run in a pod that has a GPU (NVIDIA container toolkit)',
  },
  nvlink: {
    group: 'nvlink',
    command: 'nvidia-smi nvlink --status',
    install:
      'nvidia-smi comes with the NVIDIA driver: run in a pod that has a GPU (NVIDIA container toolkit)',
  },
  lsmod: { group: 'gdr', command: 'lsmod', install: 'install kmod, or read /proc/modules' },
  'dev-infiniband': { group: 'rdma', command: 'ls -l /dev/infiniband', install: 'ls is in coreutils' },
  show_gids: {
    group: 'rdma',
    command: 'show_gids',
    install:
      'show_gids ships with MLNX_OFED/DOCA-OFED; without it read /sys/class/infiniband/*/ports/*/gid_attrs',
  },
  memlock: {
    group: 'memlock',
    command: 'ulimit -l',
    install: 'ulimit is a shell builtin: run it in sh/bash inside the pod',
  },
  ucx_info: {
    group: 'ucx',
    command: 'ucx_info -d',
    install:
      'install ucx-utils (Debian/Ubuntu) or ucx (RHEL), or use /usr/local/ucx/bin/ucx_info in the Dynamo image',
  },
  nixlbench: {
    group: 'nixlbench',
    command: 'nixlbench',
    install: 'build it from ai-dynamo/nixl benchmark/nixlbench/contrib (there is no public image)',
  },
  ucx_perftest: {
    group: 'perftest',
    command: 'ucx_perftest',
    install: 'install ucx-utils (Debian/Ubuntu) or ucx (RHEL), or use the UCX in the Dynamo image',
  },
  gdrcopy: {
    group: 'gdr',
    command: 'gdrcopy_copybw',
    install: 'install the gdrcopy tests (NVIDIA/gdrcopy, package gdrcopy-tests)',
  },
  perftest: {
    group: 'verbs',
    command: 'ib_write_bw',
    install:
      'install perftest (linux-rdma/perftest; package perftest on Debian/Ubuntu/RHEL, also in MLNX_OFED/DOCA-OFED)',
  },
  'nccl-tests': {
    group: 'nccl',
    command: 'all_reduce_perf',
    install:
      'build NVIDIA/nccl-tests (make MPI=1) or use an image that ships it (NGC PyTorch/HPC-benchmarks)',
  },
  'rdma-link': {
    group: 'ib',
    command: 'rdma link show',
    install: 'rdma is in iproute2; ibdev2netdev ships with MLNX_OFED/DOCA-OFED',
  },
  dmesg: {
    group: 'gdr',
    command: 'dmesg -T | grep -i -E "peermem|peer_mem|gdrdrv"',
    install: 'dmesg is in util-linux (reading the kernel log may need root or CAP_SYSLOG)',
  },
  fi_info: {
    group: 'efa',
    command: 'fi_info -p efa',
    install: 'fi_info comes with libfabric (the AWS EFA installer puts it in /opt/amazon/efa/bin)',
  },
} as const;

export type ToolId = keyof typeof TOOLS;

export function isToolId(s: string): s is ToolId {
  return Object.hasOwn(TOOLS, s);
}
