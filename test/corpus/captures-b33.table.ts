import type { Capture } from './captures.table.js';

/**
 * Corpus batch b33 (issue 38): the tools the corpus held fewest real captures of (nvlink, nixlbench,
 * show_gids, memlock, lsmod, dev-infiniband), from issue threads, pull requests and repository pages.
 * Eighteen captures of the first commit (3405ae7) turned out, at the first run, to come from threads that
 * test/fixtures already cites as `owner/repo#N` (fourteen byte for byte); they were removed with their
 * readings, unchanged. See captures.table.ts and README.md. The expert verdict was written before `read`
 * ran on each capture.
 */
export const CAPTURES_b33: Capture[] = [
  // nvlink
  {
    file: 'nvlink/srt-slurm-307-hwinfo-banner-gb300-nvlink-e-gpu0-link0-only-then-ls-imex.txt',
    tool: 'nvlink',
    source: 'https://github.com/NVIDIA/srt-slurm/pull/307',
    expert: 'not-judged',
    why: 'a collector banner, then `nvidia-smi nvlink -e` on a GB300: GPU 0 shows only Link 0, its replay, recovery and CRC counters 0; a GB300 has 18 links and the node more GPUs, none else shown, and error counters do not say whether links are up; the `ls` of the IMEX channels failing is not an NVLink fault',
  },
  // lsmod
  {
    file: 'lsmod/gdrcopy-205-dollar-grep-gdrdrv-nvidia-used-by-nv-peer-mem-then-modinfo-not-found.txt',
    tool: 'lsmod',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/205',
    expert: 'no-problem',
    why: "`lsmod | grep gdrdrv`: gdrdrv loaded, and nvidia's users name nv_peer_mem, so the peer-memory module is loaded too; `modinfo gdrdrv` not finding it only says it was inserted outside the module tree, the module is resident",
  },
  // dev-infiniband
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
    file: 'nixlbench/nixl-1269-gusli-one-nvme-16m-read-prompt-config-banner-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/1269',
    expert: 'not-judged',
    why: 'behind a root prompt, a GUSLI storage run on one NVMe device (16 MiB READ, null runtime): the backend initialises, then the paste stops at the configuration banner, before any result row: storage, not a network transfer, and nothing measured is shown',
  },
];
