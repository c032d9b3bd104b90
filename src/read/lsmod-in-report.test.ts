import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { ParseError } from '../parsers/errors.js';

/**
 * Issue 38, principle 1 (read what is there, whatever its shape), from batch b35: a diagnostic script prints
 * lsmod's rows under its own banner and step lines (`3. Checking kernel modules...`, `✓ modules loaded:`) with
 * no prompt and no header. When the rows form one unbroken run and every line around them is not lsmod's, the
 * run is read and the report's lines are named and read around; the list may be filtered, so it stays
 * incomplete (sources: references/read-shapes.md).
 */
const report = (rows: readonly string[]) =>
  [
    '==============================',
    'RDMA Diagnostic Check',
    '==============================',
    '',
    '3. Checking kernel modules...',
    '✓ modules loaded:',
    ...rows,
    '',
    '4. Checking devices...',
    'total 0',
  ].join('\n');
const rows = [
  'mlx5_ib               483328  0',
  'ib_uverbs             200704  2 rdma_ucm,mlx5_ib',
  'ib_core               524288  4 rdma_cm,ib_uverbs,mlx5_ib,ib_cm',
  'mlx5_core            2416640  1 mlx5_ib',
];

describe('lsmod: the module list inside a report', () => {
  it('reads the rows: ib_core names every user and no peer-memory module, a warning', () => {
    const checks = readChecks('lsmod', report(rows));
    expect(checkLines(checks)).toEqual(expect.arrayContaining(['warn gdr.peermem', 'skipped read.lines']));
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('nvidia_peermem among ib_core users: loaded', () => {
    const withPeer = rows.map((r) =>
      r.startsWith('ib_core')
        ? 'ib_core               524288  5 rdma_cm,ib_uverbs,mlx5_ib,ib_cm,nvidia_peermem'
        : r,
    );
    expect(checkLines(readChecks('lsmod', report(withPeer)))).toContain('ok gdr.peermem');
  });

  it('rows broken by a line that is not lsmod are not one list: refused as before', () => {
    const broken = [...rows.slice(0, 2), 'see above', ...rows.slice(2)];
    expect(() => readChecks('lsmod', report(broken))).toThrow(ParseError);
  });

  it('two rows are too few to tell a module list inside a report', () => {
    expect(() => readChecks('lsmod', report(rows.slice(0, 2)))).toThrow(ParseError);
  });
});
