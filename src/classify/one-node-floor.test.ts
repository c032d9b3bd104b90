import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 5 (the consequence of what is shown), from corpus batch b32: inside one node
 * nccl-tests' busbw is NVLink/PCIe, not the fabric, and is reported unjudged; but a figure under the
 * 5 GB/s floor of any working RDMA link means KV between those GPUs moves slower than between nodes.
 * The paste is nccl-tests' own output (two ranks of one process on one host, `-g 2`).
 */
function run(busbw: number): string {
  const rows = [67108864, 134217728, 268435456, 536870912].map((bytes) => {
    const n = bytes / 4;
    const us = ((bytes / (busbw * 1e9)) * 1e6).toFixed(0);
    const bw = busbw.toFixed(2);
    return `${String(bytes).padStart(12)}  ${String(n).padStart(12)}     float     sum      -1  ${us.padStart(7)}  ${bw.padStart(6)}  ${bw.padStart(6)}      0  ${us.padStart(7)}  ${bw.padStart(6)}  ${bw.padStart(6)}      0`;
  });
  return [
    '# nThread 1 nGpus 2 minBytes 67108864 maxBytes 536870912 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0',
    '#',
    '# Using devices',
    '#  Rank  0 Group  0 Pid  31706 on     box-a device  0 [0000:b4:00] NVIDIA GeForce RTX 2080 Ti',
    '#  Rank  1 Group  0 Pid  31706 on     box-a device  1 [0000:b5:00] NVIDIA GeForce RTX 2080 Ti',
    '#',
    '#                                                              out-of-place                       in-place',
    '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)',
    ...rows,
    '# Out of bounds values : 0 OK',
    `# Avg bus bandwidth    : ${(busbw * 0.9).toFixed(3)}`,
  ].join('\n');
}

describe('5. a one-node busbw under the 5 GB/s floor fails; above it, one node stays reported, not judged', () => {
  it('4 GB/s between two GPUs of one node fails nccl.busbw', () => {
    const checks = readChecks('nccl-tests', run(4));
    expect(checkLines(checks)).toContain('fail nccl.busbw');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('40 GB/s on the same node is not judged against the fabric and does not hold the verdict back', () => {
    const checks = readChecks('nccl-tests', run(40));
    expect(checkLines(checks)).toContain('skipped nccl.busbw');
    expect(verdictOf(checks)).toBe('trusted');
  });
});
