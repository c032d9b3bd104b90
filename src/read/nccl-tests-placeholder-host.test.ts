import { describe, expect, it } from 'vitest';
import { parseNcclTests } from '../parsers/nccl-tests.js';
import { readPasted } from './tools.js';

// nccl-tests prints each rank as `#  Rank %2d Group %2d Pid %6d on %10s device %2d [%04x:%02x:%02x] %s`
// (src/util.cu). An author who hides the host names may write a placeholder with a space in it; the host is
// still whatever stands between `on` and `device N [`, and ranks that name the same placeholder share a host.
const rank = (n: number, host: string) =>
  `#  Rank ${String(n).padStart(2)} Group  0 Pid 20${n} on ${host} device  ${n} [0000:0${n}:00] NVIDIA H100 80GB HBM3\n`;
const HEAD = `#
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
  8589934592    2147483648     float     sum      -1    31356  273.95  479.41      0    31308  274.36  480.14      0
# Out of bounds values : 0 OK
`;

describe('nccl-tests rank lines whose host the author replaced with a placeholder (principle 1)', () => {
  it('`on SERVER ONE device` names one host, however the columns were padded', () => {
    const paste = `${rank(0, 'SERVER ONE')}${rank(1, 'SERVER ONE ')}${rank(2, ' SERVER  ONE')}${rank(3, 'SERVER ONE')}${HEAD}`;
    const r = parseNcclTests(paste);
    expect(r.ranks.map((x) => x.host)).toEqual(['SERVER ONE', 'SERVER ONE', 'SERVER ONE', 'SERVER ONE']);
    expect(r.ranks.map((x) => x.device)).toEqual([0, 1, 2, 3]);
    const busbw = readPasted('nccl-tests', paste, { expect: 'any' }).checks.find(
      (c) => c.id === 'nccl.busbw',
    );
    // One node: NVLink/PCIe inside it, reported and not judged, as with a one-word host name.
    expect(busbw?.status).toBe('skipped');
    expect(busbw?.detail).toMatch(/on one node \(4 ranks/);
    expect(busbw?.detail).not.toMatch(/nodes not shown/);
  });

  it('two placeholders are two hosts: the run crosses nodes', () => {
    const paste = `${rank(0, 'SERVER ONE')}${rank(1, 'SERVER ONE')}${rank(2, 'SERVER TWO')}${rank(3, 'SERVER TWO')}${HEAD}`;
    const hosts = new Set(parseNcclTests(paste).ranks.map((x) => x.host));
    expect([...hosts]).toEqual(['SERVER ONE', 'SERVER TWO']);
    const busbw = readPasted('nccl-tests', paste, { expect: 'any' }).checks.find(
      (c) => c.id === 'nccl.busbw',
    );
    expect(busbw?.detail).not.toMatch(/on one node/);
  });
});
