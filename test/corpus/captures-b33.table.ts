import type { Capture } from './captures.table.js';

/**
 * Corpus batch b33 (issue 38): the tools the corpus held fewest real captures of (nvlink, nixlbench,
 * show_gids, memlock, lsmod, dev-infiniband), from issue threads, pull requests and repository
 * READMEs: V100 links `<inactive>`, RTX bridges (a third card without one), GB300 `nvlink -e` inside a
 * collector banner, show_gids in pods (no GID at all, sparse indices after macvlan), memlock caps in
 * containers and on hosts, peer-memory modules not loaded, uverbs nodes missing for half the devices,
 * nixlbench over LIBFABRIC in an rst page, kvbench's one-row GDS run and a UCX plugin that never loaded.
 * See captures.table.ts and README.md. The expert verdict was written before `read` ran on them.
 */
export const CAPTURES_b33: Capture[] = [
  // nvlink
  {
    file: 'nvlink/azhpc-diagnostics-73-v100-gpu3-links-3-and-5-inactive-author-dots.txt',
    tool: 'nvlink',
    source: 'https://github.com/Azure/azhpc-diagnostics/issues/73',
    expert: 'problem',
    why: "`nvidia-smi nvlink -s` after an author's `....`: GPU 3 (V100-SXM2) shows links 0-2 and 4 at 25.781 GB/s and links 3 and 5 `<inactive>`: two of its six NVLinks are down while its others are up, a degraded GPU-to-GPU path",
  },
  {
    file: 'nvlink/siboehm-bench-gt-prompt-rtx-a6000-bridged-pair-gpu2-all-links-inactive.txt',
    tool: 'nvlink',
    source:
      'https://github.com/siboehm/bench/blob/e29dbe217aeaa8787abea460a0fd6a9d923c35d5/gpu/nvlink/README.md',
    expert: 'not-judged',
    why: 'behind a `> ` prompt: RTX A6000 GPU 0 and GPU 1 each show 4 links at 14.062 GB/s (a bridged pair), GPU 2 prints `NVML: Unable to retrieve NVLink information as all links are inActive`: the third card has no NVLink, its transfers go over PCIe (a warning; the paste cannot show its links are meant to be in use)',
  },
  {
    file: 'nvlink/club-3090-441-report-rtx-3090-pair-bridge-4x14-both-gpus.txt',
    tool: 'nvlink',
    source: 'https://github.com/noonghunna/club-3090/issues/441',
    expert: 'no-problem',
    why: "a rig report's `nvidia-smi nvlink -s` block: both RTX 3090s show all 4 links at 14.062 GB/s, the block whole: the NVLink bridge is up on both ends",
  },
  {
    file: 'nvlink/srt-slurm-307-hwinfo-banner-gb300-nvlink-e-gpu0-link0-only-then-ls-imex.txt',
    tool: 'nvlink',
    source: 'https://github.com/NVIDIA/srt-slurm/pull/307',
    expert: 'not-judged',
    why: 'a collector banner, then `nvidia-smi nvlink -e` on a GB300: GPU 0 shows only Link 0, its replay, recovery and CRC counters 0; a GB300 has 18 links and the node more GPUs, none else shown, and error counters do not say whether links are up; the `ls` of the IMEX channels failing is not an NVLink fault',
  },
  // show_gids
  {
    file: 'show_gids/k8s-rdma-sriov-30-calico-pod-trailing-space-prompt-n-gids-found-0.txt',
    tool: 'show_gids',
    source: 'https://github.com/Mellanox/k8s-rdma-sriov-dev-plugin/issues/30',
    expert: 'problem',
    why: 'show_gids inside a pod (prompt with a trailing space) prints its header and `n_gids_found=0`: no GID on any port, so no RoCE/InfiniBand path is usable from this pod',
  },
  {
    file: 'show_gids/ucx-9484-mlx5-bond-0-vxlan-and-bond1-v2-ipv4-no-count-line.txt',
    tool: 'show_gids',
    source: 'https://github.com/openucx/ucx/pull/9484',
    expert: 'not-judged',
    why: 'mlx5_bond_0 has RoCE v2 GIDs with an IPv4 address on a VXLAN device (index 3) and on bond1 (index 5), but the paste ends without the `n_gids_found=` line show_gids always prints last: devices after it may be left out',
  },
  {
    file: 'show_gids/nccl-1573-macvlan-pod-tabs-index-4-to-7-two-devs-cut.txt',
    tool: 'show_gids',
    source: 'https://github.com/NVIDIA/nccl/issues/1573',
    expert: 'not-judged',
    why: 'show_gids in a macvlan pod (tab-separated, GID table starting at index 4): mlx5_0 and mlx5_1 each have a RoCE v2 IPv4 GID at index 7; cut before mlx5_2 and the count line: later devices not shown',
  },
  {
    file: 'show_gids/nccl-pr-1587-sparse-index-6-to-9-ipv4-first-one-dev-no-count.txt',
    tool: 'show_gids',
    source: 'https://github.com/NVIDIA/nccl/pull/1587',
    expert: 'not-judged',
    why: '`$ show_gids` with a sparse table (indices 6-9, IPv4 GIDs before the link-local ones): mlx5_0 has a RoCE v2 IPv4 GID at index 7, but no `n_gids_found=` line ends the listing: other devices may be left out',
  },
  {
    file: 'show_gids/nccl-1131-list-indented-tilde-prompt-2-devs-v2-ipv4-cut.txt',
    tool: 'show_gids',
    source: 'https://github.com/NVIDIA/nccl/issues/1131',
    expert: 'not-judged',
    why: 'show_gids indented by 22 spaces inside a list item: mlx5_0 and mlx5_1 each have a RoCE v2 IPv4 GID at index 3; cut before the next device and the count line',
  },
  {
    file: 'show_gids/spectrumscale-nr-4-show-gids-mlx5-0-cx6-six-gids-n-gids-found-6.txt',
    tool: 'show_gids',
    source: 'https://github.com/IBM/SpectrumScale_NETWORK_READINESS/pull/4',
    expert: 'no-problem',
    why: '`show_gids mlx5_0` names one device; its six GIDs include a RoCE v2 IPv4 GID (index 5, 172.19.0.60) and `n_gids_found=6` closes the listing: the device asked for is whole and usable',
  },
  // memlock
  {
    file: 'memlock/ucx-8229-ulimit-a-no-prompt-max-locked-64-kbytes.txt',
    tool: 'memlock',
    source: 'https://github.com/openucx/ucx/issues/8229',
    expert: 'problem',
    why: "`ulimit -a`: max locked memory 64 KiB: no KV buffer can be registered for RDMA (the thread's `ibv_create_cq` already fails with ENOMEM)",
  },
  {
    file: 'memlock/qdrant-1885-docker-run-debian-ulimit-l-8192.txt',
    tool: 'memlock',
    source: 'https://github.com/qdrant/qdrant/pull/1885',
    expert: 'not-judged',
    why: 'in a `docker run` container `ulimit -l` is 8192 KiB: an 8 MiB cap, far below KV buffers; registrations beyond it fail unless the process holds CAP_IPC_LOCK: a warning, as b24 read the same cap',
  },
  {
    file: 'memlock/qdrant-1885-host-dollar-ulimit-l-4096216.txt',
    tool: 'memlock',
    source: 'https://github.com/qdrant/qdrant/pull/1885',
    expert: 'not-judged',
    why: 'on the host `ulimit -l` is 4096216 KiB (about 3.9 GiB): a finite cap that host-side KV buffers can exceed, not unlimited: a warning',
  },
  {
    file: 'memlock/vmtouch-94-ulimit-a-bash52-layout-5128731-kbytes.txt',
    tool: 'memlock',
    source: 'https://github.com/hoytech/vmtouch/issues/94',
    expert: 'not-judged',
    why: "bash 5.2's `ulimit -a` layout (the `-R` row first): max locked memory 5128731 KiB (about 4.9 GiB), finite: a warning",
  },
  // lsmod
  {
    file: 'lsmod/nccl-988-conda-prompt-grep-nvidia-peermem-and-nv-peer-mem-both-empty.txt',
    tool: 'lsmod',
    source: 'https://github.com/NVIDIA/nccl/issues/988',
    expert: 'not-judged',
    why: 'behind a conda prompt, `lsmod | grep nvidia_peermem` and `lsmod | grep nv_peer_mem` both print nothing: no peer-memory module, GPUDirect RDMA only through DMA-BUF if at all: a warning',
  },
  {
    file: 'lsmod/gdrcopy-205-dollar-grep-gdrdrv-nvidia-used-by-nv-peer-mem-then-modinfo-not-found.txt',
    tool: 'lsmod',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/205',
    expert: 'no-problem',
    why: "`lsmod | grep gdrdrv`: gdrdrv loaded, and nvidia's users name nv_peer_mem, so the peer-memory module is loaded too; `modinfo gdrdrv` not finding it only says it was inserted outside the module tree, the module is resident",
  },
  {
    file: 'lsmod/nv-peer-memory-46-hash-grep-nv-peer-empty-then-modinfo-nv-peer-mem-after-reboot.txt',
    tool: 'lsmod',
    source: 'https://github.com/Mellanox/nv_peer_memory/issues/46',
    expert: 'not-judged',
    why: '`lsmod | grep nv_peer` prints nothing while `modinfo nv_peer_mem` shows the dkms module installed: installed but not loaded after a reboot, GPUDirect RDMA off unless DMA-BUF: a warning',
  },
  // dev-infiniband
  {
    file: 'dev-infiniband/k8s-rdma-shared-64-kubectl-logs-ls-l-2-uverbs-rw-then-sys-class.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/64',
    expert: 'no-problem',
    why: "a test pod's logs of `ls -l /dev/infiniband /sys/class/infiniband /sys/class/net`: rdma_cm, uverbs0 and uverbs1 are crw-rw-rw-, one for each of the two mlx5 devices listed: the pod can open both",
  },
  {
    file: 'dev-infiniband/rdma-core-1060-docker-hash-ls-sys-4-devices-dev-uverbs0-uverbs2-only.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/linux-rdma/rdma-core/pull/1060',
    expert: 'not-judged',
    why: 'in a container, sysfs lists mlx5_0-3 but a plain `ls /dev/infiniband/` shows only uverbs0 and uverbs2 (and rdma_cm): two of four devices cannot be opened (a degraded pod), and without -l the modes are not shown',
  },
  {
    file: 'dev-infiniband/nccl-925-macvlan-container-fence-glued-plain-ls-twice-uverbs0-then-sys-class.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/NVIDIA/nccl/issues/925',
    expert: 'not-judged',
    why: 'the fence glued to the first prompt; a plain `ls /dev/infiniband/` twice in a macvlan container: issm0, rdma_cm, umad0 and uverbs0 exist for its one device (mlx5_0), but without -l their modes are not shown',
  },
  // nixlbench
  {
    file: 'nixlbench/nixl-1332-kvbench-gds-one-row-36864x954-then-torch-log-lines.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/1332',
    expert: 'not-judged',
    why: 'the separator, header and one row of a kvbench-generated run (36864 B blocks, batch 954, 9.71 GB/s), then torch log lines: one block size only, no link or backend in the part pasted, so the figure cannot be held against a link',
  },
  {
    file: 'nixlbench/pysheeet-disagg-doc-rst-indented-libfabric-mg-8-gpus-efa-4k-to-64m.txt',
    tool: 'nixlbench',
    source:
      'https://github.com/crazyguitar/pysheeet/blob/master/docs/notes/appendix/disaggregated-prefill-decode.rst',
    expert: 'not-judged',
    why: 'an rst code block (4-space indent): `nixl.sbatch --backend LIBFABRIC --mode MG` with 8 VRAM devices per node, five columns, 4 KiB to 64 MiB rising to 349.6 GB/s without a fall: no failure, but no link rate is named, so the figure cannot be held against a known link',
  },
  {
    file: 'nixlbench/nixl-1561-wrapped-command-ucx-backend-not-found-createbackend-failed.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/1561',
    expert: 'problem',
    why: "a command wrapped mid-flag, then `getPluginParams: backend 'UCX' not found` and `NIXL: createBackend failed!`: the UCX plugin never loaded, no transfer can run",
  },
];
