import type { Capture } from './captures.table.js';

/** Corpus batch b8 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b8: Capture[] = [
  {
    file: 'gdrcopy/gdrcopy-137-sanity-negative-test-noise-no-summary-cut.txt',
    tool: 'gdrcopy',
    source: 'https://github.com/NVIDIA/gdrcopy/issues/137',
    expert: 'not-judged',
    why: "gdrcopy sanity: ERR/Assertion lines that the maintainer says are the noise of sanity's deliberate negative tests (the run ended with 0 errors), but the summary line is not in the paste: not judged either way",
  },
  {
    file: 'nixlbench/nixl-922-docker-banner-no-peer-memory-note-cut.txt',
    tool: 'nixlbench',
    source: 'https://github.com/ai-dynamo/nixl/issues/922',
    expert: 'not-judged',
    why: 'nixlbench in the NGC container: the banner says the NVIDIA peer memory driver is not detected (GPUDirect RDMA likely off: a warning) and shm is 64 MB; cut at "Connecting to ETCD", no result',
  },
  {
    file: 'ucx_perftest/ucx-py-1088-h100-intranode-900gbs-implausible-elided.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/rapidsai/ucx-py/issues/1088',
    expert: 'not-judged',
    why: 'H100 intra-node CUDA tag_bw reports ~900 GB/s, above what the NVLink between the GPUs can carry (the thread: 318 GB/s theoretical): the number does not measure the link; elided with `...`, no final line',
  },
  {
    file: 'ibv_devinfo/ucx-11048-broadcom-port-block-down-disabled-tabs.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/openucx/ucx/issues/11048',
    expert: 'not-judged',
    why: 'Broadcom RoCE (ibv_devinfo -v, tab-indented, header not in the paste): the port shown is PORT_DOWN with phys_state DISABLED at 1X 2.5 Gbps: at least a warning; which device it belongs to and whether it is the one in use is not shown',
  },
  {
    file: 'memlock/ucx-11048-ulimit-a-no-prompt-unlimited-cut.txt',
    tool: 'memlock',
    source: 'https://github.com/openucx/ucx/issues/11048',
    expert: 'no-problem',
    why: 'ulimit -a from a diagnostic script (commands echoed without a prompt): max locked memory unlimited; cut at cpu time',
  },
  {
    file: 'ibv_devinfo/deepep-38-h100-roce-headless-cx7-active-cut.txt',
    tool: 'ibv_devinfo',
    source: 'https://github.com/deepseek-ai/DeepEP/issues/38',
    expert: 'no-problem',
    why: 'H100 RoCE host: the tail of one port block (ACTIVE, Ethernet, MTU 4096) without its header, then mlx5_2 (CX-7) PORT_ACTIVE on Ethernet; mlx5_3 cut after node_guid',
  },
];
