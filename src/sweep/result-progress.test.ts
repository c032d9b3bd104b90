import { describe, expect, it } from 'vitest';
import type { SweepPair } from './model.js';
import { progressLine } from './result.js';

const pair = (outcome: SweepPair['outcome']) => ({ outcome }) as SweepPair;

describe('progressLine', () => {
  it('never counts a pair that did not run as done (a sweep after an API outage)', () => {
    expect(progressLine([pair('trusted'), pair('not-run'), pair('not-run')], 3)).toBe(
      '1 of 3 pairs done, 2 not run',
    );
    expect(progressLine([pair('not-run'), pair('not-run')], 3)).toBe('0 of 3 pairs done, 2 not run');
  });

  it('counts failed pairs among the done ones', () => {
    expect(progressLine([pair('trusted'), pair('untrusted')], 2)).toBe('2 of 2 pairs done, 1 failed');
  });
});
