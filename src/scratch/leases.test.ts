import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, test } from 'vitest';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import type { Clock } from '../core/clock.js';
import { ClusterError } from '../kube/errors.js';
import {
  acquireAll,
  decide,
  describeHolder,
  type Holder,
  isLive,
  type LeaseDeps,
  leaseName,
  leaseNameOf,
  leaseObject,
  leaseView,
  microTime,
  readLease,
  releaseAll,
  renewAll,
  renewWhileHeld,
} from './leases.js';

const T0 = Date.parse('2026-12-02T00:00:00Z');

function clockAt(ms: number): Clock & { t: number } {
  const c = {
    t: ms,
    now: () => c.t,
    sleep: async (d: number) => {
      c.t += d;
    },
  };
  return c;
}

const A: Holder = { runId: 'aaaa1111', text: 'pair aaaa1111 on host-a, pid 1' };
const B: Holder = { runId: 'bbbb2222', text: 'sweep bbbb on host-b, pid 2' };

function depsFor(cluster: MemoryCluster, holder: Holder, clock = clockAt(T0)): LeaseDeps {
  return { cluster, clock, signal: new AbortController().signal, namespace: 'leases', holder };
}

/** A Lease as a run of `holder` left it, renewed at `renewedAt`. */
function leftBy(holder: Holder, node: string, renewedAt: number): KubernetesObject {
  return leaseObject({ namespace: 'leases', node, holder, now: renewedAt });
}

describe('lease names, times and decisions', () => {
  test('one Lease per node, itest-node.<node>; a name past 253 characters keeps its start and a hash', () => {
    expect(leaseName('gpu-node-0')).toBe('itest-node.gpu-node-0');
    const long = `${'a'.repeat(250)}.example.com`;
    const name = leaseName(long);
    expect(name.length).toBeLessThanOrEqual(253);
    expect(name).toMatch(/^itest-node\.a+\.[0-9a-f]{16}$/);
    expect(leaseName(`${long}x`)).not.toBe(name);
  });

  test('one Lease per worker pod for pair --in-place: itest-pod.<namespace>.<pod>, labelled and annotated as a pod', () => {
    expect(leaseNameOf('pod', 'dynamo/vllm-prefill-0')).toBe('itest-pod.dynamo.vllm-prefill-0');
    expect(leaseNameOf('node', 'gpu-node-0')).toBe(leaseName('gpu-node-0'));
    const obj = leaseObject({ namespace: 'leases', node: 'dynamo/p-0', kind: 'pod', holder: A, now: T0 });
    expect(obj.metadata).toMatchObject({
      name: 'itest-pod.dynamo.p-0',
      labels: { 'app.kubernetes.io/component': 'pod-lease' },
      annotations: { 'interconnect-test/pod': 'dynamo/p-0' },
    });
  });

  test('MicroTime: RFC 3339 with six fractional digits', () => {
    expect(microTime(T0 + 123)).toBe('2026-12-02T00:00:00.123000Z');
  });

  test('live while renewed less than leaseDurationSeconds ago; expired, released or ours decide what to do', () => {
    const v = leaseView(leftBy(A, 'n1', T0));
    expect(isLive(v, T0 + 59_999)).toBe(true);
    expect(isLive(v, T0 + 60_000)).toBe(false);
    expect(decide(undefined, B.runId, T0)).toEqual({ act: 'create' });
    expect(decide(v, A.runId, T0).act).toBe('ours');
    expect(decide(v, B.runId, T0 + 10_000).act).toBe('wait');
    expect(decide(v, B.runId, T0 + 61_000).act).toBe('take');
    const released = leaseView({ ...v.obj, spec: { leaseDurationSeconds: 60 } } as KubernetesObject);
    expect(decide(released, B.runId, T0).act).toBe('take');
  });

  test('the holder is described with its host, age and last renewal', () => {
    const obj = leftBy(A, 'n1', T0);
    (obj as { spec: { renewTime: string } }).spec.renewTime = microTime(T0 + 131_000);
    expect(describeHolder(leaseView(obj), T0 + 135_000)).toBe(
      'pair aaaa1111 (on host-a, pid 1, 2m15s old, renewed 4s ago)',
    );
  });
});

describe('acquire, renew, release (on the Cluster seam)', () => {
  test('all or nothing in sorted order: the second node held gives the first back', async () => {
    const cluster = new MemoryCluster();
    cluster.put(leftBy(B, 'n2', T0));
    const got = await acquireAll(depsFor(cluster, A), ['n2', 'n1']);
    expect(got).toMatchObject({ ok: false, node: 'n2', lease: { holder: B.runId } });
    expect(await readLease(depsFor(cluster, A), 'n1')).toBeUndefined();
    const lease = await readLease(depsFor(cluster, A), 'n2');
    expect(lease?.holder).toBe(B.runId);
  });

  test('free nodes are created with our labels, holder and annotation', async () => {
    const cluster = new MemoryCluster();
    expect(await acquireAll(depsFor(cluster, A), ['n1', 'n2'])).toEqual({ ok: true });
    const stored = cluster.store.get('Lease/leases/itest-node.n1') as KubernetesObject & {
      spec: Record<string, unknown>;
    };
    expect(stored.metadata?.labels).toMatchObject({
      'app.kubernetes.io/managed-by': 'interconnect-test',
      'app.kubernetes.io/component': 'node-lease',
      'interconnect-test/run-id': A.runId,
    });
    expect(stored.metadata?.annotations?.['interconnect-test/holder']).toBe(A.text);
    expect(stored.spec).toMatchObject({ holderIdentity: A.runId, leaseDurationSeconds: 60 });
  });

  test("a crashed holder's expired Lease is taken over by a conditional replace; a conflict re-reads and decides again", async () => {
    const cluster = new MemoryCluster();
    cluster.put({
      ...leftBy(B, 'n1', T0 - 120_000),
      metadata: { ...leftBy(B, 'n1', T0).metadata, resourceVersion: '7' },
    });
    const seen: string[] = [];
    const racing = Object.assign(Object.create(cluster) as MemoryCluster, {
      replace: async (obj: KubernetesObject) => {
        seen.push(obj.metadata?.resourceVersion ?? '');
        if (seen.length === 1) {
          // Another run renewed it first: the stored version moved on.
          cluster.put({
            ...leftBy(B, 'n1', T0),
            metadata: { ...leftBy(B, 'n1', T0).metadata, resourceVersion: '8' },
          });
          throw new ClusterError(
            'conflict',
            'changed',
            { verb: 'update', resource: 'leases' },
            { status: 409 },
          );
        }
        return cluster.replace(obj);
      },
    });
    const got = await acquireAll(depsFor(racing, A), ['n1']);
    // Re-read after the conflict: now live, so it waits instead of overwriting.
    expect(got).toMatchObject({ ok: false, node: 'n1' });
    expect(seen).toEqual(['7']);

    cluster.put({
      ...leftBy(B, 'n1', T0 - 120_000),
      metadata: { ...leftBy(B, 'n1', T0).metadata, resourceVersion: '9' },
    });
    expect(await acquireAll(depsFor(cluster, A), ['n1'])).toEqual({ ok: true });
    const taken = (await readLease(depsFor(cluster, A), 'n1'))?.obj as {
      spec: { leaseTransitions?: number };
    };
    expect(taken.spec.leaseTransitions).toBe(1);
  });

  test('a Lease create refused by RBAC names what to grant', async () => {
    const cluster = new MemoryCluster();
    cluster.create = async () => {
      throw new ClusterError(
        'forbidden',
        'permission denied: cannot create leases in namespace leases',
        { verb: 'create', resource: 'leases' },
        { status: 403 },
      );
    };
    await expect(acquireAll(depsFor(cluster, A), ['n1'])).rejects.toMatchObject({
      message: 'permission denied: cannot create leases in namespace leases',
      fix: expect.stringMatching(
        /grant get, create, update and delete on leases .* or pass --lease-namespace/,
      ),
    });
  });

  test('a missing lease namespace is created (no managed-by label: gc leaves it), then the Lease', async () => {
    const cluster = new MemoryCluster();
    const create = cluster.create.bind(cluster);
    cluster.create = async (obj) => {
      if (obj.kind === 'Lease' && !cluster.store.has('Namespace//leases'))
        throw new ClusterError(
          'not-found',
          'namespaces "leases" not found',
          { verb: 'create', resource: 'leases' },
          { status: 404 },
        );
      return create(obj);
    };
    expect(await acquireAll(depsFor(cluster, A), ['n1'])).toEqual({ ok: true });
    const ns = cluster.store.get('Namespace//leases');
    expect(ns?.metadata?.labels).toEqual({
      'app.kubernetes.io/name': 'interconnect-test',
      'app.kubernetes.io/part-of': 'interconnect-test',
      'app.kubernetes.io/component': 'lease-namespace',
    });
  });

  test('renewal moves renewTime on; a Lease another run took over is reported lost, never overwritten', async () => {
    const cluster = new MemoryCluster();
    const clock = clockAt(T0);
    const deps = depsFor(cluster, A, clock);
    await acquireAll(deps, ['n1', 'n2']);
    clock.t += 20_000;
    expect(await renewAll(deps, ['n1', 'n2'])).toEqual([]);
    expect((await readLease(deps, 'n1'))?.renewedAt).toBe(T0 + 20_000);
    expect((await readLease(deps, 'n1'))?.acquiredAt).toBe(T0);
    cluster.put(leftBy(B, 'n2', clock.t));
    expect(await renewAll(deps, ['n1', 'n2'])).toEqual(['n2']);
    expect((await readLease(deps, 'n2'))?.holder).toBe(B.runId);
  });

  test('release deletes only what is still ours', async () => {
    const cluster = new MemoryCluster();
    const deps = depsFor(cluster, A);
    await acquireAll(deps, ['n1', 'n2']);
    cluster.put(leftBy(B, 'n2', T0));
    await releaseAll(deps, ['n1', 'n2']);
    expect(await readLease(deps, 'n1')).toBeUndefined();
    expect((await readLease(deps, 'n2'))?.holder).toBe(B.runId);
  });

  test('renewWhileHeld renews every 20 s until stopped, and says so when a Lease is no longer ours', async () => {
    const cluster = new MemoryCluster();
    const stop = new AbortController();
    const slept: number[] = [];
    const clock = {
      t: T0,
      now: () => clock.t,
      sleep: async (ms: number) => {
        slept.push(ms);
        clock.t += ms;
        if (slept.length === 2) cluster.put(leftBy(B, 'n2', clock.t));
        if (slept.length === 3) stop.abort();
      },
    };
    const deps = depsFor(cluster, A, clock);
    await acquireAll(deps, ['n1', 'n2']);
    const lines: string[] = [];
    await renewWhileHeld(deps, ['n1', 'n2'], stop.signal, (l) => lines.push(l));
    expect(slept).toEqual([20_000, 20_000, 20_000]);
    // Two rounds ran (the third sleep ended in the stop): n1 renewed at +40 s, n2 lost in the second.
    expect((await readLease(deps, 'n1'))?.renewedAt).toBe(T0 + 40_000);
    expect(lines).toEqual([
      'the lease on n2 is no longer ours (it expired, or was deleted): another run may start there',
    ]);
  });
});
