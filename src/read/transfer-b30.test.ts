import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { readPasted } from './tools.js';

/**
 * Issue 38, principles 1 (read what is there), 2 ("not shown" is never "failed" or "fine") and 5 (a
 * line is judged by its consequence), from corpus batch b30 (the transfer readers). Each paste is a
 * small one in the tool's own format, paired with the form that must still fail or pass, so a rule
 * cannot pass by never failing or never passing. Sources: references/read-shapes.md.
 */
const read = readChecks;
const lines = checkLines;
const byId = (checks: ReturnType<typeof read>, id: string) => checks.find((c) => c.id === id);

describe('1. nccl-tests before 2.13: alltoall rows print a blank redop cell', () => {
  // common.cu prints the op name with `%6s`; alltoall.cu passed "" for it before the 2.13 resync.
  const head = [
    '#',
    '#                                                       out-of-place                       in-place          ',
    '#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error',
    '#        (B)    (elements)                       (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)  ',
  ];
  const rows = [
    '   268435456       1048576     float           520935    0.52    0.51  0e+00   519562    0.52    0.51  1e+00',
    '   536870912       2097152     float          1041974    0.52    0.51  0e+00  1041299    0.52    0.51  1e+00',
  ];
  const tail = ['# Out of bounds values : 0 OK', '# Avg bus bandwidth    : 0.507636 '];
  const at100 = (text: string) => readPasted('nccl-tests', text, { expect: 'any', lineRateGbps: 100 }).checks;

  it('the rows are read, and 0.51 GB/s busbw on a 100 Gb/s link fails', () => {
    const checks = at100([...head, ...rows, ...tail].join('\n'));
    expect(lines(checks)).toEqual(['ok nccl.run', 'fail nccl.busbw']);
    expect(byId(checks, 'nccl.busbw')?.detail).toMatch(/busbw 0\.51 GB\/s/);
  });

  it('a row one cell short at its end is still a cut, not a row', () => {
    const cut = rows[1]?.replace(/\s+1e\+00$/, '') as string;
    const checks = at100([...head, rows[0] as string, cut].join('\n'));
    expect(byId(checks, 'nccl.run')?.detail).toMatch(/1 row cut inside/);
  });

  it('under a header without redop (broadcast), a row one cell short is a cut', () => {
    const bhead = [
      '#       size         count    type    root     time   algbw   busbw  error     time   algbw   busbw  error',
      '#        (B)    (elements)                     (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ',
    ];
    const row =
      '   268435456      67108864   float       0   122131    2.20    2.20  0e+00   122165    2.20    2.20';
    const checks = at100([...bhead, row].join('\n'));
    expect(byId(checks, 'nccl.run')?.status).toBe('skipped');
  });
});

describe('5. an NCCL WARN is judged by what NCCL did next', () => {
  const banner = [
    '# nThread 1 nGpus 4 minBytes 8 maxBytes 268435456 step: 2(factor) warmup iters: 5 iters: 20 validation: 1',
    '#',
    '# Using devices',
    '#   Rank  0 Pid  15833 on node1 device  0 [0x02] GeForce GTX 1080 Ti',
    '#   Rank  1 Pid  15833 on node1 device  1 [0x03] GeForce GTX 1080 Ti',
  ];
  const warn = 'node1:15833:15833 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]';

  it('a WARN NCCL carried on after (sockets, the version line) is not a failed run', () => {
    const checks = read(
      'nccl-tests',
      [
        ...banner,
        warn,
        'node1:15833:15833 [0] NCCL INFO NET/Socket : Using [0]eth0:10.2.3.32<0>',
        'NCCL version 2.4.8+cuda10.0',
      ].join('\n'),
    );
    expect(byId(checks, 'nccl.run')?.status).toBe('skipped');
    expect(byId(checks, 'nccl.run')?.detail).toMatch(/NCCL warned \(line 6: .*libibverbs.*\) and carried on/);
  });

  it('a WARN followed by an error returned up the same process fails', () => {
    const checks = read(
      'nccl-tests',
      [...banner, warn, 'node1:15833:15840 [0] NCCL INFO init.cc:516 -> 3'].join('\n'),
    );
    expect(lines(checks)).toContain('fail nccl.run');
  });

  it('a WARN nothing follows is not known to have been survived: it still fails', () => {
    expect(lines(read('nccl-tests', [...banner, warn].join('\n')))).toContain('fail nccl.run');
  });

  it("another process's error return does not fail a WARN its own process carried on after", () => {
    const checks = read(
      'nccl-tests',
      [
        ...banner,
        warn,
        'node2:2000:2001 [0] NCCL INFO proxy.cc:858 -> 6 [Proxy Thread]',
        'node1:15833:15833 [0] NCCL INFO NET/Socket : Using [0]eth0:10.2.3.32<0>',
      ].join('\n'),
    );
    // node2's error return has no WARN of its own in the paste: only node1's WARN is judged.
    expect(byId(checks, 'nccl.run')?.status).toBe('skipped');
  });
});

describe('2. a gdrcopy test the paste stops inside, with no error line, is not shown', () => {
  const copybw = [
    'GPU id:0 name:Tesla V100-SXM2-16GB PCI domain: 0 bus: 4 device: 0',
    'selecting device 0',
    'testing size: 131072',
    'rounded size: 131072',
    'device ptr: 403960000',
    'map_d_ptr: 0x7f0395d5c000',
    'info.va: 403960000',
    'info.mapped_size: 131072',
    'info.page_size: 65536',
    'info.mapped: 1',
    'info.wc_mapping: 1',
  ];
  const end = [
    'writing test, size=131072 offset=0 num_iters=10000',
    'write BW: 9437.68MB/s',
    'reading test, size=131072 offset=0 num_iters=100',
    'read BW: 356.296MB/s',
    'unmapping buffer',
    'unpinning buffer',
    'closing gdrdrv',
  ];

  it('cut after the mapping lines: skipped, never "did not finish"', () => {
    const checks = read('gdrcopy', copybw.join('\n'));
    expect(lines(checks)).toEqual(['skipped gdr.gdrcopy']);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('cut inside the GPU list: skipped', () => {
    expect(
      lines(
        read(
          'gdrcopy',
          'GPU id:0 name:Tesla V100-SXM2-16GB PCI domain: 4 bus: 4 device: 0\nGPU id:1 name: Tesla V10',
        ),
      ),
    ).toEqual(['skipped gdr.gdrcopy']);
  });

  it('the same run with an assertion fails, and the whole run passes', () => {
    const asserted = [
      ...copybw,
      'Assertion "(gdr_map(g, mh, &map_d_ptr, size)) == (0)" failed at copybw.cpp:210',
    ];
    expect(lines(read('gdrcopy', asserted.join('\n')))).toEqual(['fail gdr.gdrcopy']);
    expect(lines(read('gdrcopy', [...copybw, ...end].join('\n')))).toEqual(['ok gdr.gdrcopy']);
  });
});

describe('2. a ucx_perftest run cut before its Final line: the end of the run is not shown', () => {
  const box = [
    '+--------------+--------------+------------------------------+---------------------+-----------------------+',
    '|              |              |        latency (usec)        |   bandwidth (MB/s)  |  message rate (msg/s) |',
    '+--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+',
    '|    Stage     | # iterations | 50.0%ile | average | overall |  average |  overall |  average  |  overall  |',
    '+--------------+--------------+----------+---------+---------+----------+----------+-----------+-----------+',
  ];
  const rows = [
    '[thread 0]             31045     15.993    16.106    16.106     1776.36    1776.36       62088       62088',
    '[thread 0]             62188     16.024    16.055    16.081     1781.98    1779.17       62285       62187',
  ];
  const cmd = '$ ucx_perftest 10.0.0.2 -t ucp_am_lat -s 30000';

  it('interval rows of a latency test without Final: run skipped, not judged', () => {
    const checks = read('ucx_perftest', [cmd, ...box, ...rows].join('\n'));
    expect(byId(checks, 'perftest.run')?.status).toBe('skipped');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the same run with its Final line completes', () => {
    const final =
      'Final:                 100000     16.024    16.080    16.080     1779.20    1779.20       62190       62190';
    expect(byId(read('ucx_perftest', [cmd, ...box, ...rows, final].join('\n')), 'perftest.run')?.status).toBe(
      'ok',
    );
  });
});
