import type { Capture } from './captures.table.js';

/** Corpus batch b6 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b6: Capture[] = [
  {
    file: 'memlock/tensorflow-11392-ulimit-l-unlimited-then-ulimit-a.txt',
    tool: 'memlock',
    source: 'https://github.com/tensorflow/tensorflow/pull/11392',
    expert: 'no-problem',
    why: 'ulimit -l prints unlimited, and ulimit -a agrees (max locked memory unlimited): nothing bounds memory registration',
  },
  {
    file: 'nccl-tests/nccl-tests-44-2080ti-nvlink-bridge-21gbs-summary-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/44',
    expert: 'no-problem',
    why: 'two RTX 2080 Ti over an NVLink bridge: busbw levels at ~21 GB/s from 32 MiB up, 0e+00 error everywhere, "Out of bounds values : 0 OK"; the average line is cut',
  },
  {
    file: 'nccl-tests/aws-k8s-tester-503-p5-mpirun-rank-prefix-small-sizes-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/aws/aws-k8s-tester/pull/503',
    expert: 'not-judged',
    why: "p5.48xlarge, every line prefixed by mpirun's [1,0]<stdout>: (with wide trailing padding); rows only up to 64 B, cut: nothing bandwidth-sized shown",
  },
  {
    file: 'nccl-tests/nccl-tests-128-reduce-scatter-2node-small-sizes-cut.txt',
    tool: 'nccl-tests',
    source: 'https://github.com/NVIDIA/nccl-tests/issues/128',
    expert: 'not-judged',
    why: 'reduce_scatter on 2 nodes x 4 GPUs: rows only up to 512 B, cut; 0 wrong; no bandwidth-sized row',
  },
  {
    file: 'ucx_info/vllm-26382-self-then-tcp-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/vllm-project/vllm/issues/26382',
    expert: 'not-judged',
    why: 'ucx_info -d from a vLLM NIXL host: only the self loopback transport and the start of the tcp domain before the cut; no RDMA or CUDA transport in the part shown',
  },
  {
    file: 'ucx_info/ucx-9908-cuda-cpy-domain-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/9908',
    expert: 'not-judged',
    why: 'ucx_info -d fragment: the cuda_cpy memory domain with cuda_copy (CUDA memory is supported), but no RDMA transport in the part shown; cut',
  },
  {
    file: 'ucx_info/ucx-9950-tcp-lo-fragment-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/9950',
    expert: 'not-judged',
    why: 'ucx_info -d fragment showing tcp on lo; the thread says CUDA is missing from the build, but this part of the output cannot show absence: not shown',
  },
  {
    file: 'ucx_info/ucx-6524-no-hash-self-tcp-fragment-cut.txt',
    tool: 'ucx_info',
    source: 'https://github.com/openucx/ucx/issues/6524',
    expert: 'not-judged',
    why: 'ucx_info -d fragment without the # prefix: a loopback transport tail and tcp on enp129s0f1; no RDMA or CUDA in the part shown',
  },
];
