// snapshot(): in a sweep the pods come from the sweep's one watch (no list per poll), and a
// finished pod's log is read once; alone, the pair lists its pods every look.
import type { V1Pod } from '@kubernetes/client-node';
import { describe, expect, test } from 'vitest';
import { LABEL, TOOL } from '../../core/labels.js';
import type { Cluster } from '../../kube/cluster.js';
import type { PodSource } from '../../kube/pod-cache.js';
import type { PairContext } from '../context.js';
import { snapshot } from './watch.js';

const NS = 'itest-pair-r1';
const pod = (role: 'prefill' | 'decode', phase: string, rv: string): V1Pod => ({
  metadata: {
    name: `${role}-x`,
    namespace: NS,
    resourceVersion: rv,
    creationTimestamp: new Date('2026-01-01T00:00:00Z'),
    labels: { [LABEL.managedBy]: TOOL, [LABEL.runId]: 'r1', [LABEL.component]: role },
  },
  status: { phase },
});

function harness(pods: V1Pod[], watched: boolean) {
  const calls: string[] = [];
  let now = 0;
  const cluster = {
    async listPods(ns: string, sel: string) {
      calls.push(`listPods ${ns} ${sel}`);
      return pods;
    },
    async readLog(_ns: string, name: string) {
      calls.push(`readLog ${name}`);
      return `log of ${name}\n`;
    },
    async podEvents(_ns: string, name: string) {
      calls.push(`podEvents ${name}`);
      return [];
    },
    async objectEvents(_ns: string, kind: string, name: string) {
      calls.push(`objectEvents ${kind} ${name}`);
      return [];
    },
  } as unknown as Cluster;
  const source: PodSource = {
    usable: () => true,
    pods: (ns, labels) => {
      calls.push(`watch.pods ${ns} ${labels[LABEL.runId]}`);
      return pods;
    },
    changed: async () => {},
  };
  const ctx = {
    cluster: async () => cluster,
    clock: { now: () => now, sleep: async () => {} },
    ...(watched ? { pods: source } : {}),
    state: {
      plan: {
        namespace: { name: NS },
        runId: 'r1',
        engine: 'nixlbench',
        legs: [{}],
        bench: { maxBlockSize: 1 },
        pods: [
          { role: 'prefill', jobName: 'r1-prefill' },
          { role: 'decode', jobName: 'r1-decode' },
        ],
      },
      seenPods: new Set<string>(),
      pods: {},
      logs: {},
      runningSince: {},
    },
  } as unknown as PairContext;
  return { ctx, calls, tick: (ms: number) => (now += ms), pods };
}

describe('snapshot', () => {
  test('watched: pods from the watch; a running pod’s log at most once a second, a finished one once', async () => {
    const h = harness([pod('prefill', 'Running', '5')], true);
    await snapshot(h.ctx, ['prefill']);
    h.tick(250);
    await snapshot(h.ctx, ['prefill']); // same pod, 250 ms later: no new read
    h.tick(800);
    await snapshot(h.ctx, ['prefill']); // a second since the read: read again
    h.pods[0] = pod('prefill', 'Succeeded', '6');
    await snapshot(h.ctx, ['prefill']); // it changed: read
    h.tick(5_000);
    const [snap] = await snapshot(h.ctx, ['prefill']); // finished and read: never again
    expect(snap?.log).toBe('log of prefill-x\n');
    expect(h.calls).toEqual([
      `watch.pods ${NS} r1`,
      'readLog prefill-x',
      `watch.pods ${NS} r1`,
      `watch.pods ${NS} r1`,
      'readLog prefill-x',
      `watch.pods ${NS} r1`,
      'readLog prefill-x',
      `watch.pods ${NS} r1`,
    ]);
  });

  test('watched: a pending pod’s events at most every 2 s; alone: every look', async () => {
    const h = harness([pod('prefill', 'Pending', '3')], true);
    await snapshot(h.ctx, ['prefill']);
    h.tick(1_000);
    await snapshot(h.ctx, ['prefill']);
    h.tick(1_500);
    await snapshot(h.ctx, ['prefill']);
    expect(h.calls.filter((c) => c.startsWith('podEvents'))).toEqual([
      'podEvents prefill-x',
      'podEvents prefill-x',
    ]);
    const alone = harness([pod('prefill', 'Pending', '3')], false);
    await snapshot(alone.ctx, ['prefill']);
    await snapshot(alone.ctx, ['prefill']);
    expect(alone.calls.filter((c) => c.startsWith('podEvents'))).toHaveLength(2);
  });

  test('alone (no watch): a list and a log read every look', async () => {
    const h = harness([pod('prefill', 'Running', '5')], false);
    await snapshot(h.ctx, ['prefill']);
    await snapshot(h.ctx, ['prefill']);
    const list = `listPods ${NS} ${LABEL.managedBy}=${TOOL},${LABEL.runId}=r1`;
    expect(h.calls).toEqual([list, 'readLog prefill-x', list, 'readLog prefill-x']);
  });
});
