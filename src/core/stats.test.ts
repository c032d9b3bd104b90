import { describe, expect, it } from 'vitest';
import { median } from './stats.js';

describe('median (the one every summary uses)', () => {
  it('is the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
  });

  it('is undefined for no values, never 0, and leaves its input alone', () => {
    expect(median([])).toBeUndefined();
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
});
