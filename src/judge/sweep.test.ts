import { describe, expect, it } from 'vitest';
import { RDMA_WARN_FRACTION } from './expectations.js';
import {
  allFailedTogether,
  BAND_WARN_FRACTION,
  bandOf,
  bestPeak,
  measuredPairs,
  neverScheduled,
  type PairFigures,
  pairCheckStatus,
  pairStanding,
  referenceFor,
  sweepStanding,
} from './sweep.js';

const pair = (over: Partial<PairFigures> = {}): PairFigures => ({
  outcome: 'trusted',
  peakGBps: 45,
  lineGBps: 50,
  floorGBps: 15,
  ...over,
});

describe('the sweep judge', () => {
  it('warns at the same share of line rate as the pair judge', () => {
    expect(BAND_WARN_FRACTION).toBe(RDMA_WARN_FRACTION);
  });

  it('bands a pair against its line rate and floor: good, warn between floor and share, bad below the floor', () => {
    expect(bandOf(pair({ peakGBps: 45 }), null, null)).toBe('good');
    expect(bandOf(pair({ peakGBps: 30 }), null, null)).toBe('good');
    expect(bandOf(pair({ peakGBps: 29.9 }), null, null)).toBe('warn');
    expect(bandOf(pair({ peakGBps: 14.9 }), null, null)).toBe('bad');
  });

  it('drops the warning share under --min-bandwidth, where the judge used only the floor', () => {
    expect(bandOf(pair({ peakGBps: 20, floorGBps: 18 }), null, 18)).toBe('good');
    expect(bandOf(pair({ peakGBps: 17, floorGBps: 18 }), null, 18)).toBe('bad');
  });

  it('takes the worse of the outcome and the figure', () => {
    expect(bandOf(pair({ outcome: 'untrusted', peakGBps: 45 }), null, null)).toBe('bad');
    expect(bandOf(pair({ outcome: 'unverified', peakGBps: 45 }), null, null)).toBe('warn');
    expect(bandOf(pair({ outcome: 'not-run', peakGBps: null }), null, null)).toBe('none');
    expect(bandOf(pair({ outcome: 'unverified', peakGBps: null }), null, null)).toBe('warn');
  });

  it('with neither line rate nor floor, compares with the best pair of the sweep', () => {
    const bare = { lineGBps: null, floorGBps: null };
    expect(bandOf(pair({ ...bare, peakGBps: 30 }), 50, null)).toBe('good');
    expect(bandOf(pair({ ...bare, peakGBps: 29 }), 50, null)).toBe('warn');
    expect(referenceFor(pair(bare), 50)).toEqual({ gbps: 50, kind: 'best measured' });
    expect(referenceFor(pair({ lineGBps: null }), 50)).toEqual({ gbps: 15, kind: 'floor' });
    expect(referenceFor(pair(), 50)).toEqual({ gbps: 50, kind: 'line rate' });
    expect(referenceFor(pair(bare), null)).toBeNull();
    expect(bestPeak([{ peakGBps: null }, { peakGBps: 3 }, { peakGBps: 41 }])).toBe(41);
    expect(bestPeak([{ peakGBps: null }])).toBeNull();
  });

  it("states the sweep's standing: untrusted on any failure, unverified on any gap or no pair", () => {
    expect(sweepStanding([{ outcome: 'trusted' }, { outcome: 'untrusted' }])).toBe('untrusted');
    expect(sweepStanding([{ outcome: 'trusted' }, { outcome: 'not-run' }])).toBe('unverified');
    expect(sweepStanding([])).toBe('unverified');
    expect(sweepStanding([{ outcome: 'trusted' }])).toBe('trusted');
  });

  it("records a pair's outcome from its verdict and whether it ran", () => {
    expect(pairStanding('untrusted', 'ran')).toEqual({ outcome: 'untrusted', failure: 'fabric' });
    expect(pairStanding('unverified', 'ran')).toEqual({ outcome: 'unverified', failure: null });
    expect(pairStanding('untrusted', 'unscheduled')).toEqual({ outcome: 'not-run', failure: 'unscheduled' });
    expect(pairStanding('untrusted', 'blocked')).toEqual({ outcome: 'not-run', failure: 'setup' });
    expect(neverScheduled('image-pull')).toBe(true);
    expect(neverScheduled('crash')).toBe(false);
    expect(neverScheduled(undefined)).toBe(false);
    expect(pairCheckStatus('not-run')).toBe('skipped');
    expect(pairCheckStatus('untrusted')).toBe('fail');
  });

  it('blames a common cause only when more than one measured pair ran and all failed', () => {
    const fab = { outcome: 'untrusted', failure: 'fabric' } as const;
    const unsched = { outcome: 'not-run', failure: 'unscheduled' } as const;
    const ok = { outcome: 'trusted', failure: null } as const;
    expect(measuredPairs([fab, unsched, ok])).toEqual([fab, ok]);
    expect(allFailedTogether(measuredPairs([fab, unsched, fab]))).toBe(true);
    expect(allFailedTogether(measuredPairs([fab, unsched]))).toBe(false);
    expect(allFailedTogether(measuredPairs([fab, ok]))).toBe(false);
  });
});
