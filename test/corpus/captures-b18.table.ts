import type { Capture } from './captures.table.js';

/** Corpus batch b18 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b18: Capture[] = [
  {
    file: 'ibstatus/deepep-321-4x-cx7-ndr-ib-400-all-active.txt',
    tool: 'ibstatus',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/321',
    expert: 'no-problem',
    why: 'four ConnectX-7 ports on InfiniBand, all ACTIVE/LinkUp at 400 Gb/s (4X NDR) with LIDs from one SM (0x2): whole and healthy',
  },
  {
    file: 'ibstatus/deepep-150-4-roce-bonds-200-tmux-scroll-marker-cut.txt',
    tool: 'ibstatus',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/150',
    expert: 'not-judged',
    why: 'four RoCE bonds: mlx5_bond_0-2 ACTIVE/LinkUp at 200 Gb/s (4X HDR) on Ethernet; a tmux scroll marker `[0/1989]` sits on a line of its own, and mlx5_bond_3 is cut at its state line: not every port is shown',
  },
  {
    file: 'ibstat/deepep-268-cx7-ib-400-mlx5_1-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/268',
    expert: 'not-judged',
    why: 'ConnectX-7 (MT4129) on InfiniBand: mlx5_0 Active at 400 with a LID from an SM; mlx5_1 Active/LinkUp but cut before its rate and link layer; the other HCAs are not shown',
  },
  {
    file: 'ibv_devinfo/deepep-397-gt-prompt-cx7-dell-active-cut-at-mtu.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/397',
    expert: 'not-judged',
    why: '`> ibv_devinfo` behind a `>` prompt: a Dell-board ConnectX-7 (4129) mlx5_0 PORT_ACTIVE, cut at max_mtu: its link layer and the other HCAs are not shown',
  },
  {
    file: 'topo/sglang-7888-8gpu-nv18-pix-plus-phb-cut-in-gpu1.txt',
    tool: 'topo',
    source: 'https://github.com/sgl-project/sglang/issues/7888',
    expert: 'not-judged',
    why: '8 GPUs all NV18; GPU0 and GPU1 each have their own PIX NIC and reach the other NICs over PHB; cut inside the GPU1 row: GPU2-7 and their NICs are not shown',
  },
  {
    file: 'nccl-tests/nccl-897-send-gdrdma-receive-without.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl/issues/897',
    expert: 'not-judged',
    why: 'two NCCL channel lines of one connection: the sender uses GPUDirect RDMA (NET/IB/0/GDRDMA), the receiver on the other node goes through host memory (NET/IB/1 without GDRDMA): transfers into that node are staged: a warning; no bandwidth shown',
  },
  {
    file: 'ibv_devinfo/nccl-769-bond-v-gid-lines-only.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/NVIDIA/nccl/issues/769',
    expert: 'not-judged',
    why: 'a fragment of `ibv_devinfo -d mlx5_bond_0 -v`: phys_state LINK_UP and four GIDs (RoCE v1/v2 link-local, IPv4-mapped 200.0.209.6 as v2 at index 3); the port state, speed and device header are not shown',
  },
  {
    file: 'show_gids/nccl-426-header-only-cut.txt',
    tool: 'show_gids',
    source: 'https://github.com/NVIDIA/nccl/issues/426',
    expert: 'not-judged',
    why: 'show_gids header and the start of its separator only, cut: no GID row is shown',
  },
];
