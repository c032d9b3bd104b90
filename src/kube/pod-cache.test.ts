import type { V1Pod } from '@kubernetes/client-node';
import { describe, expect, test } from 'vitest';
import { systemClock } from '../core/clock.js';
import type { Cluster, PodEvent, PodWatch, WatchEnd } from './cluster.js';
import { ClusterError } from './errors.js';
import { PodCache } from './pod-cache.js';

const pod = (
  name: string,
  rv: string,
  labels: Record<string, string> = { run: 'r1' },
  ns = 'ns1',
): V1Pod => ({
  metadata: { name, namespace: ns, resourceVersion: rv, labels },
});

/** A scripted API server: each list and each watch does what the next step says. */
type Step =
  | { list: V1Pod[]; rv: string }
  | { list: 'forbidden' }
  | { watch: PodEvent[]; end: WatchEnd | 'hang' };

function fakeCluster(steps: Step[]) {
  const calls: string[] = [];
  const stops: string[] = [];
  const next = () => {
    const s = steps.shift();
    if (!s) throw new Error('no step left');
    return s;
  };
  const cluster = {
    async listPodsAt(ns: string | undefined, selector: string) {
      calls.push(`list ${ns} ${selector}`);
      const s = next();
      if ('list' in s && s.list === 'forbidden')
        throw new ClusterError('forbidden', 'pods is forbidden', { verb: 'list', resource: 'pods' });
      if (!('rv' in s)) throw new Error(`expected a list step, got ${JSON.stringify(s)}`);
      return { pods: s.list, resourceVersion: s.rv };
    },
    watchPods(_ns: string | undefined, _sel: string, rv: string, on: (e: PodEvent) => void): PodWatch {
      calls.push(`watch from ${rv}`);
      const s = steps.length > 0 ? next() : { watch: [], end: 'hang' as const };
      if (!('watch' in s)) throw new Error(`expected a watch step, got ${JSON.stringify(s)}`);
      let stop = () => {};
      const done = new Promise<WatchEnd>((resolve) => {
        stop = () => {
          stops.push(rv);
          resolve({ gone: false });
        };
        queueMicrotask(() => {
          for (const e of s.watch) on(e);
          if (s.end !== 'hang') resolve(s.end);
        });
      });
      return { done, stop: () => stop() };
    },
  } as unknown as Cluster;
  return { cluster, calls, stops };
}

async function until(what: string, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (ok()) return;
    await new Promise((r) => systemClock.sleep(5).then(r));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('PodCache', () => {
  test('lists, watches from the list, resumes from the last event or bookmark, relists on 410 Gone', async () => {
    const { cluster, calls } = fakeCluster([
      { list: [pod('a', '10')], rv: '10' },
      { watch: [{ type: 'ADDED', pod: pod('b', '11'), resourceVersion: '11' }], end: { gone: false } },
      { watch: [{ type: 'BOOKMARK', resourceVersion: '15' }], end: { gone: false } },
      { watch: [], end: { gone: true } },
      { list: [pod('a', '20'), pod('c', '21')], rv: '21' },
      {
        watch: [
          { type: 'DELETED', pod: pod('a', '22'), resourceVersion: '22' },
          { type: 'MODIFIED', pod: pod('c', '23', { run: 'r2' }), resourceVersion: '23' },
        ],
        end: 'hang',
      },
    ]);
    const stop = new AbortController();
    const cache = new PodCache({
      cluster,
      namespace: undefined,
      selector: 'm=it',
      clock: systemClock,
      signal: stop.signal,
    });
    await cache.start();
    await until('the fourth watch', () => calls.length === 6);
    await until('the last events', () => cache.stats.events === 4);
    expect(calls).toEqual([
      'list undefined m=it',
      'watch from 10',
      'watch from 11', // the ADDED event's resourceVersion
      'watch from 15', // the bookmark's
      'list undefined m=it', // 410 Gone: list again, not watch from 15 again
      'watch from 21',
    ]);
    // b was never in the second list: a relist replaces what the cache holds.
    expect(cache.pods('ns1', { run: 'r1' })).toEqual([]);
    expect(cache.pods('ns1', { run: 'r2' }).map((p) => p.metadata?.name)).toEqual(['c']);
    expect(cache.pods('other', {})).toEqual([]);
    expect(cache.stats).toEqual({ lists: 2, watches: 4, events: 4, relists: 1, errors: 0 });
    expect(cache.usable()).toBe(true);
    stop.abort();
    expect(cache.usable()).toBe(false);
  });

  test('a watch that says nothing for stallMs is stopped and started again from where it stood', async () => {
    const { cluster, calls, stops } = fakeCluster([
      { list: [], rv: '5' },
      { watch: [{ type: 'ADDED', pod: pod('a', '6'), resourceVersion: '6' }], end: 'hang' },
    ]);
    const stop = new AbortController();
    const cache = new PodCache({
      cluster,
      namespace: 'ns1',
      selector: 's',
      clock: systemClock,
      signal: stop.signal,
      stallMs: 30,
    });
    await cache.start();
    await until('a second watch', () => calls.length >= 3);
    expect(calls.slice(0, 3)).toEqual(['list ns1 s', 'watch from 5', 'watch from 6']);
    expect(stops[0]).toBe('5');
    stop.abort();
  });

  test('a watch error is retried from the same resourceVersion; a refusal makes the cache unusable', async () => {
    const refused = new ClusterError('forbidden', 'watch refused', { verb: 'watch', resource: 'pods' });
    const failing = new ClusterError(
      'api',
      'server error',
      { verb: 'watch', resource: 'pods' },
      { status: 500 },
    );
    const { cluster, calls } = fakeCluster([
      { list: [pod('a', '1')], rv: '1' },
      { watch: [], end: { gone: false, error: failing } },
      { watch: [], end: { gone: false, error: refused } },
    ]);
    const stop = new AbortController();
    const cache = new PodCache({
      cluster,
      namespace: 'ns1',
      selector: 's',
      clock: systemClock,
      signal: stop.signal,
      retryMs: 1,
    });
    await cache.start();
    await until('the refusal', () => !cache.usable());
    expect(calls).toEqual(['list ns1 s', 'watch from 1', 'watch from 1']);
    expect(cache.stats.errors).toBe(2);
    stop.abort();
    await cache.stopped();
  });

  test('changed() settles on the next event, or after its limit', async () => {
    const { cluster } = fakeCluster([
      { list: [], rv: '1' },
      { watch: [], end: 'hang' },
    ]);
    const stop = new AbortController();
    // The injected clock's `after`: changed() settles when its limit fires, and asks for that limit.
    const asked: number[] = [];
    let fire: () => void = () => {};
    const clock = {
      ...systemClock,
      after: (ms: number, fn: () => void) => {
        asked.push(ms);
        fire = fn;
        return () => {};
      },
    };
    const cache = new PodCache({ cluster, namespace: 'ns1', selector: 's', clock, signal: stop.signal });
    await cache.start();
    let settled = false;
    const waiting = cache.changed(40).then(() => {
      settled = true;
    });
    await new Promise((r) => setImmediate(r));
    expect([settled, asked.at(-1)]).toEqual([false, 40]);
    fire();
    await waiting;
    expect(settled).toBe(true);
    stop.abort();
  });

  test('a list the cluster refuses is thrown by start()', async () => {
    const { cluster } = fakeCluster([{ list: 'forbidden' }]);
    const cache = new PodCache({
      cluster,
      namespace: 'ns1',
      selector: 's',
      clock: systemClock,
      signal: new AbortController().signal,
    });
    await expect(cache.start()).rejects.toThrow('pods is forbidden');
    expect(cache.usable()).toBe(false);
  });
});
