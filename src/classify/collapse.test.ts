import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { rollUp } from '../core/verdict.js';
import { COLLAPSE_SHARE, collapseAfterPeak, judgedRow, rowsBandwidthCheck } from '../judge/bandwidth.js';
import { expectationFor } from '../judge/expectations.js';
import { readPasted } from '../read/tools.js';

/**
 * A size sweep that collapses at its large sizes (issue 38, principle 5: severity follows the
 * consequence): the large sizes are the ones KV moves, so the sweep is judged by its slowest large
 * size, never by the best row before the fall; under half of the best is a collapse, not noise.
 */
const lines = (checks: Check[]) =>
  checks.filter((c) => c.id !== 'read.input').map((c) => `${c.status} ${c.id}`);
const detail = (checks: Check[], id: string) => checks.find((c) => c.id === id)?.detail ?? '';

describe('collapseAfterPeak', () => {
  const rows = (bw: number[]) => bw.map((gbps, k) => ({ bytes: 2 ** (20 + k), gbps }));
  const find = (bw: number[]) =>
    collapseAfterPeak(
      rows(bw),
      (r) => r.bytes,
      (r) => r.gbps,
      1 << 22,
    );

  it('finds the slowest large size after the best row when it is under half of it', () => {
    const fall = find([5, 20, 30, 9, 12, 14]);
    expect(fall?.peak.gbps).toBe(30);
    expect(fall?.low.gbps).toBe(9);
  });

  it('leaves a rising sweep, a dip that stays above half, and a fall before the large sizes alone', () => {
    expect(find([5, 10, 20, 40, 80, 90])).toBeUndefined();
    expect(find([5, 20, 30, 30 * COLLAPSE_SHARE + 1, 28, 29])).toBeUndefined();
    // Rows under `large` are latency-bound: a low one there is no collapse, and a fast one under `from` is no peak.
    expect(find([30, 2, 31, 32])).toBeUndefined();
    expect(
      collapseAfterPeak(
        rows([90, 20, 30, 31]),
        (r) => r.bytes,
        (r) => r.gbps,
        1 << 22,
        1 << 21,
      ),
    ).toBeUndefined();
    expect(find([])).toBeUndefined();
  });
});

// nccl-tests src/common.cu per-size row: size count type redop root, then time algbw busbw #wrong twice.
const sweep = (
  busbw: Record<string, number>,
) => `# nThread 1 nGpus 1 minBytes 1048576 maxBytes 536870912 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  1001 on      gpu-a device  0 [0x18] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  2001 on      gpu-b device  0 [0x18] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
${Object.entries(busbw)
  .map(
    ([size, bw]) =>
      `${size.padStart(12)}  ${String(Number(size) / 4).padStart(12)}     float     sum      -1   1000.0  ${bw.toFixed(2).padStart(6)}  ${bw.toFixed(2).padStart(6)}      0   1000.0  ${bw.toFixed(2).padStart(6)}  ${bw.toFixed(2).padStart(6)}      0`,
  )
  .join('\n')}
# Out of bounds values : 0 OK
#
`;

describe('nccl-tests: a busbw that collapses at the large sizes', () => {
  it('is held to the floor at its slowest large size: 29.5 GB/s at 32 MiB, then 4.1 GB/s at 256 MiB fails', () => {
    const fell = sweep({
      '16777216': 24.1,
      '33554432': 29.5,
      '67108864': 5.27,
      '134217728': 5.22,
      '268435456': 4.09,
      '536870912': 5.31,
    });
    const checks = readPasted('nccl-tests', fell, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['ok nccl.run', 'fail nccl.busbw']);
    expect(detail(checks, 'nccl.busbw')).toMatch(
      /falls from 29\.5 GB\/s at 32 MiB to 4\.09 GB\/s at 256 MiB/,
    );
    expect(rollUp(checks).status).toBe('untrusted');
  });

  it('warns when the large sizes stay above the floor but under half of the best, even with a line rate met', () => {
    const fell = sweep({ '33554432': 80, '67108864': 30, '134217728': 31, '268435456': 32 });
    const checks = readPasted('nccl-tests', fell, { expect: 'any', lineRateGbps: 200, rails: 1 }).checks;
    expect(lines(checks)).toEqual(['ok nccl.run', 'warn nccl.busbw']);
    expect(detail(checks, 'nccl.busbw')).toContain('falls from 80.0 GB/s at 32 MiB to 30.0 GB/s at 64 MiB');
    // The same sweep rising to its last size is judged by its best row, and passes at that line rate.
    const rising = sweep({ '33554432': 20, '67108864': 24, '134217728': 25, '268435456': 25.5 });
    expect(
      lines(readPasted('nccl-tests', rising, { expect: 'any', lineRateGbps: 200, rails: 1 }).checks),
    ).toEqual(['ok nccl.run', 'ok nccl.busbw']);
  });

  it('on one node a collapse is a warning (NVLink/PCIe degrade too), where a steady sweep is only reported', () => {
    const one = (s: string) => s.replace('gpu-b device  0', 'gpu-a device  1');
    const fell = one(sweep({ '33554432': 200, '67108864': 60, '134217728': 62 }));
    expect(lines(readPasted('nccl-tests', fell, { expect: 'any' }).checks)).toEqual([
      'ok nccl.run',
      'warn nccl.busbw',
    ]);
    const steady = one(sweep({ '33554432': 200, '67108864': 210, '134217728': 215 }));
    expect(lines(readPasted('nccl-tests', steady, { expect: 'any' }).checks)).toEqual([
      'ok nccl.run',
      'skipped nccl.busbw',
    ]);
  });
});

// perftest src/perftest_parameters.c print_report_bw, one row per size with -a.
const perftestSweep = (
  avg: Record<string, number>,
) => `---------------------------------------------------------------------------------------
                    RDMA_Write BW Test
 Dual-port       : OFF		Device         : mlx5_0
 Number of qps   : 1		Transport type : IB
 Connection type : RC		Using SRQ      : OFF
 Link type       : IB
---------------------------------------------------------------------------------------
 #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
${Object.entries(avg)
  .map(
    ([size, gbit]) =>
      ` ${size.padEnd(10)} 5000           ${gbit.toFixed(2).padStart(8)}           ${gbit.toFixed(2).padStart(8)}		   0.100000`,
  )
  .join('\n')}
---------------------------------------------------------------------------------------
`;

describe('perftest: a -a sweep that collapses at the large sizes', () => {
  it('is judged by its slowest streaming size: 390 Gb/s at 256 KiB, then 30 Gb/s from 1 MiB fails', () => {
    const fell = perftestSweep({ '65536': 380, '262144': 390, '1048576': 30, '4194304': 31, '8388608': 32 });
    const checks = readPasted('perftest', fell, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['ok verbs.run', 'fail verbs.bandwidth']);
    expect(detail(checks, 'verbs.bandwidth')).toContain(
      'falls from 48.8 GB/s at 256 KiB to 3.75 GB/s at 1 MiB',
    );
  });

  it('a fall above the floor is at least a warning, even where the line rate is met', () => {
    const fell = perftestSweep({ '65536': 380, '262144': 390, '1048576': 150, '4194304': 160 });
    const checks = readPasted('perftest', fell, { expect: 'any', lineRateGbps: 200, rails: 1 }).checks;
    expect(lines(checks)).toEqual(['ok verbs.run', 'warn verbs.bandwidth']);
    const steady = perftestSweep({ '65536': 180, '262144': 190, '1048576': 192, '4194304': 193 });
    expect(
      lines(readPasted('perftest', steady, { expect: 'any', lineRateGbps: 200, rails: 1 }).checks),
    ).toEqual(['ok verbs.run', 'ok verbs.bandwidth']);
  });
});

describe('pair and read nixlbench/ucx_perftest: the judged row after a collapse', () => {
  const exp = expectationFor({ mode: 'cross-node', lineRateGbps: 400, rails: 1 });
  it('judgedRow picks the slowest large block after the best one and says where it fell from', () => {
    const rows = [
      { blockSize: 1 << 20, batchSize: 1, gbps: 40 },
      { blockSize: 1 << 24, batchSize: 1, gbps: 46 },
      { blockSize: 1 << 26, batchSize: 1, gbps: 12 },
      { blockSize: 1 << 28, batchSize: 1, gbps: 14 },
    ];
    const picked = judgedRow(rows);
    expect(picked?.row.gbps).toBe(12);
    expect(picked?.fellFrom?.gbps).toBe(46);
    const c = rowsBandwidthCheck(rows, exp, 'cross-node', 'a→b', false);
    expect(c.status).toBe('fail');
    expect(c.detail).toContain('falls from 46.0 GB/s at 16 MiB to 12.0 GB/s at 64 MiB');
    expect(c.data).toMatchObject({ judgedGBps: 12, fellFromGBps: 46 });
  });

  it('a collapse that stays above the bars still warns; a flat sweep or one in-flight row is judged by its best', () => {
    const fell = [
      { blockSize: 1 << 20, batchSize: 1, gbps: 48 },
      { blockSize: 1 << 26, batchSize: 1, gbps: 47 },
      { blockSize: 1 << 28, batchSize: 1, gbps: 45 },
    ];
    expect(rowsBandwidthCheck(fell, exp, 'cross-node', 'a→b', false).status).toBe('ok');
    const low = expectationFor({ mode: 'cross-node', lineRateGbps: 100, rails: 1 });
    const half = [
      { blockSize: 1 << 20, batchSize: 1, gbps: 30 },
      { blockSize: 1 << 26, batchSize: 1, gbps: 13 },
    ];
    // 13 GB/s meets a 100G link's bars, but came after 30 GB/s at 1 MiB: a warning, never a pass.
    expect(rowsBandwidthCheck(half, low, 'cross-node', 'a→b', false).status).toBe('warn');
    // The in-flight row is the judged family: a slower one-at-a-time row is no collapse.
    const inFlight = [
      { blockSize: 1 << 26, batchSize: 1, gbps: 20 },
      { blockSize: 1 << 26, batchSize: 1, gbps: 46, inFlight: 8 },
    ];
    expect(judgedRow(inFlight)?.fellFrom).toBeUndefined();
  });

  it('a host-memory copy inside one host is shaped by the CPU caches: no collapse, judged by its best row', () => {
    const cached = [
      { blockSize: 1 << 20, batchSize: 1, gbps: 40 },
      { blockSize: 1 << 28, batchSize: 1, gbps: 12 },
    ];
    expect(judgedRow(cached, 1 << 20, { collapse: false })).toMatchObject({ row: { gbps: 40 } });
    const c = rowsBandwidthCheck(cached, exp, 'intra-node', 'a→b', false, undefined, { hostCopy: true });
    expect(c.detail).not.toContain('falls from');
    expect(rowsBandwidthCheck(cached, exp, 'intra-node', 'a→b', false).detail).toContain('falls from');
  });
});
