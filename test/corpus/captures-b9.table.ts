import type { Capture } from './captures.table.js';

/** Corpus batch b9 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b9: Capture[] = [
  {
    file: 'ibstat/pplx-garden-2-bluefield3-bond-roce-200-active-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/perplexityai/pplx-garden/issues/2',
    expert: 'no-problem',
    why: 'BlueField-3 (MT41692) in RoCE LAG: mlx5_bond_0 and mlx5_bond_1 Active/LinkUp at 200 on Ethernet; the third bond is cut after its GUID',
  },
  {
    file: 'ibv_devinfo/deepep-137-h20-cx7-bond-roce-active-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/137',
    expert: 'no-problem',
    why: 'H20 RoCE host with CX-7 LAG: mlx5_bond_0 PORT_ACTIVE on Ethernet, MTU 4096; mlx5_bond_1 cut before its port',
  },
  {
    file: 'ibv_devinfo/deepep-38-h100-ib-mlx5_0-port-down-then-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/38',
    expert: 'not-judged',
    why: 'CX-7 IB mlx5_0 PORT_DOWN (port_lid 65535, no SM): a down IB port, at least a warning (the poster uses mlx5_1/7/9/13, not shown); cut inside mlx5_1',
  },
  {
    file: 'topo/nccl-1357-h100-8gpu-4-pix-nics-half-gpus-sys-cut.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/nccl/issues/1357',
    expert: 'not-judged',
    why: 'H100 NV18 x8 with only four GPU-side NICs (PIX to GPU0/2/4/6): GPUs 1, 3, 5 and 7 reach every NIC only over SYS, so their RDMA crosses the CPU interconnect: a warning; cut at GPU7',
  },
  {
    file: 'topo/miss-alignment-106-l40s-4gpu-mangled-prompt-nic-node-only.txt',
    tool: 'topo',
    source: 'https://github.com/warpem/miss-alignment/issues/106',
    expert: 'not-judged',
    why: 'L40S x4 (PCIe, no NVLink by design) with one dual-port CX NIC on NUMA 1: GPU2/3 reach it at NODE, GPU0/1 only over SYS; no GPU has a PIX/PXB NIC, so GPUDirect RDMA is weak: a warning; the prompt was mangled by an e-mail reply',
  },
  {
    file: 'nccl-tests/nccl-tests-252-h100-single-node-4gpu-header-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/252',
    expert: 'not-judged',
    why: 'single node, 4 H100, header only (cut in the column header): no result row',
  },
];
