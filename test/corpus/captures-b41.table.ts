import type { Capture } from './captures.table.js';

/**
 * Corpus batch b41 (issue 38): non-GitHub pages. NVIDIA's own pages held few stored copies that reach a
 * tool's output (one Developer Forums thread, the HPC-AI Advisory Council wiki's GPUDirect page, a
 * Mellanox OFED 2.2 manual page, a DGX Spark ConnectX-7 write-up and its repost), so the batch widened to
 * vendor documentation (Oracle's InfiniBand guides) and to pastes people shared outside issue threads
 * (pastebin.com pastes with their `- ` and `N. ` list renderings, GitHub gists with their ` | |` cell
 * tails). Each file is the excerpt's text as the stored copy holds it, cut where the copy ends. See
 * captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture.
 */
const HPCAC = 'https://hpcadvisorycouncil.atlassian.net/wiki/x/DwDXYw';
const PB_HPV00 = 'https://pastebin.com/5AwqNUAB';
const PB_TESTSERVER = 'https://pastebin.com/8ZWb7wjb';
const GIST_TOPO = 'https://gist.github.com/ashwin/e139748bdba15f5af63f0146d01ee4c3';

export const CAPTURES_b41: Capture[] = [
  // perftest
  {
    file: 'perftest/nvforum-273376-edr-ib-write-bw-a-report-gbits-header-cut-before-rows.txt',
    tool: 'perftest',
    source: 'https://forums.developer.nvidia.com/t/theortical-bandwidth-and-latency-of-nic/273376',
    expert: 'not-judged',
    why: 'NVIDIA forum: `ib_write_bw -a --report_gbits` on mlx5_1 over IB (MTU 4096), banner and local/remote LIDs, then the stored copy ends in the separator before any result row: nothing measured is shown',
  },
  {
    file: 'perftest/hpcac-wiki-gpudirect-topology-ib-write-bw-use-cuda-t4-cut-at-cumemalloc.txt',
    tool: 'perftest',
    source: HPCAC,
    expert: 'not-judged',
    why: '`ib_write_bw -a --use_cuda` on mlx5_2 with a Tesla T4: CUDA initialises and the copy ends mid-line at `cuMemAlloc() of a`, before the banner and any row: no failure and no figure shown',
  },
  // topo
  {
    file: 'topo/hpcac-wiki-gpudirect-topology-4x-t4-pix-mlx5-2-3-node-mlx5-0-1-legend.txt',
    tool: 'topo',
    source: HPCAC,
    expert: 'no-problem',
    why: 'whole `topo -m` with legend: four GPUs PIX to one another and PIX to mlx5_2/mlx5_3 (NODE to mlx5_0/1): every GPU shares a PCIe switch with a NIC and with its peers; PCIe boards without NVLink, P2P direct through one switch',
  },
  {
    file: 'topo/gist-ashwin-gpu-topology-examples-1-one-gpu-no-nic-soc-legend-gist-pipes.txt',
    tool: 'topo',
    source: GIST_TOPO,
    expert: 'not-judged',
    why: 'gist cells (` | |` tails): a one-GPU matrix with its legend and no NIC column: no GPU peer and no RDMA NIC to place against the GPU, so the GPU-NIC half of the question has nothing to judge',
  },
  {
    file: 'topo/gist-ashwin-gpu-topology-examples-2-four-gpus-phb-soc-no-nic-gist-pipes.txt',
    tool: 'topo',
    source: GIST_TOPO,
    expert: 'not-judged',
    why: 'four GPUs, pairs PHB within a socket and SOC across sockets, no NVLink and no NIC in the matrix: cross-socket peers go over the SMP link (often staged through host memory), and no NIC placement is shown',
  },
  {
    file: 'topo/gist-ashwin-gpu-topology-examples-3-dgx1-8-gpus-4-mlx5-cut-in-gpu4-row-gist-pipes.txt',
    tool: 'topo',
    source: GIST_TOPO,
    expert: 'not-judged',
    why: 'DGX-1 style matrix (NV1/NV2 cube mesh, four mlx5 NICs PIX to GPU pairs): GPU0-3 rows healthy, then the copy ends inside the GPU4 row; GPU5-7 and the NIC rows are not shown',
  },
  // rdma-link (ibdev2netdev)
  {
    file: 'rdma-link/mlnx-ofed-2.2-manual-p28-ibdev2netdev-mlx4-two-eth-ports-one-line-no-state.txt',
    tool: 'rdma-link',
    source: 'http://38.142.81.21:8001/manual/asus/pem-fdr/3-2-1-user-manual-english/page-28.html',
    expert: 'not-judged',
    why: 'Mellanox OFED 2.2 manual (the page flattened to one line): old `ibdev2netdev` maps mlx4_0 ports 2 and 1 to eth2 and eth3 with `<===>` and no (Up)/(Down): the ports exist but their state is not shown',
  },
  {
    file: 'rdma-link/elecfans-7412636-dgx-spark-cx7-ibdev2netdev-four-up-one-line-zh-notes.txt',
    tool: 'rdma-link',
    source: 'https://m.elecfans.com/article/7412636.html',
    expert: 'no-problem',
    why: 'DGX Spark ConnectX-7 (Leadtek write-up, rows run together on one line with Chinese notes after each): all four RoCE functions rocep1s0f0/f1 and roceP2p1s0f0/f1 map to their netdevs (Up)',
  },
  {
    file: 'rdma-link/joyrtai-8048-dgx-spark-repost-ibdev2netdev-port-glued-four-up-zh-notes.txt',
    tool: 'rdma-link',
    source: 'http://joyrtai.cn/qiche/8048.html',
    expert: 'no-problem',
    why: 'a repost of the same write-up, one row a line but the spaces around `port1` lost (`rocep1s0f0port1==>`), a Chinese note after each: all four ConnectX-7 RoCE functions (Up)',
  },
  // ibstat
  {
    file: 'ibstat/oracle-bda-exalytics-ibstat-mlx4-two-qdr-ports-active-then-sminfo-master.txt',
    tool: 'ibstat',
    source: 'https://docs.oracle.com/cd/E72784_01/BIXOG/GUID-C9EB7E1B-B762-4ABC-9725-13DAB44C8B23.htm',
    expert: 'not-judged',
    why: 'Oracle guide, list-indented: mlx4_0 (MT26428) both ports Active/LinkUp with LIDs from SM lid 187, and `sminfo` shows a master SM; but Rate 40 is QDR (about 4 GB/s a port), below the 5 GB/s cross-node floor on each link: degraded, not broken',
  },
  {
    file: 'ibstat/oracle-qdr-adapter-m4-ibstat-psif-sif0-port1-active-cut-at-physical-state.txt',
    tool: 'ibstat',
    source: 'https://docs.oracle.com/cd/E64144_01/html/E64150/z400373a1028674.html',
    expert: 'not-judged',
    why: "Oracle's PSIF HCA `sif0`, two ports: port 1 State Active, then the copy ends at `Physical sta`; port 1's rate and link layer and all of port 2 are not shown",
  },
  {
    file: 'ibstat/pastebin-5AwqNUAB-mthca0-ca-header-cut-at-system-image-guid-dash-list.txt',
    tool: 'ibstat',
    source: PB_HPV00,
    expert: 'not-judged',
    why: "pastebin list rendering: `CA 'mthca0'` (MT25208, 2 ports) header, cut at `System image GUID` before any Port block: no port shown",
  },
  {
    file: 'ibstat/pastebin-8ZWb7wjb-cx3-mlx4-eth-port-down-disabled-numbered-lines.txt',
    tool: 'ibstat',
    source: PB_TESTSERVER,
    expert: 'problem',
    why: 'pastebin numbered lines: ConnectX-3 mlx4_0, its only port State Down, Physical state Disabled, Link layer Ethernet: no usable RDMA port on the node',
  },
  {
    file: 'ibstat/gist-necr0n-ibstat-ibv-device0-initializing-linkup-56-lid-1-gist-pipes.txt',
    tool: 'ibstat',
    source: 'https://gist.github.com/necr0n/fbf808f33b3c5547b818bd8f360d542f',
    expert: 'problem',
    why: "gist cells: `CA 'ibv_device0'`, one FDR port LinkUp but State Initializing although it holds LID 1 and an SM lid: the only port never reached Active, so it carries no traffic",
  },
  // ibstatus
  {
    file: 'ibstatus/oracle-sun-ib-switch-72-ibstatus-is4-0-port-0-cut-at-default-gid.txt',
    tool: 'ibstatus',
    source: 'https://docs.oracle.com/cd/E19654-01/820-7752-12/z400014c1569279.html',
    expert: 'not-judged',
    why: 'Sun Datacenter InfiniBand Switch 72 reference: `ibstatus` for `is4_0` port 0 (curly quotes), cut inside the default gid before state, rate and link layer',
  },
  {
    file: 'ibstatus/pastebin-5AwqNUAB-mthca0-port1-init-linkup-sdr-port2-down-polling-dash-list.txt',
    tool: 'ibstatus',
    source: PB_HPV00,
    expert: 'problem',
    why: 'mthca0 port 1 state INIT with LinkUp, base lid 0x1 and sm lid 0x1 (cabled to hp01, never made Active), port 2 DOWN/Polling; 10 Gb/s SDR: no Active port',
  },
  // ibv_devinfo
  {
    file: 'ibv_devinfo/pastebin-5AwqNUAB-chained-cmd-mthca0-port1-init-lid1-port2-down-dash-list.txt',
    tool: 'ibv_devinfo',
    source: PB_HPV00,
    expert: 'problem',
    why: 'a chained command line and its echo, then mthca0: port 1 PORT_INIT with port_lid 1 from sm_lid 1 (in use, never Active), port 2 PORT_DOWN: no active port on the only device',
  },
  {
    file: 'ibv_devinfo/pastebin-VXMAZdeZ-x6275-qdr-ib-mlx4-old-state-active-4-no-link-layer-dash-list.txt',
    tool: 'ibv_devinfo',
    source: 'https://pastebin.com/index/VXMAZdeZ',
    expert: 'not-judged',
    why: 'old libibverbs layout (`state: active (4)`, no transport or link_layer line): the one port of board X6275_QDR_IB is active with LID 659; the board is QDR, about 4 GB/s, under the 5 GB/s cross-node floor',
  },
  {
    file: 'ibv_devinfo/pastebin-35T8N5t8-guillimin-qlogic-qib0-qle7340-port-active-lid-173-dash-list.txt',
    tool: 'ibv_devinfo',
    source: 'https://pastebin.com/35T8N5t8',
    expert: 'no-problem',
    why: 'a host label, then QLogic InfiniPath qib0 (QLE7340), its one port PORT_ACTIVE with LID 173 from sm_lid 1, link_layer IB: the whole device and its port are shown and usable',
  },
  {
    file: 'ibv_devinfo/pastebin-8ZWb7wjb-cx3-mlx4-numbered-lines-cut-at-sys-image-guid.txt',
    tool: 'ibv_devinfo',
    source: PB_TESTSERVER,
    expert: 'not-judged',
    why: 'numbered lines 40-45: `ibv_devinfo` for mlx4_0 cut at `sys_image_gu`, before any port: no port state shown',
  },
  // nccl-tests
  {
    file: 'nccl-tests/pastebin-ne4ipn6K-tinygrad-p2p-2x-rtx4070ti-super-before-cut-at-32k-dash-list.txt',
    tool: 'nccl-tests',
    source: 'https://pastebin.com/ne4ipn6K',
    expert: 'not-judged',
    why: 'one node, two RTX 4070 Ti SUPER (the "Before:" run of a P2P driver test): rows 8 B to 16 KiB with #wrong 0, then the 32 KiB row is cut; no large size and no average shown',
  },
  {
    file: 'nccl-tests/gist-jacobkahn-a92f44-p3dn-efa-2-node-all-reduce-error-col-cut-at-64k-gist-pipes.txt',
    tool: 'nccl-tests',
    source: 'https://gist.github.com/jacobkahn/a92f4425abf831ac0799fabe9079263d',
    expert: 'not-judged',
    why: 'gist cells: pre-2.13 header with an error column, rows 8 B to 32 KiB (busbw 0.33 GB/s at 32 KiB, errors ~1e-7), cut in the 64 KiB row: latency-bound sizes only, nothing large enough to judge bandwidth',
  },
  {
    file: 'nccl-tests/gist-cswinter-2-node-v100-nccl-2.4-sockets-ib-disabled-1m-to-16m-under-1.2gbs-gist-pipes.txt',
    tool: 'nccl-tests',
    source: 'https://gist.github.com/cswinter/3bc2cbcc7c947e4a2736188dd6e74240',
    expert: 'problem',
    why: 'two nodes, one V100 each, NCCL 2.4 with NCCL_IB_DISABLE=1 over socket ens12: busbw 0.51 to 1.17 GB/s from 1 MiB to 16 MiB (0.95 at 16 MiB), far below the 5 GB/s cross-node floor; the copy ends there',
  },
  // memlock
  {
    file: 'memlock/pastebin-R7mrWHyU-ksh-style-ulimit-a-locked-memory-64-dash-list.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/R7mrWHyU',
    expert: 'problem',
    why: 'a ksh-style `ulimit -a` (`locked memory(kbytes) 64`): a 64 KiB memlock cap, too small to register RDMA buffers',
  },
  {
    file: 'memlock/pastebin-KUC3wqxU-ksh-style-ulimit-a-locked-memory-65536-dash-list.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/KUC3wqxU',
    expert: 'not-judged',
    why: 'ksh-style `ulimit -a`: `locked memory(kbytes) 65536`, a finite 64 MiB cap: small registrations work, large pinned buffers may fail',
  },
  {
    file: 'memlock/pastebin-YJvB1TYp-bash41-ulimit-a-max-locked-64-numbered-lines.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/YJvB1TYp',
    expert: 'problem',
    why: 'pastebin numbered lines, `-bash-4.1$ ulimit -a`: max locked memory 64 KiB, the old default that makes RDMA memory registration fail',
  },
  {
    file: 'memlock/gist-daya-906566-rvm-prompt-ulimit-a-max-locked-unlimited-gist-pipes.txt',
    tool: 'memlock',
    source: 'https://gist.github.com/daya/906566',
    expert: 'no-problem',
    why: 'gist cells behind an rvm/git prompt: `ulimit -a` with max locked memory unlimited',
  },
  // lsmod
  {
    file: 'lsmod/pastebin-t3rLQx5n-lsmod-grep-nvidia-desktop-no-peermem-dash-list.txt',
    tool: 'lsmod',
    source: 'https://pastebin.com/t3rLQx5n',
    expert: 'not-judged',
    why: '`lsmod | grep nvidia`: nvidia, nvidia_uvm, nvidia_drm loaded, and no nvidia_peermem, which the grep would have shown: GPU memory cannot be handed to the NIC directly (staged through host); the RDMA modules are filtered out, not shown',
  },
  // Read after the three fixes (their readings committed first).
  {
    file: 'memlock/pastebin-06rUfifF-slave-a-aligned-ulimit-a-max-locked-64-numbered-lines.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/06rUfifF',
    expert: 'problem',
    why: 'pastebin numbered lines, bash `ulimit -a` with its aligned columns behind a `$>` prompt: max locked memory 64 KiB, too little to register RDMA buffers',
  },
  {
    file: 'memlock/pastebin-dK5BuvN1-gt-prompt-ulimit-a-max-locked-unlimited-dash-list.txt',
    tool: 'memlock',
    source: 'https://pastebin.com/dK5BuvN1',
    expert: 'no-problem',
    why: 'pastebin list rendering, `> ulimit -a` (a `>` prompt): max locked memory unlimited',
  },
  {
    file: 'lsmod/pastebin-01SxBnLY-bash42-lsmod-grep-e-nouv-e-nvidia-numbered-no-peermem.txt',
    tool: 'lsmod',
    source: 'https://pastebin.com/01SxBnLY',
    expert: 'not-judged',
    why: 'numbered lines, `lsmod |grep -e nouv -e nvidia`: nvidia loaded (no nouveau), and no nvidia_peermem, which the pattern would have kept: no GPUDirect RDMA peer memory; the RDMA modules are filtered out, not shown',
  },
];
