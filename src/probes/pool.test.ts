import { describe, expect, it } from 'vitest';
import { mapBounded } from './pool.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mapBounded', () => {
  it('never runs more than the limit at once and keeps the input order', async () => {
    let active = 0;
    let peak = 0;
    const out = await mapBounded([30, 5, 20, 1, 10, 2], 2, async (ms) => {
      active++;
      peak = Math.max(peak, active);
      await tick(ms);
      active--;
      return ms * 10;
    });
    expect(out).toEqual([300, 50, 200, 10, 100, 20]);
    expect(peak).toBe(2);
  });

  it('stops starting jobs after a failure and rethrows it', async () => {
    const started: number[] = [];
    const boom = new Error('exec forbidden');
    const p = mapBounded([1, 2, 3, 4, 5], 1, async (n) => {
      started.push(n);
      if (n === 2) throw boom;
      return n;
    });
    await expect(p).rejects.toBe(boom);
    expect(started).toEqual([1, 2]);
  });

  it('handles an empty list', async () => {
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });
});
