import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../test/helpers/read.js';
import { readPasted } from '../read/tools.js';

/**
 * nccl-tests prints one `# Rank N` line per rank, 0 to N-1 (common.cu). A rank list whose numbers skip
 * (an author's `...` between rank 1 and rank 126) does not show how many GPUs each node ran, so the most a
 * node's NICs could carry is not derived from it (issue 38, principle 2: not shown is not absent).
 */
const read = (text: string) => readPasted('nccl-tests', text, { expect: 'any' });
const busbw = (text: string) => read(text).checks.find((c) => c.id === 'nccl.busbw');

const rank = (n: number, host: string, dev: number) =>
  `#  Rank ${String(n).padStart(2)} Group  0 Pid ${1000 + n} on ${host.padStart(10)} device  ${dev} [0008:06:00] NVIDIA GB300`;
const paste = (ranks: string[]) =>
  [
    '# nThread 1 nGpus 1 minBytes 524288 maxBytes 17179869184 step: 2(factor) warmup iters: 1 iters: 50 agg iters: 1 validation: 1 graph: 0',
    '#',
    '# Using devices',
    ...ranks,
    '#',
    '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)',
    '  8589934592    2147483648     float     sum      -1    24050  357.16  708.75      0    24006  357.83  710.06      0',
    ' 17179869184    4294967296     float     sum      -1    46170  372.10  738.39      0    46070  372.91  739.99      0',
    '# Out of bounds values : 0 OK',
    '# Avg bus bandwidth    : 300.755',
  ].join('\n');

describe('nccl-tests: a rank list with ranks left out', () => {
  it('does not take the ranks shown for the GPUs per node when the numbers skip', () => {
    const text = paste([
      rank(0, 'h-a', 0),
      rank(1, 'h-a', 1),
      '...',
      rank(126, 'h-b', 2),
      rank(127, 'h-b', 3),
    ]);
    const c = busbw(text);
    expect(c?.status).toBe('warn');
    expect(c?.detail).not.toMatch(/measurement artefact/);
    expect(verdictOf(read(text).checks)).toBe('unverified');
  });

  it('still fails busbw above what a whole rank list shows the nodes can send', () => {
    const text = paste([rank(0, 'h-a', 0), rank(1, 'h-a', 1), rank(2, 'h-b', 0), rank(3, 'h-b', 1)]);
    expect(busbw(text)).toMatchObject({ status: 'fail' });
    expect(busbw(text)?.detail).toMatch(/above what 2 GPUs per node can send/);
  });
});
