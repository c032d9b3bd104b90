/**
 * Real captures read through `readPasted` (what `read` uses): fixture → the
 * "status id [subject]" lines an expert concludes (each folder's INDEX.md).
 * The parser tests skip these files in their own every-file tables: their
 * readings are checked here, as pastes.
 */
export const READ_WORLD: Record<string, { tool: string; dir: string[]; expect: string[] }> = {
  'gpu-operator-2511-sort-grep-mlx5-then-md5sum.txt': {
    tool: 'lsmod',
    dir: ['node', 'lsmod'],
    expect: ['skipped read.input', 'warn gdr.peermem'],
  },
  'gpud-39-peermem-rows-no-header.txt': {
    tool: 'lsmod',
    dir: ['node', 'lsmod'],
    expect: ['ok gdr.peermem', 'skipped gdr.gdrdrv'],
  },
  'nccl-1537-hash-prompt-grep-peermem-loaded.txt': {
    tool: 'lsmod',
    dir: ['node', 'lsmod'],
    expect: ['skipped read.input', 'ok gdr.peermem'],
  },
  'nccl-1737-conda-prompt-grep-nvidia-peermem-and-gdrdrv.txt': {
    tool: 'lsmod',
    dir: ['node', 'lsmod'],
    expect: ['skipped read.input', 'ok gdr.peermem', 'ok gdr.gdrdrv'],
  },
  'rdma-core-1060-ls-sysfs-and-dev-2-of-4-uverbs.txt': {
    tool: 'dev-infiniband',
    dir: ['node', 'ls-dev-infiniband'],
    expect: ['skipped read.input', 'ok rdma.devices', 'skipped rdma.access', 'ok rdma.cm'],
  },
  'mooncake-102-erdma-ls-sysfs-dev-ibv_devices.txt': {
    tool: 'dev-infiniband',
    dir: ['node', 'ls-dev-infiniband'],
    expect: ['skipped read.input', 'ok rdma.devices', 'skipped rdma.access', 'ok rdma.cm'],
  },
  'k8s-rdma-shared-64-kubectl-logs-ls-l-dev-sys-ib-net.txt': {
    tool: 'dev-infiniband',
    dir: ['node', 'ls-dev-infiniband'],
    expect: ['skipped read.input', 'ok rdma.devices', 'ok rdma.cm', 'skipped rdma.netdev'],
  },
  'k8s-rdma-shared-159-bare-ls-all-no-uverbs1-slice.txt': {
    tool: 'dev-infiniband',
    dir: ['node', 'ls-dev-infiniband'],
    expect: ['skipped read.input', 'ok rdma.devices', 'ok rdma.cm'],
  },
  'ucx-8229-bare-ulimit-a-64kb.txt': {
    tool: 'memlock',
    dir: ['node', 'ulimit-l'],
    expect: ['skipped read.input', 'fail memlock.limit'],
  },
  'vmtouch-94-bash51-ulimit-a-with-R-5gib.txt': {
    tool: 'memlock',
    dir: ['node', 'ulimit-l'],
    expect: ['warn memlock.limit'],
  },
  'gardenlinux-128-ulimit-l-65536.txt': {
    tool: 'memlock',
    dir: ['node', 'ulimit-l'],
    expect: ['skipped read.input', 'warn memlock.limit'],
  },
  'podman-25236-container-prompt-ulimit-a-4kb-slice.txt': {
    tool: 'memlock',
    dir: ['node', 'ulimit-l'],
    expect: ['skipped read.input', 'fail memlock.limit'],
  },
  'gdrcopy-72-validate-then-copybw-k80-old-format.txt': {
    tool: 'gdrcopy',
    dir: ['node', 'gdrcopy_copybw'],
    expect: ['skipped read.input', 'ok gdr.gdrcopy'],
  },
  'ucx-5218-power9-v100-copybw-dollar-no-space.txt': {
    tool: 'gdrcopy',
    dir: ['node', 'gdrcopy_copybw'],
    expect: ['skipped read.input', 'ok gdr.gdrcopy'],
  },
  'gdrcopy-278-sanity-28-passed.txt': {
    tool: 'gdrcopy',
    dir: ['node', 'gdrcopy_copybw'],
    expect: ['skipped read.input', 'ok gdr.gdrcopy'],
  },
  'bottlerocket-462-sanity-5-waived-then-pplat-t4-slice.txt': {
    tool: 'gdrcopy',
    dir: ['node', 'gdrcopy_copybw'],
    expect: ['ok gdr.gdrcopy'],
  },
  'ucx-9484-bond-and-vxlan-same-ip-index-3-and-5.txt': {
    tool: 'show_gids',
    dir: ['node', 'show_gids'],
    expect: ['ok rdma.gid'],
  },
  'nccl-1587-sparse-gid-table-6-to-9-net1.txt': {
    tool: 'show_gids',
    dir: ['node', 'show_gids'],
    expect: ['skipped read.input', 'ok rdma.gid'],
  },
  'nccl-1131-indented-tilde-prompt-index-3-slice.txt': {
    tool: 'show_gids',
    dir: ['node', 'show_gids'],
    expect: ['skipped read.input', 'ok rdma.gid'],
  },
  'nccl-1573-macvlan-pod-index-4-7-slice.txt': {
    tool: 'show_gids',
    dir: ['node', 'show_gids'],
    expect: ['skipped read.input', 'ok rdma.gid'],
  },
};

/** Files whose every-file parser table is this one. */
export const readWorld = (file: string): boolean => Object.hasOwn(READ_WORLD, file);
