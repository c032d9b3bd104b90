import type { Capture } from './captures.table.js';

/** Corpus batch b11 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b11: Capture[] = [
  {
    file: 'ucx_perftest/ucx-3956-old-layout-cuda-tag-bw-4mib-340mbs.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/3956',
    expert: 'problem',
    why: 'old ucx_perftest layout, localhost CUDA tag_bw with 4 MiB messages between NVLinked GPUs: ~340 MB/s, far below even PCIe: UCX took a slow path (the thread: gdr_copy chosen over cuda_ipc)',
  },
  {
    file: 'ucx_perftest/ucx-10936-h20-server-am-bw-header-cut.txt',
    tool: 'ucx_perftest',
    source: 'https://github.com/openucx/ucx/issues/10936',
    expert: 'not-judged',
    why: 'H20 single node, server side of an am_bw CUDA test (UCX_TLS=tcp,cuda_copy,cuda_ipc): the box is cut at the window size, no result row',
  },
  {
    file: 'perftest/perftest-21-v100-use-cuda-roce-mtu1024-header-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/linux-rdma/perftest/pull/21',
    expert: 'not-judged',
    why: 'ib_write_bw --use_cuda server on V100 over RoCE (MTU 1024, GID 3): CUDA setup and both addresses, cut before any result row',
  },
  {
    file: 'topo/ucx-6327-dgx1-v100-cube-mesh-nv1-nv2-sys-cut.txt',
    tool: 'topo',
    source: 'https://github.com/openucx/ucx/issues/6327',
    expert: 'no-problem',
    why: 'DGX-1 V100 hybrid cube-mesh: each GPU has NV1/NV2 links to four peers and SYS to three by design, a PIX mlx5 NIC per GPU pair; cut inside the GPU1 row',
  },
  {
    file: 'lsmod/ucx-6327-gt-prompt-grep-nv-peer-mem-loaded.txt',
    tool: 'lsmod',
    source: 'https://github.com/openucx/ucx/issues/6327',
    expert: 'no-problem',
    why: 'lsmod | grep nv_peer behind a `>` prompt: nv_peer_mem loaded and used by ib_core; gdrdrv loaded too (nvidia used by nv_peer_mem, gdrdrv): GPUDirect RDMA module present',
  },
];
