import { describe, expect, it } from 'vitest';
import { type Candidates, describePlan, estimatePlan, planWarning } from './candidates.js';
import type { SweepConfig } from './config.js';
import { allPairs, ring } from './schemes.js';

const nodes = (n: number) => Array.from({ length: n }, (_, i) => `gpu-node-${String(i).padStart(2, '0')}`);

function config(
  over: { maxParallel?: number; timeoutMs?: number; pairTimeoutMs?: number } = {},
): SweepConfig {
  return {
    maxParallel: over.maxParallel ?? 8,
    timeoutMs: over.timeoutMs ?? 30 * 60_000,
    pair: { timeoutMs: over.pairTimeoutMs ?? 5 * 60_000 },
  } as SweepConfig;
}

function cand(names: string[], over: Partial<Candidates> = {}): Candidates {
  return { included: names, excluded: [], selection: 'every node with a GPU', views: [], ...over };
}

describe('the sweep plan against --timeout', () => {
  it('64 nodes all-pairs: 252 waves do not fit in 30m; it warns with the estimate and a --timeout that fits', () => {
    const plan = allPairs(nodes(64));
    const e = estimatePlan(plan, config());
    expect(e).toEqual({ waves: 252, estimateMs: 252 * 60_000, suggestMs: 255 * 60_000 });
    const warning = planWarning(plan, config(), 200);
    expect(warning).toBe(
      'the plan needs about 4h12m (252 waves of pairs), more than --timeout 30m: pass --timeout 4h15m; pairs not started by then are not run',
    );
  });

  it('a plan that fits says nothing; small overruns round up to the minute', () => {
    const plan = ring(nodes(8));
    expect(planWarning(plan, config())).toBeUndefined();
    // ring over 8 nodes: 8 pairs in 2 rounds, one at a time: 8 waves of about 1m against 5m30s.
    const tight = config({ maxParallel: 1, timeoutMs: 5.5 * 60_000 });
    expect(estimatePlan(plan, tight)).toEqual({ waves: 8, estimateMs: 8 * 60_000, suggestMs: 8 * 60_000 });
    expect(planWarning(plan, tight, 200)).toContain('pass --timeout 8m');
    // Under 100 columns the suggestion stays; what happens otherwise gives way.
    const short = planWarning(allPairs(nodes(64)), config(), 100);
    expect(short).toBe(
      'the plan needs about 4h12m (252 waves of pairs), more than --timeout 30m: pass --timeout 4h15m',
    );
    // A --pair-timeout shorter than the typical pair bounds each wave.
    expect(estimatePlan(plan, config({ maxParallel: 1, pairTimeoutMs: 30_000 })).estimateMs).toBe(8 * 30_000);
  });
});

describe('plan lines keep under the width', () => {
  const long = nodes(64);
  const excluded = long.slice(0, 40).map((node) => ({ node, reason: 'no free nvidia.com/gpu (0 of 8)' }));
  const c = cand(long, { selection: `--nodes ${long.join(',')}`, excluded });

  for (const width of [80, 100, 200]) {
    it(`at ${width} columns`, () => {
      const lines = describePlan(allPairs(long), c, config(), width);
      expect(lines).toHaveLength(3);
      for (const l of lines) expect(l.length).toBeLessThan(width);
      // The counts stay whole; the long --nodes list gives way.
      expect(lines[0]).toMatch(
        /^all-pairs over 64 nodes \(--nodes [^)]*…\): 2016 pairs in 63 rounds, at most 8 at once$/,
      );
      expect(lines[1]).toMatch(/^estimate: 252 waves of pairs, about 4h12m/);
      // Left-out nodes are listed until the line is full, then counted; or only counted.
      const left = lines[2] ?? '';
      const listed =
        /^left out \(cannot take a probe pod\): (gpu-node-00 \(no free .*); \+(\d+) more \(in the report\)$/.exec(
          left,
        );
      if (listed) expect((listed[1]?.match(/gpu-node-\d\d/g) ?? []).length + Number(listed[2])).toBe(40);
      else expect(left).toBe('left out (cannot take a probe pod): 40 nodes (in the report)');
      if (width === 200) expect(listed).not.toBeNull();
    });
  }

  it('at 50 columns every line still fits', () => {
    const lines = describePlan(allPairs(long), c, config(), 50);
    for (const l of lines) expect(l.length).toBeLessThan(50);
    expect(lines[1]).toBe('estimate: 252 waves of pairs, about 4h12m; --tim…');
    expect(lines[2]).toBe('left out (cannot take a probe pod): 40 nodes (in…');
  });

  it('short plans are whole and read as English', () => {
    const lines = describePlan(ring(['a', 'b']), cand(['a', 'b']), config(), 100);
    expect(lines).toEqual([
      'ring over 2 nodes (every node with a GPU): 1 pair in 1 round, at most 1 at once',
      'estimate: 1 wave of pairs, about 1m (at most 5m by --pair-timeout); --timeout 30m',
    ]);
  });
});
