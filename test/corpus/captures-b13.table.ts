import type { Capture } from './captures.table.js';

/** Corpus batch b13 (issue 38): see captures.table.ts for the format; the expert verdict was written before `read` ran. */
export const CAPTURES_b13: Capture[] = [
  {
    file: 'perftest/rdma-tutorial-8-cx3-write-lat-server-sq-warning-cut.txt',
    tool: 'perftest',
    source: 'https://github.com/jcxue/RDMA-Tutorial/issues/8',
    expert: 'not-judged',
    why: 'ib_write_lat -a -C between two directly cabled ConnectX-3 (mlx4, RoCE, MTU 1024): the "Requested SQ size might be too big" note and the header, cut at the column titles: no latency shown',
  },
  {
    file: 'ibstatus/rxe-dev-52-soft-roce-rxe0-only-cut.txt',
    tool: 'ibstatus',
    source: 'https://github.com/SoftRoCE/rxe-dev/issues/52',
    expert: 'problem',
    why: "the only RDMA device is rxe0, Soft-RoCE on a QEMU VM's 1 GbE NIC: software RDMA without GPUDirect, no fabric for KV transfer; cut after its default gid",
  },
];
