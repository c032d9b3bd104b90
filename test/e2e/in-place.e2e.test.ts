// `pair --in-place` on the real nodes: two long-running pods on real-0 and real-1 stand in for a
// Dynamo deployment's prefill and decode workers (the probe image, which carries nixl from the
// Python registry: scripts/cluster/images.sh, labelled as the operator labels workers). The run
// execs our NIXL probe in both over the pod network: a real transfer, judged as TCP (so never
// trusted), nothing left in either pod and no object created or changed.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type KubernetesObject, KubernetesObjectApi, type V1Pod, type V1Role } from '@kubernetes/client-node';
import { beforeAll, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCli, spawnCli } from '../helpers/cli.js';
import { describeNeeding, twoRealNodes } from '../helpers/preconditions.js';
import {
  deleteRunLeases,
  namespaceVersions,
  REAL_NODE_TOLERATION,
  REPO_ROOT,
  realNodesInfo,
  type TestEnv,
  toolLeftovers,
  useTestEnv,
  waitFor,
} from './harness.js';

const real = await realNodesInfo();
const env = useTestEnv('in-place');
const DGD = 'inplace-disagg';
const MiB = 1024 * 1024;

interface Report {
  checks: { id: string; status: string; detail: string }[];
  verdict: { status: string };
  measurement?: {
    engine: string;
    peakGBps: number | null;
    transport: { kind: string; lanes: string[] };
    nodes: { prefill: string; decode: string };
    rows: { blockSize: number; gbps: number }[];
    inPlace?: { prefillPod: string; decodePod: string; bytes: number };
    versions?: { nixl?: string; ucx?: string };
  };
  measurements?: unknown[];
  run?: { mode: string; port: number; transfers: { initiator: string; op: string }[] };
}

async function worker(
  e: TestEnv,
  name: string,
  node: string,
  role: string,
  memory = '1Gi',
  dgd = DGD,
): Promise<void> {
  await e.createObject({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: e.namespace,
      labels: {
        ...e.labels(),
        'nvidia.com/dynamo-graph-deployment-name': dgd,
        'nvidia.com/dynamo-component-type': 'worker',
        'nvidia.com/dynamo-sub-component-type': role,
      },
    },
    spec: {
      nodeSelector: { 'kubernetes.io/hostname': node },
      tolerations: [REAL_NODE_TOLERATION],
      terminationGracePeriodSeconds: 1,
      containers: [
        {
          name: 'main',
          image: real.probeImage as string,
          command: ['sleep', 'infinity'],
          resources: { limits: { memory } },
        },
      ],
    },
  } as V1Pod);
}

/** pair --in-place on the graph's worker pods, found by the operator's labels. */
function byDgd(e: TestEnv): string[] {
  return ['pair', '--in-place', '--dgd', DGD, '-n', e.namespace];
}

/** pair --in-place between the two worker pods by name, prefill WRITEs (one direction). */
function byName(e: TestEnv, ...more: string[]): string[] {
  const pods = ['--prefill-pod', 'w-prefill', '--decode-pod', 'w-decode'];
  return ['pair', '--in-place', ...pods, '-n', e.namespace, '--initiator', 'prefill', ...more];
}

/** Processes of ours in a pod, seen by the pod's own ps (not our reaper): none may be left. */
async function probesIn(e: TestEnv, pod: string): Promise<string[]> {
  const r = await e.exec(pod, ['ps', '-eo', 'pid,args']);
  return r.stdout.split('\n').filter((l) => /itest-inplace-|nixl-probe/.test(l) && !/ ps -eo/.test(l));
}

describeNeeding([twoRealNodes(real.nodes)], 'pair --in-place in live pods on real nodes', () => {
  const [node0, node1] = real.nodes as [string, string];

  beforeAll(async () => {
    const e = env();
    await worker(e, 'w-prefill', node0, 'prefill');
    await worker(e, 'w-decode', node1, 'decode');
    await e.waitForPodReady('w-prefill', { timeoutMs: 180_000 });
    await e.waitForPodReady('w-decode', { timeoutMs: 180_000 });
  }, 240_000);

  test('a real NIXL transfer between the live pods: measured, TCP so never trusted, nothing left, nothing changed', async () => {
    const e = env();
    const before = await namespaceVersions(e);
    const r = await runCli([...byDgd(e), '-o', 'json']);
    const report = JSON.parse(r.stdout) as Report;
    const byId = (id: string) => report.checks.filter((c) => c.id === id);
    expect(r.code, r.stderr).toBe(1);
    expect(report.verdict.status).toBe('untrusted');
    // No framework in the pods' command line: both directions frameworks use, one after the other.
    expect(report.run?.mode).toBe('in-place');
    expect(report.run?.transfers).toEqual([
      {
        prefill: `${e.namespace}/w-prefill`,
        decode: `${e.namespace}/w-decode`,
        initiator: 'decode',
        op: 'READ',
      },
      {
        prefill: `${e.namespace}/w-prefill`,
        decode: `${e.namespace}/w-decode`,
        initiator: 'prefill',
        op: 'WRITE',
      },
    ]);
    expect(report.run?.port).toBeGreaterThanOrEqual(28_600);
    const m = report.measurement;
    expect(m).toMatchObject({
      engine: 'nixl',
      nodes: { prefill: node0, decode: node1 },
      transport: { kind: 'tcp' },
      inPlace: {
        prefillPod: `${e.namespace}/w-prefill`,
        decodePod: `${e.namespace}/w-decode`,
        bytes: 16 * MiB,
      },
      versions: { nixl: '1.5.1' },
    });
    expect(m?.rows.map((row) => row.blockSize)).toEqual([1, 2, 4, 8, 16].map((n) => n * MiB));
    expect(m?.rows.every((row) => row.gbps > 0)).toBe(true);
    expect(report.measurements).toHaveLength(2);
    for (const c of byId('pair.transfer')) expect(c.status).toBe('ok');
    for (const c of byId('pair.registration'))
      expect(c).toMatchObject({ status: 'ok', detail: 'NIXL registered 16 MiB of DRAM in both pods' });
    for (const c of byId('pair.transport')) {
      expect(c.status).toBe('fail');
      expect(c.detail).toMatch(/UCX moved the data over TCP .*tcp\/eth0/);
    }
    for (const c of byId('pair.in-place')) expect(c.detail).toMatch(/^in-place: 16 MiB of host memory/);
    expect(byId('pair.cleanup').map((c) => c.status)).toEqual(['ok', 'ok']);
    // Each pod's helper watched the container's own 1 GiB limit throughout.
    for (const c of byId('pair.memory')) {
      expect(c.status).toBe('ok');
      expect(c.detail).toMatch(
        /^[^:]+\/w-prefill: at least \d+ MiB stayed free under the container's 1024 MiB memory limit \(cgroup v\d\) while the probe ran; [^:]+\/w-decode: at least/,
      );
    }
    expect(byId('pair.memory')).toHaveLength(2);
    // The pods' own view: no probe process, and every object exactly as it was.
    expect(await probesIn(e, 'w-prefill')).toEqual([]);
    expect(await probesIn(e, 'w-decode')).toEqual([]);
    expect(await namespaceVersions(e)).toEqual(before);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 300_000);

  test('the text output names it in-place and shows the rows', async () => {
    const e = env();
    const r = await runCli(byName(e, '--in-place-size', '4MiB'));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /^In place\n {2}direction: --initiator\n {2}NIXL listen port: 286\d\d \(in-place range 28600–28699\)/,
    );
    expect(r.stdout).toMatch(/in-place: 4 MiB of DRAM; NIXL 1\.5\.1, UCX 1\.\d+\.\d+/);
    expect(r.stdout).toMatch(/\n {4}4 MiB +\d+\.\d\d GB\/s\n/);
    expect(r.stdout).toMatch(
      /FAIL +pair\.transport .*\(in-place, prefill WRITE\) +UCX moved the data over TCP/,
    );
  }, 300_000);

  test('a pod whose memory limit leaves no headroom is refused with one line, and nothing runs', async () => {
    const e = env();
    // Of another graph: --dgd above keeps picking w-prefill.
    await worker(e, 'tight', node0, 'prefill', '160Mi', 'tight-disagg');
    await e.waitForPodReady('tight', { timeoutMs: 180_000 });
    const r = await runCli([
      'pair',
      '--in-place',
      '--prefill-pod',
      'tight',
      '--decode-pod',
      'w-decode',
      '-n',
      e.namespace,
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^error: pod ${e.namespace}/tight: not enough memory headroom, refused \\(nothing ran\\): [\\d.]+ (KiB|MiB) free under the container's 160 MiB memory limit \\(cgroup v\\d, [\\d.]+ (KiB|MiB) in use\\), 272 MiB needed`,
      ),
    );
    expect(await probesIn(e, 'tight')).toEqual([]);
  }, 300_000);

  test('Ctrl-C mid-transfer exits 130 and leaves no probe process in either pod', async () => {
    const e = env();
    let child: ChildProcess | undefined;
    let stderr = '';
    const run = spawnCli(byName(e, '--in-place-size', '256MiB'), {
      onStart: (c) => {
        child = c;
        c.stderr?.on('data', (d) => {
          stderr += String(d);
        });
      },
    });
    // Both probes are up once the initiator runs (it starts only after the target said ready).
    await waitFor('the in-place transfer to start', async () => /target and initiator/.test(stderr), {
      timeoutMs: 120_000,
    });
    // The initiator (prefill WRITEs) runs only once the target said it is ready.
    await waitFor('the initiator in w-prefill', async () => (await probesIn(e, 'w-prefill')).length > 0, {
      timeoutMs: 60_000,
    });
    child?.kill('SIGINT');
    const done = await run;
    expect(done.code, done.stderr).toBe(130);
    expect(await probesIn(e, 'w-prefill')).toEqual([]);
    expect(await probesIn(e, 'w-decode')).toEqual([]);
  }, 300_000);

  test('one probe per worker: a second run with --no-wait is refused at once, naming the first', async () => {
    const e = env();
    let stderr = '';
    const first = spawnCli(byName(e), {
      onStart: (c) => {
        c.stderr?.on('data', (d) => {
          stderr += String(d);
        });
      },
    });
    await waitFor('the first run to hold the pods', async () => /in-place pre-flight/.test(stderr), {
      timeoutMs: 120_000,
    });
    const second = await runCli([...byName(e), '--no-wait']);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(
      new RegExp(
        `^error: pod ${e.namespace}/w-(prefill|decode) is held by pair --in-place [a-z0-9]+ \\(on .*\\); --no-wait: not waiting for it`,
      ),
    );
    expect((await first).code).toBe(1);
  }, 300_000);

  test('a killed run (SIGKILL of the CLI mid-transfer): no probe process, temp file or shm segment is left in either pod', async () => {
    const e = env();
    // What a pod holds that a probe could leave: files in /tmp and /dev/shm, System V segments.
    const held = async (pod: string) =>
      (await e.exec(pod, ['sh', '-c', 'ls -A /tmp /dev/shm 2>&1; cat /proc/sysvipc/shm 2>&1'])).stdout;
    const before = { prefill: await held('w-prefill'), decode: await held('w-decode') };
    const runId = `k${Date.now().toString(36).slice(-8)}`;
    let child: ChildProcess | undefined;
    let stderr = '';
    const run = spawnCli(byName(e, '--in-place-size', '256MiB'), {
      env: { INTERCONNECT_TEST_RUN_ID: runId },
      onStart: (c) => {
        child = c;
        c.stderr?.on('data', (d) => {
          stderr += String(d);
        });
      },
    });
    await waitFor('the in-place transfer to start', async () => /target and initiator/.test(stderr), {
      timeoutMs: 120_000,
    });
    await waitFor('the initiator in w-prefill', async () => (await probesIn(e, 'w-prefill')).length > 0, {
      timeoutMs: 60_000,
    });
    // No reaper of ours runs: the exec streams die with the CLI, the helpers see their stdin end
    // and stop their probes, and a helper killed outright takes its probe along (PR_SET_PDEATHSIG).
    child?.kill('SIGKILL');
    await run;
    await waitFor(
      'no probe process in either pod',
      async () => (await probesIn(e, 'w-prefill')).length + (await probesIn(e, 'w-decode')).length === 0,
      { timeoutMs: 60_000 },
    );
    expect({ prefill: await held('w-prefill'), decode: await held('w-decode') }).toEqual(before);
    // The killed CLI's pod Leases stay behind (live for their 60 s): both are there, then removed, so
    // the tests after this one see nothing labelled as ours.
    expect((await deleteRunLeases(e, runId)).sort()).toEqual([
      `itest-pod.${e.namespace}.w-decode`,
      `itest-pod.${e.namespace}.w-prefill`,
    ]);
  }, 300_000);

  test('an exec refused by RBAC is one line naming the verb', async () => {
    const e = env();
    // The pod Leases in this namespace, where the Role grants them: only exec is missing.
    const kube = await e.kubeconfigWithRole('reader', [
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
      {
        apiGroups: ['coordination.k8s.io'],
        resources: ['leases'],
        verbs: ['get', 'create', 'update', 'delete'],
      },
    ]);
    const r = await runCli([...byDgd(e), '--kubeconfig', kube, '--lease-namespace', e.namespace, '-q']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      `error: permission denied: cannot exec in pods in namespace ${e.namespace} (pods/exec needs get and create) (fix: grant the "get" and "create" verbs on "pods/exec" in namespace ${e.namespace} to this user or service account (check: kubectl auth can-i get pods/exec -n ${e.namespace}; kubectl auth can-i create pods/exec -n ${e.namespace}))\n`,
    );
  }, 120_000);
});

describeNeeding([twoRealNodes(real.nodes)], 'deploy/in-place as shipped', () => {
  test('a server-side dry run admits every object, and its Role alone runs pair --in-place', async () => {
    const e = env();
    const docs = ['namespace.yaml', 'rbac.yaml', 'cronjob.yaml'].flatMap((f) =>
      parseAllDocuments(readFileSync(path.join(REPO_ROOT, 'deploy/in-place', f), 'utf8')).map(
        (d) => d.toJS() as KubernetesObject,
      ),
    );
    expect(docs.map((d) => d.kind)).toEqual([
      'Namespace',
      'ServiceAccount',
      'Role',
      'RoleBinding',
      'Role',
      'RoleBinding',
      'CronJob',
    ]);
    // In the deployment's namespace nothing but pods (get, list) and pods/exec (get, create); in
    // the tool's own, the per-pod Leases; no ClusterRole.
    const [role, leases] = docs.filter((d) => d.kind === 'Role') as [V1Role, V1Role];
    expect([role.metadata?.namespace, role.rules]).toEqual([
      'dynamo',
      [
        { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
        { apiGroups: [''], resources: ['pods/exec'], verbs: ['get', 'create'] },
      ],
    ]);
    expect([leases.metadata?.namespace, leases.rules]).toEqual([
      'interconnect-test',
      [
        {
          apiGroups: ['coordination.k8s.io'],
          resources: ['leases'],
          verbs: ['get', 'create', 'update', 'delete'],
        },
      ],
    ]);
    // The shipped namespaces, mapped onto the test's (the deployment's and the runner's alike).
    const placed = docs.map((d) => {
      const o = structuredClone(d) as KubernetesObject & { subjects?: { namespace?: string }[] };
      if (o.kind === 'Namespace') o.metadata = { ...o.metadata, name: `${e.namespace}-dry` };
      else o.metadata = { ...o.metadata, namespace: e.namespace };
      for (const s of o.subjects ?? []) s.namespace = e.namespace;
      return o;
    });
    const api = KubernetesObjectApi.makeApiClient(e.kc);
    for (const o of placed) await api.create(o, undefined, 'All');
    // Now for real (RBAC objects only): the in-place run as that ServiceAccount, its Leases in the
    // namespace its lease Role was placed in, gets as far as a verdict (exit 1: TCP), not a
    // refusal (exit 2).
    for (const o of placed.filter((x) => ['ServiceAccount', 'Role', 'RoleBinding'].includes(x.kind ?? '')))
      await api.create(o);
    const kube = e.kubeconfigFile(await e.kubeConfigForServiceAccount('interconnect-test-in-place'));
    const r = await runCli([
      ...byDgd(e),
      '--kubeconfig',
      kube,
      '--lease-namespace',
      e.namespace,
      '--initiator',
      'decode',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.checks.find((c) => c.id === 'pair.transport')?.detail).toMatch(/over TCP/);
    expect(report.checks.find((c) => c.id === 'pair.cleanup')?.status).toBe('ok');
  }, 300_000);
});
