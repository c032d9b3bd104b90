import { describe, expect, it } from 'vitest';
import { RDMA_WARN_FRACTION } from './expectations.js';
import {
  allFailedTogether,
  BAND_WARN_FRACTION,
  bandOf,
  bestPeak,
  fleetLineCheck,
  measuredPairs,
  neverScheduled,
  type PairFigures,
  pairCheckStatus,
  pairStanding,
  referenceFor,
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

  it("bands a pair by the pair judge's own bandwidth verdict, the worse of it and the outcome", () => {
    const judged = (status: 'ok' | 'warn' | 'fail', outcome: PairFigures['outcome'] = 'trusted') => ({
      ...pair({ outcome }),
      checks: [
        { id: 'pair.transfer', status: 'ok' as const },
        { id: 'pair.bandwidth', status },
      ],
    });
    expect(bandOf(judged('ok'))).toBe('good');
    expect(bandOf(judged('warn', 'unverified'))).toBe('warn');
    expect(bandOf(judged('fail', 'untrusted'))).toBe('bad');
    // The worse of the two: a fine figure on a pair that failed elsewhere (TCP, say) is bad.
    expect(bandOf(judged('ok', 'untrusted'))).toBe('bad');
    expect(bandOf(judged('ok', 'unverified'))).toBe('warn');
    // Both legs judged: the worse leg colours the cell.
    expect(
      bandOf({
        ...pair(),
        checks: [
          { id: 'pair.bandwidth', status: 'ok' },
          { id: 'pair.bandwidth', status: 'fail' },
        ],
      }),
    ).toBe('bad');
    // Nothing judged: the outcome alone.
    expect(bandOf({ ...pair({ outcome: 'not-run', peakGBps: null }), checks: [] })).toBe('none');
    expect(bandOf({ ...pair({ outcome: 'untrusted', peakGBps: null }), checks: [] })).toBe('bad');
    expect(bandOf({ ...pair({ outcome: 'unverified', peakGBps: null }), checks: [] })).toBe('warn');
  });

  it('with neither line rate nor floor, shows the figure against the best pair of the sweep', () => {
    const bare = { lineGBps: null, floorGBps: null };
    expect(referenceFor(pair(bare), 50)).toEqual({ gbps: 50, kind: 'best measured' });
    expect(referenceFor(pair({ lineGBps: null }), 50)).toEqual({ gbps: 15, kind: 'floor' });
    expect(referenceFor(pair(), 50)).toEqual({ gbps: 50, kind: 'line rate' });
    expect(referenceFor(pair(bare), null)).toBeNull();
    expect(bestPeak([{ peakGBps: null }, { peakGBps: 3 }, { peakGBps: 41 }])).toBe(41);
    expect(bestPeak([{ peakGBps: null }])).toBeNull();
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

describe('fleetLineCheck: the fleet majority for the path', () => {
  const pair = (prefill: string, decode: string, lineGBps: number | null, peakGBps: number | null) => ({
    prefill,
    decode,
    outcome: 'trusted' as const,
    lineGBps,
    peakGBps,
  });
  it('judges a pair with a lower line again against the fleet majority: 24 GB/s on a 25 line fails against 50', () => {
    const c = fleetLineCheck([
      pair('a', 'b', 50, 46),
      pair('c', 'd', 50, 45),
      pair('a', 'c', 50, 47),
      pair('e', 'f', 25, 24),
    ]);
    expect(c?.status).toBe('fail');
    expect(c?.detail).toBe("e → f judged at a 25 GB/s line, the fleet's 50 (24 GB/s, 48% of it)");
  });
  it('warns between 70 and 80 % of the fleet line, names and passes above, and says nothing without a majority', () => {
    const base = [pair('a', 'b', 50, 46), pair('c', 'd', 50, 45)];
    expect(fleetLineCheck([...base, pair('e', 'f', 25, 38)])?.status).toBe('warn');
    expect(fleetLineCheck([...base, pair('e', 'f', 25, 44)])?.status).toBe('ok');
    expect(fleetLineCheck([pair('a', 'b', 50, 46), pair('e', 'f', 25, 24)])).toBeUndefined();
    expect(fleetLineCheck(base)).toBeUndefined();
    expect(
      fleetLineCheck([...base, { ...pair('e', 'f', 25, null), outcome: 'not-run' as const }]),
    ).toBeUndefined();
  });
});
