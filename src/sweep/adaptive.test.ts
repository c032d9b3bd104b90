import { describe, expect, it } from 'vitest';
import { type AdaptiveInput, defaultMaxRounds, diagnose, nextRound, type Observation } from './adaptive.js';
import { faultyFleet, fleetOf, scoreRun, simulateAuto } from './simulate.js';
import { groupBy, ZONE_LABEL } from './topology.js';

/**
 * `--scheme auto` against simulated fleets: the planner is a pure state machine, so these
 * drive it round by round as the sweep does, and check what it concludes.
 */

describe('--scheme auto on a simulated fleet', () => {
  it.each([64, 63, 256, 1024])('certifies a healthy fleet of %i nodes in at most 3 rounds', (n) => {
    const run = simulateAuto(fleetOf(n));
    expect(run.rounds).toBeLessThanOrEqual(3);
    expect(run.diagnosis.healthy).toHaveLength(n);
    expect(run.diagnosis.badNodes).toEqual([]);
    expect(run.diagnosis.badLinks).toEqual([]);
    expect(run.diagnosis.infra).toEqual([]);
    expect(run.diagnosis.undecided).toEqual([]);
    // One perfect matching, plus the resting node's pair when N is odd.
    expect(run.pairs).toBe(Math.ceil(n / 2));
  });

  it.each([
    [64, 1],
    [64, 2],
    [256, 3],
    [1024, 1],
    [1024, 4],
  ])(
    'finds 2 broken nodes, 1 slow node and 1 bad link among %i nodes (seed %i), confirmed, blaming nothing else',
    (n, seed) => {
      const fleet = faultyFleet(n, seed);
      const run = simulateAuto(fleet, { seed });
      expect(scoreRun(fleet, run.diagnosis)).toEqual({ found: true, falseBlame: [], missed: [] });
      expect(run.rounds).toBeLessThanOrEqual(3 + 2 * Math.log2(n));
      const slow = run.diagnosis.badNodes.find((b) => fleet.slow[b.node] !== undefined);
      expect(slow?.kind).toBe('slow');
      // Each bad node failed with two different nodes that had already passed.
      for (const b of run.diagnosis.badNodes) expect(b.partners.length).toBeGreaterThanOrEqual(2);
      expect(run.diagnosis.undecided).toEqual([]);
    },
  );

  it('names an infrastructure fault between two zones, and no node or link', () => {
    const fleet = fleetOf(256);
    fleet.badBetween = [{ label: ZONE_LABEL, a: 'zone-1', b: 'zone-3' }];
    const run = simulateAuto(fleet);
    expect(scoreRun(fleet, run.diagnosis)).toEqual({ found: true, falseBlame: [], missed: [] });
    expect(run.diagnosis.infra.map((i) => [i.label, i.a, i.b])).toEqual([[ZONE_LABEL, 'zone-1', 'zone-3']]);
  });

  it('clears a pair that failed once (a transient) without blaming either node', () => {
    const fleet = fleetOf(64);
    const first = nextRound({ nodes: fleet.nodes, groupings: [], seed: 1 }, [])?.pairs[0];
    fleet.flaky = [[first?.prefill as string, first?.decode as string]];
    const run = simulateAuto(fleet);
    expect(scoreRun(fleet, run.diagnosis).falseBlame).toEqual([]);
    expect(run.diagnosis.badNodes).toEqual([]);
    expect(run.diagnosis.badLinks).toEqual([]);
    expect(run.diagnosis.transient).toHaveLength(1);
  });

  it('when every pair fails (a common cause), screens twice, blames no node and leaves all undecided', () => {
    const fleet = fleetOf(64);
    fleet.broken = [...fleet.nodes];
    const run = simulateAuto(fleet);
    expect(run.rounds).toBe(2);
    expect(run.pairs).toBe(64);
    expect(run.diagnosis.badNodes).toEqual([]);
    expect(run.diagnosis.badLinks).toEqual([]);
    expect(run.diagnosis.undecided).toHaveLength(64);
  });

  it('stops at --budget and lists what it left undecided', () => {
    const fleet = faultyFleet(64);
    const run = simulateAuto(fleet, { budgetPairs: 34 });
    expect(run.pairs).toBe(34);
    expect(run.diagnosis.undecided.length).toBeGreaterThan(0);
    // Whatever it did decide is right.
    expect(scoreRun(fleet, run.diagnosis).falseBlame).toEqual([]);
  });
});

describe('the planner, sample by sample', () => {
  const nodes = ['a', 'b', 'c', 'd', 'e', 'f'];
  const input: AdaptiveInput = { nodes, groupings: [], seed: 1 };
  const o = (round: number, prefill: string, decode: string, sample: Observation['sample']): Observation => ({
    round,
    prefill,
    decode,
    sample,
  });

  it('never turns a node that passed into a failed one', () => {
    const obs = [
      o(0, 'a', 'b', 'pass'),
      o(0, 'c', 'd', 'pass'),
      o(0, 'e', 'f', 'pass'),
      o(1, 'a', 'c', 'fail'),
      o(2, 'a', 'e', 'fail'),
    ];
    const d = diagnose(input, obs);
    expect(d.badNodes).toEqual([]);
    expect(d.healthy).toContain('a');
  });

  it('re-tests each suspect against nodes that already passed, a different one each time', () => {
    const screen = [o(0, 'a', 'b', 'fail'), o(0, 'c', 'd', 'pass'), o(0, 'e', 'f', 'pass')];
    const r1 = nextRound(input, screen);
    expect(r1?.round).toBe(1);
    const partners = (node: string, pairs: { prefill: string; decode: string }[]) =>
      pairs
        .filter((p) => p.prefill === node || p.decode === node)
        .map((p) => (p.prefill === node ? p.decode : p.prefill));
    const [pa] = partners('a', r1?.pairs ?? []);
    const [pb] = partners('b', r1?.pairs ?? []);
    expect(['c', 'd', 'e', 'f']).toContain(pa);
    expect(['c', 'd', 'e', 'f']).toContain(pb);
    expect(r1?.pairs.every((p) => p.stage === 'confirm')).toBe(true);
    // a fails again, b passes: b is cleared, a needs one more healthy partner.
    const after1 = [...screen, o(1, 'a', pa as string, 'fail'), o(1, 'b', pb as string, 'pass')];
    expect(diagnose(input, after1).badNodes).toEqual([]);
    const r2 = nextRound(input, after1);
    const [pa2] = partners('a', r2?.pairs ?? []);
    expect(pa2).not.toBe(pa);
    expect(['b', 'c', 'd', 'e', 'f']).toContain(pa2);
    const after2 = [...after1, o(2, 'a', pa2 as string, 'fail')];
    expect(diagnose(input, after2).badNodes).toEqual([{ node: 'a', kind: 'broken', partners: [pa, pa2] }]);
    expect(nextRound(input, after2)).toBeNull();
  });

  it('re-runs a failed pair whose nodes both passed elsewhere before calling it a bad link', () => {
    const obs = [
      o(0, 'a', 'b', 'fail'),
      o(0, 'c', 'd', 'pass'),
      o(0, 'e', 'f', 'pass'),
      o(1, 'a', 'c', 'pass'),
      o(1, 'b', 'e', 'pass'),
    ];
    expect(diagnose(input, obs).badLinks).toEqual([]);
    expect(diagnose(input, obs).undecided.map((u) => u.subject)).toEqual(['a ↔ b']);
    expect(nextRound(input, obs)?.pairs).toEqual([{ prefill: 'a', decode: 'b', stage: 'retest' }]);
    const d = diagnose(input, [...obs, o(2, 'a', 'b', 'outlier')]);
    expect(d.badLinks).toEqual([{ a: 'a', b: 'b', kind: 'broken' }]);
  });

  it('probes two more pairs between the groups of a lone cross-group failure', () => {
    const labels: Record<string, Record<string, string>> = {
      a: { [ZONE_LABEL]: 'z1' },
      c: { [ZONE_LABEL]: 'z1' },
      e: { [ZONE_LABEL]: 'z1' },
      b: { [ZONE_LABEL]: 'z2' },
      d: { [ZONE_LABEL]: 'z2' },
      f: { [ZONE_LABEL]: 'z2' },
    };
    const zoned: AdaptiveInput = { ...input, groupings: [groupBy(nodes, (n) => labels[n], ZONE_LABEL)] };
    const obs = [
      o(0, 'a', 'b', 'fail'),
      o(0, 'c', 'e', 'pass'),
      o(0, 'd', 'f', 'pass'),
      o(1, 'a', 'c', 'pass'),
      o(1, 'b', 'd', 'pass'),
    ];
    const next = nextRound(zoned, obs);
    expect(next?.pairs.filter((p) => p.stage === 'probe').map((p) => [p.prefill, p.decode])).toEqual([
      ['c', 'd'],
      ['e', 'f'],
    ]);
    // Both probes fail as well: the fault is between z1 and z2, not the a–b link.
    const d = diagnose(zoned, [
      ...obs,
      o(2, 'a', 'b', 'fail'),
      o(2, 'c', 'd', 'fail'),
      o(2, 'e', 'f', 'fail'),
    ]);
    expect(d.infra.map((i) => [i.a, i.b, i.links.length])).toEqual([['z1', 'z2', 3]]);
    expect(d.badLinks).toEqual([]);
    expect(d.badNodes).toEqual([]);
  });

  it('gives the rounds a bound of 3 + 2·log2 N', () => {
    expect(defaultMaxRounds(1024)).toBe(23);
    expect(defaultMaxRounds(64)).toBe(15);
  });
});
