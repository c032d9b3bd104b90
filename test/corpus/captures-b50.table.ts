import type { Capture } from './captures.table.js';

/**
 * Corpus batch b50 (issue 38). See captures.table.ts and README.md. The expert verdict was written before
 * `read` ran on each capture.
 *
 * Source family asked for: discussion forums (Discourse, NVIDIA forums, ServeTheHome, TrueNAS, Proxmox,
 * Level1Techs, Reddit mirrors) and GitHub Discussions. The stored `pages` copies of such forums hold only each
 * page's opening (the ServeTheHome, NVIDIA-forum and homelab-blog pages found there end before any tool
 * output), and the `issues` corpus holds no GitHub Discussions, so the batch took the nearest thing the
 * store has: community bench threads used as a forum (club-3090's homelab rig reports, Proxmox hosts among
 * them), and issue threads of little-used projects (LustrePerfMon, pib, the RDMA SR-IOV device plugin,
 * azhpc-diagnostics, rdma-core PRs, DGX Spark playbooks) and of nccl threads no batch had taken.
 * Four captures of the first commit (989f507) turned out, at the first run, to be byte for byte files in
 * test/fixtures (pib#2's `ibv_devinfo`, k8s-rdma-sriov-dev-plugin#30's `show_gids`, azhpc-diagnostics#73's
 * `nvlink -s`, rdma-core#1060's `ls`; the fixtures name no URL a `source:` grep finds); they were removed with
 * their readings, unchanged. All four had agreed with `read`.
 */
export const CAPTURES_b50: Capture[] = [
  // ibstat
  {
    file: 'ibstat/lustreperfmon-27-amd01-hdr-mlx5-4-active-mlx5-2-down-disabled-cut-in-mlx5-0.txt',
    tool: 'ibstat',
    source: 'https://github.com/DDNStorage/LustrePerfMon/issues/27',
    expert: 'problem',
    why: "`ibstat` on an AMD node with several identical HDR adapters (MT4123, fw 20.26.4012): mlx5_4 Active at 200 with LID 90 from SM 2, but its sibling mlx5_2 is Down/Disabled (rate 10, LID 65535), a rail of the node's fabric disabled; the stored copy ends inside mlx5_0 before its port",
  },
  // lsmod
  {
    file: 'lsmod/nccl-1737-gh-3714u15-grep-nvidia-peermem-gdrdrv-ib-core-users-mlx5-ib.txt',
    tool: 'lsmod',
    source: 'https://github.com/NVIDIA/nccl/issues/1737',
    expert: 'no-problem',
    why: "`lsmod | grep nvidia` on an 8-GPU host: nvidia_peermem loaded and listed among ib_core's users beside mlx5_ib, ib_uverbs, rdma_cm and rdma_ucm; gdrdrv among nvidia's users: verbs, the Mellanox driver and GPU peer memory are all loaded",
  },
  // dev-infiniband
  {
    file: 'dev-infiniband/k8s-rdma-shared-dev-plugin-159-ls-all-by-ibdev-no-umad1-uverbs1-cut-after-uverbs6.txt',
    tool: 'dev-infiniband',
    source: 'https://github.com/Mellanox/k8s-rdma-shared-dev-plugin/issues/159',
    expert: 'not-judged',
    why: '`ls -all /dev/infiniband/` on a host with a card in Ethernet mode: rdma_cm and the uverbs nodes shown are crw-rw-rw-, but umad1 and uverbs1 are absent among umad0..11 and uverbs0, 2..6, 10, 11, and the listing is cut mid-line after uverbs6, so the rest of the verbs nodes are not shown',
  },
  // topo
  {
    file: 'topo/nccl-243-six-gpus-two-mlx5-tab-no-legend-four-gpus-node-to-nic.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/243',
    expert: 'not-judged',
    why: "tab matrix of six GPUs and two NICs without a legend, no NVLink (PIX/NODE/SYS between GPUs): GPU2 and GPU5 are PIX to mlx5_0 and mlx5_1, but GPU0, GPU1, GPU3 and GPU4 reach their socket's NIC only through NODE (across host bridges), where GPUDirect RDMA is not used by default and KV is staged through host memory",
  },
  {
    file: 'topo/nccl-1737-gh-3714u06-8gpu-nv18-six-nics-cut-in-gpu3-row.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/1737',
    expert: 'not-judged',
    why: '`nvidia-smi topo -m` of an 8-GPU NV18 host with six NICs: GPU0 and GPU2 are PIX to NIC0 and NIC1, GPU1 reaches every NIC only through NODE or SYS, and the paste is cut inside the GPU3 row, so GPU3..GPU7 and the NIC rows are not shown',
  },
  {
    file: 'topo/club-3090-pr1139-tab-2x-gpu-phb-0-23-no-nic-legend.txt',
    tool: 'topo',
    source: 'https://github.com/noonghunna/club-3090/pull/1139',
    expert: 'not-judged',
    why: 'homelab rig report: two GPUs joined through the host bridge (PHB), no NVLink and no RDMA NIC in the matrix: KV between them crosses PCIe through the CPU and nothing can leave the node over RDMA',
  },
  {
    file: 'topo/club-3090-222-spaces-3090-plus-gtx1080-phb-no-nic-cut-in-legend.txt',
    tool: 'topo',
    source: 'https://github.com/noonghunna/club-3090/issues/222',
    expert: 'not-judged',
    why: 'homelab rig report (an RTX 3090 beside a GTX 1080, both on x4 slots), space-aligned: GPU0-GPU1 PHB, no NVLink and no NIC column, so no RDMA path off the node; the stored copy ends mid-word in the legend',
  },
  // nccl-tests
  {
    file: 'nccl-tests/dgx-spark-playbooks-25-two-gb10-all-gather-16g-one-row-busbw-19-cut-at-avg.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/dgx-spark-playbooks/issues/25',
    expert: 'not-judged',
    why: '`all_gather_perf` between two DGX Spark (GB10) nodes, one rank each, at one size (16 GiB): busbw 18.94 / 20.95 GB/s, #wrong 0 and out-of-bounds OK, above the 5 GB/s KV floor, but the paste does not name the link rate it should be held against and is cut at "# Avg"',
  },
];
