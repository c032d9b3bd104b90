import { describe, expect, it } from 'vitest';
import { readChecks as read, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1: a `ucx_info -d` block whose first key line lost its `#` (a page that cut the code block's
 * first line off, a hand copy) while every other line kept it. The key line is still ucx_info's own; reading the
 * paste must not be refused.
 */
describe('ucx_info -d: one key line without its `#` among lines that kept it', () => {
  const block = [
    '#      Device: mlx5_0:1',
    '#',
    '#      capabilities:',
    '#            bandwidth: 10957.84/ppn + 0.00 MB/sec',
    '#              latency: 1030 nsec',
    '#       error handling: peer failure',
  ];

  it('`Transport: ud_verbs` first, then its `#`-led Device line: the transport is read on its device', () => {
    const checks = read('ucx_info', ['Transport: ud_verbs', ...block].join('\n'));
    expect(checks.some((c) => c.id === 'read.unreadable')).toBe(false);
    expect(JSON.stringify(checks)).toMatch(/ud_verbs/);
    expect(verdictOf(checks)).not.toBe('ok');
  });

  it('prose without a `#` beside `#`-led ucx_info lines is still read around, not taken for a key', () => {
    const checks = read(
      'ucx_info',
      ['The transport looks fine:', '#      Transport: rc_mlx5', ...block].join('\n'),
    );
    expect(checks.find((c) => c.id === 'read.lines')?.detail).toMatch(/The transport looks fine/);
  });
});
