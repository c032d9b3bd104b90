// What a killed `pair` leaves, and `gc`, on the local control plane: the real Job and TTL
// controllers expire the probe Jobs, the real garbage collector takes what they own, and
// `gc` removes the rest (the namespace) or, with --run, everything at once. Also: the
// CronJob's least-privilege `gc -n` with another run's namespace about, and Leases.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CoordinationV1Api,
  type KubernetesObject,
  PatchStrategy,
  type V1Lease,
  V1MicroTime,
} from '@kubernetes/client-node';
import { describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { reportSchemaOf } from '../../src/tools/schema.js';
import { runCli, spawnCli } from '../helpers/cli.js';
import {
  expireRunLeases,
  KWOK_PROBE_ARGS,
  REPO_ROOT,
  SIM,
  type TestEnv,
  toolLeftovers,
  useTestEnv,
  waitFor,
} from './harness.js';

const env = useTestEnv('gc');
const OURS = 'app.kubernetes.io/managed-by';
const runLabels = (runId: string) => ({ [OURS]: 'interconnect-test', 'interconnect-test/run-id': runId });
const leasesApi = (e: TestEnv) => e.kc.makeApiClient(CoordinationV1Api);
const newRunId = () => `g${randomBytes(3).toString('hex')}`;

type ZodLike = { safeParse(v: unknown): { error?: { issues: unknown[] } } };

interface Report {
  checks: { id: string; status: string; subject?: string; detail: string }[];
}

async function gc(args: string[], kubeconfig?: string) {
  const r = await runCli(['gc', '-o', 'json', ...args, ...(kubeconfig ? ['--kubeconfig', kubeconfig] : [])]);
  let report: Report = { checks: [] };
  try {
    report = JSON.parse(r.stdout) as Report;
  } catch {
    // no report: the assertions on code and stderr say why
  }
  // The published contract (references/gc.schema.json), strictly, on every report gc printed.
  if (r.stdout) {
    const strict = (reportSchemaOf('gc.schema.json') as unknown as { strict(): ZodLike }).strict();
    expect(strict.safeParse(report).error?.issues ?? []).toEqual([]);
  }
  return { ...r, report };
}

/** Everything of one run that is left, as kind/name. */
async function leftOf(e: TestEnv, runId: string): Promise<string[]> {
  const suffix = [`itest-pair-${runId}`, `itest-${runId}-`];
  return (await toolLeftovers(e)).filter((l) => suffix.some((s) => l.includes(s)));
}

/**
 * A nixlbench pair in its own scratch namespace whose pods run for an hour, SIGKILLed once both
 * probe pods run and the etcd's pod and Service name both Jobs as owners: nothing torn down.
 */
async function killedPair(e: TestEnv, runId: string): Promise<void> {
  const ns = `itest-pair-${runId}`;
  let child: ChildProcess | undefined;
  const done = spawnCli(
    [
      'pair',
      ...KWOK_PROBE_ARGS,
      '--prefill-node',
      'gpu-node-0',
      '--decode-node',
      'gpu-node-2',
      '--initiator',
      'prefill',
      '--op',
      'write',
      '--pod-annotation',
      `${SIM.duration}=1h`,
      '--peer-timeout',
      '60s',
      '--timeout',
      '90s',
    ],
    {
      env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId },
      onStart: (c) => {
        child = c;
      },
      killAfterMs: 60_000,
    },
  );
  // Whatever happens in the test, nothing of this run outlives the file (other files count leftovers).
  e.defer(`run ${runId}`, async () => {
    child?.kill('SIGKILL');
    await done;
    await runCli(['gc', '--run', runId]);
  });
  await waitFor(
    'both probe pods running and the etcd owned by both Jobs',
    async () => {
      const pods = await e.core.listNamespacedPod({
        namespace: ns,
        labelSelector: `interconnect-test/run-id=${runId}`,
      });
      const running = pods.items.filter(
        (p) =>
          p.status?.phase === 'Running' && p.metadata?.labels?.['app.kubernetes.io/component'] !== 'etcd',
      );
      const svc = await e.core.readNamespacedService({ name: `itest-${runId}-etcd`, namespace: ns });
      return running.length === 2 && svc.metadata?.ownerReferences?.length === 2;
    },
    { timeoutMs: 45_000 },
  );
  child?.kill('SIGKILL');
  const killed = await done;
  expect(killed.signal, killed.stderr).toBe('SIGKILL');
}

/** Where this file's pairs hold their nodes (test/cluster/vitest.cluster.config.ts sets it). */
const LEASE_NS = process.env.INTERCONNECT_TEST_LEASE_NAMESPACE ?? 'interconnect-test';

/** The run's node Leases, as gc names them. */
async function leaseSubjects(e: TestEnv, runId: string): Promise<string[]> {
  const list = await leasesApi(e).listNamespacedLease({
    namespace: LEASE_NS,
    labelSelector: `interconnect-test/run-id=${runId}`,
  });
  return list.items.map((l) => `lease/${l.metadata?.name} -n ${LEASE_NS}`);
}

describe('what a SIGKILLed pair leaves', () => {
  test('the Jobs expire on their own, the garbage collector takes what they own, gc --run the namespace', async () => {
    const e = env();
    const runId = newRunId();
    const ns = `itest-pair-${runId}`;
    await killedPair(e, runId);
    const before = await leftOf(e, runId);
    expect(before).toEqual(
      expect.arrayContaining([
        `namespace/${ns}`,
        `job/${ns}/itest-${runId}-prefill`,
        `job/${ns}/itest-${runId}-decode`,
        `pod/${ns}/itest-${runId}-etcd`,
        `service/${ns}/itest-${runId}-etcd`,
      ]),
    );
    const owners = (await e.core.readNamespacedPod({ name: `itest-${runId}-etcd`, namespace: ns })).metadata
      ?.ownerReferences;
    expect(owners?.map((o) => [o.kind, o.name, o.controller, o.blockOwnerDeletion]).sort()).toEqual([
      ['Job', `itest-${runId}-decode`, false, false],
      ['Job', `itest-${runId}-prefill`, false, false],
    ]);

    // The Jobs carry their own end: --pull-timeout (default 20m) + --timeout (90 s) + 60 s, then
    // 600 s after they finish. Let that
    // time pass by shortening both on the stored Jobs; the Job controller then fails them, the
    // TTL controller deletes them, and the garbage collector their dependents. No one else acts.
    for (const role of ['prefill', 'decode']) {
      const name = `itest-${runId}-${role}`;
      const job = await e.batch.readNamespacedJob({ name, namespace: ns });
      expect([job.spec?.activeDeadlineSeconds, job.spec?.ttlSecondsAfterFinished]).toEqual([
        1200 + 90 + 60,
        600,
      ]);
      await e.objects.patch(
        {
          apiVersion: 'batch/v1',
          kind: 'Job',
          metadata: { name, namespace: ns },
          spec: { activeDeadlineSeconds: 1, ttlSecondsAfterFinished: 0 },
        } as KubernetesObject,
        undefined,
        undefined,
        undefined,
        undefined,
        PatchStrategy.MergePatch,
      );
    }
    await waitFor(
      'the Jobs, their pods, the etcd pod and Service gone',
      async () => {
        const left = await leftOf(e, runId);
        return left.length === 1 && left[0] === `namespace/${ns}`;
      },
      { timeoutMs: 60_000 },
    );
    // Only the namespace: what gc is for.
    expect((await e.core.readNamespace({ name: ns })).status?.phase).toBe('Active');

    // Its node Leases (60 s after the last renewal) are what keeps gc off it; let them lapse.
    const leases = (await expireRunLeases(e, runId)).map((name) => `lease/${name} -n ${LEASE_NS}`);
    expect(leases).toHaveLength(2);
    const r = await gc(['--run', runId]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.report.checks.map((c) => [c.status, c.subject, c.detail])).toEqual([
      ...leases.map((l) => ['ok', l, `deleted (run ${runId})`]),
      ['ok', `namespace/${ns}`, `deleted (run ${runId})`],
    ]);
    await e.waitForGone(`namespace ${ns}`, () => e.core.readNamespace({ name: ns }), { timeoutMs: 60_000 });
    const again = await gc(['--run', runId]);
    expect(again.report.checks.map((c) => c.detail)).toEqual([`nothing left of run ${runId}`]);
  }, 150_000);

  test('gc --run right after the kill: its node Leases still live, it says so and deletes everything at once, each object named', async () => {
    const e = env();
    const runId = newRunId();
    const ns = `itest-pair-${runId}`;
    await killedPair(e, runId);
    const left = await leftOf(e, runId);

    const typo = await gc(['--run', ns]);
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim().split('\n').at(-1)).toMatch(
      new RegExp(`got the object name ${ns}: pass ${runId}`),
    );

    // Right after the kill its node Leases are still live: --run deletes it all the same (it is
    // the "remove it now" a run that could not clean up prints), and says so first.
    const leases = await leaseSubjects(e, runId);
    expect(leases).toHaveLength(2);
    const r = await gc(['--run', runId]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.report.checks[0]).toMatchObject({ id: 'gc.live', status: 'warn', subject: `run/${runId}` });
    expect(r.report.checks[0]?.detail).toMatch(
      new RegExp(
        `^its lease ${LEASE_NS}/itest-node\\.gpu-node-\\d is live.*: deleting run ${runId} anyway \\(--run\\)`,
      ),
    );
    r.report.checks.shift();
    const subjects = r.report.checks.map((c) => c.subject);
    // Every object listed before, each by kind, name and namespace, the namespace last.
    const asSubject = (l: string) => {
      const [kind, a, b] = l.split('/');
      return kind === 'namespace' ? l : `${kind}/${b} -n ${a}`;
    };
    expect([...subjects].sort()).toEqual([...left.map(asSubject), ...leases].sort());
    expect(subjects.at(-1)).toBe(`namespace/${ns}`);
    expect(r.report.checks.every((c) => c.status === 'ok' && c.detail === `deleted (run ${runId})`)).toBe(
      true,
    );
    await e.waitForGone(`namespace ${ns}`, () => e.core.readNamespace({ name: ns }), { timeoutMs: 60_000 });
    expect(await leftOf(e, runId)).toEqual([]);
  }, 120_000);
});

/** A Lease as the per-node leases of a run are written (coordination.k8s.io/v1). */
function lease(namespace: string, runId: string, renewedAgoMs: number, durationS: number): V1Lease {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: `itest-${runId}-gpu-node-0`,
      namespace,
      labels: { ...runLabels(runId), 'app.kubernetes.io/component': 'node-lease' },
    },
    spec: {
      holderIdentity: runId,
      leaseDurationSeconds: durationS,
      renewTime: new V1MicroTime(Date.now() - renewedAgoMs),
    },
  };
}

/** deploy/cronjob/rbac.yaml as shipped, for ServiceAccount `sa` of the test namespace (also the lease namespace). */
async function applyShippedRbac(e: TestEnv, scratchNs: string, sa: string): Promise<void> {
  const id = randomBytes(3).toString('hex');
  const docs = parseAllDocuments(readFileSync(path.join(REPO_ROOT, 'deploy/cronjob/rbac.yaml'), 'utf8')).map(
    (d) => d.toJS() as KubernetesObject & { roleRef?: { kind: string; name: string }; subjects?: unknown[] },
  );
  const namespaces: Record<string, string> = {
    'interconnect-test-scratch': scratchNs,
    dynamo: e.namespace,
    'interconnect-test': e.namespace,
  };
  await e.core.createNamespacedServiceAccount({ namespace: e.namespace, body: { metadata: { name: sa } } });
  for (const d of docs) {
    if (d.kind === 'ServiceAccount') continue;
    const ns = d.metadata?.namespace;
    if (ns !== undefined && !(ns in namespaces)) throw new Error(`rbac.yaml: unexpected namespace ${ns}`);
    await e.createObject({
      ...d,
      metadata: {
        name: `${d.metadata?.name}-${id}`,
        labels: e.labels(),
        ...(ns ? { namespace: namespaces[ns] } : {}),
      },
      ...(d.roleRef ? { roleRef: { ...d.roleRef, name: `${d.roleRef.name}-${id}` } } : {}),
      ...(d.subjects ? { subjects: [{ kind: 'ServiceAccount', name: sa, namespace: e.namespace }] } : {}),
    } as KubernetesObject);
  }
}

const expired = () => ({ 'interconnect-test/expires-at': new Date(Date.now() - 60_000).toISOString() });

describe("the CronJob's least-privilege gc -n", () => {
  test("considers only its scratch namespace: another run's namespace is left alone, exit 0", async () => {
    const e = env();
    const scratch = `e2e-gc-scratch-${randomBytes(3).toString('hex')}`;
    await e.core.createNamespace({ body: { metadata: { name: scratch, labels: e.labels() } } });
    e.defer(`namespace ${scratch}`, () => e.core.deleteNamespace({ name: scratch }));
    await applyShippedRbac(e, scratch, 'nightly-gc');
    const kubeconfig = e.kubeconfigFile(await e.kubeConfigForServiceAccount('nightly-gc'));

    const mine = newRunId();
    const other = newRunId();
    const dead = newRunId();
    // Another run's namespace, expired: not the CronJob's to delete (its Role is in scratch only).
    const otherNs = `itest-pair-${other}`;
    await e.core.createNamespace({
      body: { metadata: { name: otherNs, labels: runLabels(other), annotations: expired() } },
    });
    e.defer(`namespace ${otherNs}`, () => e.core.deleteNamespace({ name: otherNs }));
    const svc = `itest-${mine}-prefill`;
    await e.core.createNamespacedService({
      namespace: scratch,
      body: {
        metadata: { name: svc, labels: runLabels(mine), annotations: expired() },
        spec: { selector: runLabels(mine), ports: [{ port: 5000 }] },
      },
    });
    await leasesApi(e).createNamespacedLease({
      namespace: e.namespace,
      body: lease(e.namespace, dead, 600_000, 30),
    });
    const otherRv = (await e.core.readNamespace({ name: otherNs })).metadata?.resourceVersion;

    const r = await gc(['-n', scratch, '--lease-namespace', e.namespace], kubeconfig);
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.report.checks.map((c) => [c.status, c.subject, c.detail.replace(/\d+m\d*s?|\d+s/, 'T')]),
    ).toEqual([
      ['ok', `service/${svc} -n ${scratch}`, 'deleted (expired T ago)'],
      ['ok', `lease/itest-${dead}-gpu-node-0 -n ${e.namespace}`, 'deleted (lease expired T ago)'],
    ]);
    const ns = await e.core.readNamespace({ name: otherNs });
    expect([ns.metadata?.resourceVersion, ns.metadata?.deletionTimestamp]).toEqual([otherRv, undefined]);
    await e.waitForGone(`service ${svc}`, () =>
      e.core.readNamespacedService({ name: svc, namespace: scratch }),
    );
  }, 60_000);
});

describe('gc and Leases', () => {
  test('gc --older-than 1s skips a run whose Lease is live and names it, deletes one whose Lease expired', async () => {
    const e = env();
    const live = newRunId();
    const dead = newRunId();
    for (const id of [live, dead])
      await e.createObject({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: `itest-${id}-decode`, namespace: e.namespace, labels: runLabels(id) },
        spec: { selector: runLabels(id), ports: [{ port: 5000 }] },
      } as KubernetesObject);
    await leasesApi(e).createNamespacedLease({
      namespace: e.namespace,
      body: lease(e.namespace, live, 0, 300),
    });
    await leasesApi(e).createNamespacedLease({
      namespace: e.namespace,
      body: lease(e.namespace, dead, 120_000, 15),
    });
    await new Promise((r) => setTimeout(r, 2_100));

    // Cluster-wide, as an admin runs it: --dry-run (a real one would take other files' live runs).
    const dry = await gc(['--older-than', '1s', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    const about = (id: string) =>
      dry.report.checks.filter((c) => c.subject?.includes(id)).map((c) => [c.id, c.subject, c.detail]);
    expect(about(live)).toEqual([
      [
        'gc.live',
        `run/${live}`,
        expect.stringMatching(
          new RegExp(
            `^skipped run ${live}: its lease ${e.namespace}/itest-${live}-gpu-node-0 is live \\(held by ${live}\\), for \\d`,
          ),
        ),
      ],
    ]);
    expect(about(dead).map(([, s, d]) => [s, d?.replace(/\(.*\)/, '(…)')])).toEqual([
      [`service/itest-${dead}-decode -n ${e.namespace}`, 'would delete (…)'],
      [`lease/itest-${dead}-gpu-node-0 -n ${e.namespace}`, 'would delete (…)'],
    ]);

    // For real, in the test's namespace only (its Leases there too).
    const r = await gc(['--older-than', '1s', '-n', e.namespace, '--lease-namespace', e.namespace]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.report.checks.map((c) => [c.id, c.subject])).toEqual([
      ['gc.delete', `service/itest-${dead}-decode -n ${e.namespace}`],
      ['gc.delete', `lease/itest-${dead}-gpu-node-0 -n ${e.namespace}`],
      ['gc.live', `run/${live}`],
    ]);
    const leases = await leasesApi(e).listNamespacedLease({ namespace: e.namespace });
    expect(leases.items.map((l) => l.metadata?.name)).toEqual([`itest-${live}-gpu-node-0`]);
    await e.waitForGone("the dead run's Service", () =>
      e.core.readNamespacedService({ name: `itest-${dead}-decode`, namespace: e.namespace }),
    );
    await e.core.readNamespacedService({ name: `itest-${live}-decode`, namespace: e.namespace });

    // --run of a live run deletes it all the same (an explicit id), saying so first.
    const forced = await gc(['--run', live, '-n', e.namespace, '--lease-namespace', e.namespace]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.report.checks[0]).toMatchObject({ id: 'gc.live', status: 'warn', subject: `run/${live}` });
    expect((await leasesApi(e).listNamespacedLease({ namespace: e.namespace })).items).toEqual([]);
  }, 60_000);
});
