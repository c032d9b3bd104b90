import type { V1Node } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import type { Progress } from '../core/progress.js';
import type { PairConfig } from '../pair/options/config.js';
import { toPairConfig } from '../pair/options/options.js';
import type { PairDeps, PairResult } from '../pair/run.js';
import { runSweep, type SweepConfig } from './run.js';

/**
 * `--scheme auto` through the real sweep runner (candidates, the plan lines, the scheduler,
 * the result), with each pair a stand-in that fails when a broken node is in it.
 */

function node(name: string, zone: string): V1Node {
  const res = { 'nvidia.com/gpu': '8', 'rdma/ib': '8' };
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
    status: { allocatable: res, conditions: [{ type: 'Ready', status: 'True' }] },
  } as V1Node;
}

const pairConfig: PairConfig = toPairConfig(
  {
    engine: 'nixlbench',
    mode: 'cross-node',
    timeout: 60_000,
    nixlbenchRuntime: 'auto',
    requestTimeout: 30_000,
  },
  {},
);

/** A pair that passes at 48 GB/s (40 with a slow node), or fails when a broken node is in it. */
function fakePair(broken: string[], slow: string[] = []) {
  return async (c: PairConfig, d: PairDeps): Promise<PairResult> => {
    d.onJudged?.();
    const ends = [c.prefillNode as string, c.decodeNode as string];
    const fail = ends.some((n) => broken.includes(n));
    const gbps = fail ? 1 : ends.some((n) => slow.includes(n)) ? 40 : 48;
    return {
      checks: [{ id: 'pair.bandwidth', status: fail ? 'fail' : 'ok', detail: `${gbps} GB/s` }],
      measurement: {
        engine: 'nixlbench',
        mode: 'cross-node',
        transport: { kind: 'rdma', lanes: [], evidence: [] },
        nodes: { prefill: ends[0] as string, decode: ends[1] as string },
        peakGBps: gbps,
        rows: [],
      } as unknown as PairResult['measurement'],
      dryRun: false,
      runId: d.runId as string,
      timing: { totalMs: 1, probeMs: 1, teardownMs: 0 },
    };
  };
}

function recorder(): { progress: Progress; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    progress: {
      step: (t) => lines.push(`→ ${t}`),
      update: () => {},
      done: (m) => lines.push(`✓ ${m ?? ''}`),
      warn: (m) => lines.push(`! ${m}`),
      close: () => {},
    },
  };
}

async function sweep(n: number, over: Partial<SweepConfig>, broken: string[], slow: string[] = []) {
  const c = new MemoryCluster();
  c.nodes = Array.from({ length: n }, (_, i) => node(`n${i}`, `zone-${i % 3}`));
  const rec = recorder();
  const run = await runSweep(
    { maxParallel: 64, timeoutMs: 600_000, pair: pairConfig, ...over },
    {
      cluster: async () => c,
      progress: rec.progress,
      signal: new AbortController().signal,
      cwd: '/',
      runId: 'auto',
      runPair: fakePair(broken, slow),
    },
  );
  return { run, lines: rec.lines };
}

describe('sweep --scheme auto', () => {
  it('is the default above 16 nodes: screens, confirms the broken node against two that passed, blames nothing else', async () => {
    const { run, lines } = await sweep(24, {}, ['n5'], ['n9']);
    const r = run.result;
    expect(r.settings.scheme).toBe('auto');
    expect(r.culprits.nodes.map((x) => x.node)).toEqual(['n5']);
    expect(r.culprits.links).toEqual([]);
    expect(r.culprits.infra).toEqual([]);
    expect(r.culprits.outliers?.map((o) => o.node)).toEqual(['n9']);
    expect(r.nodes.filter((x) => x.status !== 'ok').map((x) => [x.name, x.status])).toEqual([
      ['n5', 'culprit'],
      ['n9', 'outlier'],
    ]);
    // Screening (12 pairs), then the two suspects of each failed pair, then the second confirmation.
    expect(r.rounds).toBe(3);
    expect(r.pairs.filter((p) => p.stage === 'screen')).toHaveLength(12);
    expect(r.pairs.every((p) => p.stage !== undefined)).toBe(true);
    expect(run.checks.map((x) => x.id)).toEqual(expect.arrayContaining(['sweep.culprit', 'sweep.outlier']));
    expect(run.checks.find((x) => x.id === 'sweep.culprit')?.detail).toMatch(
      /^n5 failed with 2 nodes that had already passed/,
    );
    // The plan comes first: the screening round and the bound on the rounds.
    expect(lines.some((l) => l.startsWith('→ Plan: auto over 24 nodes'))).toBe(true);
    expect(lines.some((l) => /at most 13 rounds in all/.test(l))).toBe(true);
    expect(lines.some((l) => /topology.kubernetes.io\/zone \(3 groups\)/.test(l))).toBe(true);
  });

  it('keeps ring as the default up to 16 nodes', async () => {
    const { run } = await sweep(16, {}, []);
    expect(run.result.settings.scheme).toBe('ring');
    expect(run.result.pairs).toHaveLength(16);
  });

  it('stops at --budget pairs and reports what it left undecided', async () => {
    const { run } = await sweep(24, { scheme: 'auto', budget: { pairs: 13 } }, ['n5']);
    expect(run.result.pairs).toHaveLength(13);
    expect(run.result.culprits.nodes).toEqual([]);
    expect(run.result.culprits.undecided?.map((u) => u.subject)).toContain('n5');
    expect(run.checks.find((c) => c.id === 'sweep.undecided')?.status).toBe('warn');
  });
});
