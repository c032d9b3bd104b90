// The sweep's one pod watch: every pair gets it (and lists no pods of its own), it stops with the
// sweep, and --debug says where the time went; a cluster that cannot watch leaves the pairs polling.
import type { V1Node, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import { silentProgress } from '../core/progress.js';
import type { PodEvent, PodWatch } from '../kube/cluster.js';
import type { PairConfig } from '../pair/options/config.js';
import { toPairConfig } from '../pair/options/options.js';
import type { PairDeps, PairResult } from '../pair/run.js';
import { runSweep } from './run.js';

class WatchingCluster extends MemoryCluster {
  readonly watchCalls: string[] = [];
  stopped = 0;
  async listPodsAt(ns: string | undefined, selector: string) {
    this.watchCalls.push(`list ${ns ?? '*'} ${selector}`);
    return { pods: [] as V1Pod[], resourceVersion: '7' };
  }
  watchPods(ns: string | undefined, _s: string, rv: string, _on: (e: PodEvent) => void): PodWatch {
    this.watchCalls.push(`watch ${ns ?? '*'} from ${rv}`);
    let stop = () => {};
    const done = new Promise<{ gone: boolean }>((r) => {
      stop = () => {
        this.stopped++;
        r({ gone: false });
      };
    });
    return { done, stop: () => stop() };
  }
}

const node = (name: string): V1Node =>
  ({
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    status: {
      allocatable: { 'nvidia.com/gpu': '8', 'rdma/ib': '8' },
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  }) as V1Node;

const pair: PairConfig = toPairConfig(
  {
    engine: 'nixlbench',
    mode: 'cross-node',
    timeout: 60_000,
    nixlbenchRuntime: 'auto',
    requestTimeout: 30_000,
  },
  {},
);

async function sweepOn(c: MemoryCluster) {
  const seen: boolean[] = [];
  const debug: string[] = [];
  await runSweep(
    { scheme: 'ring', maxParallel: 4, timeoutMs: 60_000, pair },
    {
      cluster: async () => c,
      progress: silentProgress,
      signal: new AbortController().signal,
      cwd: '/',
      runId: 'test',
      debug: (lines) => debug.push(...lines),
      runPair: async (_c: PairConfig, d: PairDeps): Promise<PairResult> => {
        seen.push(d.pods?.usable() === true);
        d.onJudged?.();
        return {
          checks: [{ id: 'pair.bandwidth', status: 'ok', detail: 'ok' }],
          measurement: null,
          dryRun: false,
          runId: d.runId as string,
          timing: { totalMs: 10, probeMs: 5, teardownMs: 2, steps: { 'create + etcd ready': 4 } },
        };
      },
    },
  );
  return { seen, debug };
}

describe('the sweep’s pod watch', () => {
  it('is one list and one watch of our pods for every pair, stopped with the sweep', async () => {
    const c = new WatchingCluster();
    c.nodes = ['a', 'b', 'c', 'd'].map(node);
    const { seen, debug } = await sweepOn(c);
    expect(seen).toEqual([true, true, true, true]);
    expect(c.watchCalls).toEqual(['list * app.kubernetes.io/managed-by=interconnect-test', 'watch * from 7']);
    expect(c.stopped).toBe(1);
    expect(debug[0]).toMatch(
      /^timing: 4 pairs in [\d.]+s; per pair \(mean\): create \+ etcd ready 0\.00s, teardown 0\.00s, probes ran 0\.01s$/,
    );
    expect(debug[1]).toMatch(/^timing: API calls \d+/);
    expect(debug[2]).toBe('timing: pod watch: 1 list (0 after 410 Gone), 1 watch, 0 events, 0 errors');
  });

  it('a cluster that cannot watch: the pairs poll, and --debug says so', async () => {
    const c = new MemoryCluster();
    c.nodes = ['a', 'b'].map(node);
    const { seen, debug } = await sweepOn(c);
    expect(seen).toEqual([false]);
    expect(debug[2]).toBe(
      'timing: no pod watch (this cluster connection cannot watch pods): every pair polled its pods',
    );
  });
});
