// deploy/admission on the real API server (issue 35 item 7): installed by the admin with the
// nightly sweep's namespaces and RBAC (deploy/sweep/base), the ValidatingAdmissionPolicy refuses,
// with the CronJob's own ServiceAccount token, a privileged pod, a hostPath pod, a pod with a
// foreign image and a Job whose template is privileged in the scratch namespace, and that token
// may not remove the policy or the namespace's label; a nightly sweep with the same token still
// runs to a verdict (kwok nodes; the real scheduler and Job controller create the probe pods,
// and the policy admits them). Last, deploy/sweep/components/namespaced (issue 35 item 8): with
// its ClusterRole (no pods) the token cannot list pods cluster-wide, and a sweep with
// --gpu-accounting none still runs to a verdict, trying no such read.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdmissionregistrationV1Api,
  BatchV1Api,
  CoreV1Api,
  KubeConfig,
  type KubernetesObject,
  RbacAuthorizationV1Api,
  type V1ClusterRole,
  type V1Pod,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { fixture, KWOK_PROBE_ARGS, REPO_ROOT, statusCode, toCriLog, useTestEnv, waitFor } from './harness.js';

const env = useTestEnv('admission');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'admission-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

const NS = 'interconnect-test';
const SCRATCH = 'interconnect-test-scratch';
const SA = 'interconnect-test';
const POLICY = 'interconnect-test-probe-pods';
/** The images this site's probes run (KWOK_PROBE_ARGS' --image; etcd for a nixlbench image): the policy's list. */
const PROBE_IMAGE = KWOK_PROBE_ARGS[KWOK_PROBE_ARGS.indexOf('--image') + 1] as string;
const ETCD_IMAGE = 'quay.io/coreos/etcd:v3.5.21';
const HEALTHY = readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8');
const TARGET = `Connecting to ETCD at http://etcd:2379
ETCD Runtime: Registered as rank 1 item 2 of 2
Init nixl worker, dev all rank 1, type target, hostname peer
Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)
All processes are ready to proceed
`;

const docs = (file: string) =>
  parseAllDocuments(readFileSync(path.join(REPO_ROOT, file), 'utf8')).map(
    (d) => d.toJS() as KubernetesObject,
  );

/** deploy/admission/policy.yaml with this site's images as its list (variables/3), as an overlay sets it. */
function policyWithImages(): KubernetesObject {
  const [policy] = docs('deploy/admission/policy.yaml') as (KubernetesObject & {
    spec: { variables: { name: string; expression: string }[] };
  })[];
  const images = policy?.spec.variables[3];
  if (images?.name !== 'images') throw new Error('policy.yaml: variables/3 is not the images');
  images.expression = `['${PROBE_IMAGE}', '${ETCD_IMAGE}']`;
  return policy as KubernetesObject;
}

/** A pod of the probe's shape (labels, image, no privilege); `change` makes it what it must not be. */
function probePod(name: string, change: (p: V1Pod) => void = () => undefined): V1Pod {
  const pod: V1Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: SCRATCH,
      labels: { 'app.kubernetes.io/managed-by': 'interconnect-test', 'interconnect-test/run-id': 'adm0001' },
    },
    spec: {
      restartPolicy: 'Never',
      automountServiceAccountToken: false,
      containers: [
        {
          name: 'probe',
          image: PROBE_IMAGE,
          command: ['sleep', '1'],
          securityContext: { privileged: false, capabilities: { add: ['IPC_LOCK'] } },
          volumeMounts: [{ name: 'dshm', mountPath: '/dev/shm' }],
        },
      ],
      volumes: [{ name: 'dshm', emptyDir: { medium: 'Memory', sizeLimit: '1Gi' } }],
    },
  };
  change(pod);
  return pod;
}

let saKc: KubeConfig;
let kubeconfig: string;

// The install's namespaces have fixed names that later files (sweep, sweep-deploy) use too:
// delete them here and wait until they are gone, before the harness's own cleanup.
afterAll(async () => {
  if (process.env.E2E_KEEP === '1') return;
  const core = env().kc.makeApiClient(CoreV1Api);
  for (const name of [SCRATCH, NS]) await core.deleteNamespace({ name }).catch(() => undefined);
  await waitFor(
    `namespaces ${NS} and ${SCRATCH} to be gone`,
    async () => {
      const left = await Promise.all(
        [NS, SCRATCH].map((name) =>
          core.readNamespace({ name }).then(
            () => true,
            () => false,
          ),
        ),
      );
      return left.every((l) => !l);
    },
    { timeoutMs: 100_000, intervalMs: 1000 },
  );
}, 120_000);

beforeAll(async () => {
  const e = env();
  const core = e.kc.makeApiClient(CoreV1Api);
  // The install's names are fixed: wait out a namespace another file's test is still deleting.
  await waitFor(
    `namespaces ${NS} and ${SCRATCH} to be free`,
    async () => {
      const taken = await Promise.all(
        [NS, SCRATCH].map((name) =>
          core.readNamespace({ name }).then(
            () => true,
            (err: unknown) => (statusCode(err) === 404 ? false : Promise.reject(err)),
          ),
        ),
      );
      return taken.every((t) => !t);
    },
    { timeoutMs: 90_000, intervalMs: 1000 },
  );
  // What the admin applies: the namespaces, RBAC, the policy (with this site's images) and its binding.
  for (const d of [
    ...docs('deploy/sweep/base/namespace.yaml'),
    ...docs('deploy/sweep/base/rbac.yaml'),
    policyWithImages(),
    ...docs('deploy/admission/binding.yaml'),
  ])
    await e.createObject(d);
  const tr = await core.createNamespacedServiceAccountToken({
    name: SA,
    namespace: NS,
    body: { spec: { expirationSeconds: 1800, audiences: [] } },
  });
  const cluster = e.kc.getCurrentCluster();
  const user = `system:serviceaccount:${NS}:${SA}`;
  saKc = new KubeConfig();
  saKc.loadFromOptions({
    clusters: [cluster as NonNullable<typeof cluster>],
    users: [{ name: user, token: tr.status?.token as string }],
    contexts: [{ name: user, cluster: cluster?.name as string, user, namespace: NS }],
    currentContext: user,
  });
  kubeconfig = e.kubeconfigFile(saKc);
  // The policy takes effect once the API server has compiled it: until then a privileged pod
  // would pass. Ask with a server dry run (admission runs, nothing is stored).
  await waitFor(
    'the admission policy to take effect',
    async () =>
      statusCode(
        await core
          .createNamespacedPod({
            namespace: SCRATCH,
            body: probePod('adm-wait', (p) => {
              (p.spec?.containers[0]?.securityContext as { privileged: boolean }).privileged = true;
            }),
            dryRun: 'All',
          })
          .catch((err: unknown) => err),
      ) === 403,
    { timeoutMs: 60_000, intervalMs: 1000 },
  );
}, 180_000);

/** What the API server answers the ServiceAccount's create: `admitted`, or the status and message. */
async function asSa(create: () => Promise<unknown>): Promise<string> {
  try {
    await create();
    return 'admitted';
  } catch (err) {
    const body = (err as { body?: string }).body;
    const message =
      typeof body === 'string' ? ((JSON.parse(body) as { message?: string }).message ?? body) : '';
    return `${statusCode(err)} ${message}`;
  }
}

describe('deploy/admission with the nightly install', () => {
  test("the CronJob's token is refused a privileged pod, a hostPath pod, a foreign image and a privileged Job; a probe-shaped pod is admitted", async () => {
    const core = saKc.makeApiClient(CoreV1Api);
    const batch = saKc.makeApiClient(BatchV1Api);
    const pod = (p: V1Pod) => asSa(() => core.createNamespacedPod({ namespace: SCRATCH, body: p }));
    const byPolicy = (why: string) =>
      new RegExp(
        `^403 .*ValidatingAdmissionPolicy '${POLICY}' with binding '${POLICY}' denied request: ${why}`,
      );

    expect(
      await pod(
        probePod('adm-privileged', (p) => {
          (p.spec?.containers[0]?.securityContext as { privileged: boolean }).privileged = true;
        }),
      ),
    ).toMatch(byPolicy('interconnect-test probe pods are never privileged'));
    const hostPath = await pod(
      probePod('adm-hostpath', (p) => {
        p.spec?.volumes?.push({ name: 'root', hostPath: { path: '/' } });
        p.spec?.containers[0]?.volumeMounts?.push({ name: 'root', mountPath: '/host' });
      }),
    );
    expect(hostPath).toMatch(
      byPolicy(
        'interconnect-test probe pods mount only emptyDir and configMap volumes, and hostPath only for a path the policy lists \\(none\\); refused: root',
      ),
    );
    expect(
      await pod(
        probePod('adm-image', (p) => {
          (p.spec?.containers[0] as { image: string }).image = 'docker.io/library/busybox:1.37';
        }),
      ),
    ).toMatch(
      byPolicy(
        'interconnect-test probe pods run only the images the policy lists; refused: docker.io/library/busybox:1.37',
      ),
    );
    expect(
      await pod(
        probePod('adm-hostpid', (p) => {
          (p.spec as { hostPID: boolean }).hostPID = true;
        }),
      ),
    ).toMatch(byPolicy('interconnect-test probe pods share no host namespace'));
    expect(
      await pod(
        probePod('adm-caps', (p) => {
          (p.spec?.containers[0]?.securityContext?.capabilities as { add: string[] }).add = [
            'IPC_LOCK',
            'SYS_ADMIN',
          ];
        }),
      ),
    ).toMatch(
      byPolicy('interconnect-test probe pods add only the capabilities the policy lists \\(IPC_LOCK\\)'),
    );
    expect(
      await pod(
        probePod('adm-unlabelled', (p) => {
          p.metadata = { name: 'adm-unlabelled', namespace: SCRATCH };
        }),
      ),
    ).toMatch(byPolicy('only interconnect-test probe pods run here'));
    // A Job is refused at create, with the reason, rather than left with pods that never come.
    const template = probePod('t', (p) => {
      (p.spec?.containers[0]?.securityContext as { privileged: boolean }).privileged = true;
    });
    expect(
      await asSa(() =>
        batch.createNamespacedJob({
          namespace: SCRATCH,
          body: {
            metadata: { name: 'adm-job', labels: template.metadata?.labels },
            spec: {
              backoffLimit: 0,
              template: { metadata: { labels: template.metadata?.labels }, spec: template.spec },
            },
          },
        }),
      ),
    ).toMatch(byPolicy('interconnect-test probe pods are never privileged'));
    // The probe's own shape passes (server dry run: nothing is stored).
    expect(
      await asSa(() =>
        core.createNamespacedPod({ namespace: SCRATCH, body: probePod('adm-ok'), dryRun: 'All' }),
      ),
    ).toBe('admitted');

    // Nothing was created; the token may not take the policy away or relabel the namespace.
    expect((await core.listNamespacedPod({ namespace: SCRATCH })).items).toEqual([]);
    const adm = saKc.makeApiClient(AdmissionregistrationV1Api);
    expect(await asSa(() => adm.deleteValidatingAdmissionPolicyBinding({ name: POLICY }))).toMatch(/^403 /);
    expect(await asSa(() => adm.deleteValidatingAdmissionPolicy({ name: POLICY }))).toMatch(/^403 /);
    expect(
      await asSa(() =>
        core.patchNamespace({
          name: SCRATCH,
          body: [{ op: 'remove', path: '/metadata/labels/interconnect-test~1admission' }],
        }),
      ),
    ).toMatch(/^403 /);
  });

  test('a nightly sweep with the same token still runs to a verdict: the probe Jobs and etcd pod are admitted', async () => {
    const r = await nightly([]);
    expect(r.code, r.stderr).toBe(0);
    fullVerdict = verdictOf(r.stdout);
    // kwok's pods run no node probes: at best unverified, never untrusted (as in sweep.e2e).
    expect(fullVerdict.status).not.toBe('untrusted');
    expect(r.stderr).not.toMatch(/ValidatingAdmissionPolicy/);
    // The full install may list pods cluster-wide: free GPUs were counted.
    expect(r.stderr).not.toMatch(/free GPUs not counted/);
  }, 300_000);

  test('components/namespaced: the ClusterRole without pods, --gpu-accounting none; the token may not list pods cluster-wide and the sweep still runs to a verdict', async () => {
    const e = env();
    const rbac = e.kc.makeApiClient(RbacAuthorizationV1Api);
    const [role] = docs('deploy/sweep/components/namespaced/clusterrole.yaml') as V1ClusterRole[];
    await rbac.replaceClusterRole({ name: 'interconnect-test-read', body: role as V1ClusterRole });
    const core = saKc.makeApiClient(CoreV1Api);
    await waitFor(
      'the narrower ClusterRole to take effect',
      async () => statusCode(await core.listPodForAllNamespaces().catch((err: unknown) => err)) === 403,
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    const r = await nightly(['--gpu-accounting', 'none']);
    expect(r.code, r.stderr).toBe(0);
    // The same verdict, from the same checks, as the full install's sweep.
    expect(verdictOf(r.stdout)).toEqual(fullVerdict);
    expect(r.stderr).toContain('free GPUs not counted (--gpu-accounting none)');
    // No pod read outside the scratch namespace was tried (it would be refused, and said).
    expect(r.stderr).not.toMatch(/forbidden|permission denied/i);
  }, 300_000);
});

let fullVerdict: { status: string; checks: string[] } | undefined;

/** The report's verdict and the status of each check, after checking every pair ran and measured. */
function verdictOf(stdout: string): { status: string; checks: string[] } {
  const report = JSON.parse(stdout) as {
    verdict: { status: string };
    checks: { id: string; status: string }[];
    sweep: { pairs: { outcome: string; peakGBps: number | null }[] };
  };
  expect(report.sweep.pairs.length).toBeGreaterThan(1);
  expect(report.sweep.pairs.every((p) => p.outcome !== 'not-run' && p.peakGBps === 5.10826)).toBe(true);
  return { status: report.verdict.status, checks: report.checks.map((c) => `${c.id}: ${c.status}`) };
}

let logsPlayed = false;

/** A nightly sweep with the CronJob's token and a policy like the install's, the probe pods printing healthy logs. */
async function nightly(extra: string[]) {
  const e = env();
  if (!logsPlayed) {
    const file = (name: string, text: string) => {
      const f = path.join(scratchDir, `${name}-${randomBytes(3).toString('hex')}.log`);
      writeFileSync(f, toCriLog(text));
      return f;
    };
    await e.createObject({
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'ClusterLogs',
      metadata: { name: 'admission-nightly', labels: e.labels() },
      spec: {
        selector: { matchNamespaces: [SCRATCH] },
        logs: [
          { containers: ['prefill'], logsFile: file('prefill', HEALTHY) },
          { containers: ['decode'], logsFile: file('decode', TARGET) },
        ],
      },
    } as KubernetesObject);
    logsPlayed = true;
  }
  const policy = path.join(scratchDir, 'policy.yaml');
  writeFileSync(
    policy,
    `scheme: ring\nselector: topology.kubernetes.io/zone=zone-b\nmaxParallel: 4\ntimeout: 10m\npairTimeout: 90s\nscratchNamespace: ${SCRATCH}\noutput:\n  format: json\n`,
  );
  return runCli(
    [
      'sweep',
      ...KWOK_PROBE_ARGS,
      '--initiator',
      'prefill',
      '--op',
      'write',
      '--min-bandwidth',
      '5',
      '--policy',
      policy,
      '--kubeconfig',
      kubeconfig,
      '--lease-namespace',
      NS,
      ...extra,
    ],
    { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: `ad${randomBytes(2).toString('hex')}` } },
  );
}
