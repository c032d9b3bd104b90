import type { Capture } from './captures.table.js';

/** Corpus batch b32 (issue 38): pastes from forums, mailing lists and blogs (Open MPI users/devel list archive, personal blogs); the expert verdict was written before `read` ran. */
export const CAPTURES_b32: Capture[] = [
  {
    file: 'ibstatus/ompi-users-2014-07-24854-mlx4-port1-down-training-port2-ddr-20-html-nbsp.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/open-mpi/ompi-www/blob/b8cea3ffc8fbb135631d6137c39f0d7c8e25f4a1/community/lists/users/2014/07/24854.php',
    expert: 'problem',
    why: 'Open MPI users list, pasted as HTML (&nbsp; indents, <br> lines): the only Active port runs 4X DDR at 20 Gb/s (2.5 GB/s), below the 5 GB/s cross-node KV floor; port 1 is DOWN in PortConfigurationTraining with no LID',
  },
  {
    file: 'ibstatus/ompi-users-2014-07-24854-quoted-mlx4-port1-ddr-20-port2-init-html-quotelev.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/open-mpi/ompi-www/blob/b8cea3ffc8fbb135631d6137c39f0d7c8e25f4a1/community/lists/users/2014/07/24854.php',
    expert: 'problem',
    why: 'the same thread quoted in <span class="quotelev1">&gt; lines: port 1 Active at 20 Gb/s DDR (2.5 GB/s, below the 5 GB/s floor) and port 2 INIT/LinkUp with no LID (not usable)',
  },
  {
    file: 'memlock/ompi-users-2015-02-26307-ulimit-a-memlock-unlimited-html-br.txt',
    tool: 'memlock',
    source:
      'https://github.com/open-mpi/ompi-www/blob/30fb0d1436019692602d4740011ffa00a06e4345/community/lists/users/2015/02/26307.php',
    expert: 'no-problem',
    why: 'a whole `ulimit -a` pasted as HTML lines with <br>: max locked memory (kbytes, -l) unlimited',
  },
  {
    file: 'nccl-tests/dtcms-511132-h200-four-nodes-all-reduce-rank-list-cut.txt',
    tool: 'nccl-tests',
    source: 'http://www.dtcms.com/a/511132.html',
    expert: 'not-judged',
    why: 'Chinese blog page (stored copy ends mid-line): an H200 all_reduce_perf banner cut inside the rank list at rank 3, before any result row',
  },
  {
    file: 'topo/tanjunchen-blog-h20-8gpu-nv18-nine-mlx5-pix-per-gpu-nic0-node.txt',
    tool: 'topo',
    source:
      'https://github.com/tanjunchen/tanjunchen_blog/blob/e1a854beaaf77b8e93efc5df7d317aee9783868a/content/post/2025-03-23-h20-deepseek-r1.md',
    expert: 'no-problem',
    why: '8x H20 all NV18 to each other; every GPU has its own NIC at PIX (NIC1-NIC8), NIC0 is an extra NIC at NODE/SYS; matrix, legend and NIC legend whole',
  },
  {
    file: 'nvlink/tanjunchen-blog-h20-status-i-0-eighteen-links-26gbs.txt',
    tool: 'nvlink',
    source:
      'https://github.com/tanjunchen/tanjunchen_blog/blob/e1a854beaaf77b8e93efc5df7d317aee9783868a/content/post/2025-03-23-h20-deepseek-r1.md',
    expert: 'no-problem',
    why: '`nvidia-smi nvlink --status -i 0` on an H20: all 18 links of GPU 0, the GPU asked for, up at 26.562 GB/s',
  },
  {
    file: 'rdma-link/tanjunchen-blog-2h20-node01-ibdev2netdev-nine-xgbe-up.txt',
    tool: 'rdma-link',
    source:
      'https://github.com/tanjunchen/tanjunchen_blog/blob/e1a854beaaf77b8e93efc5df7d317aee9783868a/content/post/2025-04-05-2h20-deepseek-r1-sglang-vllm.md',
    expert: 'no-problem',
    why: '`ibdev2netdev` on an H20 node: all nine mlx5 ports map to xgbe netdevs that are Up',
  },
  {
    file: 'show_gids/tanjunchen-blog-2h20-node01-show-gids-nine-devs-v2-ipv4.txt',
    tool: 'show_gids',
    source:
      'https://github.com/tanjunchen/tanjunchen_blog/blob/e1a854beaaf77b8e93efc5df7d317aee9783868a/content/post/2025-04-05-2h20-deepseek-r1-sglang-vllm.md',
    expert: 'no-problem',
    why: 'nine RoCE devices, each with a RoCE v2 GID carrying an IPv4 address (index 3) besides the link-local ones',
  },
  {
    file: 'show_gids/tanjunchen-blog-2h20-node02-ibdev2netdev-then-show-gids-trailing-space-prompt.txt',
    tool: 'show_gids',
    source:
      'https://github.com/tanjunchen/tanjunchen_blog/blob/e1a854beaaf77b8e93efc5df7d317aee9783868a/content/post/2025-04-05-2h20-deepseek-r1-sglang-vllm.md',
    expert: 'no-problem',
    why: 'the second node: `ibdev2netdev ` (all nine Up) then `show_gids` in one paste; every device has a RoCE v2 IPv4 GID',
  },
  {
    file: 'topo/anthony-hoo-blog-autodl-2x-2080ti-pix-no-nvlink-no-nic-root-prompt.txt',
    tool: 'topo',
    source:
      'https://github.com/Anthony-Hoo/Anthony-Hoo.github.io/blob/37e805e8e56f839f6557756d76503d45af6ab47e/posts/AutoDL_Multi-GPU_Interconnection_Test.md',
    expert: 'not-judged',
    why: 'two RTX 2080 Ti on one PCIe switch (PIX), no NVLink: KV between them goes over PCIe (a warning); no NIC in the matrix',
  },
  {
    file: 'topo/anthony-hoo-blog-autodl-2x-2080ti-topo-p2p-p-ns-both-ways.txt',
    tool: 'topo',
    source:
      'https://github.com/Anthony-Hoo/Anthony-Hoo.github.io/blob/37e805e8e56f839f6557756d76503d45af6ab47e/posts/AutoDL_Multi-GPU_Interconnection_Test.md',
    expert: 'not-judged',
    why: '`nvidia-smi topo -p2p p`: peer access NS (not supported) both ways, so KV between the two GPUs is staged through host memory (a warning)',
  },
  {
    file: 'nccl-tests/anthony-hoo-blog-autodl-2x-2080ti-all-reduce-g2-4gbs-no-p2p.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/Anthony-Hoo/Anthony-Hoo.github.io/blob/37e805e8e56f839f6557756d76503d45af6ab47e/posts/AutoDL_Multi-GPU_Interconnection_Test.md',
    expert: 'problem',
    why: 'all_reduce_perf -g2 on two 2080 Ti: busbw levels at 4.00 GB/s from 8 MiB to 1 GiB, below the 5 GB/s floor; #wrong 0',
  },
  {
    file: 'nccl-tests/anthony-hoo-blog-autodl-2080ti-reduce-one-gpu-absurd-in-place-busbw.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/Anthony-Hoo/Anthony-Hoo.github.io/blob/37e805e8e56f839f6557756d76503d45af6ab47e/posts/AutoDL_Multi-GPU_Interconnection_Test.md',
    expert: 'not-judged',
    why: 'reduce_perf without -g: nGpus 1, one rank, so no transfer between GPUs is measured (the in-place TB/s figures are a local no-op)',
  },
  {
    file: 'nccl-tests/anthony-hoo-blog-autodl-2x-2080ti-alltoall-g2-wrong-na-4.6gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/Anthony-Hoo/Anthony-Hoo.github.io/blob/37e805e8e56f839f6557756d76503d45af6ab47e/posts/AutoDL_Multi-GPU_Interconnection_Test.md',
    expert: 'problem',
    why: 'alltoall_perf -g 2: busbw levels at about 4.6 GB/s at large sizes, below the 5 GB/s floor; in-place #wrong is N/A',
  },
  {
    file: 'nccl-tests/anthony-hoo-blog-autodl-2x-2080ti-all-gather-g2-3.8gbs-size-zero-rows.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/Anthony-Hoo/Anthony-Hoo.github.io/blob/37e805e8e56f839f6557756d76503d45af6ab47e/posts/AutoDL_Multi-GPU_Interconnection_Test.md',
    expert: 'problem',
    why: 'all_gather_perf -g2: busbw reaches only 3.8 GB/s at 1 GiB, below the 5 GB/s floor; the first rows are size 0',
  },
  {
    file: 'nccl-tests/anthony-hoo-blog-autodl-2x-2080ti-broadcast-g2-11gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/Anthony-Hoo/Anthony-Hoo.github.io/blob/37e805e8e56f839f6557756d76503d45af6ab47e/posts/AutoDL_Multi-GPU_Interconnection_Test.md',
    expert: 'not-judged',
    why: 'broadcast_perf -g2 on one node: busbw levels at 11.1 GB/s, above the floor, with no link named to hold it against',
  },
  {
    file: 'topo/xuesongtap-blog-2x-1080ti-phb-home-board-user-prompt.txt',
    tool: 'topo',
    source:
      'https://github.com/XueSongTap/XueSongTap.github.io/blob/145117fca55f5a9a5863fd3770e44a7a78fcc0a6/_posts/2024/2024-01-04-nvidia-smi-more.md',
    expert: 'not-judged',
    why: 'two GTX 1080 Ti through the host bridge (PHB), no NVLink: KV between them over PCIe (a warning); no NIC in the matrix',
  },
  {
    file: 'topo/xuesongtap-blog-8x-a100-nv12-16-mlx5-pxb-plus-bond-sys.txt',
    tool: 'topo',
    source:
      'https://github.com/XueSongTap/XueSongTap.github.io/blob/145117fca55f5a9a5863fd3770e44a7a78fcc0a6/_posts/2024/2024-01-04-nvidia-smi-more.md',
    expert: 'no-problem',
    why: '8x A100 all NV12; every GPU reaches its NICs at PXB (16 mlx5 rails), the bond is SYS to all as a front-end NIC; matrix and legends whole',
  },
  {
    file: 'topo/xuesongtap-blog-4x-a10-all-sys-two-nics-pix-glued-prompt.txt',
    tool: 'topo',
    source:
      'https://github.com/XueSongTap/XueSongTap.github.io/blob/145117fca55f5a9a5863fd3770e44a7a78fcc0a6/_posts/2024/2024-01-04-nvidia-smi-more.md',
    expert: 'not-judged',
    why: '4x A10 with every GPU-GPU and GPU-NIC path SYS: no NVLink and no GPUDirect RDMA path to the two NICs, so KV is staged through host memory (a warning)',
  },
  {
    file: 'ibv_devinfo/ompi-devel-2008-07-4371-mpi045-mlx4-ddr-two-ports-plus-nes0-iwarp-html-nbsp.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/open-mpi/ompi-www/blob/0dc232d8549762713d618f7bb0dbd2e92407959f/community/lists/devel/2008/07/4371.php',
    expert: 'no-problem',
    why: 'Open MPI devel list as HTML: a 2008 ibv_devinfo (no transport/link_layer lines) of a two-port mlx4 with SM LIDs and a NetEffect nes0 iWARP port, every port PORT_ACTIVE',
  },
  {
    file: 'ibv_devinfo/ompi-devel-2008-07-4371-mpi044-nes0-iwarp-before-mlx4-cut-prompt-html-nbsp.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/open-mpi/ompi-www/blob/0dc232d8549762713d618f7bb0dbd2e92407959f/community/lists/devel/2008/07/4371.php',
    expert: 'no-problem',
    why: 'the other host, its prompt missing the opening [: nes0 listed before mlx4_0, every port PORT_ACTIVE with LIDs',
  },
  {
    file: 'dev-infiniband/ompi-devel-2008-07-4371-ls-ucm-only-manually-created-html-br.txt',
    tool: 'dev-infiniband',
    source:
      'https://github.com/open-mpi/ompi-www/blob/0dc232d8549762713d618f7bb0dbd2e92407959f/community/lists/devel/2008/07/4371.php',
    expert: 'not-judged',
    why: '`ls -l /dev/infiniband/ucm*` lists only the two ucm (IB CM) nodes; the uverbs and rdma_cm nodes are not in the paste',
  },
  {
    file: 'ibstat/ompi-users-2015-06-27149-two-cx3-fdr-56-active-eth-ports-disabled-html-br-unindented.txt',
    tool: 'ibstat',
    source:
      'https://github.com/open-mpi/ompi-www/blob/61c01021bba59867770eca61985e00cebcb040ba/community/lists/users/2015/06/27149.php',
    expert: 'not-judged',
    why: 'two ConnectX-3 pasted without indents: the InfiniBand port mlx4_0/2 Active at 56 (FDR); three Ethernet ports Down/Disabled with nothing showing them in use (spare ports down, a warning)',
  },
  {
    file: 'ibstatus/ompi-users-2012-03-18737-sulu-two-fdr-ports-active-html-gt-prompt.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/open-mpi/ompi-www/blob/61c01021bba59867770eca61985e00cebcb040ba/community/lists/users/2012/03/18737.php',
    expert: 'no-problem',
    why: '`sulu&gt; ibstatus`: both mlx4 ports Active/LinkUp at 56 Gb/s (4X FDR) with SM-assigned LIDs',
  },
  {
    file: 'ibstatus/ompi-users-2012-03-18737-sulu-port1-unplugged-down-polling-lid-kept-html-gt-prompt.txt',
    tool: 'ibstatus',
    source:
      'https://github.com/open-mpi/ompi-www/blob/61c01021bba59867770eca61985e00cebcb040ba/community/lists/users/2012/03/18737.php',
    expert: 'problem',
    why: 'after the cable was pulled: port 1 DOWN/Polling while it still holds its SM-assigned LID 0x4, a port in use that lost its link; port 2 Active FDR',
  },
  {
    file: 'ibv_devinfo/ompi-devel-2010-05-7996-two-mlx4-state-lines-only-port2-down-html-nbsp-indented.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/open-mpi/ompi-www/blob/0dc232d8549762713d618f7bb0dbd2e92407959f/community/lists/devel/2010/05/7996.php',
    expert: 'not-judged',
    why: 'the author kept only hca_id/port/state lines: port 1 of each mlx4 PORT_ACTIVE, port 2 of each PORT_DOWN with nothing showing it in use; link layer and LIDs not shown',
  },
  {
    file: 'ibv_devinfo/ompi-users-2009-05-9253-chelsio-cxgb3-iwarp-v-two-ports-html-nbsp.txt',
    tool: 'ibv_devinfo',
    source:
      'https://github.com/open-mpi/ompi-www/blob/61c01021bba59867770eca61985e00cebcb040ba/community/lists/users/2009/05/9253.php',
    expert: 'problem',
    why: '`ibv_devinfo -v` of a Chelsio cxgb3 (iWARP): both ports PORT_ACTIVE at active_width 4X x active_speed 5.0 Gbps = 20 Gb/s, below the 5 GB/s floor',
  },
];
