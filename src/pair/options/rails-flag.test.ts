import { describe, expect, it } from 'vitest';
import { parseRailsFlag } from './rails-flag.js';

describe('--rails', () => {
  it('parses all, one rail, and a list', () => {
    expect(parseRailsFlag(undefined)).toBe('all');
    expect(parseRailsFlag('all')).toBe('all');
    expect(parseRailsFlag('1')).toEqual([1]);
    expect(parseRailsFlag('3,0,3')).toEqual([0, 3]);
    expect(() => parseRailsFlag('0,x')).toThrow(/not a GPU index/);
  });
});
