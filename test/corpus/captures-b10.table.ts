import type { Capture } from './captures.table.js';

/** Corpus batch b10 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b10: Capture[] = [
  {
    file: 'ibstat/gpud-testdata-a100-vm-8-ib-vf-hdr-plus-eth-vf-all-active.txt',
    tool: 'ibstat',
    source:
      'https://github.com/leptonai/gpud/blob/8602ad1efc74e9ef147e82eaafb5b12e21362329/pkg/nvidia-query/infiniband/testdata/ibstat.47.0.a100.all.active.0 (gpud test data captured from a real node)',
    expert: 'no-problem',
    why: 'A100 VM with SR-IOV VFs (MT4126): eight InfiniBand VFs Active at 200 (HDR) with LIDs from an SM, plus one Ethernet VF at 200 (host networking): all up',
  },
  {
    file: 'ibstat/gpud-testdata-h100-roce-2-of-8-cx7-rails-disabled.txt',
    tool: 'ibstat',
    source:
      'https://github.com/leptonai/gpud/blob/8602ad1efc74e9ef147e82eaafb5b12e21362329/pkg/nvidia-query/infiniband/testdata/ibstat.47.0.h100.some.down.1 (gpud test data captured from a real node)',
    expert: 'problem',
    why: 'H100 RoCE node: eight identical CX-7 (MT4129) 400G rails, two of them (mlx5_5, mlx5_11) Down/Disabled at a 40 fallback rate; the rail set shows they are meant to carry GPU traffic, so two GPUs lose their rail (the CX-6 Dx 100G ports are up)',
  },
];
