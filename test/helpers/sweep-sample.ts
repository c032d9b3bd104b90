import type { Check, Report, Verdict } from '../../src/core/model.js';
import { makeReport } from '../../src/core/report.js';
import type { SweepPair, SweepResult } from '../../src/sweep/model.js';
import { compareWithBaseline } from '../../src/sweep/regression.js';
import { sweepChecks } from '../../src/sweep/result.js';
import { fleetSweep } from '../../src/tools/sweep-fleet.js';

/**
 * A sweep result for renderer tests (text, JSON, JUnit, Prometheus, HTML): an
 * all-pairs sweep over 6 nodes in which node-3 fails every pair (a culprit),
 * the single link node-0 ↔ node-1 is bad, one pair never ran, and gpu-nordma was
 * excluded. Built from the model, not from a run: the runner's own tests cover that.
 */
export function sampleSweep(overrides: Partial<SweepResult['settings']> = {}): SweepResult {
  const nodes = ['node-0', 'node-1', 'node-2', 'node-3', 'node-4', 'node-5'];
  // The circle method for 6 nodes: 5 rounds of 3 disjoint pairs.
  const rounds: [number, number][][] = [
    [
      [0, 5],
      [1, 4],
      [2, 3],
    ],
    [
      [0, 4],
      [5, 3],
      [1, 2],
    ],
    [
      [0, 3],
      [4, 2],
      [5, 1],
    ],
    [
      [0, 2],
      [3, 1],
      [4, 5],
    ],
    [
      [0, 1],
      [2, 5],
      [3, 4],
    ],
  ];
  const pairs: SweepPair[] = [];
  for (const [round, list] of rounds.entries()) {
    for (const [a, b] of list) {
      const prefill = nodes[a] as string;
      const decode = nodes[b] as string;
      const index = pairs.length;
      const base = {
        index,
        round,
        prefill,
        decode,
        runId: `sw1p${String(index).padStart(2, '0')}`,
        namespace: `itest-pair-sw1p${String(index).padStart(2, '0')}`,
        engine: 'nixlbench' as const,
        lineGBps: 50,
        floorGBps: 20,
        durationMs: 4200 + index * 10,
      };
      const culprit = prefill === 'node-3' || decode === 'node-3';
      const badLink = (a === 0 && b === 1) || (a === 1 && b === 0);
      const notRun = prefill === 'node-4' && decode === 'node-5';
      if (notRun) {
        pairs.push({
          ...base,
          outcome: 'not-run',
          detail: 'not run: the sweep reached --timeout 30m before this round',
          failure: null,
          namespace: null,
          peakGBps: null,
          transport: null,
          durationMs: 0,
          checks: [],
        });
      } else if (culprit || badLink) {
        const gbps = culprit ? 3.1 + index / 10 : 11.8;
        const check: Check = {
          id: 'pair.bandwidth',
          status: 'fail',
          detail: `peak ${gbps.toFixed(1)} GB/s is below the floor of 20 GB/s (40% of 50 GB/s line rate)`,
          subject: `${prefill} → ${decode}`,
          fix: 'check the link: ibstat on both nodes, cables, switch port counters',
        };
        pairs.push({
          ...base,
          outcome: 'untrusted',
          detail: check.detail,
          fix: check.fix,
          failure: 'fabric',
          peakGBps: gbps,
          transport: 'rdma',
          checks: [check],
        });
      } else {
        const gbps = 44 + ((index * 7) % 5);
        pairs.push({
          ...base,
          outcome: 'trusted',
          detail: `peak ${gbps} GB/s over rdma (rc_mlx5)`,
          failure: null,
          peakGBps: gbps,
          transport: 'rdma',
          checks: [{ id: 'pair.bandwidth', status: 'ok', detail: `peak ${gbps} GB/s` }],
        });
      }
    }
  }
  const cells = nodes.map(() => nodes.map(() => null as number | null));
  for (const p of pairs) {
    (cells[nodes.indexOf(p.prefill)] as (number | null)[])[nodes.indexOf(p.decode)] = p.index;
  }
  const count = (n: string, o: SweepPair['outcome']) =>
    pairs.filter((p) => (p.prefill === n || p.decode === n) && p.outcome === o).length;
  return {
    settings: {
      scheme: 'all-pairs',
      engine: 'nixlbench',
      selection: '-l nvidia.com/gpu.present=true',
      maxParallel: 3,
      timeoutMs: 30 * 60_000,
      pairTimeoutMs: 5 * 60_000,
      minBandwidthGBps: null,
      ...overrides,
    },
    nodes: [
      ...nodes.map((name) => {
        const counts = {
          trusted: count(name, 'trusted'),
          unverified: count(name, 'unverified'),
          untrusted: count(name, 'untrusted'),
          notRun: count(name, 'not-run'),
        };
        const status =
          name === 'node-3'
            ? 'culprit'
            : counts.untrusted > 0
              ? 'suspect'
              : counts.notRun > 0
                ? 'unverified'
                : 'ok';
        return {
          name,
          status: status as SweepResult['nodes'][number]['status'],
          detail:
            name === 'node-3'
              ? 'failed all 5 of its pairs, while its partners passed with other nodes'
              : `${counts.trusted} of ${5} pairs trusted`,
          pairs: counts,
        };
      }),
      {
        name: 'gpu-nordma',
        status: 'excluded' as const,
        detail: 'no RDMA resource (rdma/ib) on the node',
        pairs: { trusted: 0, unverified: 0, untrusted: 0, notRun: 0 },
      },
    ],
    pairs,
    rounds: rounds.length,
    matrix: { nodes, cells },
    culprits: {
      nodes: [
        { node: 'node-3', detail: 'failed all 5 of its pairs, while its partners passed with other nodes' },
      ],
      links: [
        {
          a: 'node-0',
          b: 'node-1',
          detail: 'node-0 ↔ node-1 failed while both passed with every other partner',
        },
      ],
    },
    startedAt: '2026-11-30T02:30:00.000Z',
    durationMs: 61_500,
  };
}

/** The sample as a whole `sweep` report, with the checks the runner would roll up. */
export function sampleSweepReport(result: SweepResult = sampleSweep()): Report {
  const checks: Check[] = [
    {
      id: 'sweep.node',
      status: 'fail',
      subject: 'node-3',
      detail: result.culprits.nodes[0]?.detail ?? '',
      fix: 'cordon node-3 and check its NICs',
    },
    { id: 'sweep.link', status: 'fail', subject: 'node-0 ↔ node-1', detail: 'the link failed alone' },
  ];
  return makeReport(
    'sweep',
    checks,
    { sweep: result },
    'disaggregated KV transfer across these nodes',
    () => new Date('2026-11-30T02:31:01.500Z'),
  );
}

/**
 * sampleSweep() with what a nightly adds: node-0 → node-5 measured over 8 rails of which
 * rail 3 moved half, and a baseline run (the night before) in which every pair moved 1.3×
 * what it moves now, so every measured link regressed (23 % down) and rail 3 too.
 */
export function sampleSweepWithHistory(): SweepResult {
  const now = sampleSweep();
  const rails = [5.6, 5.7, 5.5, 2.8, 5.6, 5.7, 5.6, 5.5];
  const withRails: SweepResult = {
    ...now,
    pairs: now.pairs.map((p) =>
      p.prefill === 'node-0' && p.decode === 'node-5'
        ? {
            ...p,
            rails: rails.map((gbps, gpu) => ({
              gpu,
              nic: `mlx5_${gpu}`,
              peerNic: `mlx5_${gpu}`,
              gbps,
              expectedGBps: 50 / 8,
              status: gpu === 3 ? ('fail' as const) : ('ok' as const),
              detail: '',
            })),
          }
        : p,
    ),
  };
  const before: SweepResult = {
    ...withRails,
    startedAt: '2026-11-29T02:30:00.000Z',
    pairs: withRails.pairs.map((p) => ({
      ...p,
      peakGBps: p.peakGBps === null ? null : Math.round(p.peakGBps * 13) / 10,
      ...(p.rails ? { rails: p.rails.map((r) => ({ ...r, gbps: 5.7 })) } : {}),
    })),
  };
  withRails.regressions = compareWithBaseline(withRails, before, 0.2, {
    source: 'results/sweep-20261129T023000Z-sw0.json',
    startedAt: before.startedAt,
    runId: 'sw0',
  });
  return withRails;
}

/**
 * A 1,000-node ring in 4 zones of 8 racks (leaves), with two bad nodes, one slow node and one
 * bad link, compared with a baseline run in which the slow node and the link were healthy.
 */
export function fleet1000(): SweepResult {
  const faults = { badNodes: [137, 811], slowNodes: [642], badLinks: [[300, 301]] as [number, number][] };
  const now = fleetSweep({ nodes: 1000, scheme: 'ring', zones: 4, racksPerZone: 8, ...faults });
  const before = fleetSweep({
    nodes: 1000,
    scheme: 'ring',
    zones: 4,
    racksPerZone: 8,
    badNodes: faults.badNodes,
    seed: 24,
  });
  now.regressions = compareWithBaseline(now, before, 0.2, {
    source: '/results/history/sweep-20261129T023000Z-a1b2c3.json',
    startedAt: '2026-11-29T02:30:00.000Z',
    runId: 'a1b2c3',
  });
  return now;
}

/** The verdict the sweep's report states for `result` (its checks rolled up): what every renderer is given. */
export function sweepVerdict(result: SweepResult): Verdict {
  return makeReport('sweep', sweepChecks(result, []), {}, 'disaggregated KV transfer across these nodes')
    .verdict;
}
