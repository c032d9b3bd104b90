import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';
import { parseNcclTests } from './nccl-tests.js';

const lines = (text: string) =>
  readPasted('nccl-tests', text, { expect: 'any' }).checks.map((c) => `${c.status} ${c.id}`);

/**
 * Issue 38, principle 1, from batch b64: a write-up keeps nccl-tests' results with a header it cut down, one placement
 * (`size count type redop time algbw busbw #wrong`) or only the columns it discusses (`size time algbw busbw`), and
 * may drop the `[bus id]` from the rank lines. The header still names its columns: the rows under it are read by
 * those names, not refused as "no result row". nccl-tests' own layout (src/common.cu) prints two placements.
 */
describe('nccl-tests: a results header the poster cut down', () => {
  it('one placement kept: each row is read, #wrong included', () => {
    const text = [
      '#  Rank  0 Group  0 Pid   4242 on node-a device  0 [0000:17:00] NVIDIA L40S',
      '#  Rank  1 Group  0 Pid   4242 on node-a device  1 [0000:65:00] NVIDIA L40S',
      '#',
      '#       size         count    type   redop     time   algbw   busbw  #wrong',
      '#        (B)    (elements)                     (us)  (GB/s)  (GB/s)',
      '     1048576        262144   float     sum   102.41   10.24   10.24       0',
      '   268435456      67108864   float     sum  21474.8   12.50   12.50       0',
      '# Avg bus bandwidth    : 11.37',
    ].join('\n');
    const r = parseNcclTests(text);
    expect(r.rows.map((x) => [x.bytes, x.busbw, x.wrong])).toEqual([
      [1048576, 10.24, 0],
      [268435456, 12.5, 0],
    ]);
    expect(lines(text)).toContain('ok nccl.run');
  });

  it('a wrong count in the one placement kept is still a failure', () => {
    const text = [
      '#       size         count    type   redop     time   algbw   busbw  #wrong',
      '   268435456      67108864   float     sum  21474.8   12.50   12.50      17',
    ].join('\n');
    expect(lines(text)).toContain('fail nccl.run');
  });

  it('only size, time and the bandwidths kept, ranks without a bus id on two hosts: busbw under the floor fails', () => {
    const text = [
      '#  Rank  0 Group  0 Pid   2101 on host-1 device  0 NVIDIA A40',
      '#  Rank  1 Group  0 Pid   3307 on host-2 device  0 NVIDIA A40',
      '',
      '#       size      time   algbw   busbw  #wrong',
      '   134217728    89500    1.50    1.50       0',
    ].join('\n');
    const r = parseNcclTests(text);
    expect(r.ranks.map((x) => [x.host, x.gpu])).toEqual([
      ['host-1', 'NVIDIA A40'],
      ['host-2', 'NVIDIA A40'],
    ]);
    expect(r.rows.map((x) => x.busbw)).toEqual([1.5]);
    expect(lines(text)).toContain('fail nccl.busbw');
  });

  it('a bare cut-down result with no ranks: read, and not judged against a link it does not name', () => {
    const text = [
      '#       size      time   algbw   busbw',
      '#        (B)      (us)  (GB/s)  (GB/s)',
      '  8589934592   412000   20.85   20.85',
      '# Avg bus bandwidth    : 20.85',
    ].join('\n');
    expect(parseNcclTests(text).rows.map((x) => x.busbw)).toEqual([20.85]);
    const got = lines(text);
    expect(got).toContain('ok nccl.run');
    expect(got).toContain('warn nccl.busbw');
  });

  it('a row with a cell missing under a cut-down header is not read in the wrong columns', () => {
    const text = ['#       size      time   algbw   busbw  #wrong', '   134217728    89500    1.50'].join(
      '\n',
    );
    expect(parseNcclTests(text).rows).toEqual([]);
  });
});
