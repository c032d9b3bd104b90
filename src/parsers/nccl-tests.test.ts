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
    expect(parseNcclTests(now).rows.find((r) => r.bytes === 134217728)?.wrong).toBe(3);
    // `%5g` prints a million wrong values as 1e+06: still a count.
    expect(
      parseNcclTests(now.replace(/\b3\b/g, '1e+06')).rows.find((r) => r.bytes === 134217728)?.wrong,
    ).toBe(1e6);
  });

  it('under `#wrong`, a fraction in its cell means a row whose cells do not line up (a cell lost to a wrap): not read as a row', () => {
    const header =
      '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong';
    // The in-place busbw `0.01` was wrapped onto the next line with the last `#wrong`: every cell after `-1` shifts.
    const wrapped = `${header}\n          64            16     float     sum      -1    14.48    0.00    0.01      0    14.37    0.00    0\n.01      0\n`;
    const r = parseNcclTests(wrapped);
    expect(r.rows.filter((x) => x.bytes === 64)).toEqual([]);
    expect(lines(readPasted('nccl-tests', wrapped, { expect: 'any' }).checks)).not.toContain('fail nccl.run');
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

/**
 * One all_reduce_perf table in nccl-tests' own format (src/util.cu: the header at :756-760, each row
 * `%12li  %12li  %8s  %6s  %6s` then per placement `%7s  %6s  %6s  %6g`), busbw at the largest size as given.
 */
function allReduce(ranks: string[], busbw: number): string {
  const n = ranks.length || 16;
  const alg = (busbw / ((2 * (n - 1)) / n)).toFixed(2);
  const cell = (s: string, w: number) => s.padStart(w);
  const row = (bytes: number, a: string, b: string) =>
    `${cell(String(bytes), 12)}  ${cell(String(bytes / 4), 12)}  ${cell('float', 8)}  ${cell('sum', 6)}  ${cell('-1', 6)}  ${cell('90000', 7)}  ${cell(a, 6)}  ${cell(b, 6)}  ${cell('0', 6)}  ${cell('90000', 7)}  ${cell(a, 6)}  ${cell(b, 6)}  ${cell('0', 6)}`;
  return [
    '# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0',
    '#',
    '# Using devices',
    ...ranks,
    '#',
    '#                                                              out-of-place                       in-place          ',
    '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ',
    row(8, '0.00', '0.00'),
    row(8589934592, alg, busbw.toFixed(2)),
    '# Out of bounds values : 0 OK',
    '# Avg bus bandwidth    : 70.742 ',
  ].join('\n');
}
/** `#  Rank %2d Group %2d Pid %6d on %10s device %2d [%04x:%02x:%02x] %s` (src/util.cu:687), g ranks on each host. */
const rankLines = (hosts: string[], g: number) =>
  hosts.flatMap((h, i) =>
    Array.from(
      { length: g },
      (_, d) =>
        `#  Rank ${String(i * g + d).padStart(2)} Group  0 Pid ${String(6000 + i * g + d).padStart(6)} on ${h.padStart(10)} device ${String(d).padStart(2)} [0000:${(4 + d).toString(16).padStart(2, '0')}:00] NVIDIA H100 80GB HBM3`,
    ),
  );

describe('nccl-tests behind a launcher prefix (principle 1: the launcher’s label is not the tool’s line)', () => {
  it("srun --label's `N: ` task prefix (padded to the widest task number) is read as the lines behind it", () => {
    const labelled = allReduce(rankLines(['node-a', 'node-b'], 8), 76.79)
      .split('\n')
      .map((l, i) => `${i % 3 === 0 ? ' 0' : '12'}: ${l}`)
      .join('\n');
    const p = parseNcclTests(labelled);
    expect(p.ranks).toHaveLength(16);
    expect(p.rows.map((r) => r.busbw)).toEqual([0, 76.79]);
    expect(p.outOfBounds?.count).toBe(0);
  });

  it('mpirun `[1,0]<stdout>:` tags indented by a markdown list are stripped like unindented ones', () => {
    const indented = allReduce([], 437.79)
      .split('\n')
      .map((l) => `   [1,0]<stdout>:${l}`)
      .join('\n');
    expect(parseNcclTests(indented).rows.map((r) => r.busbw)).toEqual([0, 437.79]);
  });

  it('a labelled connection line without its NCCL prefix is read through the label too', () => {
    expect(parseNcclTests('3: 9[1a000] -> 2[6b000] [receive] via NET/IB/1').via.staged).toBe(1);
  });

  it("MPICH -prepend-rank's `[N] ` before every relayed chunk, also inside a row, is the launcher's", () => {
    const tagged = [
      '[0]     16777216       4194304     float     sum      -1[0]    1334.9   12.57   24.09      0[0]    1336.5   12.55   24.06      0',
      '[0]     67108864      16777216     float     sum      -1[0]     24410    2.75    5.27      0[0]     24425    2.75    5.27      0',
      '[0] node:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC',
    ].join('\n');
    const p = parseNcclTests(tagged);
    expect(p.rows.map((r) => [r.bytes, r.busbw, r.busbwInPlace, r.wrong])).toEqual([
      [16777216, 24.09, 24.06, 0],
      [67108864, 5.27, 5.27, 0],
    ]);
    expect(p.via.p2p).toBe(1);
  });
});

describe('NCCL connection lines: the network name, the device and GPUDirect RDMA (transport/net.cc)', () => {
  // `[send] via NET/%s/%d%s%s%s`: network name, device, `/GDRDMA`, `(PCI)`, `/Shared`; PXN: `NET/%s/%d(%d)…`.
  const prefix = 'worker-0:26:68 [1] NCCL INFO';
  it('a plugin name with a space (aws-ofi-nccl: `AWS Libfabric`) is one name; GDRDMA after it is GPUDirect', () => {
    const p = parseNcclTests(
      [
        `${prefix} Using network AWS Libfabric`,
        `${prefix} Channel 00/0 : 1[101d0] -> 8[101c0] [send] via NET/AWS Libfabric/1/GDRDMA`,
        `${prefix} Channel 01/0 : 9[101d0] -> 1[101c0] [receive] via NET/AWS Libfabric/3/GDRDMA`,
      ].join('\n'),
    );
    expect(p.via).toEqual({ gdrdma: 2, staged: 0, socket: 0, p2p: 0 });
    expect([...p.netDevs]).toEqual([1, 3]);
    expect(
      lines(
        readPasted(
          'nccl-tests',
          `${prefix} Using network AWS Libfabric\n${prefix} Channel 00/0 : 1[101d0] -> 8[101c0] [send] via NET/AWS Libfabric/1/GDRDMA`,
          { expect: 'any' },
        ).checks,
      ),
    ).toContain('ok nccl.transport');
  });

  it('PXN `(proxy)`, `(PCI)` and `/Shared` are suffixes: GDRDMA is read through them, and its absence too', () => {
    const p = parseNcclTests(
      [
        `${prefix} Channel 02/0 : 1[1] -> 9[1] [send] via NET/IB/0(8)/GDRDMA/Shared`,
        `${prefix} Channel 03/0 : 1[1] -> 9[1] [send] via NET/IB/2/GDRDMA(PCI)`,
        `${prefix} Channel 04/0 : 1[1] -> 9[1] [send] via NET/IB/3/Shared`,
        `${prefix} Channel 05/0 : 1[1] -> 2[2] via P2P/IPC/read`,
      ].join('\n'),
    );
    expect(p.via).toEqual({ gdrdma: 2, staged: 1, socket: 0, p2p: 1 });
  });

  it('connection lines pasted without their `host:pid:tid [dev] NCCL INFO` prefix are still NCCL’s', () => {
    // The shape a poster cuts to (NVIDIA/nccl#897): rank[busId] -> rank[busId] [send|receive] via ….
    const bare =
      '9[1a000] -> 2[6b000] [send] via NET/IB/0/GDRDMA\n9[1a000] -> 2[6b000] [receive] via NET/IB/1\n';
    expect(parseNcclTests(bare).via).toEqual({ gdrdma: 1, staged: 1, socket: 0, p2p: 0 });
    expect(lines(readPasted('nccl-tests', bare, { expect: 'any' }).checks)).toEqual([
      'skipped nccl.run',
      'warn nccl.transport',
    ]);
    // Pre-2.7 rings (`Ring 00 : 3 -> 4 [send] via NET/IB/0`) too; prose with an arrow is not.
    expect(parseNcclTests('Ring 00 : 3 -> 4 [send] via NET/IB/0').via.staged).toBe(1);
    expect(() => parseNcclTests('step 3 -> 4 went via the dashboard')).toThrow(ParseError);
  });
});

describe('nccl-tests busbw ceiling from what the paste shows (principle 3), not one link’s', () => {
  const judged = (text: string) =>
    readPasted('nccl-tests', text, { expect: 'any' }).checks.find((c) => c.id === 'nccl.busbw');
  it('two nodes of 8 ranks: 339 GB/s is within what 8 GPUs’ NICs carry; with no line rate it is not judged (warn)', () => {
    const c = judged(allReduce(rankLines(['node-a', 'node-b'], 8), 339));
    expect(c?.status).toBe('warn');
    expect(c?.detail).toContain('cannot be judged against the link');
  });

  it('two nodes of one rank each: 339 GB/s is above what one GPU can send over any network: fail', () => {
    const c = judged(allReduce(rankLines(['node-a', 'node-b'], 1), 339));
    expect(c?.status).toBe('fail');
    expect(c?.detail).toContain(
      'above what 1 GPU per node can send over any network at 250 GB/s each (250 GB/s)',
    );
  });

  it('two ranks per node: the ceiling is 2 × 250 GB/s', () => {
    expect(judged(allReduce(rankLines(['node-a', 'node-b'], 2), 480))?.status).toBe('warn');
    expect(judged(allReduce(rankLines(['node-a', 'node-b'], 2), 520))?.status).toBe('fail');
  });

  it('nodes not shown: one NVSwitch node gives 483 GB/s, so only the GPU ceiling (1000 GB/s) fails', () => {
    const c = judged(allReduce([], 483));
    expect(c?.status).toBe('warn');
    expect(c?.detail).toContain('neither the link nor its line rate known');
    expect(judged(allReduce([], 1200))?.status).toBe('fail');
  });

  it('above rails × line rate with --line-rate is ok and says why (a tree sends algbw, not busbw, over the NICs)', () => {
    const c = readPasted('nccl-tests', allReduce(rankLines(['node-a', 'node-b'], 8), 78.3), {
      expect: 'any',
      lineRateGbps: 100,
      rails: 4,
    }).checks.find((x) => x.id === 'nccl.busbw');
    expect(c?.status).toBe('ok');
    expect(c?.detail).toContain('a tree or in-network (SHARP/NVLS) all-reduce reaches that');
    expect(c?.detail).not.toContain('not a pass');
  });
});

describe('nccl-tests rows the paste stops inside, and runs that show no transfer (principles 1–3)', () => {
  const HEAD = `#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
`;
  const rank = (n: number, host: string) =>
    `#  Rank ${String(n).padStart(2)} Group  0 Pid 10${n} on ${host} device  ${n} [0x1${n}] NVIDIA A40\n`;

  it('a last row with fewer cells than the header is a cut, not a row with #wrong > 0', () => {
    const paste = `${rank(0, 'a')}${rank(1, 'b')}${HEAD}        4096          1024     float     sum      -1    30.74    0.13    0.13      0    30.69    0.13    0.13      0
        8192          2048     float     sum      -1    31.76    0.26    0.26      0    31.59    0.26    0.`;
    const r = parseNcclTests(paste);
    expect(r.rows.map((x) => x.bytes)).toEqual([4096]);
    expect(r.cutRows).toBe(1);
    const checks = readPasted('nccl-tests', paste, { expect: 'any' }).checks;
    expect(lines(checks)).toEqual(['ok nccl.run', 'skipped nccl.busbw']);
    expect(checks[0]?.detail).toMatch(/1 row cut inside/);
  });

  it('one rank moves nothing between GPUs: busbw is not judged, and that matters', () => {
    const paste = `${rank(0, 'a')}${HEAD}    33554432       8388608     float    none      -1    19.56  1715.44    0.00      0     0.78  43046.10    0.00    N/A
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0 `;
    const checks = readPasted('nccl-tests', paste, { expect: 'any' }).checks;
    const busbw = checks.find((c) => c.id === 'nccl.busbw');
    expect(busbw?.status).toBe('skipped');
    expect(busbw?.detail).toMatch(/one rank .* measures no transfer between GPUs/);
    expect(busbw?.matters).not.toBe(false);
  });

  it('a rank list that starts at Rank 71 was cut before it: at least 72 ranks, not a one-rank run (principle 2)', () => {
    const paste = `${rank(71, 'gb200-171')}#\n${HEAD}  8589934592    2147483648     float     sum      -1    20299  423.16  834.57      0    20006  429.37  846.82      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 745.53 `;
    const busbw = readPasted('nccl-tests', paste, { expect: 'any' }).checks.find(
      (c) => c.id === 'nccl.busbw',
    );
    expect(busbw?.detail).not.toMatch(/one rank/);
    // The other ranks' hosts are not shown: not "one node" either.
    expect(busbw?.detail).toMatch(/nodes not shown/);
  });

  it('a Test NCCL failure after the rows ends the run: a failure, whatever the rows before it (principle 4)', () => {
    const paste = `${HEAD} 17179869184    4294967296     float     sum      -1    93457  183.83  367.29      0    93420  183.90  367.44      0
HCA-128: Test NCCL failure common.cu:1204 'unhandled cuda error (run with NCCL_DEBUG=INFO for details) / '
 .. HCA-128 pid 757466: Test failure common.cu:915`;
    const run = readPasted('nccl-tests', paste, { expect: 'any' }).checks.find((c) => c.id === 'nccl.run');
    expect(run?.status).toBe('fail');
    expect(run?.detail).toMatch(/aborted after 1 row: line 5: HCA-128: Test NCCL failure/);
  });

  it('one node whose rows stop before 64 MiB: latency-bound, not judged (not "inside the node, reported")', () => {
    const paste = `${rank(0, 'a')}${rank(1, 'a')}${HEAD}          64            16     float     sum      -1    32.89    0.00    0.00      0    33.50    0.00    0.00      0`;
    const busbw = readPasted('nccl-tests', paste, { expect: 'any' }).checks.find(
      (c) => c.id === 'nccl.busbw',
    );
    expect(busbw?.detail).toMatch(/no size of 64 MiB or more: latency-bound/);
    expect(busbw?.matters).not.toBe(false);
  });
});

describe('nccl-tests rows cut by NCCL_DEBUG=INFO lines written between their parts (principle 1)', () => {
  // nccl-tests writes a row in three parts (util.cu writeBenchmarkLinePreamble, common.cu
  // writeBenchmarkLineBody per placement, util.cu writeBenchmarkLineTerminator); NCCL's INFO lines land between.
  const info = (dev: number, what: string) => `mew0:64904:64904 [${dev}] NCCL INFO AllReduce: ${what}`;
  const paste = `#  Rank  0 Group  0 Pid  64904 on       mew0 device  0 [0000:17:00] NVIDIA A100 80GB PCIe
#  Rank  1 Group  0 Pid  64904 on       mew0 device  1 [0000:65:00] NVIDIA A100 80GB PCIe
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
     8388608       2097152     float     sum      -1${info(1, 'opCount 0 count 2097152 datatype 7 op 0')}
${info(0, '8388608 Bytes -> Algo RING proto SIMPLE channel{Lo..Hi}={0..23}')}
    83.33  100.66  100.66      0${info(1, 'opCount 0 count 2097152 datatype 7 op 0')}
${info(0, '8388608 Bytes -> Algo RING proto SIMPLE channel{Lo..Hi}={0..23}')}
    80.98  103.59  103.59      0
    16777216       4194304     float     sum      -1${info(1, 'opCount 0 count 4194304 datatype 7 op 0')}
    160.2  104.73  104.73      0${info(1, 'opCount 0 count 4194304 datatype 7 op 0')}
    158.9  105.59  105.59      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 103.6
`;

  it('each row is joined again from its parts, with its cells in order', () => {
    const r = parseNcclTests(paste);
    expect(r.rows.map((row) => [row.bytes, row.busbw, row.busbwInPlace])).toEqual([
      [8388608, 100.66, 103.59],
      [16777216, 104.73, 105.59],
    ]);
    expect(lines(readPasted('nccl-tests', paste, { expect: 'any' }).checks)).toContain('ok nccl.run');
  });
});
