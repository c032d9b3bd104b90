// deploy/sweep as an operator installs it: kustomize build of the example overlay, a
// server-side dry run, a real apply, the CronJob controller creating a Job from our
// template, the ServiceAccount's permissions as the API server's RBAC answers them, and
// a full uninstall. The install's names are fixed (namespaces interconnect-test and
// interconnect-test-scratch, ClusterRole interconnect-test-read): the test refuses to run
// where they exist, and removes everything it applied even when a test fails.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdmissionregistrationV1Api,
  AuthorizationV1Api,
  BatchV1Api,
  CoreV1Api,
  KubeConfig,
  RbacAuthorizationV1Api,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { parseDuration } from '../../src/core/duration.js';
import { cronProblem, loadPolicy } from '../../src/sweep/policy.js';
import { loadKubeConfig, localClusterInfo, REPO_ROOT, statusCode, waitFor } from './harness.js';

const OVERLAY = path.join(REPO_ROOT, 'deploy/sweep/overlays/example');
const BASE = path.join(REPO_ROOT, 'deploy/sweep/base');
const NS = 'interconnect-test';
const SCRATCH = 'interconnect-test-scratch';
const SA_USER = `system:serviceaccount:${NS}:interconnect-test`;
const SA_GROUPS = ['system:serviceaccounts', `system:serviceaccounts:${NS}`, 'system:authenticated'];

const kc = loadKubeConfig();
const core = kc.makeApiClient(CoreV1Api);
const batch = kc.makeApiClient(BatchV1Api);
const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
const authz = kc.makeApiClient(AuthorizationV1Api);
const admission = kc.makeApiClient(AdmissionregistrationV1Api);
const info = await localClusterInfo(kc);
// The cached kubectl of the local cluster, $KUBECTL, or kubectl on PATH.
const cached = info ? path.join(info.binDir, 'kubectl') : '';
const KUBECTL = process.env.KUBECTL ?? (cached && existsSync(cached) ? cached : 'kubectl');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function kubectl(args: string[], input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      KUBECTL,
      args,
      { env: { ...process.env, KUBECONFIG: process.env.KUBECONFIG }, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number') reject(err);
        else resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

async function ok(args: string[], input?: string): Promise<string> {
  const r = await kubectl(args, input);
  if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} exited ${r.code}: ${r.stderr.trim()}`);
  return r.stdout;
}

const exists = (read: () => Promise<unknown>) =>
  read().then(
    () => true,
    (err: unknown) => {
      if (statusCode(err) === 404) return false;
      throw err;
    },
  );

async function installed(): Promise<string[]> {
  const found: string[] = [];
  for (const name of [NS, SCRATCH])
    if (await exists(() => core.readNamespace({ name }))) found.push(`namespace ${name}`);
  if (await exists(() => rbac.readClusterRole({ name: 'interconnect-test-read' })))
    found.push('clusterrole interconnect-test-read');
  if (await exists(() => rbac.readClusterRoleBinding({ name: 'interconnect-test-read' })))
    found.push('clusterrolebinding interconnect-test-read');
  if (await exists(() => admission.readValidatingAdmissionPolicy({ name: 'interconnect-test-probe-pods' })))
    found.push('validatingadmissionpolicy interconnect-test-probe-pods');
  if (
    await exists(() =>
      admission.readValidatingAdmissionPolicyBinding({ name: 'interconnect-test-probe-pods' }),
    )
  )
    found.push('validatingadmissionpolicybinding interconnect-test-probe-pods');
  return found;
}

/** Whether the ServiceAccount may do this, as the API server's authorizer answers. */
async function may(
  verb: string,
  resource: string,
  { namespace, group = '', subresource }: { namespace?: string; group?: string; subresource?: string } = {},
): Promise<boolean> {
  const r = await authz.createSubjectAccessReview({
    body: {
      spec: {
        user: SA_USER,
        groups: SA_GROUPS,
        resourceAttributes: { verb, resource, group, namespace, subresource },
      },
    },
  });
  return r.status?.allowed === true;
}

let manifests = '';
// Set once beforeAll has seen none of the install's names taken: from then on whatever
// exists under them is this test's, and afterAll removes it whichever test failed.
let ours = false;

async function uninstall(): Promise<void> {
  // Everything the overlay made, by the same build; the namespaces take their contents
  // (CronJob, Jobs, pods, PVC, ConfigMap, Roles) with them.
  const r = await kubectl(
    ['delete', '--ignore-not-found', '--wait=true', '--timeout=100s', '-f', '-'],
    manifests,
  );
  if (r.code !== 0) throw new Error(`kubectl delete exited ${r.code}: ${r.stderr.trim()}`);
}

beforeAll(async () => {
  const left = await installed();
  if (left.length > 0) {
    throw new Error(
      `${left.join(', ')} already exist: this test installs deploy/sweep under its fixed names and ` +
        'would take them over. Remove them first (kubectl delete -k deploy/sweep/overlays/example) or use another cluster.',
    );
  }
  manifests = await ok(['kustomize', OVERLAY]);
  ours = true;
});

afterAll(async () => {
  if (ours && process.env.E2E_KEEP !== '1') await uninstall();
}, 120_000);

describe('deploy/sweep/overlays/example', () => {
  test('passes a server-side dry run once its namespaces exist, creating nothing else', async () => {
    // On an empty cluster a server dry run cannot admit the namespaced objects: a dry-run
    // Namespace is not stored, so the objects in it are refused with NotFound. Everything
    // cluster-scoped passes; nothing else fails.
    const empty = await kubectl(['apply', '--dry-run=server', '-f', '-'], manifests);
    expect(empty.code).toBe(1);
    expect(empty.stdout).toContain('namespace/interconnect-test created (server dry run)');
    expect(empty.stdout).toContain(
      'clusterrole.rbac.authorization.k8s.io/interconnect-test-read created (server dry run)',
    );
    const errors = empty.stderr.trim().split('\n');
    expect(errors).toHaveLength(8); // SA, 2 Roles, 2 RoleBindings, ConfigMap, PVC, CronJob
    // The admission policy and its binding are cluster-scoped: admitted by the dry run too.
    expect(empty.stdout).toContain(
      'validatingadmissionpolicy.admissionregistration.k8s.io/interconnect-test-probe-pods created (server dry run)',
    );
    for (const line of errors)
      expect(line).toMatch(/\(NotFound\).*namespaces "interconnect-test(-scratch)?" not found$/);
    expect(await installed()).toEqual([]);

    // So the operator's way: the namespaces first, then the dry run admits every object.
    const namespaces = parseAllDocuments(manifests)
      .map((d) => d.toJS())
      .filter((o) => o.kind === 'Namespace');
    await ok(['apply', '-f', '-'], namespaces.map((o) => stringify(o)).join('---\n'));
    const out = await ok(['apply', '--dry-run=server', '-f', '-'], manifests);
    // The base alone (emptyDir results, the base schedule) is admitted too.
    const baseOut = await ok(['apply', '--dry-run=server', '-f', '-'], await ok(['kustomize', BASE]));
    expect(baseOut).toContain('cronjob.batch/interconnect-test-sweep created (server dry run)');
    for (const obj of [
      'serviceaccount/interconnect-test',
      'clusterrole.rbac.authorization.k8s.io/interconnect-test-read',
      'clusterrolebinding.rbac.authorization.k8s.io/interconnect-test-read',
      'role.rbac.authorization.k8s.io/interconnect-test-scratch',
      'rolebinding.rbac.authorization.k8s.io/interconnect-test-scratch',
      'role.rbac.authorization.k8s.io/interconnect-test-leases',
      'rolebinding.rbac.authorization.k8s.io/interconnect-test-leases',
      'configmap/interconnect-test-sweep-policy',
      'validatingadmissionpolicy.admissionregistration.k8s.io/interconnect-test-probe-pods',
      'validatingadmissionpolicybinding.admissionregistration.k8s.io/interconnect-test-probe-pods',
      'persistentvolumeclaim/interconnect-test-sweep-results',
      'cronjob.batch/interconnect-test-sweep',
    ])
      expect(out).toContain(`${obj} created (server dry run)`);
    expect(await installed()).toEqual(['namespace interconnect-test', 'namespace interconnect-test-scratch']);
    expect(
      await exists(() => batch.readNamespacedCronJob({ name: 'interconnect-test-sweep', namespace: NS })),
    ).toBe(false);
  });

  test('applies, and the CronJob carries the deadlines, limits and the policy ConfigMap schedule', async () => {
    await ok(['apply', '-f', '-'], manifests);

    const cj = await batch.readNamespacedCronJob({ name: 'interconnect-test-sweep', namespace: NS });
    const cm = await core.readNamespacedConfigMap({ name: 'interconnect-test-sweep-policy', namespace: NS });
    // The overlay's schedule, set once in the ConfigMap, reached the CronJob.
    expect(cm.data?.schedule).toBe('30 1 * * 1-5');
    expect(cj.spec?.schedule).toBe(cm.data?.schedule);
    expect(cj.spec).toMatchObject({
      concurrencyPolicy: 'Forbid',
      startingDeadlineSeconds: 3600,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 7,
      suspend: false,
    });
    const job = cj.spec?.jobTemplate.spec;
    expect(job).toMatchObject({ backoffLimit: 0, ttlSecondsAfterFinished: 604800 });

    // The policy the ConfigMap holds is one the sweep accepts, read the way the pod reads it
    // (a kubelet ConfigMap volume: ..data symlinks), and the Job outlives its timeout.
    const dir = mkdtempSync(path.join(tmpdir(), 'sweep-policy-'));
    try {
      const ts = path.join(dir, '..2026_01_01_00_00_00.000000001');
      mkdirSync(ts);
      for (const [k, v] of Object.entries(cm.data ?? {})) writeFileSync(path.join(ts, k), v);
      symlinkSync(path.basename(ts), path.join(dir, '..data'));
      for (const k of Object.keys(cm.data ?? {})) symlinkSync(path.join('..data', k), path.join(dir, k));
      const policy = loadPolicy(dir);
      expect(policy.schedule).toBe('30 1 * * 1-5');
      expect(policy.output?.pushgateway).toMatch(/^http:\/\/[^/]+\.svc:9091$/);
      const timeoutMs = parseDuration(policy.timeout as string) as number;
      expect((job?.activeDeadlineSeconds ?? 0) * 1000).toBeGreaterThan(timeoutMs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const pod = job?.template.spec;
    expect(pod?.serviceAccountName).toBe('interconnect-test');
    expect(pod?.securityContext).toMatchObject({ runAsNonRoot: true, fsGroup: 65532 });
    expect(pod?.initContainers?.map((c) => c.args)).toEqual([['gc', '-n', SCRATCH, '-o', 'json']]);
    expect(pod?.containers.map((c) => c.image)).toEqual([
      'registry.internal.example.net/gpu-infra/interconnect-test:0.1.0',
    ]);
    expect(pod?.volumes?.find((v) => v.name === 'results')).toEqual({
      name: 'results',
      persistentVolumeClaim: { claimName: 'interconnect-test-sweep-results' },
    });
    const pvc = await core.readNamespacedPersistentVolumeClaim({
      name: 'interconnect-test-sweep-results',
      namespace: NS,
    });
    expect(pvc.spec?.accessModes).toEqual(['ReadWriteOnce']);
  });

  test('the ServiceAccount may do what a sweep needs in the scratch namespace, and nothing more', async () => {
    // RBAC answers from an informer: wait for the bindings to be seen.
    await waitFor('the scratch RoleBinding to take effect', () =>
      may('create', 'jobs', { namespace: SCRATCH, group: 'batch' }),
    );
    await waitFor('the ClusterRoleBinding to take effect', () => may('list', 'nodes'));

    const allowed: [string, string, { namespace?: string; group?: string; subresource?: string }?][] = [
      ['create', 'jobs', { namespace: SCRATCH, group: 'batch' }],
      ['delete', 'jobs', { namespace: SCRATCH, group: 'batch' }],
      ['watch', 'pods', { namespace: SCRATCH }],
      ['create', 'pods', { namespace: SCRATCH }],
      ['create', 'services', { namespace: SCRATCH }],
      ['delete', 'services', { namespace: SCRATCH }],
      ['create', 'configmaps', { namespace: SCRATCH }],
      ['delete', 'configmaps', { namespace: SCRATCH }],
      // The probe Jobs become the owners of a pair's Services, ConfigMap and etcd pod.
      ['patch', 'services', { namespace: SCRATCH }],
      ['patch', 'pods', { namespace: SCRATCH }],
      ['patch', 'configmaps', { namespace: SCRATCH }],
      ['get', 'pods', { namespace: SCRATCH, subresource: 'log' }],
      ['list', 'events', { namespace: SCRATCH }],
      ['list', 'nodes'],
      ['list', 'pods'],
      ['get', 'namespaces'],
      ['list', 'events'],
      ['get', 'dynamographdeployments', { namespace: 'dynamo', group: 'nvidia.com' }],
      ['list', 'dynamographdeployments', { group: 'nvidia.com' }],
      ['get', 'network-attachment-definitions', { namespace: 'dynamo', group: 'k8s.cni.cncf.io' }],
      // The per-node Leases, in the CronJob's own namespace (the default --lease-namespace).
      ['create', 'leases', { namespace: NS, group: 'coordination.k8s.io' }],
      // gc: which runs are live (list), expired Leases of ours (delete).
      ['list', 'leases', { namespace: NS, group: 'coordination.k8s.io' }],
      ['update', 'leases', { namespace: NS, group: 'coordination.k8s.io' }],
      ['delete', 'leases', { namespace: NS, group: 'coordination.k8s.io' }],
    ];
    const denied: typeof allowed = [
      ['create', 'namespaces'],
      ['delete', 'namespaces', { namespace: SCRATCH }],
      ['create', 'pods', { namespace: SCRATCH, subresource: 'exec' }],
      ['get', 'pods', { namespace: SCRATCH, subresource: 'exec' }],
      ['create', 'pods', { namespace: 'dynamo', subresource: 'exec' }],
      ['get', 'secrets', { namespace: SCRATCH }],
      ['list', 'secrets'],
      ['get', 'secrets', { namespace: NS }],
      ['create', 'jobs', { namespace: NS, group: 'batch' }],
      ['create', 'pods', { namespace: 'default' }],
      ['create', 'configmaps', { namespace: NS }],
      ['delete', 'pods', { namespace: 'dynamo' }],
      ['update', 'nodes'],
      ['patch', 'jobs', { namespace: SCRATCH, group: 'batch' }],
      ['delete', 'leases', { namespace: 'default', group: 'coordination.k8s.io' }],
      ['update', 'cronjobs', { namespace: NS, group: 'batch' }],
      ['create', 'roles', { namespace: SCRATCH, group: 'rbac.authorization.k8s.io' }],
      ['update', 'dynamographdeployments', { namespace: 'dynamo', group: 'nvidia.com' }],
      ['create', 'leases', { namespace: SCRATCH, group: 'coordination.k8s.io' }],
      ['create', 'leases', { namespace: 'default', group: 'coordination.k8s.io' }],
      // The admission policy is the admin's: the token can neither lift it nor leave its reach.
      ['delete', 'validatingadmissionpolicies', { group: 'admissionregistration.k8s.io' }],
      ['update', 'validatingadmissionpolicybindings', { group: 'admissionregistration.k8s.io' }],
      ['patch', 'namespaces', { namespace: SCRATCH }],
    ];
    type Ask = (typeof allowed)[number];
    const label = ([verb, resource, o]: Ask) =>
      `${verb} ${resource}${o?.subresource ? `/${o.subresource}` : ''}${o?.namespace ? ` -n ${o.namespace}` : ''}`;
    const answers = (asks: Ask[]) =>
      Promise.all(asks.map(async (a) => `${label(a)}: ${await may(a[0], a[1], a[2])}`));
    expect(await answers(allowed)).toEqual(allowed.map((a) => `${label(a)}: true`));
    expect(await answers(denied)).toEqual(denied.map((a) => `${label(a)}: false`));

    // And with the ServiceAccount's own token (TokenRequest), through authentication too:
    // a ConfigMap in the scratch namespace is fine, a namespace is refused.
    const tr = await core.createNamespacedServiceAccountToken({
      name: 'interconnect-test',
      namespace: NS,
      body: { spec: { expirationSeconds: 600, audiences: [] } },
    });
    const cluster = kc.getCurrentCluster();
    if (!cluster || !tr.status?.token) throw new Error('no cluster or no token');
    const saKc = new KubeConfig();
    saKc.loadFromOptions({
      clusters: [cluster],
      users: [{ name: SA_USER, token: tr.status.token }],
      contexts: [{ name: SA_USER, cluster: cluster.name, user: SA_USER }],
      currentContext: SA_USER,
    });
    const asSa = saKc.makeApiClient(CoreV1Api);
    await asSa.createNamespacedConfigMap({
      namespace: SCRATCH,
      body: { metadata: { name: 'sweep-deploy-e2e' } },
    });
    await asSa.deleteNamespacedConfigMap({ namespace: SCRATCH, name: 'sweep-deploy-e2e' });
    const refused = await asSa
      .createNamespace({ body: { metadata: { name: 'sweep-deploy-e2e-not-allowed' } } })
      .catch((err: unknown) => err);
    expect(statusCode(refused)).toBe(403);
    const secrets = await asSa.listNamespacedSecret({ namespace: SCRATCH }).catch((err: unknown) => err);
    expect(statusCode(secrets)).toBe(403);
  });

  test('the CronJob controller creates a Job from our template', { timeout: 150_000 }, async () => {
    // Fire every minute: the controller checks about every 10 s and starts the Job at the
    // next minute boundary.
    await ok([
      'patch',
      'cronjob',
      'interconnect-test-sweep',
      '-n',
      NS,
      '--type=merge',
      '-p',
      '{"spec":{"schedule":"* * * * *"}}',
    ]);
    const job = await waitFor(
      'a Job of CronJob interconnect-test-sweep',
      async () =>
        (await batch.listNamespacedJob({ namespace: NS })).items.find((j) =>
          j.metadata?.ownerReferences?.some(
            (o) => o.kind === 'CronJob' && o.name === 'interconnect-test-sweep' && o.controller === true,
          ),
        ),
      { timeoutMs: 130_000, intervalMs: 1000 },
    );
    expect(job.metadata?.labels).toMatchObject({
      'app.kubernetes.io/name': 'interconnect-test',
      'app.kubernetes.io/component': 'sweep',
    });
    expect(job.spec).toMatchObject({
      backoffLimit: 0,
      activeDeadlineSeconds: 8100,
      ttlSecondsAfterFinished: 604800,
    });
    expect(job.spec?.template.spec?.containers.map((c) => [c.name, c.args])).toEqual([
      ['sweep', ['sweep', '--policy=/etc/interconnect-test/policy', `--scratch-namespace=${SCRATCH}`]],
    ]);
    const mount = job.spec?.template.spec?.containers[0]?.volumeMounts?.find((m) => m.name === 'policy');
    expect(mount).toMatchObject({ mountPath: '/etc/interconnect-test/policy', readOnly: true });
  });

  test('kubectl delete of the same build removes everything, cluster-scoped RBAC included', {
    timeout: 150_000,
  }, async () => {
    await uninstall();
    await waitFor('the install to be gone', async () => (await installed()).length === 0, {
      timeoutMs: 60_000,
    });
    expect(await installed()).toEqual([]);
  });
});

describe("the policy's schedule check", () => {
  test('agrees with the API server on what a CronJob schedule is', async () => {
    const schedules = [
      '30 2 * * *',
      '0 0-6/2 1,15 JAN-jun MON-FRI',
      '0 0 ? * sun',
      '@daily',
      '@weekly',
      '0 0 * * 7',
      '*/0 * * * *',
      '60 * * * *',
      '0 0 31 2 *',
      '5-1 * * * *',
      '0 0 * *',
      '@nightly',
    ];
    const verdicts = await Promise.all(
      schedules.map(async (s) => {
        const r = await kubectl([
          'create',
          'cronjob',
          'schedule-check',
          '-n',
          'default',
          '--image=x',
          `--schedule=${s}`,
          '--dry-run=server',
          '-o',
          'name',
        ]);
        return `${s}: server ${r.code === 0 ? 'accepts' : 'refuses'}, policy ${cronProblem(s) === undefined ? 'accepts' : 'refuses'}`;
      }),
    );
    expect(verdicts).toEqual(
      verdicts.map((v) =>
        v.replace(
          /policy (accepts|refuses)$/,
          `policy ${v.includes('server accepts') ? 'accepts' : 'refuses'}`,
        ),
      ),
    );
  });
});
