import type { Capture } from './captures.table.js';

/** Corpus batch b19 (issue 38): see captures.table.ts and README.md; the expert verdict was written before `read` ran. */
export const CAPTURES_b19: Capture[] = [
  {
    file: 'topo/aikitoria-18-4x3090-nv4-pairs-pcie-rest-no-nic.txt',
    tool: 'topo',
    source: 'https://github.com/aikitoria/open-gpu-kernel-modules/pull/18',
    expert: 'not-judged',
    why: 'four RTX 3090 in two NVLink-bridged pairs (GPU0-GPU2 and GPU1-GPU3 NV4); every other pair crosses PCIe (PHB/NODE), so KV between unbridged GPUs goes over PCIe: a warning; no NIC in the matrix',
  },
  {
    file: 'topo/k8s-test-infra-371-gb200-4gpu-nv18-no-nic-legend-cut.txt',
    tool: 'topo',
    source: 'https://github.com/NVIDIA/k8s-test-infra/issues/371',
    expert: 'not-judged',
    why: 'GB200 tray: all four GPUs NV18 to each other (NVLink healthy), two per Grace NUMA node; no NIC in the matrix, so GPU-NIC placement for RDMA is not shown; cut inside the legend',
  },
];
