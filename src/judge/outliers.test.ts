import { describe, expect, it } from 'vitest';
import { MIN_PATH_PAIRS, outlierOf, pathMedians } from './outliers.js';

describe('outliers against the fleet median of the same path', () => {
  const pairs = [
    { path: 'rdma', peakGBps: 48 },
    { path: 'rdma', peakGBps: 47 },
    { path: 'rdma', peakGBps: 49 },
    { path: 'rdma', peakGBps: 42 }, // 12.5 % below 48
    { path: 'rdma', peakGBps: 44 }, // 8 % below 48
    { path: 'nvlink', peakGBps: 300 },
    { path: 'nvlink', peakGBps: 310 },
    { path: 'rdma', peakGBps: null },
  ];
  const medians = pathMedians(pairs);

  it('takes one median per path, only where enough pairs measured it', () => {
    expect(medians).toEqual(new Map([['rdma', 47]]));
    expect(MIN_PATH_PAIRS).toBe(3);
  });

  it('flags a figure more than the fraction below its own path, never one on another path', () => {
    expect(outlierOf({ path: 'rdma', peakGBps: 42 }, medians)).toEqual({ medianGBps: 47, share: 0.894 });
    expect(outlierOf({ path: 'rdma', peakGBps: 44 }, medians)).toBeUndefined();
    // NVLink figures are far above RDMA's, and have too few pairs for a median: no verdict.
    expect(outlierOf({ path: 'nvlink', peakGBps: 42 }, medians)).toBeUndefined();
    expect(outlierOf({ path: 'rdma', peakGBps: null }, medians)).toBeUndefined();
    // --outlier 0.05: 44 of 47 is 6.4 % below.
    expect(outlierOf({ path: 'rdma', peakGBps: 44 }, medians, 0.05)?.share).toBe(0.936);
  });
});
