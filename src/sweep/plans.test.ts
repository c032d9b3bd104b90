import { describe, expect, it } from 'vitest';
import { allPairs, matchings, type PlannedPair, roundSizes } from './schemes.js';
import { acrossGroups, groupBy, groupings, representatives, withinGroups, ZONE_LABEL } from './topology.js';

/**
 * Plans at fleet scale: the round-robin tournament at up to 1,024 nodes, seeded matchings,
 * and the topology-aware plans. Each check is one pass over the pairs (a 1,024-node
 * tournament is 523,776 pairs), so a wrong rotation of the circle method is caught at once.
 */

const names = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Every round's pairs share no node; returns the nodes seen per round. */
function checkDisjoint(pairs: readonly PlannedPair[]): void {
  const busy = new Map<number, Set<string>>();
  for (const p of pairs) {
    const set = busy.get(p.round) ?? new Set<string>();
    busy.set(p.round, set);
    if (set.has(p.prefill) || set.has(p.decode))
      throw new Error(`round ${p.round}: ${p.prefill} or ${p.decode} twice`);
    set.add(p.prefill);
    set.add(p.decode);
  }
}

describe('round-robin tournament (all-pairs, circle method)', () => {
  it.each([2, 3, 5, 8, 31, 64, 127, 256, 999, 1024])('plays every pair of %i nodes exactly once', (n) => {
    const plan = allPairs(names(n));
    const seen = new Set<string>();
    for (const p of plan.pairs) {
      const k = key(p.prefill, p.decode);
      if (p.prefill === p.decode || seen.has(k)) throw new Error(`${k}: with itself, or twice`);
      seen.add(k);
    }
    expect(seen.size).toBe((n * (n - 1)) / 2);
    checkDisjoint(plan.pairs);
    // n-1 rounds of n/2 pairs when even; n rounds of (n-1)/2 with one node idle when odd.
    expect(plan.rounds).toBe(n % 2 === 0 ? n - 1 : n);
    const sizes = roundSizes(plan.pairs, plan.rounds);
    expect(new Set(sizes)).toEqual(new Set([Math.floor(n / 2)]));
    // Indices run in plan order, rounds never go back.
    const ordered = plan.pairs.every(
      (p, i) => p.index === i && (i === 0 || p.round >= (plan.pairs[i - 1] as PlannedPair).round),
    );
    expect(ordered).toBe(true);
  });

  it('rests each node exactly once when N is odd', () => {
    const n = 9;
    const plan = allPairs(names(n));
    const rests = new Map<string, number>();
    for (let r = 0; r < plan.rounds; r++) {
      const inRound = new Set(plan.pairs.filter((p) => p.round === r).flatMap((p) => [p.prefill, p.decode]));
      const idle = names(n).filter((x) => !inRound.has(x));
      expect(idle).toHaveLength(1);
      rests.set(idle[0] as string, (rests.get(idle[0] as string) ?? 0) + 1);
    }
    expect([...rests.values()]).toEqual(Array.from({ length: n }, () => 1));
  });
});

describe('seeded perfect matchings', () => {
  it('pairs every node once per round, the same plan for the same seed', () => {
    const nodes = names(64);
    const a = matchings(nodes, 5, 7);
    expect(a.rounds).toBe(5);
    checkDisjoint(a.pairs);
    for (let r = 0; r < 5; r++) {
      const inRound = a.pairs.filter((p) => p.round === r).flatMap((p) => [p.prefill, p.decode]);
      expect(new Set(inRound).size).toBe(64);
    }
    expect(matchings(nodes, 5, 7)).toEqual(a);
    expect(matchings(nodes, 5, 8).pairs).not.toEqual(a.pairs);
  });

  it('leaves one node idle per round when N is odd, and repeats no pair across a few rounds', () => {
    const plan = matchings(names(33), 4, 1);
    checkDisjoint(plan.pairs);
    expect(plan.pairs).toHaveLength(4 * 16);
    expect(new Set(plan.pairs.map((p) => key(p.prefill, p.decode))).size).toBe(plan.pairs.length);
  });
});

describe('topology-aware plans', () => {
  // 3 zones of 4, 4 and 3 nodes; z-node without a zone label.
  const labels: Record<string, Record<string, string>> = {};
  const nodes: string[] = [];
  for (const [zone, count] of [
    ['a', 4],
    ['b', 4],
    ['c', 3],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const n = `${zone}${i}`;
      nodes.push(n);
      labels[n] = { [ZONE_LABEL]: `zone-${zone}`, rack: `rack-${zone}${i % 2}` };
    }
  }
  nodes.push('loose');
  labels.loose = {};
  const zones = groupBy(nodes, (n) => labels[n], ZONE_LABEL);

  it('groups by the label and leaves unlabelled nodes out of every group', () => {
    expect([...zones.groups.keys()]).toEqual(['zone-a', 'zone-b', 'zone-c']);
    expect(zones.of.has('loose')).toBe(false);
    expect(groupings(nodes, (n) => labels[n], 'rack').map((g) => g.label)).toEqual([ZONE_LABEL, 'rack']);
  });

  it('within: every pair inside each zone, none across, zones side by side', () => {
    const plan = withinGroups(zones);
    checkDisjoint(plan.pairs);
    expect(plan.pairs).toHaveLength(6 + 6 + 3);
    for (const p of plan.pairs) expect(zones.of.get(p.prefill)).toBe(zones.of.get(p.decode));
    expect(plan.rounds).toBe(3);
  });

  it('across: every pair of zones meets, no pair inside a zone', () => {
    const plan = acrossGroups(zones, 1);
    checkDisjoint(plan.pairs);
    const met = new Set(
      plan.pairs.map((p) => key(zones.of.get(p.prefill) as string, zones.of.get(p.decode) as string)),
    );
    expect(met).toEqual(new Set(['zone-a|zone-b', 'zone-a|zone-c', 'zone-b|zone-c']));
    for (const p of plan.pairs) expect(zones.of.get(p.prefill)).not.toBe(zones.of.get(p.decode));
    // a–b: 4 pairs, a–c and b–c: 3 each.
    expect(plan.pairs).toHaveLength(10);
  });

  it('representatives: the first node of each zone, every pair of them', () => {
    const plan = representatives(zones);
    expect(plan.pairs.map((p) => key(p.prefill, p.decode)).sort()).toEqual(['a0|b0', 'a0|c0', 'b0|c0']);
  });
});
