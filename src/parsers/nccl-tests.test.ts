import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';
import { ParseError } from './errors.js';
import { parseNcclTests } from './nccl-tests.js';

const lines = (checks: { status: string; id: string }[]) => checks.map((c) => `${c.status} ${c.id}`);

// nccl-tests before the NCCL 2.13 resync (51af557^ src/all_reduce.cu print_header, src/common.cu:736
// `PRINT("  %7s  %6.2f  %6.2f  %5.0le", timeStr, algBw, busBw, maxDelta)`): the fourth column of each
// placement is `error`, the maximum deviation; values out of tolerance are counted only in the footer.
const OLD = (
  footer: string,
) => `#                                                       out-of-place                       in-place
#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error
#        (B)    (elements)                       (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
           4             1     float     sum    47.54    0.00    0.00  0e+00    49.35    0.00    0.00  4e-07
   134217728      33554432     float     sum   1452.3   92.42  173.28  5e-07   1449.9   92.57  173.57  5e-07
${footer}
`;

describe('nccl-tests: the old `error` column is a deviation, not a count (principle 3: the header names it)', () => {
  it('a small deviation in every row is no wrong result; the footer decides', () => {
    const ok = parseNcclTests(OLD('# Out of bounds values : 0 OK'));
    expect(ok.rows.map((r) => r.wrong)).toEqual([undefined, undefined]);
    expect(
      lines(readPasted('nccl-tests', OLD('# Out of bounds values : 0 OK'), { expect: 'any' }).checks),
    ).toContain('ok nccl.run');
    expect(
      lines(readPasted('nccl-tests', OLD('# Out of bounds values : 2 FAILED'), { expect: 'any' }).checks),
    ).toContain('fail nccl.run');
  });

  it('under the `#wrong` header the same cell is a count', () => {
    const now = OLD('# Out of bounds values : 0 OK')
      .replace(/ error/g, '#wrong')
      .replace(/5e-07/g, '3');
    expect(parseNcclTests(now).rows[1]?.wrong).toBe(3);
  });
});

describe('nccl-tests result rows pasted without their header (principle 1)', () => {
  const ROWS = `       32768          8192     float     sum      -1    18.66    1.76    3.07       0    17.95    1.83    3.20       0
    33554432       8388608     float     sum      -1   195.40  171.72  300.51       0   195.40  171.73  300.52       0
           0             0     float    none      -1     3.18    0.00    0.00      0     3.17    0.00    0.00      0
`;
  it('rows whose type is one of nccl-tests type names are read; the verdict comes from them', () => {
    expect(parseNcclTests(ROWS).rows.map((r) => r.busbw)).toEqual([3.07, 300.51, 0]);
    expect(lines(readPasted('nccl-tests', ROWS, { expect: 'any' }).checks)[0]).toBe('ok nccl.run');
  });

  it('without a header a whole number in the fourth cell is still #wrong, a deviation is not counted', () => {
    const bad = ROWS.replace('300.51       0', '300.51      12');
    expect(lines(readPasted('nccl-tests', bad, { expect: 'any' }).checks)[0]).toBe('fail nccl.run');
    const dev = ROWS.replace('300.51       0', '300.51  4e-07');
    expect(parseNcclTests(dev).rows[1]?.wrong).toBe(0);
  });

  it('a table of the same shape with another type word is not nccl-tests', () => {
    expect(() => parseNcclTests(ROWS.replace(/float/g, 'apples'))).toThrow(ParseError);
  });
});
