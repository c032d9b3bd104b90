import { describe, expect, it } from 'vitest';
import { renderPrometheus } from '../render/prometheus.js';
import { findings, markOutliers, sampleOf } from './findings.js';
import { isolate } from './isolate.js';
import type { SweepPair } from './model.js';

/** Outliers through the sweep's own result: pairs marked, the slow node named, and the metrics. */

function pair(index: number, prefill: string, decode: string, peakGBps: number): SweepPair {
  return {
    index,
    round: 0,
    prefill,
    decode,
    outcome: 'trusted',
    detail: `peak ${peakGBps} GB/s`,
    failure: null,
    runId: `r${index}`,
    namespace: null,
    engine: 'nixlbench',
    peakGBps,
    transport: 'rdma',
    lineGBps: 50,
    floorGBps: 35,
    durationMs: 1,
    checks: [{ id: 'pair.bandwidth', status: 'ok', detail: 'ok' }],
  };
}

describe('outliers in a sweep result', () => {
  // A ring over 6 nodes; c runs at 40 GB/s with both its neighbours, the rest at 48.
  const nodes = ['a', 'b', 'c', 'd', 'e', 'f'];
  const pairs = [
    pair(0, 'a', 'b', 48),
    pair(1, 'b', 'c', 40),
    pair(2, 'c', 'd', 40.5),
    pair(3, 'd', 'e', 48.2),
    pair(4, 'e', 'f', 47.8),
    pair(5, 'f', 'a', 48.1),
  ];
  markOutliers(pairs, 0.1);

  it('marks the pairs more than 10 % below the median of their path, and only those', () => {
    expect(pairs.filter((p) => p.outlier).map((p) => p.index)).toEqual([1, 2]);
    expect(pairs[1]?.outlier).toEqual({ medianGBps: 47.9, share: 0.835 });
    expect(sampleOf(pairs[1] as SweepPair)).toBe('outlier');
    expect(sampleOf(pairs[0] as SweepPair)).toBe('pass');
    // --outlier 0.2: 40 of 47.9 is 16.5 % below, not an outlier any more.
    const loose = pairs.map((p) => ({ ...p }));
    markOutliers(loose, 0.2);
    expect(loose.filter((p) => p.outlier)).toEqual([]);
  });

  it('names the common end of the outlier pairs as the outlier node, with its own status', () => {
    const iso = findings(isolate(nodes, [], pairs), pairs);
    expect(iso.nodes.filter((n) => n.status !== 'ok').map((n) => [n.name, n.status])).toEqual([
      ['c', 'outlier'],
    ]);
    expect(iso.culprits.outliers?.map((o) => o.node ?? `${o.a}-${o.b}`)).toEqual(['c']);
    expect(iso.culprits.nodes).toEqual([]);
  });

  it('writes the outlier pairs and the outlier node to the metrics', () => {
    const iso = findings(isolate(nodes, [], pairs), pairs);
    const text = renderPrometheus({
      settings: {
        scheme: 'ring',
        engine: 'nixlbench',
        selection: '--nodes a,b,c,d,e,f',
        maxParallel: 8,
        timeoutMs: 60_000,
        pairTimeoutMs: 60_000,
        minBandwidthGBps: null,
      },
      nodes: iso.nodes,
      pairs,
      rounds: 2,
      matrix: { nodes, cells: [] },
      culprits: iso.culprits,
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1000,
    });
    expect(text).toContain('interconnect_pair_outlier_ratio{prefill="b",decode="c"} 0.835\n');
    expect(text).toContain('interconnect_pair_outlier_ratio{prefill="c",decode="d"} 0.846\n');
    expect(text).not.toMatch(/interconnect_pair_outlier_ratio\{prefill="a"/);
    expect(text).toContain('interconnect_node_state{node="c",state="outlier"} 1\n');
    expect(text).toContain('interconnect_sweep_nodes{status="outlier"} 1\n');
  });
});
