import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import type { Clock } from '../core/clock.js';
import type { ObjectRef } from '../kube/cluster.js';
import { sharedEtcd } from './etcd.js';
import { runSelector } from './names.js';

/** A cluster whose pods are Ready on creation; `stuck` keeps what is deleted (a finalizer that never ends). */
class ReadyCluster extends MemoryCluster {
  stuck = false;
  deleted: string[] = [];
  override async create(obj: KubernetesObject): Promise<KubernetesObject> {
    if (obj.kind === 'Pod')
      (obj as { status?: unknown }).status = { conditions: [{ type: 'Ready', status: 'True' }] };
    return super.create(obj);
  }
  override async delete(ref: ObjectRef): Promise<void> {
    this.deleted.push(`${ref.kind}/${ref.name}`);
    if (!this.stuck) await super.delete(ref);
  }
}

/** Time that moves only when someone sleeps. */
function fakeClock(): Clock & { slept: number[] } {
  let t = Date.parse('2026-12-01T00:00:00Z');
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
  };
}

function etcdOn(cluster: MemoryCluster, clock: Clock) {
  return sharedEtcd({
    cluster,
    runId: 'swp1',
    scratchNamespace: 'scratch',
    image: 'etcd:test',
    podAnnotations: {},
    tolerations: [],
    timeoutMs: 60_000,
    readyMs: 10_000,
    clock,
    pollMs: 100,
    signal: new AbortController().signal,
  });
}

describe('the sweep etcd', () => {
  it('is created on the first ask only, and deleted on close', async () => {
    const cluster = new ReadyCluster();
    const etcd = etcdOn(cluster, fakeClock());
    expect(etcd.created()).toBe(false);
    await etcd.close(1_000);
    expect(cluster.deleted).toEqual([]);
    const [a, b] = await Promise.all([etcd.endpoint(), etcd.endpoint()]);
    expect(a).toBe(b);
    expect(a).toMatch(/^http:\/\/.+\.scratch\.svc:\d+$/);
    expect(etcd.created()).toBe(true);
    expect((await cluster.listByLabel(runSelector('swp1'), 'scratch')).length).toBeGreaterThan(0);
    await etcd.close(1_000);
    expect(cluster.deleted.length).toBeGreaterThan(0);
    expect(await cluster.listByLabel(runSelector('swp1'), 'scratch')).toEqual([]);
  });

  it('waits for the deletion on the injected clock, and gives up at the limit', async () => {
    const cluster = new ReadyCluster();
    const clock = fakeClock();
    const etcd = etcdOn(cluster, clock);
    await etcd.endpoint();
    cluster.stuck = true;
    const t0 = clock.now();
    await etcd.close(1_000);
    expect(clock.slept).toEqual([250, 250, 250, 250]);
    expect(clock.now() - t0).toBe(1_000);
  });
});
