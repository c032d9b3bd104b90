import { describe, expect, it } from 'vitest';
import { check } from './model.js';
import { rollUp } from './verdict.js';

describe('rollUp', () => {
  it('is trusted only when every check is ok', () => {
    const v = rollUp([check('ib.port', 'ok', 'mlx5_0:1 Active'), check('ucx.rc', 'ok', 'rc_mlx5 present')]);
    expect(v).toEqual({
      status: 'trusted',
      summary: 'Disaggregated serving can be trusted: all 2 checks passed.',
      counts: { ok: 2, warn: 0, fail: 0, skipped: 0 },
    });
  });

  it('is untrusted on any fail and names the fail first, even after warnings', () => {
    const v = rollUp([
      check('gdr.peermem', 'warn', 'nvidia_peermem not loaded', { fix: 'modprobe nvidia_peermem' }),
      check('ib.port', 'fail', 'mlx5_1:1 is Down', { subject: 'node-a', fix: 'check the cable' }),
    ]);
    expect(v.status).toBe('untrusted');
    expect(v.fixFirst).toEqual({
      id: 'ib.port',
      subject: 'node-a',
      detail: 'mlx5_1:1 is Down',
      fix: 'check the cable',
    });
    expect(v.summary).toBe(
      'Do not trust disaggregated serving: 1 check failed; fix first: ib.port (node-a): mlx5_1:1 is Down — check the cable',
    );
  });

  it('never treats a skipped check as a pass', () => {
    const v = rollUp([
      check('ib.port', 'ok', 'Active'),
      check('ucx.transports', 'skipped', 'ucx_info not found'),
    ]);
    expect(v.status).toBe('unverified');
    expect(v.summary).toContain('a check that matters was skipped');
    expect(v.fixFirst?.id).toBe('ucx.transports');
  });

  it('lets informational skips through', () => {
    const v = rollUp([
      check('ib.port', 'ok', 'Active'),
      check('gdr.copybw', 'skipped', 'not run', { matters: false }),
    ]);
    expect(v.status).toBe('trusted');
  });

  it('prefers a warning over a skip as the thing to look at first', () => {
    const v = rollUp([check('a.skip', 'skipped', 'x'), check('b.warn', 'warn', 'y')]);
    expect([v.status, v.fixFirst?.id]).toEqual(['unverified', 'b.warn']);
  });

  it('is never trusted when nothing was checked', () => {
    expect(rollUp([]).status).toBe('unverified');
    expect(rollUp([check('x', 'skipped', 'n/a', { matters: false })]).status).toBe('unverified');
  });
});
