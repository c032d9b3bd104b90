import type { KubernetesObject, V1Node, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/helpers/fixtures.js';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import { InterruptedError } from '../core/errors.js';
import { LABEL } from '../core/labels.js';
import { MeasurementSchema } from '../core/measurement.js';
import { silentProgress } from '../core/progress.js';
import type { ObjectRef } from '../kube/cluster.js';
import { ClusterError } from '../kube/errors.js';
import { leaseObject } from '../scratch/lease-model.js';
import type { PairConfig } from './options/config.js';
import { runPairCluster } from './run.js';

/**
 * The step loop and its teardown against an in-memory cluster: what is
 * created in which order, that everything is deleted after success, failure
 * and Ctrl-C, and that --keep keeps. Pod behaviour per role is scripted.
 */

type Role = 'prefill' | 'decode';
interface Behaviour {
  status: V1Pod['status'];
  log: string;
}

class FakeCluster extends MemoryCluster {
  readonly created: string[] = [];
  /** kind/name of each object patched, and the owners it was given. */
  readonly owned: string[] = [];
  onCreate?: (key: string) => void;
  constructor(private readonly behaviour: Record<Role, Behaviour>) {
    super();
    const node = (name: string): V1Node => ({
      metadata: {
        name,
        labels: { 'kubernetes.io/hostname': name, 'nvidia.com/gpu.product': 'NVIDIA-H100-80GB-HBM3' },
      },
      status: {
        allocatable: { 'nvidia.com/gpu': '8', 'rdma/ib': '8' },
        conditions: [{ type: 'Ready', status: 'True' }],
      },
    });
    this.nodes = [node('gpu-a'), node('gpu-b')];
  }
  override async create(obj: KubernetesObject): Promise<KubernetesObject> {
    const m = obj.metadata ?? {};
    const key = this.key(obj.kind ?? '', m.namespace, m.name ?? '');
    // As stored: with a uid (the Jobs' own is what their dependents' ownerReferences name).
    obj.metadata = { ...m, uid: `uid-${m.name}` };
    this.store.set(key, obj);
    this.created.push(`${obj.kind}/${m.labels?.[LABEL.component]}`);
    if (obj.kind === 'Job') {
      const tpl = (obj as unknown as { spec: { template: { metadata: { labels: Record<string, string> } } } })
        .spec.template;
      const role = tpl.metadata.labels[LABEL.component] as Role;
      const pod: V1Pod = {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: `${m.name}-abcde`,
          namespace: m.namespace,
          labels: tpl.metadata.labels,
          creationTimestamp: new Date(),
        },
        spec: { nodeName: role === 'prefill' ? 'gpu-a' : 'gpu-b', containers: [] },
        status: this.behaviour[role].status,
      };
      this.store.set(this.key('Pod', m.namespace, pod.metadata?.name ?? ''), pod as KubernetesObject);
    }
    if (obj.kind === 'Pod')
      (obj as V1Pod).status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    this.onCreate?.(key);
    return obj;
  }
  override async patch(ref: ObjectRef, mergePatch: object): Promise<void> {
    const owners = (mergePatch as { metadata?: { ownerReferences?: { name: string; uid: string }[] } })
      .metadata?.ownerReferences;
    this.owned.push(`${ref.kind}/${ref.name} <- ${owners?.map((o) => `${o.name}@${o.uid}`).join(' ')}`);
    return super.patch(ref, mergePatch);
  }
  /** How many log reads fail (a kubelet restarting) before they work again. */
  logFailures = 0;
  override async readLog(ns: string, pod: string, container?: string): Promise<string> {
    if (this.logFailures > 0) {
      this.logFailures--;
      throw new ClusterError(
        'api',
        'get pods/log failed (HTTP 500): dial tcp 127.0.0.1:20250: connection refused',
        { verb: 'get', resource: 'pods/log', namespace: ns, name: pod },
        { status: 500 },
      );
    }
    return this.behaviour[container as Role]?.log ?? '';
  }
}

const config: PairConfig = {
  mode: 'cross-node',
  engine: 'nixlbench',
  probeImage: 'reg/nixlbench:0.10.1',
  env: [],
  tolerations: [],
  memory: 'VRAM',
  opType: 'WRITE',
  startBlockSize: 4096,
  maxBlockSize: 67108864,
  iterations: 100,
  minBandwidth: 5,
  etcdImage: 'etcd',
  podAnnotations: {},
  memoryLimit: '16Gi',
  keep: false,
  force: false,
  dryRun: false,
  timeoutMs: 20_000,
  peerTimeoutMs: 2_000,
  nodeProbes: false,
  leaseNamespace: 'interconnect-test',
  leaseWait: true,
};

const ok = (role: Role, log: string): Behaviour => ({
  status: { phase: 'Succeeded' },
  log: `interconnect-test: start nixlbench (${role})\n${log}`,
});
const TARGET =
  'ETCD Runtime: Registered as rank 1 item 2 of 2\nInit nixl worker, dev all rank 1, type target, hostname gpu-b\n';

function run(fake: FakeCluster, over: Partial<PairConfig> = {}, signal = new AbortController().signal) {
  return runPairCluster(
    { ...config, ...over },
    {
      cluster: async () => fake,
      progress: silentProgress,
      signal,
      cwd: '/',
      printManifests: () => {},
      runId: 'unit1',
      pollMs: 5,
      teardownMs: 2_000,
    },
  );
}

describe('runPairCluster', () => {
  it('creates in order, starts decode only after prefill registered, judges, and leaves nothing behind', async () => {
    const fake = new FakeCluster({
      prefill: ok('prefill', readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')),
      decode: ok('decode', TARGET),
    });
    const r = await run(fake);
    expect(fake.created).toEqual([
      // The nodes' Leases first, in sorted order (src/scratch/leases.ts), then the scratch objects.
      'Lease/node-lease',
      'Lease/node-lease',
      'Namespace/namespace',
      'Pod/etcd',
      'Service/etcd',
      'Job/prefill',
      'Job/decode',
    ]);
    // Right after the Jobs: the etcd's Service and pod go with both of them (owners.ts).
    const both = 'itest-unit1-prefill@uid-itest-unit1-prefill itest-unit1-decode@uid-itest-unit1-decode';
    expect(fake.owned).toEqual([`Service/itest-unit1-etcd <- ${both}`, `Pod/itest-unit1-etcd <- ${both}`]);
    expect(r.checks.map((c) => [c.id, c.status])).toEqual([
      ['pair.nodes', 'ok'],
      ['pair.run', 'ok'],
      ['pair.roles', 'ok'],
      ['pair.transport', 'warn'],
      ['pair.bandwidth', 'ok'],
    ]);
    expect(r.measurement).toMatchObject({ peakGBps: 5.10826, nodes: { prefill: 'gpu-a', decode: 'gpu-b' } });
    // The shared contract with pair --local (references/pair.schema.json is generated from it).
    expect(MeasurementSchema.parse(r.measurement)).toEqual(r.measurement);
    expect(fake.store.size).toBe(0);
  });

  it('both Jobs start together; an unschedulable prefill stops the run, with the scheduler quoted, and both are cleaned up', async () => {
    const msg = '0/2 nodes are available: 2 Insufficient nvidia.com/gpu.';
    const fake = new FakeCluster({
      prefill: {
        status: {
          phase: 'Pending',
          conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: msg }],
        },
        log: '',
      },
      decode: ok('decode', TARGET),
    });
    const r = await run(fake);
    expect(fake.created.filter((k) => k.startsWith('Job/'))).toEqual(['Job/prefill', 'Job/decode']);
    expect(r.checks.find((c) => c.id === 'pair.run')).toMatchObject({
      status: 'fail',
      detail: `itest-unit1-prefill-abcde cannot be scheduled: ${msg}`,
    });
    expect(fake.store.size).toBe(0);
  });

  it('Ctrl-C in the middle: the interrupt is rethrown after teardown, and nothing remains', async () => {
    const hang: Behaviour = {
      status: { phase: 'Running' },
      log: 'ETCD Runtime: Registered as rank 0 item 1 of 2\nWaiting for all processes to start...\n',
    };
    const fake = new FakeCluster({ prefill: hang, decode: { status: { phase: 'Running' }, log: '' } });
    const ctl = new AbortController();
    fake.onCreate = (key) => {
      if (key.startsWith('Job/') && key.endsWith('-decode'))
        setTimeout(() => ctl.abort(new InterruptedError('SIGINT')), 20);
    };
    await expect(run(fake, { peerTimeoutMs: 60_000 }, ctl.signal)).rejects.toBeInstanceOf(InterruptedError);
    expect(fake.store.size).toBe(0);
  });

  it('rides out a few failed log reads (a kubelet restarting) without losing the run', async () => {
    const fake = new FakeCluster({
      prefill: ok('prefill', readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')),
      decode: ok('decode', TARGET),
    });
    fake.logFailures = 3;
    const r = await run(fake);
    expect(r.checks.find((c) => c.id === 'pair.bandwidth')?.status).toBe('ok');
    expect(fake.store.size).toBe(0);
  });

  it('--keep leaves the objects and says how to delete them', async () => {
    const fake = new FakeCluster({
      prefill: ok('prefill', readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')),
      decode: ok('decode', TARGET),
    });
    const r = await run(fake, { keep: true });
    expect(r.kept).toEqual({
      namespace: 'itest-pair-unit1',
      command: 'kubectl delete namespace itest-pair-unit1',
    });
    expect(fake.store.size).toBeGreaterThan(0);
    // The objects stay; the nodes do not.
    expect([...fake.store.keys()].filter((k) => k.startsWith('Lease/'))).toEqual([]);
  });

  it('a node held by another live run: --no-wait stops before anything is created, naming node and holder', async () => {
    const fake = new FakeCluster({ prefill: ok('prefill', ''), decode: ok('decode', TARGET) });
    const other = { runId: 'other123', text: 'pair other123 on laptop, pid 7' };
    fake.put(leaseObject({ namespace: 'interconnect-test', node: 'gpu-b', holder: other, now: Date.now() }));
    await expect(run(fake, { leaseWait: false })).rejects.toThrow(
      /^node gpu-b is held by pair other123 \(on laptop, pid 7, \d+ms old, renewed \d+ms ago\); --no-wait: not waiting for it$/,
    );
    expect(fake.created).toEqual(['Lease/node-lease']);
    // gpu-a, taken first (sorted order), was given back; the other run's Lease is untouched.
    expect([...fake.store.keys()]).toEqual(['Lease/interconnect-test/itest-node.gpu-b']);
  });

  it('a node held by another live run: waits, naming it, and starts once it is released', async () => {
    const fake = new FakeCluster({
      prefill: ok('prefill', readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')),
      decode: ok('decode', TARGET),
    });
    const other = { runId: 'other123', text: 'pair other123 on laptop, pid 7' };
    const key = 'Lease/interconnect-test/itest-node.gpu-a';
    fake.put(leaseObject({ namespace: 'interconnect-test', node: 'gpu-a', holder: other, now: Date.now() }));
    const lines: string[] = [];
    const progress = { ...silentProgress, update: (l: string) => lines.push(l) };
    const clock = {
      now: () => Date.now(),
      sleep: async (_ms: number) => {
        // The holder gives it back while we wait (once: later sleeps are our own polls and renewals).
        if (fake.store.get(key)?.metadata?.labels?.[LABEL.runId] === 'other123') fake.store.delete(key);
        await new Promise((r) => setImmediate(r));
      },
    };
    const r = await runPairCluster(config, {
      cluster: async () => fake,
      progress,
      signal: new AbortController().signal,
      cwd: '/',
      printManifests: () => {},
      runId: 'unit1',
      pollMs: 5,
      teardownMs: 2_000,
      clock,
    });
    expect(lines[0]).toMatch(/^waiting for node gpu-a: held by pair other123 \(on laptop, pid 7, /);
    expect(r.checks.find((c) => c.id === 'pair.bandwidth')?.status).toBe('ok');
    expect(fake.store.size).toBe(0);
  });
});

/**
 * Virtual time: a sleep moves it on (by at most a second: the lease renewal sleeps beside the
 * watch's polls) and fires the timers due (the run's --timeout among them).
 */
function virtualClock() {
  let t = 1_000_000;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => t,
    async sleep(ms: number, signal?: AbortSignal) {
      t += Math.min(ms, 1_000);
      for (const x of timers.filter((x) => x.at <= t)) {
        timers.splice(timers.indexOf(x), 1);
        x.fn();
      }
      await new Promise((r) => setImmediate(r));
      // As node:timers/promises rejects an aborted sleep.
      if (signal?.aborted)
        throw Object.assign(new Error('The operation was aborted'), {
          name: 'AbortError',
          code: 'ABORT_ERR',
          cause: signal.reason,
        });
    },
    after(ms: number, fn: () => void) {
      const x = { at: t + ms, fn };
      timers.push(x);
      return () => {
        const i = timers.indexOf(x);
        if (i >= 0) timers.splice(i, 1);
      };
    },
  };
}

/** Both probe pods stay ContainerCreating, their kubelet saying Pulling, for `pullMs` after their Job. */
class PullingCluster extends FakeCluster {
  private readonly createdAt = new Map<string, number>();
  constructor(
    behaviour: Record<Role, Behaviour>,
    private readonly clock: { now(): number },
    private readonly pullMs: number,
  ) {
    super(behaviour);
    this.onCreate = (key) => {
      if (key.startsWith('Job/')) this.createdAt.set(key.split('/').pop() as string, this.clock.now());
    };
  }
  private pulling(pod: V1Pod): boolean {
    const job = (pod.metadata?.name ?? '').replace(/-abcde$/, '');
    const at = this.createdAt.get(job);
    return at !== undefined && this.clock.now() - at < this.pullMs;
  }
  override async listPods(namespace: string | undefined, selector?: string): Promise<V1Pod[]> {
    const pods = await super.listPods(namespace, selector);
    return pods.map((p) =>
      this.pulling(p)
        ? {
            ...p,
            status: {
              phase: 'Pending',
              containerStatuses: [
                {
                  name: 'c',
                  image: 'reg/nixlbench:0.10.1',
                  imageID: '',
                  ready: false,
                  restartCount: 0,
                  state: { waiting: { reason: 'ContainerCreating' } },
                },
              ],
            },
          }
        : p,
    );
  }
  override async podEvents(namespace: string, pod: string) {
    const p = (await super.listPods(namespace)).find((x) => x.metadata?.name === pod);
    if (!p || !this.pulling(p)) return [];
    const job = pod.replace(/-abcde$/, '');
    const at = new Date(this.createdAt.get(job) ?? 0);
    return [
      {
        metadata: { name: `${pod}.pulling` },
        involvedObject: { kind: 'Pod', name: pod },
        reason: 'Pulling',
        message: 'Pulling image "reg/nixlbench:0.10.1"',
        firstTimestamp: at,
      },
    ];
  }
}

describe('runPairCluster: slow pulls are not slow fabrics', () => {
  const behaviour = () => ({
    prefill: ok('prefill', readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')),
    decode: ok('decode', TARGET),
  });
  function runWith(fake: FakeCluster, clock: ReturnType<typeof virtualClock>, over: Partial<PairConfig>) {
    const lines: string[] = [];
    const progress = { ...silentProgress, update: (l: string) => lines.push(l) };
    const done = runPairCluster(
      { ...config, ...over },
      {
        cluster: async () => fake,
        progress,
        signal: new AbortController().signal,
        cwd: '/',
        printManifests: () => {},
        runId: 'unit1',
        pollMs: 1_000,
        teardownMs: 2_000,
        clock,
      },
    );
    return { done, lines };
  }

  it('pulls that take 3 times --timeout still measure: --timeout counts from when both pods run', async () => {
    const clock = virtualClock();
    const fake = new PullingCluster(behaviour(), clock, 60_000);
    const { done, lines } = runWith(fake, clock, { timeoutMs: 20_000, pullTimeoutMs: 120_000 });
    const r = await done;
    expect(r.checks.find((c) => c.id === 'pair.run')).toMatchObject({ status: 'ok' });
    expect(r.measurement).toMatchObject({ peakGBps: 5.10826 });
    // Progress per node, timed from the kubelet's Pulling event.
    expect(lines).toContain(
      'prefill pulling reg/nixlbench:0.10.1 on gpu-a: 30s, decode pulling reg/nixlbench:0.10.1 on gpu-b: 30s',
    );
    expect(fake.store.size).toBe(0);
  });

  it('pulls past --pull-timeout: one problem naming it and the pull, not "raise --timeout"', async () => {
    const clock = virtualClock();
    const fake = new PullingCluster(behaviour(), clock, 10 * 60_000);
    const { done } = runWith(fake, clock, { timeoutMs: 20_000, pullTimeoutMs: 90_000 });
    const r = await done;
    const run = r.checks.find((c) => c.id === 'pair.run');
    expect(run?.status).toBe('fail');
    expect(run?.detail).toMatch(
      /^prefill and decode did not start within --pull-timeout 1m30s \(prefill pulling reg\/nixlbench:0\.10\.1 on gpu-a: 1m3\ds, decode pulling .* on gpu-b: 1m3\ds\)$/,
    );
    expect(run?.fix).toMatch(/raise --pull-timeout/);
    expect(r.problem?.kind).toBe('pull-timeout');
    expect(fake.store.size).toBe(0);
  });
});
