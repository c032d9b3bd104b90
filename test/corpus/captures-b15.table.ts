import type { Capture } from './captures.table.js';

/**
 * Corpus batch b15 (issue 38): see captures.table.ts for the format and README.md for the verdicts;
 * the expert verdict was written before `read` ran. Files taken from repositories were copied with
 * `git show <commit>:<path>` (the commit is in the source URL).
 */
export const CAPTURES_b15: Capture[] = [
  {
    file: 'nccl-tests/aws-efa-eks-readme-p4d-16-rank-prefix-efa-gdrdma-43gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/aws-samples/aws-efa-eks/blob/9d6557e1689b2dbb59c485d73fcf425833773077/README.md',
    expert: 'no-problem',
    why: 'two p4d.24xlarge (8x A100-SXM4-40GB each) under the MPI Operator, every line behind an mpirun `[1,0]<stdout>:` rank prefix: NCCL uses the EFA provider (NET/AWS Libfabric) with GDRDMA on all four EFA and P2P/IPC inside; busbw levels at 43.8 GB/s at 4 GiB, 88 % of 4x100 Gb/s EFA (the README states it), errors at float rounding, out of bounds 0 OK',
    opts: { lineRateGbps: 100, rails: 4 },
  },
  {
    file: 'nccl-tests/a3mega-ztan-16xh100-2node-hash-stripped-338gbs.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/lessizzmore/create-a3mega-ztan-fork/blob/346b825ad3b527ffbd6ba511a09d39df08f04be0/ztan-NCCL-test-result.markdown',
    expert: 'not-judged',
    why: 'all_reduce_perf on 16 H100 across two nodes (markdown ate the leading # of three header lines); busbw climbs to ~338 GB/s at 8 GiB with #wrong 0 everywhere: healthy-looking, but the inter-node fabric (A3 Mega per the repository name, not in the paste) is not named, so the figure is not held against a link',
  },
  {
    file: 'nccl-tests/cci-moc-roce-testing-all_reduce_roce_1gpu-400g.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/CCI-MOC/roce-testing/blob/24e67d1710d81d0d9a2b6ebb7689edad88af8750/RHELAI/3_nccl_tests/logs/all_reduce_roce_1gpu.log',
    expert: 'problem',
    why: 'two H100 nodes, one GPU each, over one RoCE NIC (mlx5_5; the repository README gives the link as 400 Gb/s): busbw levels at ~15 GB/s (120 Gb/s), 30 % of the link, and NCCL reports GDR 0 (staged through host memory although DMA-BUF is available): far below the link',
    opts: { lineRateGbps: 400, rails: 1 },
  },
  {
    file: 'nccl-tests/cci-moc-roce-testing-sendrecv_roce_1gpu-400g.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/CCI-MOC/roce-testing/blob/24e67d1710d81d0d9a2b6ebb7689edad88af8750/RHELAI/3_nccl_tests/logs/sendrecv_roce_1gpu.log',
    expert: 'problem',
    why: 'sendrecv between two H100 nodes over the same 400 Gb/s RoCE NIC: 13.96 GB/s (112 Gb/s), 28 % of the link, from 1 GiB to 26 GiB (in-place #wrong N/A is sendrecv not checking in place)',
    opts: { lineRateGbps: 400, rails: 1 },
  },
  {
    file: 'nccl-tests/cci-moc-roce-testing-sendrecv_roce_4gpu-400g.txt',
    tool: 'nccl-tests',
    source:
      'https://github.com/CCI-MOC/roce-testing/blob/24e67d1710d81d0d9a2b6ebb7689edad88af8750/RHELAI/3_nccl_tests/logs/sendrecv_roce_4gpu.log',
    expert: 'problem',
    why: 'sendrecv with four H100 per node sharing one 400 Gb/s RoCE NIC (GPUDirect RDMA for the crossing rank, P2P inside): 5.85 GB/s per flow across the NIC, 12 % of the link',
    opts: { lineRateGbps: 400, rails: 1 },
  },
  {
    file: 'rdma-link/ucx-11048-broadcom-bnxt-re0-active-bnxt-re1-disabled.txt',
    tool: 'rdma-link',
    source: 'https://github.com/openucx/ucx/issues/11048',
    expert: 'not-judged',
    why: 'Broadcom (bnxt_re) dual-port RoCE: port 0 ACTIVE/LINK_UP, port 1 DOWN/DISABLED (the second port without a link: a warning, nothing shows it is the one in use)',
  },
  {
    file: 'ibstat/ucx-11048-broadcom-bnxt-re0-active-100-cut.txt',
    tool: 'ibstat',
    source: 'https://github.com/openucx/ucx/issues/11048',
    expert: 'not-judged',
    why: 'Broadcom NetXtreme-C/E RoCE (bnxt_re0) Active/LinkUp at 100 on Ethernet, healthy as far as shown; cut inside its Port GUID, so the device(s) after it are not in the paste',
  },
  {
    file: 'topo/deepep-60-topo-mp-8gpu-14nic-pix-cut-at-gpu4.txt',
    tool: 'topo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/60',
    expert: 'not-judged',
    why: '`nvidia-smi topo -mp` (PCIe paths only, so NODE/SYS between GPUs say nothing of NVLink): GPU0-3 each have their own PIX NIC (NIC0/1/2/7) among 14 NICs; cut inside the GPU4 row: the NIC placement of GPU4-7 is not shown',
  },
  {
    file: 'fi_info/aws-hpc-tutorials-check-efa-head-node-61.txt',
    tool: 'fi_info',
    source:
      'https://github.com/aws-samples/aws-hpc-tutorials/blob/2e512995bbd47dc270c07f44f146f6d935e73e51/content/07-EFA/02-check-efa.md',
    expert: 'problem',
    why: '`fi_info -p efa` answers -61: libfabric finds no EFA provider on this node, so nothing on it can move KV over EFA (the tutorial runs it on the head node, which has none)',
  },
];
