import type { Capture } from './captures.table.js';

/**
 * Corpus batch b44 (issue 38): personal write-ups outside the issue trackers: notes kept in personal
 * GitHub repositories (FelixFu520/README, liguodongiot/llm-action, netkiller.github.io), GitHub gists and
 * pastebin pastes as the stored copies hold them (gists with the `| |` cell borders of their rendered
 * table, pastes as `- ` lists or numbered `  N. ` lines; cut where the stored copy ends). Repository
 * files are copied with `git show <commit>:<path>` (the lines named); gist and paste texts are the stored
 * excerpt unchanged, from the first line of the paste. See captures.table.ts and README.md. The expert
 * verdict was written before `read` ran on each capture.
 */
const FELIX = 'https://github.com/FelixFu520/README/blob/60b6fe05269f348e537be1cbd9afb44b114bd6a2';
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
  {
    file: 'ibstat/necr0n-gist-windows-ibv-device0-fdr-56-initializing-pipe-table.txt',
    tool: 'ibstat',
    source: 'https://gist.github.com/necr0n/fbf808f33b3c5547b818bd8f360d542f',
    expert: 'problem',
    why: "a gist with `| |` cell borders: WinOF-style `CA 'ibv_device0'` (empty CA type), its only port LinkUp at Rate 56 but State Initializing: the subnet manager never made it Active, so it carries no traffic",
  },
  {
    file: 'ibstat/pastebin-8zwb7wjb-numbered-mlx4-eth-port-down-disabled-no-cables-then-devinfo-cut.txt',
    tool: 'ibstat',
    source: 'https://pastebin.com/8ZWb7wjb',
    expert: 'problem',
    why: 'numbered paste lines: ConnectX-3 (mlx4_0) with one Ethernet port, State Down / Physical state Disabled, and `mlxcables` finds no cable; the node has no other RDMA port, so it has no RDMA path; an ibv_devinfo after it is cut in its header',
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
    file: 'ibv_devinfo/pastebin-vxmazdez-dash-list-mlx4-sun-x6275-qdr-old-active-lid659.txt',
    tool: 'ibv_devinfo',
    source: 'https://pastebin.com/index/VXMAZdeZ',
    expert: 'no-problem',
    why: 'a paste as a `- ` list: an old ibv_devinfo (no transport or link_layer lines, lower-case `active (4)`) of a Sun X6275 QDR blade HCA: its one port active with LID 659 from SM 1222',
  },
  {
    file: 'ibv_devinfo/pastebin-35t8n5t8-dash-list-guillimin-qlogic-qib0-qle7340-active.txt',
    tool: 'ibv_devinfo',
    source: 'https://pastebin.com/35T8N5t8',
    expert: 'no-problem',
    why: 'a `- ` list headed by the host name: a QLogic QLE7340 (qib0) whose one port is PORT_ACTIVE with LID 173 from SM 1, link layer IB (active MTU 2048 of 4096)',
  },
  {
    file: 'ibv_devinfo/pastebin-5awqnuab-dash-list-mthca0-port1-init-port2-down-then-ibstatus-ibstat-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://pastebin.com/5AwqNUAB',
    expert: 'problem',
    why: 'a `- ` list of a chained diagnostic command on an InfiniHost III (mthca0): port 1, the one the note says is cabled to hp01, is PORT_INIT (never made Active), port 2 DOWN; ibstatus then shows port 1 INIT at 10 Gb/sec (4X SDR), far under the floor; cut inside ibstat',
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
    file: 'memlock/pastebin-dk5buvn1-dash-list-bsd-ulimit-a-memlock-unlimited.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/dK5BuvN1',
    expert: 'no-problem',
    why: 'BSD-style `ulimit -a` (no -e/-i/-q rows) behind a `>` prompt, as a `- ` list: max locked memory unlimited',
  },
  {
    file: 'memlock/pastebin-qcccpdm0-numbered-master-ulimit-a-memlock-64.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/QCCcpdm0',
    expert: 'problem',
    why: 'numbered `$> ulimit -a` of a cluster master: max locked memory 64 kbytes, too little to register any KV buffer',
  },
  {
    file: 'memlock/pastebin-r7mrwhyu-dash-list-ksh-style-ulimit-a-locked-memory-64.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/R7mrWHyU',
    expert: 'problem',
    why: 'a ksh-style `ulimit -a` (`locked memory(kbytes) 64`, no flags) as a `- ` list: a 64 KiB locked-memory cap, too little to register any KV buffer',
  },
  {
    file: 'memlock/pastebin-kuc3wqxu-dash-list-ksh-style-ulimit-a-locked-memory-65536.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/KUC3wqxU',
    expert: 'not-judged',
    why: 'ksh-style `ulimit -a` as a `- ` list: `locked memory(kbytes) 65536`, a finite 64 MiB cap: small host buffers register, large pinned KV staging buffers would hit it (a warning)',
  },
  {
    file: 'memlock/pastebin-t0ht5afh-numbered-ulimit-a-memlock-65536-trailing-empty-row.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/T0HT5Afh',
    expert: 'not-judged',
    why: 'numbered `ulimit -a` (an empty 18th row after it): max locked memory 65536 kbytes, a finite 64 MiB cap that large pinned host buffers would hit (a warning)',
  },
  {
    file: 'memlock/daya-gist-git-prompt-macos-ulimit-a-pipe-table-memlock-unlimited.txt',
    tool: 'memlock',
    source: 'https://gist.github.com/daya/906566',
    expert: 'no-problem',
    why: 'a gist with `| |` cell borders: `ulimit -a` behind a prompt carrying a Ruby version, host and git branch (`1.9.2 ip-…: [master] $`): max locked memory unlimited',
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
    file: 'nccl-tests/jacobkahn-gist-p3dn-2-node-efa-all-reduce-pre213-pipe-table-cut-at-64k.txt',
    tool: 'nccl-tests',
    source: 'https://gist.github.com/jacobkahn/a92f4425abf831ac0799fabe9079263d',
    expert: 'not-judged',
    why: 'gist "NCCL Tests on 2 node p3dn.24xlarge + EFA" with `| |` borders: pre-2.13 rows (error column) from 8 B to 32 KiB, all latency-bound (busbw ≤ 0.33 GB/s), then cut inside the 64 KiB row: no bandwidth-bound size shown, no failure',
  },
  {
    file: 'nccl-tests/jacobkahn-gist-p3dn-8-node-efa-all-reduce-pre213-pipe-table-cut-at-64k.txt',
    tool: 'nccl-tests',
    source: 'https://gist.github.com/jacobkahn/3150a1a38abba40f58d8263d9c55969f',
    expert: 'not-judged',
    why: 'the same 8-node run: rows 8 B to 32 KiB (busbw ≤ 0.10 GB/s, latency-bound), errors ~1e-6 within float tolerance, cut at the 64 KiB row: nothing bandwidth-bound shown',
  },
  {
    file: 'nccl-tests/pastebin-ne4ipn6k-dash-list-tinygrad-p2p-fork-2x-4070ti-super-before-cut-at-32k.txt',
    tool: 'nccl-tests',
    source: 'https://pastebin.com/ne4ipn6K',
    expert: 'not-judged',
    why: 'a `- ` list: notes (tinygrad P2P driver fork), then the "Before" all_reduce_perf -g 2 on two RTX 4070 Ti SUPER in one process: rows 8 B to 16 KiB (busbw ≤ 1.56 GB/s), #wrong 0, cut inside the 32 KiB row: no large size shown',
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
    file: 'topo/llm-action-h800-topo-matrix-terminal-cut-nic-columns-four-nics.txt',
    tool: 'topo',
    source: `${LLM_ACTION}/docs/llm-base/nvidia-smi.md#L262-L293`,
    expert: 'not-judged',
    why: '`nvidia-smi topo --matrix` of 8 H800 (NV8 between every pair) copied from a narrow terminal: the GPU rows lost their NIC columns and the start of their CPU affinity, legend lines are cut; the NIC rows show 4 NICs for 8 GPUs, PIX only to GPU1, GPU3 and GPU7, so GPUs 0, 2, 4, 5, 6 reach a NIC through a host bridge (NODE) at best',
  },
  {
    file: 'topo/ashwin-gist-three-topo-m-pipe-table-dgx1-mlx5-cut-at-gpu4.txt',
    tool: 'topo',
    source: 'https://gist.github.com/ashwin/e139748bdba15f5af63f0146d01ee4c3',
    expert: 'not-judged',
    why: 'a gist "GPU topology examples" with `| |` borders and collapsed spacing: one single-GPU matrix, a 4-GPU PHB/SOC matrix without NVLink or NIC, then a DGX-1 matrix (NV1/NV2 cube mesh, four mlx5 NICs each PIX to two GPUs) cut inside the GPU4 row: GPUs 4-7 not shown',
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
