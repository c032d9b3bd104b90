import type { KubernetesObject, V1Node } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import { systemClock } from '../core/clock.js';
import { silentProgress } from '../core/progress.js';
import { rollUp } from '../core/verdict.js';
import { ClusterError } from '../kube/errors.js';
import type { PairConfig } from '../pair/options/config.js';
import { toPairConfig } from '../pair/options/options.js';
import type { PairDeps, PairResult } from '../pair/run.js';
import { runSweep, type SweepConfig } from './run.js';

/**
 * The sweep's own logic around `pair`: scheduling, bounds and what stops it. The pair
 * itself runs for real in the e2e suite (test/e2e/sweep.e2e.test.ts); here a pair is a
 * timed promise, so that the order and overlap of many of them can be asserted.
 */

function gpuNode(name: string, opts: { rdma?: boolean; gpus?: string } = {}): V1Node {
  const res: Record<string, string> = {
    'nvidia.com/gpu': opts.gpus ?? '8',
    ...(opts.rdma === false ? {} : { 'rdma/ib': '8' }),
  };
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': name, pool: 'gpu' } },
    status: { allocatable: res, conditions: [{ type: 'Ready', status: 'True' }] },
  } as V1Node;
}

function cluster(names: string[], extra: V1Node[] = []): MemoryCluster {
  const c = new MemoryCluster();
  c.nodes = [...names.map((n) => gpuNode(n)), ...extra];
  return c;
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

function config(over: Partial<SweepConfig> = {}): SweepConfig {
  return { scheme: 'all-pairs', maxParallel: 8, timeoutMs: 60_000, pair: pairConfig, ...over };
}

/** A pair that "transfers" for `ms`, then judges: ok, or a bandwidth fail when `bad` says so. */
function timedPair(
  log: { node: string; at: number; on: boolean }[],
  ms: number,
  bad: (c: PairConfig) => boolean = () => false,
) {
  return async (c: PairConfig, d: PairDeps): Promise<PairResult> => {
    for (const node of [c.prefillNode, c.decodeNode])
      log.push({ node: node as string, at: Date.now(), on: true });
    await new Promise((r, j) => {
      const t = setTimeout(r, ms);
      // Stopped: its teardown takes a while (a timer: a sweep that spins while it waits starves it).
      d.signal.addEventListener('abort', () => {
        clearTimeout(t);
        setTimeout(() => j(d.signal.reason), 30);
      });
    });
    for (const node of [c.prefillNode, c.decodeNode])
      log.push({ node: node as string, at: Date.now(), on: false });
    d.onJudged?.();
    const fail = bad(c);
    return {
      checks: [
        {
          id: 'pair.bandwidth',
          status: fail ? 'fail' : 'ok',
          detail: fail ? '1 GB/s is below the floor' : 'ok',
        },
      ],
      measurement: null,
      dryRun: false,
      runId: d.runId as string,
      timing: { totalMs: ms, probeMs: ms, teardownMs: 0 },
    };
  };
}

const deps = (c: MemoryCluster, runPair: SweepDepsRunPair, signal = new AbortController().signal) => ({
  cluster: async () => c,
  progress: silentProgress,
  signal,
  cwd: '/',
  runId: 'test',
  runPair,
});
type SweepDepsRunPair = (c: PairConfig, d: PairDeps) => Promise<PairResult>;

/** The most transfers one node was in at once. */
function maxPerNode(log: { node: string; on: boolean }[]): number {
  const now = new Map<string, number>();
  let worst = 0;
  for (const e of log) {
    const n = (now.get(e.node) ?? 0) + (e.on ? 1 : -1);
    now.set(e.node, n);
    worst = Math.max(worst, n);
  }
  return worst;
}

describe('runSweep', () => {
  it('never puts a node in two transfers at once, keeps to --max-parallel, and runs every pair', async () => {
    const log: { node: string; at: number; on: boolean }[] = [];
    const names = Array.from({ length: 8 }, (_, i) => `n${i}`);
    let inFlight = 0;
    let most = 0;
    const inner = timedPair(log, 15);
    const run = await runSweep(
      config({ maxParallel: 3 }),
      deps(cluster(names), async (c, d) => {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          return await inner(c, {
            ...d,
            onJudged: () => {
              inFlight--;
              d.onJudged?.();
            },
          });
        } catch (e) {
          inFlight--;
          throw e;
        }
      }),
    );
    expect(run.result.pairs).toHaveLength(28);
    expect(run.result.pairs.every((p) => p.outcome === 'trusted')).toBe(true);
    expect(maxPerNode(log)).toBe(1);
    expect(most).toBe(3);
    expect(new Set(run.result.pairs.map((p) => p.runId)).size).toBe(28);
  });

  it('leaves out nodes that cannot take a probe pod, with the reason, and names the culprit', async () => {
    const c = cluster(
      ['a', 'b', 'c', 'd'],
      [gpuNode('nordma', { rdma: false }), gpuNode('full'), gpuNode('cpu', { gpus: '0' })],
    );
    // The serving pods hold every GPU of `full`; `cpu` has none and, with no selection, is no candidate.
    c.put({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'serving', namespace: 'dynamo' },
      spec: {
        nodeName: 'full',
        containers: [{ name: 'w', resources: { limits: { 'nvidia.com/gpu': '8' } } }],
      },
      status: { phase: 'Running' },
    } as KubernetesObject);
    const run = await runSweep(
      config(),
      deps(
        c,
        timedPair([], 1, (p) => p.prefillNode === 'c' || p.decodeNode === 'c'),
      ),
    );
    expect(run.result.matrix.nodes).toEqual(['a', 'b', 'c', 'd']);
    expect(run.result.nodes.filter((n) => n.status === 'excluded').map((n) => [n.name, n.detail])).toEqual([
      ['full', '0 free nvidia.com/gpu of 8 (needs 1)'],
      ['nordma', '0 free rdma/ib (needs 1)'],
    ]);
    expect(run.result.culprits.nodes.map((n) => n.node)).toEqual(['c']);
    expect(run.checks[1]).toMatchObject({ id: 'sweep.culprit', status: 'fail', subject: 'c' });
  });

  it('at --timeout, stops the pairs running and reports the rest as not run', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `n${i}`);
    const run = await runSweep(
      config({ timeoutMs: 120, maxParallel: 3 }),
      deps(cluster(names), timedPair([], 80)),
    );
    const outcomes = run.result.pairs.map((p) => p.outcome);
    expect(outcomes.filter((o) => o === 'trusted').length).toBeGreaterThanOrEqual(3);
    expect(outcomes.filter((o) => o === 'not-run').length).toBeGreaterThan(0);
    expect(run.result.pairs.find((p) => p.outcome === 'not-run')?.detail).toMatch(/--timeout/);
  });

  it('takes --timeout from the injected clock: the deadline fires when the clock says, and is cancelled after', async () => {
    const names = Array.from({ length: 4 }, (_, i) => `n${i}`);
    const asked: number[] = [];
    let fire: () => void = () => {};
    let cancelled = 0;
    const clock = {
      now: () => Date.now(),
      sleep: (ms: number, signal?: AbortSignal) => systemClock.sleep(ms, signal),
      after: (ms: number, fn: () => void) => {
        asked.push(ms);
        fire = fn;
        return () => cancelled++;
      },
    };
    setTimeout(() => fire(), 40);
    const run = await runSweep(config({ timeoutMs: 3_600_000, maxParallel: 1 }), {
      ...deps(cluster(names), timedPair([], 5_000)),
      clock,
    });
    expect(asked).toEqual([3_600_000]);
    expect(cancelled).toBe(1);
    expect(run.result.pairs.every((p) => p.outcome === 'not-run')).toBe(true);
    expect(run.result.pairs.map((p) => p.detail)).toContain('stopped: the sweep reached --timeout 1h');
  });

  it('a permission error stops every pair and is the error of the run', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `n${i}`);
    let started = 0;
    const denied = new ClusterError('forbidden', 'permission denied: cannot create jobs in namespace s', {
      verb: 'create',
      resource: 'jobs',
    });
    await expect(
      runSweep(
        config({ maxParallel: 1 }),
        deps(cluster(names), async () => {
          started++;
          throw denied;
        }),
      ),
    ).rejects.toBe(denied);
    expect(started).toBe(1);
  });

  it('Ctrl-C ends the run with the interrupt, after the pairs in flight ended', async () => {
    const ctl = new AbortController();
    const log: { node: string; at: number; on: boolean }[] = [];
    setTimeout(() => ctl.abort(new Error('interrupted by SIGINT')), 30);
    await expect(
      runSweep(config(), deps(cluster(['a', 'b', 'c', 'd']), timedPair(log, 1000), ctl.signal)),
    ).rejects.toThrow('interrupted by SIGINT');
    // Every pair that started was told to stop: none is still "on".
    expect(maxPerNode(log.filter((e) => e.on))).toBe(1);
  });

  it('asks the API server for -l, and says when nothing matches', async () => {
    const c = cluster(['a', 'b']);
    await expect(runSweep(config({ selector: 'pool=cpu' }), deps(c, timedPair([], 1)))).rejects.toThrow(
      /no nodes match -l pool=cpu/,
    );
    await expect(runSweep(config({ nodes: ['a', 'zz'] }), deps(c, timedPair([], 1)))).rejects.toThrow(
      /--nodes names a node that does not exist: zz/,
    );
  });

  it("role: pairs the DGD prefill workers' nodes with its decode workers' nodes, prefill as prefill", async () => {
    const c = cluster(['p0', 'p1', 'd0', 'd1', 'spare']);
    c.getDgd = async () => ({ kind: 'DynamoGraphDeployment', metadata: { name: 'g' } });
    const worker = (name: string, node: string, role: string): KubernetesObject =>
      ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name,
          namespace: 'dynamo',
          labels: {
            'nvidia.com/dynamo-graph-deployment-name': 'g',
            'nvidia.com/dynamo-component-type': role,
          },
        },
        spec: { nodeName: node, containers: [{ name: 'w' }] },
        status: { phase: 'Running' },
      }) as KubernetesObject;
    for (const [n, node, role] of [
      ['g-prefill-0', 'p0', 'prefill'],
      ['g-prefill-1', 'p1', 'prefill'],
      ['g-decode-0', 'd0', 'decode'],
      ['g-decode-1', 'd1', 'decode'],
    ] as const)
      c.put(worker(n, node, role));
    const pair = { ...pairConfig, dgd: 'g', namespace: 'dynamo' };
    const seen: string[] = [];
    const run = await runSweep(
      config({ scheme: 'role', pair }),
      deps(c, async (p, d) => {
        seen.push(`${p.prefillNode}>${p.decodeNode}`);
        return timedPair([], 1)(p, d);
      }),
    );
    expect(seen.sort()).toEqual(['p0>d0', 'p0>d1', 'p1>d0', 'p1>d1']);
    expect(run.result.rounds).toBe(2);
    expect(run.result.settings.selection).toBe('--dgd dynamo/g (2 prefill, 2 decode nodes)');
    // A graph with no decode workers is named as such.
    c.store.delete('Pod/dynamo/g-decode-0');
    c.store.delete('Pod/dynamo/g-decode-1');
    await expect(runSweep(config({ scheme: 'role', pair }), deps(c, timedPair([], 1)))).rejects.toThrow(
      /has no decode worker pods/,
    );
  });
});

describe('runSweep --dry-run', () => {
  it('warns before anything starts when the plan cannot finish within --timeout, naming one that fits', async () => {
    const warnings: string[] = [];
    const progress = { ...silentProgress, warn: (m: string) => warnings.push(m) };
    // all-pairs over 4 nodes, one pair at a time: 6 waves of about a minute against --timeout 1m.
    const run = await runSweep(config({ maxParallel: 1, pair: { ...pairConfig, dryRun: true } }), {
      ...deps(cluster(['gpu-0', 'gpu-1', 'gpu-2', 'gpu-3']), async () => {
        throw new Error('a dry run must start no pair');
      }),
      progress,
    });
    expect(run.dryRun).toBe(true);
    expect(warnings).toEqual([
      'the plan needs about 6m (6 waves of pairs), more than --timeout 1m: pass --timeout 6m; pairs not started by then are not run',
    ]);
  });

  it('measures nothing, so its verdict is never trusted: it says "dry run: nothing measured"', async () => {
    const c = cluster(['gpu-0', 'gpu-1', 'gpu-2', 'gpu-3']);
    let started = 0;
    const run = await runSweep(
      config({ pair: { ...pairConfig, dryRun: true } }),
      deps(c, async () => {
        started++;
        throw new Error('a dry run must start no pair');
      }),
    );
    expect(started).toBe(0);
    expect(run.dryRun).toBe(true);
    const dry = run.checks.find((x) => x.id === 'sweep.dry-run');
    expect(dry).toMatchObject({
      status: 'skipped',
      detail: 'dry run: nothing measured; 6 pairs in 3 rounds planned, nothing created',
    });
    const v = rollUp(run.checks, 'disaggregated KV transfer across these nodes');
    expect(v.status).toBe('unverified');
    expect(v.summary).toContain('dry run: nothing measured');
  });
});
