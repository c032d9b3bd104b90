import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['5s', 5000],
    ['2m', 120_000],
    ['500ms', 500],
    ['1h30m', 5_400_000],
    ['1.5s', 1500],
    ['2d', 172_800_000],
    ['20', 20_000],
    ['0.25', 250],
    [' 30s ', 30_000],
  ])('%j → %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', 's', '5x', '-5s', '5 s', 'abc', '1e3', '5sec'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('formatDuration', () => {
  it.each([
    [400, '400ms'],
    [5000, '5s'],
    [95_000, '1m35s'],
    [3_600_000, '1h'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
