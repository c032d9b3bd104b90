import type { Capture } from './captures.table.js';

const AWSOME =
  'https://github.com/aws-samples/awsome-distributed-training/blob/7217859f67bc693c52ff175ccc6082c41dbd7a1b';

/** Corpus batch b17 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b17: Capture[] = [
  {
    file: 'nvlink/awsome-dt-efa-cheatsheet-p4de-gpu0-12x25-only.txt',
    tool: 'nvlink',
    source: `${AWSOME}/1.architectures/efa-cheatsheet.md#L45-L60`,
    expert: 'not-judged',
    why: 'p4de (A100-SXM4-80GB): GPU0 has all 12 NVLink 3 links at 25 GB/s (re-indented by the author); `nvidia-smi nvlink -s` without -i lists every GPU and an A100-SXM4 board has 4 or 8, yet only GPU0 is pasted: the others are not shown',
  },
  {
    file: 'nccl-tests/awsome-dt-aws-batch-rank-prefix-8b-16g-483gbs.txt',
    tool: 'nccl-tests',
    source: `${AWSOME}/micro-benchmarks/nccl-tests/aws-batch/README.md#L27-L65`,
    expert: 'not-judged',
    why: 'rank-prefixed (`[1,0]<stdout>:`) all_reduce rows from 8 B to 16 GiB, #wrong 0, busbw up to 483 GB/s: healthy-looking, but neither the GPUs, the node count nor the fabric is in the paste, so the figure is not held against a link',
  },
  {
    file: 'nccl-tests/awsome-dt-2x-p4de-slurm-0-prefix-78gbs.txt',
    tool: 'nccl-tests',
    source: `${AWSOME}/micro-benchmarks/nccl-tests/README.md#L156-L188`,
    expert: 'no-problem',
    why: '2x p4de.24xlarge (the README says so; 4x100 Gb/s EFA each), srun rank prefix `0:` on every line: busbw levels at 78 GB/s at 2 GiB, algbw 41.8 GB/s = 84 % of the 50 GB/s each node can send, #wrong 0',
    opts: { lineRateGbps: 100, rails: 4 },
  },
  {
    file: 'nccl-tests/awsome-dt-2x-p5-slurm-0-prefix-487gbs.txt',
    tool: 'nccl-tests',
    source: `${AWSOME}/micro-benchmarks/nccl-tests/README.md#L191-L226`,
    expert: 'no-problem',
    why: '2x p5.48xlarge (the README says so; 32x100 Gb/s EFA each), srun rank prefix `0:`: busbw 487 GB/s at 16 GiB (algbw 260 GB/s), #wrong 0: the result AWS publishes as the expected one for a healthy pair',
    opts: { lineRateGbps: 100, rails: 32 },
  },
  {
    file: 'nccl-tests/awsome-dt-eks-2x-p5-rank-prefix-elided-437gbs.txt',
    tool: 'nccl-tests',
    source: `${AWSOME}/micro-benchmarks/nccl-tests/README.md#L267-L281`,
    expert: 'no-problem',
    why: "2x p5.48xlarge under EKS (the README says so): `[1,0]<stdout>:` prefixes inside a markdown list indent; the author's `...` elides only the small sizes, the large ones are shown: busbw 437.8 GB/s at 2 GiB, #wrong 0, out of bounds 0 OK",
    opts: { lineRateGbps: 100, rails: 32 },
  },
  {
    file: 'dmesg/nv-peer-memory-120-peermem-free-callback-invalid-context.txt',
    tool: 'dmesg',
    source: 'https://github.com/Mellanox/nv_peer_memory/issues/120',
    expert: 'not-judged',
    why: 'one `nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context` line: nvidia_peermem is loaded and in use; NVIDIA calls the print a harmless mitigation of a known driver bug fixed in R560: a warning (upgrade the driver), not GPUDirect RDMA off',
  },
  {
    file: 'dmesg/nv-peer-memory-111-syslog-nv-mem-invalid-dma-mapping.txt',
    tool: 'dmesg',
    source: 'https://github.com/Mellanox/nv_peer_memory/issues/111',
    expert: 'not-judged',
    why: 'two syslog-format kernel lines (`Dec 20 … kernel:`) from the legacy nv_mem module: `invalid dma_mapping` in the free callback: the module is loaded and registering GPU memory; the print marks a known teardown race (nv_peer_memory#53): a warning, not a load failure',
  },
  {
    file: 'ibstat/nv-peer-memory-111-cx6-hdr-one-of-8-no-prompt.txt',
    tool: 'ibstat',
    source: 'https://github.com/Mellanox/nv_peer_memory/issues/111',
    expert: 'no-problem',
    why: 'one ConnectX-6 (MT4123) HDR port Active/LinkUp at 200 on InfiniBand with a LID from an SM, pasted without a prompt; nothing in the paste says other HCAs were left out (the post\'s "8ea" is outside it)',
  },
];
