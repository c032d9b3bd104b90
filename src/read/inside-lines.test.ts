import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * A line inside a tool's output that is not the tool's (a poster's note, a prompt's leftovers, "Press any key to
 * continue") is read around in outputs made of lines that stand alone (issue 38, principle 1), never a reason to
 * refuse the rest; it is named (`read.lines`), and what it could stand for is not shown (principle 2): only a line
 * the classifier looks for that shares a word with it. A matrix or benchmark table whose own row the parser
 * refuses is still refused.
 */
const LSMOD = [
  'Module                  Size  Used by',
  'mlx5_ib               430080  0',
  'ib_uverbs             155648  1 mlx5_ib',
  'ib_core               430080  2 ib_uverbs,mlx5_ib',
  'nvidia              56717312  0',
];
const DEV = [
  'crw-rw-rw- 1 root root  10, 123 Mar  1 10:00 rdma_cm',
  'crw------- 1 root root 231,   0 Mar  1 10:00 umad0',
  'crw-rw-rw- 1 root root 231, 192 Mar  1 10:00 uverbs0',
];
const within = (lines: readonly string[], at: number, extra: string) =>
  [...lines.slice(0, at), extra, ...lines.slice(at)].join('\n');
const lines = (tool: Parameters<typeof readChecks>[0], text: string) =>
  checkLines(readChecks(tool, text)).filter((l) => !l.includes('read.lines'));

describe('a line inside the output that is not the tool’s', () => {
  it('in an lsmod listing: read around and named; the listing reads as without it', () => {
    const checks = readChecks('lsmod', within(LSMOD, 2, 'Press any key to continue'));
    expect(checks.find((c) => c.id === 'read.lines')?.detail).toMatch(/line 3 "Press any key to continue"/);
    expect(lines('lsmod', within(LSMOD, 2, 'Press any key to continue'))).toEqual(
      lines('lsmod', LSMOD.join('\n')),
    );
  });

  it('a line that could be the missing module leaves its absence not shown, never absent', () => {
    // Without the nvidia and ib_core rows (whose used-by lists would prove it either way), the listing alone says
    // peermem is absent.
    const listing = LSMOD.slice(0, 3);
    const peer = (cs: ReturnType<typeof readChecks>) => cs.find((c) => c.id === 'gdr.peermem');
    expect(peer(readChecks('lsmod', listing.join('\n')))?.detail).toMatch(
      /neither nvidia_peermem nor nv_peer_mem/,
    );
    const garbled = readChecks('lsmod', within(listing, 2, 'nvidia_peermem (garbled by the copy)'));
    expect(peer(garbled)?.status).toBe('skipped');
    const unrelated = readChecks('lsmod', within(listing, 2, 'Press any key to continue'));
    expect(peer(unrelated)?.detail).toMatch(/neither nvidia_peermem nor nv_peer_mem/);
  });

  it('in `ls -l /dev/infiniband`: read around, the devices still read', () => {
    expect(lines('dev-infiniband', within(DEV, 1, 'Press any key to continue'))).toEqual(
      lines('dev-infiniband', DEV.join('\n')),
    );
  });

  it('more than two such lines, or a line before a table row the reader cannot place, still refuse the paste', () => {
    const notes = [
      LSMOD[0],
      'note one here',
      LSMOD[1],
      'note two here',
      LSMOD[2],
      'note three here',
      LSMOD[3],
      LSMOD[4],
    ];
    expect(() => readChecks('lsmod', notes.join('\n'))).toThrow();
    const topo = [
      '\tGPU0\tGPU1\tCPU Affinity',
      'GPU0\t X \tPIQNODE\t0-31',
      'GPU1\tNV18\t X \t0-31',
      '',
      'Legend:',
      '  X    = Self',
    ].join('\n');
    expect(() => readChecks('topo', topo)).toThrow();
  });
});
