import { describe, expect, it } from 'vitest';
import { type Check, check } from '../core/model.js';
import { bandwidthCheck } from './bandwidth.js';
import { expectationFor } from './expectations.js';
import { pairStatus } from './pair-status.js';

const ndr = { device: 'mlx5_0', port: 1, rateGbps: 400, active: true };
const exp = expectationFor({ mode: 'cross-node', nics: { prefill: [ndr], decode: [ndr] } });
const bw = (gbps: number | undefined, subject = 'a → b') => bandwidthCheck(gbps, exp, 'cross-node', subject);

describe('pairStatus', () => {
  it('is the verdict of the pair.bandwidth check at each side of the bars', () => {
    // NDR 400: line 50 GB/s, floor 35 (70 %), warning share 40 (80 %).
    expect(exp).toMatchObject({ lineGBps: 50, floorGBps: 35, warnGBps: 40 });
    expect(pairStatus({ checks: [bw(45)] })).toBe('ok');
    expect(pairStatus({ checks: [bw(38)] })).toBe('warn');
    expect(pairStatus({ checks: [bw(5)] })).toBe('fail');
    expect(pairStatus({ checks: [bw(undefined)] })).toBe('fail');
  });

  it('takes the worst leg and reads no other check', () => {
    const others: Check[] = [
      check('pair.run', 'fail', 'x'),
      check('pair.transport', 'warn', 'x'),
      check('pair.gpudirect', 'warn', 'x'),
    ];
    expect(pairStatus({ checks: [...others, bw(45, 'prefill → decode')] })).toBe('ok');
    expect(pairStatus({ checks: [bw(45, 'prefill → decode'), bw(38, 'decode → prefill')] })).toBe('warn');
    expect(pairStatus({ checks: [bw(5), bw(38), bw(45)] })).toBe('fail');
  });

  it('is none when nothing was judged', () => {
    expect(pairStatus({ checks: [] })).toBe('none');
    expect(pairStatus({ checks: [check('pair.run', 'fail', 'x')] })).toBe('none');
    expect(pairStatus({ checks: [check('pair.bandwidth', 'skipped', 'nothing was measured')] })).toBe('none');
  });
});
