import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MemoryCluster, refOfStored, storageReinitializing } from '../../test/helpers/memory-cluster.js';
import { silentProgress } from '../core/progress.js';
import type { ObjectRef } from '../kube/cluster.js';
import { ClusterError } from '../kube/errors.js';
import { liveRuns, runGc, staleObjects } from './gc.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const at = (min: number) => new Date(NOW + min * 60_000).toISOString();

const refs: ObjectRef[] = [
  { apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-old', createdAt: at(-120), expiresAt: at(-90) },
  {
    apiVersion: 'batch/v1',
    kind: 'Job',
    name: 'itest-old-prefill',
    namespace: 'itest-pair-old',
    createdAt: at(-120),
    expiresAt: at(-90),
  },
  { apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-live', createdAt: at(-5), expiresAt: at(10) },
  { apiVersion: 'v1', kind: 'Namespace', name: 'itest-pair-long', createdAt: at(-200), expiresAt: at(30) },
  {
    apiVersion: 'batch/v1',
    kind: 'Job',
    name: 'itest-x-decode',
    namespace: 'probes',
    createdAt: at(-30),
    expiresAt: at(-1),
  },
  { apiVersion: 'v1', kind: 'Pod', name: 'no-annotation', namespace: 'probes', createdAt: at(-61) },
  { apiVersion: 'v1', kind: 'Pod', name: 'young', namespace: 'probes', createdAt: at(-10) },
];

describe('staleObjects', () => {
  it('takes what is past its expiry, unannotated objects past --older-than, and leaves a namespace’s contents to it', () => {
    expect(
      staleObjects(refs, NOW, { olderThanMs: 3_600_000, olderThanExplicit: false }).map((s) => [
        s.ref.name,
        s.why,
      ]),
    ).toEqual([
      ['itest-pair-old', 'expired 1h30m ago'],
      ['itest-x-decode', 'expired 1m ago'],
      ['no-annotation', 'created 1h1m ago'],
    ]);
  });

  it('an explicit --older-than also takes a long run before its expiry', () => {
    expect(
      staleObjects(refs, NOW, { olderThanMs: 3_600_000, olderThanExplicit: true }).map((s) => s.ref.name),
    ).toEqual(['itest-pair-old', 'itest-pair-long', 'itest-x-decode', 'no-annotation']);
  });
});

const RUN = (id: string) => ({
  'app.kubernetes.io/managed-by': 'interconnect-test',
  'interconnect-test/run-id': id,
});

function lease(id: string, renewedMinAgo: number, durationS = 60): KubernetesObject {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: `itest-${id}-gpu-0`,
      namespace: 'interconnect-test',
      labels: RUN(id),
      creationTimestamp: at(-100) as unknown as Date,
    },
    spec: {
      holderIdentity: id,
      renewTime: at(-renewedMinAgo) as unknown as Date,
      leaseDurationSeconds: durationS,
    },
  } as KubernetesObject;
}

function scratchNs(id: string, expiresMin: number): KubernetesObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: `itest-pair-${id}`,
      labels: RUN(id),
      annotations: { 'interconnect-test/expires-at': at(expiresMin) },
      creationTimestamp: at(-100) as unknown as Date,
    },
  };
}

function inNs(kind: string, apiVersion: string, name: string, ns: string, id: string): KubernetesObject {
  return {
    apiVersion,
    kind,
    metadata: { name, namespace: ns, labels: RUN(id), creationTimestamp: at(-100) as unknown as Date },
  };
}

const fixedClock = { now: () => NOW, sleep: async () => undefined };
const deps = () => ({ clock: fixedClock, signal: new AbortController().signal });
const base = { olderThanMs: 1000, olderThanExplicit: true, dryRun: false };
const names = (c: MemoryCluster) => [...c.store.keys()].sort();

describe('leases: a live run is never touched', () => {
  it('liveRuns: renewTime + leaseDurationSeconds after now is live, before is not', () => {
    const refs = [lease('live1', 0.5), lease('dead1', 2)].map(refOfStored);
    expect(liveRuns(refs, NOW).map((l) => [l.runId, l.until - NOW])).toEqual([['live1', 30_000]]);
  });

  it('gc --older-than skips a run whose lease is live (and says so), and deletes an expired lease as stale', async () => {
    const c = new MemoryCluster({
      objects: [scratchNs('live1', -5), lease('live1', 0.5), scratchNs('dead1', 30), lease('dead1', 5)],
    });
    const checks = await runGc(c, base, silentProgress, deps());
    expect(checks.map((k) => [k.id, k.status, k.subject, k.detail])).toEqual([
      ['gc.delete', 'ok', 'lease/itest-dead1-gpu-0 -n interconnect-test', 'deleted (lease expired 4m ago)'],
      ['gc.delete', 'ok', 'namespace/itest-pair-dead1', 'deleted (created 1h40m ago)'],
      [
        'gc.live',
        'ok',
        'run/live1',
        'skipped run live1: its lease interconnect-test/itest-live1-gpu-0 is live (held by live1), for 30s more unless renewed',
      ],
    ]);
    expect(names(c)).toEqual(['Lease/interconnect-test/itest-live1-gpu-0', 'Namespace//itest-pair-live1']);
  });

  it('plain gc also keeps a live run past its expiry annotation', async () => {
    const c = new MemoryCluster({ objects: [scratchNs('live1', -5), lease('live1', 0.5)] });
    const checks = await runGc(
      c,
      { ...base, olderThanExplicit: false, olderThanMs: 3_600_000 },
      silentProgress,
      deps(),
    );
    expect(checks.map((k) => k.id)).toEqual(['gc.scratch', 'gc.live']);
    expect(names(c)).toHaveLength(2);
  });
});

describe('gc -n: only what is in that namespace', () => {
  it("leaves another run's namespace alone, reads leases in the lease namespace", async () => {
    const c = new MemoryCluster({
      objects: [
        scratchNs('other1', -5),
        inNs('Job', 'batch/v1', 'itest-mine1-prefill', 'scratch', 'mine1'),
        inNs('Service', 'v1', 'itest-live1-prefill', 'scratch', 'live1'),
        lease('live1', 0.1),
      ],
    });
    const checks = await runGc(
      c,
      { ...base, namespace: 'scratch', leaseNamespace: 'interconnect-test' },
      silentProgress,
      deps(),
    );
    expect(checks.map((k) => [k.status, k.subject])).toEqual([
      ['ok', 'job/itest-mine1-prefill -n scratch'],
      ['ok', 'run/live1'],
    ]);
    expect(names(c)).toEqual([
      'Lease/interconnect-test/itest-live1-gpu-0',
      'Namespace//itest-pair-other1',
      'Service/scratch/itest-live1-prefill',
    ]);
  });
});

describe('gc --run', () => {
  const run1 = () =>
    new MemoryCluster({
      objects: [
        scratchNs('run1', 60),
        inNs('Job', 'batch/v1', 'itest-run1-prefill', 'itest-pair-run1', 'run1'),
        inNs('Service', 'v1', 'itest-run1-etcd', 'itest-pair-run1', 'run1'),
        inNs('ConfigMap', 'v1', 'itest-run1-nixl-probe', 'itest-pair-run1', 'run1'),
        lease('run1', 5),
        scratchNs('run2', -60),
      ],
    });

  it('deletes everything of that run now, whatever its expiry, the namespace last; nothing of another', async () => {
    const c = run1();
    const checks = await runGc(c, { ...base, runId: 'run1' }, silentProgress, deps());
    expect(checks.map((k) => `${k.status} ${k.subject}: ${k.detail}`)).toEqual([
      'ok job/itest-run1-prefill -n itest-pair-run1: deleted (run run1)',
      'ok service/itest-run1-etcd -n itest-pair-run1: deleted (run run1)',
      'ok configmap/itest-run1-nixl-probe -n itest-pair-run1: deleted (run run1)',
      'ok lease/itest-run1-gpu-0 -n interconnect-test: deleted (run run1)',
      'ok namespace/itest-pair-run1: deleted (run run1)',
    ]);
    expect(names(c)).toEqual(['Namespace//itest-pair-run2']);
  });

  it('--dry-run deletes nothing; a run with nothing left is ok; a live run is deleted all the same, with a warning', async () => {
    const c = run1();
    const dry = await runGc(c, { ...base, runId: 'run1', dryRun: true }, silentProgress, deps());
    expect(dry.every((k) => k.detail === 'would delete (run run1)')).toBe(true);
    expect(names(c)).toHaveLength(6);
    expect(await runGc(c, { ...base, runId: 'zzz' }, silentProgress, deps())).toMatchObject([
      { id: 'gc.run', status: 'ok', detail: 'nothing left of run zzz' },
    ]);
    c.put(lease('run1', 0.5));
    const live = await runGc(c, { ...base, runId: 'run1' }, silentProgress, deps());
    expect(live[0]).toMatchObject({ id: 'gc.live', status: 'warn', subject: 'run/run1' });
    expect(live[0]?.detail).toMatch(
      /^its lease .* is live .*: deleting run run1 anyway \(--run\); if it is still going, it ends as disturbed$/,
    );
    expect(live.slice(1).every((k) => k.id === 'gc.delete' && k.status === 'ok')).toBe(true);
    expect(names(c)).toEqual(['Namespace//itest-pair-run2']);
  });

  it('retries a deletion the API server failed transiently', async () => {
    const c = run1();
    let failures = 1;
    const del = c.delete.bind(c);
    c.delete = async (ref) => {
      if (failures-- > 0)
        throw new ClusterError('unreachable', 'cannot reach the Kubernetes API server', {
          verb: 'delete',
          resource: 'jobs',
        });
      return del(ref);
    };
    const checks = await runGc(c, { ...base, runId: 'run1' }, silentProgress, deps());
    expect(checks.every((k) => k.status === 'ok')).toBe(true);
    expect(names(c)).toEqual(['Namespace//itest-pair-run2']);
  });
  it('asks again when the list is answered 429 (a restarted API server: custom-resource storage), never when unreachable', async () => {
    const c = run1();
    let failures = 2;
    const list = c.listByLabel.bind(c);
    c.listByLabel = async (sel, ns) => {
      if (failures-- > 0) throw storageReinitializing();
      return list(sel, ns);
    };
    const checks = await runGc(c, { ...base, runId: 'run1' }, silentProgress, deps());
    expect(failures).toBeLessThan(0); // both 429s answered, then listed for real
    expect(checks.every((k) => k.status === 'ok')).toBe(true);
    expect(names(c)).toEqual(['Namespace//itest-pair-run2']);

    const d = run1();
    let calls = 0;
    d.listByLabel = async () => {
      calls++;
      throw new ClusterError('unreachable', 'cannot reach the Kubernetes API server', {
        verb: 'list',
        resource: 'jobs',
      });
    };
    await expect(runGc(d, { ...base, runId: 'run1' }, silentProgress, deps())).rejects.toThrow(
      /cannot reach/,
    );
    expect(calls).toBeGreaterThan(0);
  });
});
