import type { Capture } from './captures.table.js';

/**
 * Corpus batch b44 (issue 38): personal write-ups outside the issue trackers: notes kept in personal
 * GitHub repositories (FelixFu520/README, liguodongiot/llm-action, netkiller.github.io), GitHub gists and
 * pastebin pastes as the stored copies hold them (gists with the `| |` cell borders of their rendered
 * table, pastes as `- ` lists or numbered `  N. ` lines; cut where the stored copy ends). Repository
 * files are copied with `git show <commit>:<path>` (the lines named); gist and paste texts are the stored
 * excerpt unchanged, from the first line of the paste. See captures.table.ts and README.md. The expert
 * verdict was written before `read` ran on each capture. Eleven captures of the first commit (53c87a6) came from
 * pastebin pastes and gists that batch b41, collected at the same time, had committed first (8ZWb7wjb, VXMAZdeZ,
 * 35T8N5t8, 5AwqNUAB, R7mrWHyU, KUC3wqxU, ne4ipn6K, and the gists of daya, ashwin, necr0n and jacobkahn's 2-node
 * run); they were removed with their readings, unchanged, after the first run.
 */
const FELIX = 'https://github.com/FelixFu520/README/blob/60b6fe05269f348e537be1cbd9afb44b114bd6a2';
const MAGNATE = 'https://github.com/magnate3/linux-riscv-dev/blob/a518471825322fa5cb85895f4539b80527ba834a';
const DELLA =
  'https://github.com/jdh4/della-gpu-A100/blob/6bc648ec901aca02bb682ef9c8260058c46cfc7f/README.md';
const LLM_ACTION = 'https://github.com/liguodongiot/llm-action/blob/923449432b6bd00674efd5965fdb70365a88ce5e';

export const CAPTURES_b44: Capture[] = [
  // ibstat
  {
    file: 'ibstat/felixfu520-notes-ip-a-then-ibstat-mlx4-fdr10-40-active-zh-comments.txt',
    tool: 'ibstat',
    source: `${FELIX}/envs/parallel_computing/ib.md#L409-L438`,
    expert: 'problem',
    why: 'Chinese notes: `ip a | grep ib` lines, then `ibstat` of a ConnectX-3 (mlx4_0, one port): Active/LinkUp with LID 7 from SM 4, but Rate 40 (FDR10), at most ~4.8 GB/s of data, under the 5 GB/s cross-node KV floor; Chinese comment lines follow',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/felixfu520-notes-ibv-devices-then-devinfo-mlx4-port-active-ib-lid7.txt',
    tool: 'ibv_devinfo',
    source: `${FELIX}/envs/parallel_computing/ib.md#L453-L480`,
    expert: 'no-problem',
    why: '`ibv_devices` (one device) then `ibv_devinfo -d mlx4_0`: its one port PORT_ACTIVE, LID 7 from SM 4, MTU 4096, InfiniBand: the whole device is shown and healthy',
  },
  {
    file: 'ibv_devinfo/magnate3-notes-devinfo-v-cx6dx-rocep61s0f1-active-4x25-roce-gids-no-prompt.txt',
    tool: 'ibv_devinfo',
    source: `${MAGNATE}/exercises2/soft-roce/rdma-ping/README.md#L411-L548`,
    expert: 'no-problem',
    why: 'personal notes, added after the first run (reading committed before read ran on it): `ibv_devinfo -d rocep61s0f1 -v` typed without a prompt, a ConnectX-6 Dx (4125): its one port PORT_ACTIVE on Ethernet at 4X 25 Gbps (100 Gb/s), LINK_UP, with RoCE v2 GIDs on the IPv4 address (active MTU 1024): the device asked for is whole and healthy',
  },
  // lsmod
  {
    file: 'lsmod/pastebin-h7qrvsac-dash-list-whole-lsmod-nvidia-igb-no-rdma-stack.txt',
    tool: 'lsmod',
    source: 'https://pastebin.com/H7QRvSac',
    expert: 'problem',
    why: 'a whole `lsmod` as a `- ` list: the NVIDIA driver is loaded, but no RDMA driver (no ib_core, mlx5_ib or other HCA driver) and no peer-memory module; the only NIC driver is igb: this host can move KV over TCP only',
  },
  // memlock
  {
    file: 'memlock/pastebin-qcccpdm0-numbered-master-ulimit-a-memlock-64.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/QCCcpdm0',
    expert: 'problem',
    why: 'numbered `$> ulimit -a` of a cluster master: max locked memory 64 kbytes, too little to register any KV buffer',
  },
  {
    file: 'memlock/pastebin-t0ht5afh-numbered-ulimit-a-memlock-65536-trailing-empty-row.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/T0HT5Afh',
    expert: 'not-judged',
    why: 'numbered `ulimit -a` (an empty 18th row after it): max locked memory 65536 kbytes, a finite 64 MiB cap that large pinned host buffers would hit (a warning)',
  },
  {
    file: 'memlock/netkiller-github-io-root-prompt-ulimit-then-ulimit-a-memlock-64.txt',
    tool: 'memlock',
    source:
      'https://raw.githubusercontent.com/netkiller/netkiller.github.io/master/network/banggoo/ulimit.html',
    expert: 'problem',
    why: "a personal handbook's listing: bare `ulimit` (unlimited, the file-size limit) then `ulimit -a` with max locked memory 64 kbytes, too little to register any KV buffer",
  },
  // nccl-tests
  {
    file: 'nccl-tests/jacobkahn-gist-p3dn-8-node-efa-all-reduce-pre213-pipe-table-cut-at-64k.txt',
    tool: 'nccl-tests',
    source: 'https://gist.github.com/jacobkahn/3150a1a38abba40f58d8263d9c55969f',
    expert: 'not-judged',
    why: 'the same 8-node run: rows 8 B to 32 KiB (busbw ≤ 0.10 GB/s, latency-bound), errors ~1e-6 within float tolerance, cut at the 64 KiB row: nothing bandwidth-bound shown',
  },
  // perftest
  {
    file: 'perftest/magnate3-notes-write-bw-server-cpu-util-note-waiting-header-only.txt',
    tool: 'perftest',
    source: `${MAGNATE}/exercises2/soft-roce/rdma-ping/rc/README.md#L89-L109`,
    expert: 'not-judged',
    why: 'added after the first run (reading committed first): an `ib_write_bw --cpu_util` server on mlx5_1 (RoCE, GID index 3): the note that CPU utilisation needs duration mode, waiting for its client, then the test header; the results were an image, so no row is shown',
  },
  // rdma-link
  {
    file: 'rdma-link/magnate3-notes-rdma-link-irdma0-down-disabled-irdma1-active-then-devinfo-v-e810-100g.txt',
    tool: 'rdma-link',
    source: `${MAGNATE}/exercises2/soft-roce/rdma-ping/README.md#L16-L111`,
    expert: 'not-judged',
    why: 'added after the first run (reading committed first): `rdma link` on an Intel E810 host: irdma0/1 DOWN / DISABLED (enp23s0f0), irdma1/1 ACTIVE / LINK_UP; then, unprompted, `ibv_devinfo -d irdma1 -v`: PORT_ACTIVE at 4X 25 Gbps (100 Gb/s) with RoCE v2 GIDs. The disabled RoCE port is not shown in use but may be a rail without its cable: a warning',
  },
  // topo
  {
    file: 'topo/felixfu520-notes-k80-4gpu-pix-soc-mlx4-phb-old-legend.txt',
    tool: 'topo',
    source: `${FELIX}/envs/gpus/numa.md#L386-L402`,
    expert: 'not-judged',
    why: 'old-legend (SOC) matrix of four K80 GPUs: pairs on one PCIe switch (PIX), SOC across sockets, no NVLink; the one NIC (mlx4_0) is PHB to GPU2/3 but SOC to GPU0/1, so their RDMA crosses the socket link (GPUDirect off, staged through host): a warning',
  },
  {
    file: 'topo/felixfu520-notes-microway-k80-pix-pairs-mlx4-phb-old-path-legend.txt',
    tool: 'topo',
    source: `${FELIX}/envs/gpus/nvidia_smi.md#L407-L422`,
    expert: 'not-judged',
    why: 'added after the first run (reading committed first): `nvidia-smi topo --matrix` typed without a prompt, with the oldest legend (`Path traverses …`): two K80 boards (GPU pairs PIX on each board, PHB between boards, no NVLink) and one mlx4_0 PHB to every GPU: GPU-NIC paths through the host bridge, so GPUDirect RDMA is off by default and KV stages through host memory: a warning',
  },
  {
    file: 'topo/felixfu520-notes-dgx1-p100-nv1-nv2-cube-mesh-four-mlx5-pix-pairs.txt',
    tool: 'topo',
    source: `${FELIX}/envs/gpus/nvidia_smi.md#L430-L452`,
    expert: 'no-problem',
    why: 'added after the first run (reading committed first): a DGX-1 matrix with its legend, the whole output: the hybrid cube mesh (NV1/NV2 to four peers, SYS to three by design) and four mlx5 NICs, each PIX to one GPU pair, so every GPU has a NIC on its own PCIe switch',
  },
  {
    file: 'topo/llm-action-h800-topo-matrix-terminal-cut-nic-columns-four-nics.txt',
    tool: 'topo',
    source: `${LLM_ACTION}/docs/llm-base/nvidia-smi.md#L262-L293`,
    expert: 'not-judged',
    why: '`nvidia-smi topo --matrix` of 8 H800 (NV8 between every pair) copied from a narrow terminal: the GPU rows lost their NIC columns and the start of their CPU affinity, legend lines are cut; the NIC rows show 4 NICs for 8 GPUs, PIX only to GPU1, GPU3 and GPU7, so GPUs 0, 2, 4, 5, 6 reach a NIC through a host bridge (NODE) at best',
  },
  {
    file: 'topo/jdh4-della-a100-notes-ssh-then-topo-2-gpus-sys-each-node-to-one-mlx5.txt',
    tool: 'topo',
    source: `${DELLA}#L94-L110`,
    expert: 'not-judged',
    why: 'Princeton research-computing notes, added after the first run (reading committed first): `ssh` to a Della A100 node, then `nvidia-smi topo -m`: two GPUs on different sockets (SYS, no NVLink), so KV between them crosses the SMP link; each GPU reaches its own ConnectX (mlx5_0, mlx5_1) only through host bridges (NODE), not a PCIe switch: warnings, no fault',
  },
  {
    file: 'topo/jdh4-della-notes-4-gpus-nv3-pairs-sys-across-sockets-four-mlx5-node.txt',
    tool: 'topo',
    source: `${DELLA}#L129-L148`,
    expert: 'not-judged',
    why: 'the same notes, "Traverse for reference" (added after the first run, reading committed first): four GPUs in NV3 pairs, the pairs SYS to each other across sockets; four mlx5 NICs, two per socket (PIX to each other), each GPU NODE to its socket\'s NICs and SYS to the others: GPU-NIC paths through host bridges and no NVLink between the pairs: warnings',
  },
  // ucx_info
  {
    file: 'ucx_info/hiroyuki-sato-gist-macos-ucx-info-d-posix-sysv-failed-to-open-pipe-table-cut.txt',
    tool: 'ucx_info',
    source: 'https://gist.github.com/hiroyuki-sato/4d13371b6aeaa597253863fbdcf12313',
    expert: 'problem',
    why: 'a gist with `| |` borders: `ucx_info -d` from a source build on a Mac: UCX ERRORs (lseek failed, receive FIFO not allocated, unix socket not bound) and both posix and sysv report `< failed to open interface >`; no RDMA or CUDA transport appears before the cut',
  },
];
