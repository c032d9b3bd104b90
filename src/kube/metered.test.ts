import { describe, expect, test } from 'vitest';
import { systemClock } from '../core/clock.js';
import type { Cluster } from './cluster.js';
import { metered } from './metered.js';

function slowCluster() {
  let inFlight = 0;
  let most = 0;
  const c = {
    describe: 'fake',
    async create(o: unknown) {
      inFlight++;
      most = Math.max(most, inFlight);
      await systemClock.sleep(5);
      inFlight--;
      return o;
    },
    async listPods() {
      return [];
    },
    withSignal(_s: AbortSignal) {
      return c;
    },
  };
  return { cluster: c as unknown as Cluster, most: () => most };
}

describe('metered', () => {
  test('at most createLimit creates in flight, across withSignal connections; calls counted by method', async () => {
    const fake = slowCluster();
    const { cluster, meter } = metered(fake.cluster, systemClock, 3);
    const other = cluster.withSignal(new AbortController().signal);
    const objs = Array.from({ length: 10 }, (_, i) => ({ metadata: { name: `o${i}` } }));
    const made = await Promise.all(objs.map((o, i) => (i % 2 ? other : cluster).create(o)));
    expect(made).toEqual(objs);
    expect(fake.most()).toBe(3);
    await cluster.listPods('ns');
    expect(meter.byMethod.get('create')?.calls).toBe(10);
    expect(meter.byMethod.get('listPods')?.calls).toBe(1);
    expect(meter.maxQueued).toBe(7);
    expect(cluster.describe).toBe('fake');
  });

  test('a failing create frees its slot and is counted', async () => {
    const c = {
      async create() {
        throw new Error('refused');
      },
      withSignal() {
        return c;
      },
    } as unknown as Cluster;
    const { cluster, meter } = metered(c, systemClock, 1);
    await expect(cluster.create({})).rejects.toThrow('refused');
    await expect(cluster.create({})).rejects.toThrow('refused');
    expect(meter.byMethod.get('create')?.calls).toBe(2);
  });
});
