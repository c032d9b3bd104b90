import { describe, expect, it } from 'vitest';
import { allPairs, type PlannedPair, ring, roles } from './schemes.js';

const names = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);

/** No node in two pairs of one round. */
function disjointRounds(pairs: PlannedPair[]): boolean {
  const rounds = new Map<number, string[]>();
  for (const p of pairs) rounds.set(p.round, [...(rounds.get(p.round) ?? []), p.prefill, p.decode]);
  return [...rounds.values()].every((nodes) => new Set(nodes).size === nodes.length);
}

const key = (p: PlannedPair) => [p.prefill, p.decode].sort().join('|');

describe('ring', () => {
  it.each([3, 4, 5, 16, 17, 64])(
    'links each of %i nodes to its neighbour, in 2 or 3 rounds of disjoint pairs',
    (n) => {
      const plan = ring(names(n));
      expect(plan.pairs).toHaveLength(n);
      expect(plan.rounds).toBe(n % 2 === 0 ? 2 : 3);
      expect(disjointRounds(plan.pairs)).toBe(true);
      for (let i = 0; i < n; i++) {
        expect(plan.pairs.some((p) => p.prefill === `n${i}` && p.decode === `n${(i + 1) % n}`)).toBe(true);
      }
      // Every node initiates once and is the target once.
      expect(new Set(plan.pairs.map((p) => p.prefill)).size).toBe(n);
      expect(new Set(plan.pairs.map((p) => p.decode)).size).toBe(n);
    },
  );

  it('is one pair for two nodes, and nothing for one', () => {
    expect(ring(['a', 'b']).pairs).toEqual([{ index: 0, round: 0, prefill: 'a', decode: 'b' }]);
    expect(ring(['a']).pairs).toEqual([]);
  });
});

describe('all-pairs', () => {
  it.each([2, 3, 4, 7, 16, 64])(
    'tests each of the N(N-1)/2 pairs of %i nodes once, in N-1 (even) or N (odd) rounds',
    (n) => {
      const plan = allPairs(names(n));
      expect(plan.pairs).toHaveLength((n * (n - 1)) / 2);
      expect(new Set(plan.pairs.map(key)).size).toBe(plan.pairs.length);
      expect(plan.rounds).toBe(n % 2 === 0 ? n - 1 : n);
      expect(disjointRounds(plan.pairs)).toBe(true);
      // Rounds are full: N/2 pairs each for an even N.
      if (n % 2 === 0)
        for (let r = 0; r < plan.rounds; r++)
          expect(plan.pairs.filter((p) => p.round === r)).toHaveLength(n / 2);
    },
  );

  it('lets every node initiate about half of its transfers', () => {
    const plan = allPairs(names(16));
    for (const n of names(16)) {
      const asPrefill = plan.pairs.filter((p) => p.prefill === n).length;
      expect(asPrefill).toBeGreaterThanOrEqual(5);
      expect(asPrefill).toBeLessThanOrEqual(10);
    }
  });
});

describe('role', () => {
  it('pairs every prefill node with every decode node, prefill first, never a node with itself', () => {
    const plan = roles(['p0', 'p1', 'x'], ['d0', 'x']);
    expect(plan.pairs.map((p) => `${p.prefill}>${p.decode}`).sort()).toEqual(
      ['p0>d0', 'p0>x', 'p1>d0', 'p1>x', 'x>d0'].sort(),
    );
    expect(disjointRounds(plan.pairs)).toBe(true);
  });

  it('fills rounds: 4 prefill × 4 decode nodes take 4 rounds of 4', () => {
    const plan = roles(['p0', 'p1', 'p2', 'p3'], ['d0', 'd1', 'd2', 'd3']);
    expect(plan.pairs).toHaveLength(16);
    expect(plan.rounds).toBe(4);
    expect(disjointRounds(plan.pairs)).toBe(true);
  });
});
