import { describe, expect, it } from 'vitest';
import { DEFAULT_REGRESSION_FRACTION } from '../judge/regression.js';
import type { SweepPair, SweepResult } from './model.js';
import { compareWithBaseline, regressionChecks, regressionFindings } from './regression.js';

/**
 * Figures as a 400G (ConnectX-7, line 50 GB/s, floor 35) fleet shows them: healthy pairs
 * between 42.6 GB/s (nixl PR #1647) and about 48 GB/s (references/expected-bandwidth.md).
 */
type Link = [string, string, number | null, SweepPair['outcome']?];

function sweep(links: Link[], startedAt: string, rails?: Record<number, number[]>): SweepResult {
  const nodes = [...new Set([...links.map((l) => l[0]), ...links.map((l) => l[1])])].sort();
  const pairs: SweepPair[] = links.map(([prefill, decode, gbps, outcome], index) => ({
    index,
    round: 0,
    prefill,
    decode,
    outcome: outcome ?? (gbps === null ? 'not-run' : gbps < 35 ? 'untrusted' : 'trusted'),
    detail: '',
    failure: null,
    runId: `r${index}`,
    namespace: null,
    engine: 'nixl',
    peakGBps: gbps,
    transport: 'rdma',
    lineGBps: 50,
    floorGBps: 35,
    durationMs: 4000,
    checks: [],
    ...(rails?.[index]
      ? {
          rails: (rails[index] as number[]).map((g, gpu) => ({
            gpu,
            nic: `mlx5_${gpu}`,
            peerNic: `mlx5_${gpu}`,
            gbps: g,
            expectedGBps: 50,
            status: 'ok' as const,
            detail: '',
          })),
        }
      : {}),
  }));
  return {
    settings: {
      scheme: 'ring',
      engine: 'nixl',
      selection: '--nodes',
      maxParallel: 4,
      timeoutMs: 1,
      pairTimeoutMs: 1,
      minBandwidthGBps: null,
    },
    nodes: [],
    pairs,
    rounds: 1,
    matrix: { nodes, cells: [] },
    culprits: { nodes: [], links: [] },
    startedAt,
    durationMs: 1,
  };
}

const META = {
  source: 'results/sweep-20261130T023000Z-abc.json',
  startedAt: '2026-11-30T02:30:00.000Z',
  runId: 'abc',
};

// A ring of 8: n0 → n1 → … → n7 → n0.
const ring = (g: (i: number) => number | null): Link[] =>
  Array.from({ length: 8 }, (_, i) => [`n${i}`, `n${(i + 1) % 8}`, g(i)] as Link);
const healthy = [46.2, 47.1, 45.8, 46.9, 47.4, 45.1, 46.6, 47.0];

describe('compareWithBaseline', () => {
  it('names the node whose links both fell, the link that fell alone while passing, and nothing noisy', () => {
    const before = sweep(
      ring((i) => healthy[i] as number),
      META.startedAt,
    );
    // n3's two links (n2↔n3, n3↔n4) fell to ~30 GB/s; n5↔n6 from 45.1 to 35.1 (still passes the
    // 35 GB/s floor, 22 % down);
    // n7↔n0 moved 44.0 of 47.0 (6 % down: noise).
    const now = sweep(
      ring((i) => (i === 2 ? 30.1 : i === 3 ? 29.7 : i === 7 ? 44.0 : (healthy[i] as number))),
      '2026-12-01T02:30:00.000Z',
    );
    now.pairs[5] = { ...(now.pairs[5] as SweepPair), peakGBps: 35.1 };
    const r = compareWithBaseline(now, before, DEFAULT_REGRESSION_FRACTION, META);
    expect(r.links.filter((l) => l.regressed).map((l) => `${l.a}-${l.b}`)).toEqual([
      'n2-n3',
      'n3-n4',
      'n5-n6',
    ]);
    expect(r.nodes.filter((n) => n.regressed).map((n) => n.node)).toEqual(['n3']);
    const n3 = r.nodes.find((n) => n.node === 'n3');
    expect(n3).toMatchObject({ links: 2, regressedLinks: 2, beforeGBps: 46.35, nowGBps: 29.9 });
    const found = regressionFindings(r);
    // n3 explains its two links: only n5 ↔ n6 is a link of its own
    expect(found.links.map((l) => `${l.a}-${l.b}`)).toEqual(['n5-n6']);
    expect(found.links[0]?.drop).toBe(0.222);
    const checks = regressionChecks(r);
    expect(checks.map((c) => [c.id, c.status, c.subject ?? null])).toEqual([
      ['sweep.baseline', 'warn', null],
      ['sweep.regressed', 'warn', 'n3'],
      ['sweep.regressed', 'warn', 'n5 ↔ n6'],
    ]);
    expect(checks[0]?.detail).toBe(
      `8 links compared with ${META.source} (2026-11-30T02:30:00.000Z): 1 node and 1 link regressed`,
    );
    expect(checks[2]?.detail).toBe(
      'n5 ↔ n6 fell 22% against the baseline of 2026-11-30T02:30:00.000Z (45.1 GB/s → 35.1 GB/s, more than --regression 20%)',
    );
  });

  it('compares a link whichever way it ran, skips pairs that measured nothing, and says ok when nothing fell', () => {
    const before = sweep(
      [
        ['b', 'a', 46.0],
        ['c', 'd', 47.0],
        ['e', 'f', 45.0],
      ],
      META.startedAt,
    );
    const now = sweep(
      [
        ['a', 'b', 45.2],
        ['c', 'd', null],
        ['f', 'e', 44.9],
      ],
      '2026-12-01T02:30:00.000Z',
    );
    const r = compareWithBaseline(now, before, 0.2, META);
    expect(r.links.map((l) => [l.a, l.b, l.beforeGBps, l.nowGBps, l.regressed])).toEqual([
      ['a', 'b', 46, 45.2, false],
      ['e', 'f', 45, 44.9, false],
    ]);
    const [summary, ...rest] = regressionChecks(r);
    expect(summary?.status).toBe('ok');
    expect(summary?.detail).toContain('2 links compared');
    expect(rest).toEqual([]);
  });

  it('names one rail that fell while the pair as a whole did not', () => {
    // 8 rails of about 5.8 GB/s each; rail 3 fell to 2.9 (half): the pair lost 6 %.
    const rails = [5.8, 5.9, 5.7, 5.9, 5.8, 5.8, 5.9, 5.7];
    const fell = rails.map((g, i) => (i === 3 ? 2.9 : g));
    const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 10) / 10;
    const before = sweep([['a', 'b', sum(rails)]], META.startedAt, { 0: rails });
    const now = sweep([['a', 'b', sum(fell)]], '2026-12-01T02:30:00.000Z', { 0: fell });
    const r = compareWithBaseline(now, before, 0.2, META);
    const found = regressionFindings(r);
    expect(found.nodes).toEqual([]);
    expect(found.links.map((l) => [l.a, l.b, l.rail, l.beforeGBps, l.nowGBps])).toEqual([
      ['a', 'b', 3, 5.9, 2.9],
    ]);
    expect(regressionChecks(r)[1]?.subject).toBe('a ↔ b rail 3');
  });

  it('compares a rail by its GPUs (UUID) and NICs, not by the index the device plugin happened to give it', () => {
    // Run 1: index 3 is GPU-aaa on both nodes; run 2: the allocation moved, index 3 is GPU-bbb.
    const withUuids = (s: SweepResult, uuidOf: (gpu: number) => string): SweepResult => ({
      ...s,
      pairs: s.pairs.map((p) => ({
        ...p,
        rails: p.rails?.map((r) => ({ ...r, gpuUuid: uuidOf(r.gpu), peerGpuUuid: `${uuidOf(r.gpu)}-peer` })),
      })),
    });
    const uuids = ['GPU-000', 'GPU-111', 'GPU-222', 'GPU-aaa'];
    const before = withUuids(
      sweep([['a', 'b', 20]], META.startedAt, { 0: [5, 5, 5, 5] }),
      (g) => uuids[g] as string,
    );
    // Now GPU-aaa (the slow one) is index 0, and index 3 is a healthy GPU-000.
    const moved = ['GPU-aaa', 'GPU-111', 'GPU-222', 'GPU-000'];
    const now = withUuids(
      sweep([['a', 'b', 17.5]], '2026-12-01T02:30:00.000Z', { 0: [2.5, 5, 5, 5] }),
      (g) => moved[g] as string,
    );
    // NICs follow the index in this toy: GPU-aaa was on mlx5_3 and is on mlx5_0 now, so it is another rail.
    const r = compareWithBaseline(now, before, 0.2, META);
    expect(r.links.filter((l) => l.rail !== null).map((l) => l.rail)).toEqual([1, 2]);
    // Same GPUs on the same NICs: compared, whatever index each got.
    const sameNic = (s: SweepResult, order: string[]): SweepResult => ({
      ...s,
      pairs: s.pairs.map((p) => ({
        ...p,
        rails: p.rails?.map((r) => ({
          ...r,
          nic: 'mlx5_x',
          peerNic: 'mlx5_x',
          gpuUuid: order[r.gpu] as string,
          peerGpuUuid: 'GPU-peer',
        })),
      })),
    });
    const b2 = sameNic(sweep([['a', 'b', 20]], META.startedAt, { 0: [5, 5, 5, 5] }), uuids);
    const n2 = sameNic(sweep([['a', 'b', 17.5]], '2026-12-01T02:30:00.000Z', { 0: [2.5, 5, 5, 5] }), moved);
    const found = regressionFindings(compareWithBaseline(n2, b2, 0.2, META));
    // GPU-aaa fell from 5 to 2.5, reported under its index of this run (0), not index 3's healthy GPU.
    expect(found.links.map((l) => [l.rail, l.beforeGBps, l.nowGBps])).toEqual([[0, 5, 2.5]]);
  });

  it('a higher --regression lets a 22 % drop pass', () => {
    const before = sweep([['a', 'b', 46.6]], META.startedAt);
    const now = sweep([['a', 'b', 36.4]], '2026-12-01T02:30:00.000Z');
    expect(compareWithBaseline(now, before, 0.2, META).links[0]?.regressed).toBe(true);
    expect(compareWithBaseline(now, before, 0.25, META).links[0]?.regressed).toBe(false);
  });
});

describe('the text report', () => {
  it('has a Regressed section naming the node and the link', async () => {
    const { sweepSections } = await import('./sections.js');
    const before = sweep(
      ring((i) => healthy[i] as number),
      META.startedAt,
    );
    const now = sweep(
      ring((i) => (i === 2 ? 30.1 : i === 3 ? 29.7 : i === 5 ? 35.1 : (healthy[i] as number))),
      '2026-12-01T02:30:00.000Z',
    );
    now.regressions = compareWithBaseline(now, before, 0.2, META);
    const section = sweepSections(now).find((s) => s.title.startsWith('Regressed'));
    expect(section?.title).toBe(`Regressed (against 2026-11-30T02:30:00.000Z, ${META.source})`);
    expect(section?.lines).toEqual([
      'node n3 fell 36% against the baseline of 2026-11-30T02:30:00.000Z (median of its links 46.4 GB/s → 29.9 GB/s; 2 of 2 links fell more than 20%)',
      'link n5 ↔ n6: n5 ↔ n6 fell 22% against the baseline of 2026-11-30T02:30:00.000Z (45.1 GB/s → 35.1 GB/s, more than --regression 20%)',
    ]);
  });
});
