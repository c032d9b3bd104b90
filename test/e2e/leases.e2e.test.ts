// Per-node Leases end to end on the local control plane: two runs on the same nodes never
// measure at once. Real `pair` and `sweep` runs (kwok plays the kubelet, the probe pods
// "print" a real nixlbench log) against the real API server, whose coordination.k8s.io/v1
// Leases and resourceVersion checks are what keep them apart.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CoordinationV1Api, CoreV1Api, type KubernetesObject, type V1Lease } from '@kubernetes/client-node';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import {
  fixture,
  KWOK_PROBE_ARGS,
  type TestEnv,
  toCriLog,
  toolLeftovers,
  useTestEnv,
  waitFor,
} from './harness.js';

const env = useTestEnv('leases');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'leases-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

const SIM = 'interconnect-test.dev/sim-';
const A = 'gpu-node-0';
const B = 'gpu-node-1';
// test/cluster/vitest.cluster.config.ts points the default lease namespace here.
const LEASE_NS = process.env.INTERCONNECT_TEST_LEASE_NAMESPACE ?? 'interconnect-test';
const HEALTHY = readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8');
const target = (host: string) => `Connecting to ETCD at http://etcd:2379
ETCD Runtime: Registered as rank 1 item 2 of 2
Init nixl worker, dev all rank 1, type target, hostname ${host}
Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)
All processes are ready to proceed
`;

const newRunId = () => `e2e${randomBytes(3).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The probe pods of every run whose scratch namespace is `namespace` print a healthy run. */
async function healthyLogs(e: TestEnv, namespace: string, decodeHost = B): Promise<void> {
  const file = (name: string, text: string) => {
    const f = path.join(scratchDir, `${name}-${randomBytes(3).toString('hex')}.log`);
    writeFileSync(f, toCriLog(text));
    return f;
  };
  await e.createObject({
    apiVersion: 'kwok.x-k8s.io/v1alpha1',
    kind: 'ClusterLogs',
    metadata: { name: `leases-${namespace}`, labels: e.labels() },
    spec: {
      selector: { matchNamespaces: [namespace] },
      logs: [
        { containers: ['prefill'], logsFile: file(`${namespace}-prefill`, HEALTHY) },
        { containers: ['decode'], logsFile: file(`${namespace}-decode`, target(decodeHost)) },
      ],
    },
  } as KubernetesObject);
}

const COMMON = ['--initiator', 'prefill', '--op', 'write', '--min-bandwidth', '5', '-o', 'json'];

function pair(runId: string, args: string[]) {
  return runCli(
    [
      'pair',
      ...KWOK_PROBE_ARGS,
      '--timeout',
      '60s',
      ...COMMON,
      '--prefill-node',
      A,
      '--decode-node',
      B,
      ...args,
    ],
    { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId } },
  );
}

function leases(e: TestEnv) {
  return e.kc.makeApiClient(CoordinationV1Api);
}

async function leaseOf(e: TestEnv, node: string): Promise<V1Lease | undefined> {
  try {
    return await leases(e).readNamespacedLease({ name: `itest-node.${node}`, namespace: LEASE_NS });
  } catch (err) {
    if ((err as { code?: number }).code === 404) return undefined;
    throw err;
  }
}

async function namespaceExists(e: TestEnv, name: string): Promise<boolean> {
  try {
    await e.core.readNamespace({ name });
    return true;
  } catch {
    return false;
  }
}

/** Waits until `runId` holds both nodes' Leases. */
async function heldBy(e: TestEnv, runId: string): Promise<void> {
  await waitFor(
    `run ${runId} to hold ${A} and ${B}`,
    async () =>
      (await leaseOf(e, A))?.spec?.holderIdentity === runId &&
      (await leaseOf(e, B))?.spec?.holderIdentity === runId,
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}

const stillHeld = async (e: TestEnv, runId: string) =>
  (await leaseOf(e, A))?.spec?.holderIdentity === runId ||
  (await leaseOf(e, B))?.spec?.holderIdentity === runId;

describe('per-node leases', () => {
  test('two pairs on the same nodes: the second waits, naming the first, and starts only after it released', async () => {
    const e = env();
    const [first, second] = [newRunId(), newRunId()];
    await healthyLogs(e, `itest-pair-${first}`);
    await healthyLogs(e, `itest-pair-${second}`);
    // The first run's pods run 6 s, so that it holds the nodes a while.
    const one = pair(first, ['--pod-annotation', `${SIM}duration=6s`]);
    await heldBy(e, first);
    const two = pair(second, []);
    // As long as the first holds either node, the second has created nothing (its scratch namespace is its first object).
    let looks = 0;
    while (await stillHeld(e, first)) {
      expect(await namespaceExists(e, `itest-pair-${second}`)).toBe(false);
      looks++;
      await sleep(200);
    }
    expect(looks).toBeGreaterThan(5);
    const [r1, r2] = await Promise.all([one, two]);
    expect(r1.code, r1.stderr).toBe(0);
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.stderr).toMatch(
      new RegExp(
        `waiting for node ${A}: held by pair ${first} \\(on [^,]+, pid \\d+, [0-9a-z]+ old, renewed [0-9a-z]+ ago\\)`,
      ),
    );
    expect(r1.stderr).not.toMatch(/waiting for node/);
    expect(JSON.parse(r2.stdout).measurement.peakGBps).toBe(5.10826);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 90_000);

  test('--no-wait while another run holds a node: exit 2 at once, the last line names node, holder and age', async () => {
    const e = env();
    const holder = newRunId();
    await healthyLogs(e, `itest-pair-${holder}`);
    const held = pair(holder, ['--pod-annotation', `${SIM}duration=4s`]);
    await heldBy(e, holder);
    const refused = await pair(newRunId(), ['--no-wait']);
    expect(refused.code, refused.stderr).toBe(2);
    const last = refused.stderr.trim().split('\n').pop() ?? '';
    expect(last).toMatch(
      new RegExp(
        `^error: node ${A} is held by pair ${holder} \\(on [^,]+, pid \\d+, [0-9a-z]+ old, renewed [0-9a-z]+ ago\\); --no-wait: not waiting for it \\(fix: .*drop --no-wait`,
      ),
    );
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    // The refused run gave back nothing of the holder's: it still holds both nodes.
    expect(await stillHeld(e, holder)).toBe(true);
    expect((await held).code).toBe(0);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 60_000);

  test("a crashed holder's Lease (renewed long ago, as a killed CLI leaves it) is taken over", async () => {
    const e = env();
    const old = new Date(Date.now() - 10 * 60_000).toISOString().replace(/Z$/, '000Z');
    const crashed: V1Lease = {
      metadata: {
        name: `itest-node.${A}`,
        namespace: LEASE_NS,
        labels: {
          'app.kubernetes.io/managed-by': 'interconnect-test',
          'app.kubernetes.io/component': 'node-lease',
          'interconnect-test/run-id': 'crashed1',
        },
        annotations: { 'interconnect-test/holder': 'pair crashed1 on gone-host, pid 4242' },
      },
      spec: {
        holderIdentity: 'crashed1',
        leaseDurationSeconds: 60,
        // MicroTime as the API server takes it (a Date would be written with milliseconds only).
        acquireTime: old as unknown as Date,
        renewTime: old as unknown as Date,
      },
    };
    // The namespace may not exist yet in a fresh cluster: any run creates it; create it the same way.
    if (!(await namespaceExists(e, LEASE_NS)))
      await e.core.createNamespace({ body: { metadata: { name: LEASE_NS } } }).catch(() => undefined);
    const stored = await leases(e).createNamespacedLease({ namespace: LEASE_NS, body: crashed });
    const runId = newRunId();
    await healthyLogs(e, `itest-pair-${runId}`);
    const running = pair(runId, ['--no-wait']);
    // The same object (uid), replaced: our holder, one transition more.
    await waitFor(
      `run ${runId} to take over the crashed holder's Lease`,
      async () => (await leaseOf(e, A))?.spec?.holderIdentity === runId,
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const taken = await leaseOf(e, A);
    expect(taken?.metadata?.uid).toBe(stored.metadata?.uid);
    expect(taken?.spec?.leaseTransitions).toBe(1);
    expect(taken?.metadata?.annotations?.['interconnect-test/holder']).toMatch(
      new RegExp(`^pair ${runId} on `),
    );
    const r = await running;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/waiting for node/);
    // Taken over (not waited for, not deleted by anyone else) and then released: nothing is left.
    expect(await leaseOf(e, A)).toBeUndefined();
    expect(await toolLeftovers(e)).toEqual([]);
  }, 60_000);

  test('a sweep beside a pair: its pair on the held nodes waits (a warning names the holder) and runs once they are free', async () => {
    const e = env();
    const holder = newRunId();
    const sweepId = `sw${randomBytes(2).toString('hex')}`;
    await healthyLogs(e, `itest-pair-${holder}`);
    // --nodes A,B: one pair, index 0 (src/sweep/config.ts pairRunId).
    await healthyLogs(e, `itest-pair-${sweepId}p0`);
    const held = pair(holder, ['--pod-annotation', `${SIM}duration=5s`]);
    await heldBy(e, holder);
    const sw = await runCli(
      ['sweep', ...KWOK_PROBE_ARGS, '--pair-timeout', '60s', ...COMMON, '--nodes', `${A},${B}`],
      { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: sweepId } },
    );
    const h = await held;
    expect(h.code, h.stderr).toBe(0);
    expect(sw.code, sw.stderr).toBe(0);
    expect(sw.stderr).toMatch(
      new RegExp(`! pair ${A} ↔ ${B}: waiting for node ${A}: held by pair ${holder} \\(on [^)]+\\)`),
    );
    const pairs = JSON.parse(sw.stdout).sweep.pairs as { runId: string; peakGBps: number | null }[];
    expect(pairs.map((p) => [p.runId, p.peakGBps])).toEqual([[`${sweepId}p0`, 5.10826]]);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 90_000);

  test('an identity that may not touch Leases there: exit 2 naming what to grant, before anything is created', async () => {
    const e = env();
    const id = randomBytes(3).toString('hex');
    const sa = `no-leases-${id}`;
    await e.core.createNamespacedServiceAccount({ namespace: e.namespace, body: { metadata: { name: sa } } });
    // Enough to plan (read the nodes and pods), nothing on leases.
    await e.createObject({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: `itest-read-${id}`, labels: e.labels() },
      rules: [{ apiGroups: [''], resources: ['nodes', 'pods'], verbs: ['get', 'list'] }],
    } as KubernetesObject);
    await e.createObject({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: `itest-read-${id}`, labels: e.labels() },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `itest-read-${id}` },
      subjects: [{ kind: 'ServiceAccount', name: sa, namespace: e.namespace }],
    } as KubernetesObject);
    const kc = await e.kubeConfigForServiceAccount(sa);
    // RBAC answers from an informer: wait until the binding is seen.
    await waitFor('the read binding to take effect', async () =>
      kc
        .makeApiClient(CoreV1Api)
        .listNode()
        .then(() => true)
        .catch(() => false),
    );
    const runId = newRunId();
    const r = await pair(runId, ['--kubeconfig', e.kubeconfigFile(kc)]);
    expect(r.code, r.stderr).toBe(2);
    const last = r.stderr.trim().split('\n').pop() ?? '';
    expect(last).toMatch(/^error: permission denied: cannot get leases\b/);
    expect(last).toContain(
      `(fix: grant get, create, update and delete on leases (coordination.k8s.io) in namespace ${LEASE_NS} (deploy/cronjob/rbac.yaml and deploy/in-place/rbac.yaml have the Role), or pass --lease-namespace a namespace where you may)`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    // Nothing was taken, so nothing is given back: no teardown noise about the refused Leases.
    expect(r.stderr).not.toMatch(/teardown:/);
    expect(await namespaceExists(e, `itest-pair-${runId}`)).toBe(false);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 60_000);
});
