// RBAC on pods/exec with TokenRequest tokens, and the controllers that clean
// up: ttl-after-finished, garbage collector, namespace.
import { CoreV1Api } from '@kubernetes/client-node';
import { expect, test } from 'vitest';
import { describeNeeding, localControlPlane } from '../helpers/preconditions.js';
import { ExecError, isLocalKwokCluster, TestEnv, useTestEnv, waitFor } from './harness.js';

// Pods here must behave as kwok's sim-* stages say: skipped on other clusters.
const local = await isLocalKwokCluster();
const env = useTestEnv('rbac');

async function grant(e: TestEnv, sa: string, rules: { resources: string[]; verbs: string[] }[]) {
  await e.core.createNamespacedServiceAccount({ namespace: e.namespace, body: { metadata: { name: sa } } });
  await e.rbac.createNamespacedRole({
    namespace: e.namespace,
    body: { metadata: { name: sa }, rules: rules.map((r) => ({ apiGroups: [''], ...r })) },
  });
  await e.rbac.createNamespacedRoleBinding({
    namespace: e.namespace,
    body: {
      metadata: { name: sa },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: sa },
      subjects: [{ kind: 'ServiceAccount', name: sa, namespace: e.namespace }],
    },
  });
  return e.kubeConfigForServiceAccount(sa);
}

describeNeeding([localControlPlane(local)], 'RBAC', () => {
  test('a ServiceAccount that may get pods but not create pods/exec gets 403 from exec', async () => {
    const e = env();
    await e.createPod({ name: 'target', exec: { ibstat: { stdout: 'ok\n' } } });
    await e.waitForPodReady('target');

    const reader = await grant(e, 'reader', [{ resources: ['pods', 'pods/log'], verbs: ['get', 'list'] }]);
    const operator = await grant(e, 'operator', [
      { resources: ['pods'], verbs: ['get', 'list'] },
      { resources: ['pods/exec'], verbs: ['create', 'get'] },
    ]);

    // The token works: get is allowed.
    const pod = await reader
      .makeApiClient(CoreV1Api)
      .readNamespacedPod({ name: 'target', namespace: e.namespace });
    expect(pod.metadata?.name).toBe('target');

    const denied = await e.exec('target', ['ibstat'], { kc: reader }).catch((err: unknown) => err);
    expect(denied).toBeInstanceOf(ExecError);
    expect((denied as ExecError).httpStatus).toBe(403);

    // The same call with pods/exec granted succeeds: RBAC, nothing else, said no.
    expect(await e.exec('target', ['ibstat'], { kc: operator })).toMatchObject({
      stdout: 'ok\n',
      exitCode: 0,
    });
  });
});

describeNeeding([localControlPlane(local)], 'cleanup controllers', () => {
  test('ttl-after-finished deletes a finished Job and the garbage collector its pods', async () => {
    const e = env();
    await e.createJob({ name: 'short-lived', ttlSecondsAfterFinished: 1 });
    // No wait for Complete first: with a 1s TTL the Job may be gone before a poll sees it.
    await e.waitForGone(
      'job short-lived',
      () => e.batch.readNamespacedJob({ name: 'short-lived', namespace: e.namespace }),
      { timeoutMs: 60_000 },
    );
    // It was deleted because it finished: the Job controller's event outlives it.
    const events = await e.core.listNamespacedEvent({
      namespace: e.namespace,
      fieldSelector: 'involvedObject.kind=Job,involvedObject.name=short-lived',
    });
    expect(events.items.map((ev) => ev.reason)).toContain('Completed');
    await waitFor(
      'pods of job short-lived to be deleted',
      async () => (await e.jobPods('short-lived')).length === 0,
      {
        timeoutMs: 60_000,
      },
    );
  });

  test('deleting a namespace with running Jobs and pods completes', async () => {
    const doomed = await TestEnv.create({ prefix: 'doomed' });
    try {
      await doomed.createJob({ name: 'long', sim: { duration: '1h' }, parallelism: 2, completions: 2 });
      await doomed.createPod({ name: 'server' });
      await doomed.core.createNamespacedConfigMap({
        namespace: doomed.namespace,
        body: { metadata: { name: 'cfg' }, data: { a: 'b' } },
      });
      await doomed.waitForPodReady('server');
      await doomed.core.deleteNamespace({ name: doomed.namespace });
      await doomed.waitForGone(
        `namespace ${doomed.namespace}`,
        () => doomed.core.readNamespace({ name: doomed.namespace }),
        { timeoutMs: 90_000 },
      );
    } finally {
      await doomed.cleanup();
    }
  });
});
