// `interconnect-test sweep` end to end on the local control plane (16 kwok GPU nodes): the
// real scheduler and Job controller run every pair's probe Jobs; kwok plays the kubelet and
// the probe pods "print" real nixlbench logs, per pair (kwok ClusterLogs for each pair's
// scratch namespace, whose name follows from INTERCONNECT_TEST_RUN_ID and the plan).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  KubeConfig,
  type KubernetesObject,
  RbacAuthorizationV1Api,
  type V1Role,
} from '@kubernetes/client-node';
import { afterAll, describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCli } from '../helpers/cli.js';
import {
  fixture,
  KWOK_PROBE_ARGS,
  REPO_ROOT,
  type TestEnv,
  toCriLog,
  toolLeftovers,
  useTestEnv,
  waitFor,
} from './harness.js';

const env = useTestEnv('sweep');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'sweep-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

const SIM = 'interconnect-test.dev/sim-';
const HEALTHY = readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8');
const DEGRADED = readFileSync(fixture('nixlbench/ucx-vram-h200-cx7-400g-degraded.log'), 'utf8');

/** What a nixlbench target prints (it never prints a table), on `host`. */
const targetLog = (host: string) => `Connecting to ETCD at http://etcd:2379
ETCD Runtime: Registered as rank 1 item 2 of 2
Init nixl worker, dev all rank 1, type target, hostname ${host}
Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)
All processes are ready to proceed
`;

interface PlannedPair {
  index: number;
  detail: string;
  prefill: string;
  decode: string;
  runId: string;
  outcome: string;
  failure: string | null;
  peakGBps: number | null;
}
interface SweepJson {
  verdict: { status: string; fixFirst?: { id: string; subject?: string } };
  checks: { id: string; status: string; subject?: string; detail: string }[];
  sweep: {
    pairs: PlannedPair[];
    rounds: number;
    nodes: { name: string; status: string; detail: string }[];
    matrix: { nodes: string[] };
    culprits: { nodes: { node: string }[]; links: { a: string; b: string }[] };
  };
}

const COMMON = [
  ...KWOK_PROBE_ARGS,
  '--pair-timeout',
  '90s',
  '--initiator',
  'prefill',
  '--op',
  'write',
  '--min-bandwidth',
  '5',
];

async function sweep(runId: string, args: string[]) {
  const r = await runCli(['sweep', ...COMMON, '-o', 'json', ...args], {
    env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId },
  });
  let report: SweepJson | undefined;
  try {
    report = JSON.parse(r.stdout) as SweepJson;
  } catch {
    report = undefined;
  }
  return { ...r, report };
}

/** Each planned pair's probe pods print `logFor(pair)` as the initiator, a target's start-up as the target. */
async function playLogs(
  e: TestEnv,
  pairs: readonly PlannedPair[],
  logFor: (p: PlannedPair) => string,
  namespace: (p: PlannedPair) => string = (p) => `itest-pair-${p.runId}`,
): Promise<void> {
  const file = (name: string, text: string) => {
    const f = path.join(scratchDir, `${name}-${randomBytes(3).toString('hex')}.log`);
    writeFileSync(f, toCriLog(text));
    return f;
  };
  await Promise.all(
    pairs.map((p) =>
      e.createObject({
        apiVersion: 'kwok.x-k8s.io/v1alpha1',
        kind: 'ClusterLogs',
        metadata: { name: `sweep-${p.runId}`, labels: e.labels() },
        spec: {
          selector: { matchNamespaces: [namespace(p)] },
          logs: [
            { containers: ['prefill'], logsFile: file(`${p.runId}-prefill`, logFor(p)) },
            { containers: ['decode'], logsFile: file(`${p.runId}-decode`, targetLog(p.decode)) },
          ],
        },
      } as KubernetesObject),
    ),
  );
}

const ZONE_A = 'topology.kubernetes.io/zone=zone-a';

describe('sweep on the cluster', () => {
  test('all-pairs over zone-a names the node that fails every pair, and a single bad link as a link', async () => {
    const e = env();
    const runId = `sw${randomBytes(2).toString('hex')}`;
    // The plan first (nothing is created), so that each pair's pods can print their log.
    const plan = await sweep(runId, ['--scheme', 'all-pairs', '-l', ZONE_A, '--dry-run']);
    expect(plan.code, plan.stderr).toBe(0);
    const pairs = plan.report?.sweep.pairs ?? [];
    const nodes = plan.report?.sweep.matrix.nodes ?? [];
    expect(nodes).toHaveLength(8);
    expect(pairs).toHaveLength(28);
    expect(plan.report?.sweep.rounds).toBe(7);
    const culprit = nodes[3] as string;
    const [a, b] = [nodes[5] as string, nodes[6] as string];
    const badLink = (p: PlannedPair) => [p.prefill, p.decode].sort().join() === [a, b].sort().join();
    await playLogs(e, pairs, (p) =>
      p.prefill === culprit || p.decode === culprit || badLink(p) ? DEGRADED : HEALTHY,
    );

    const html = path.join(scratchDir, 'report.html');
    const metrics = path.join(scratchDir, 'm.prom');
    const r = await sweep(runId, [
      '--scheme',
      'all-pairs',
      '-l',
      ZONE_A,
      '--max-parallel',
      '4',
      '--html',
      html,
      '--metrics-file',
      metrics,
    ]);
    expect(r.code, r.stderr).toBe(1);
    const s = r.report?.sweep;
    expect(s?.culprits.nodes.map((c) => c.node)).toEqual([culprit]);
    expect(s?.culprits.links.map((l) => [l.a, l.b].sort())).toEqual([[a, b].sort()]);
    expect(s?.nodes.find((n) => n.name === culprit)?.status).toBe('culprit');
    expect(r.report?.verdict).toMatchObject({
      status: 'untrusted',
      fixFirst: { id: 'sweep.culprit', subject: culprit },
    });
    // Every pair ran and was judged on a measurement: the culprit's 7 and the bad link fail.
    expect(s?.pairs.every((p) => p.peakGBps !== null)).toBe(true);
    expect(s?.pairs.filter((p) => p.outcome === 'untrusted')).toHaveLength(8);
    expect(s?.pairs.filter((p) => p.outcome === 'untrusted').every((p) => p.failure === 'fabric')).toBe(true);
    // The plan was printed before anything started.
    expect(r.stderr).toMatch(
      /Plan: all-pairs over 8 nodes \(-l topology\.kubernetes\.io\/zone=zone-a\): 28 pairs in 7 rounds, at most 4 at once/,
    );
    // The files.
    expect(existsSync(html)).toBe(true);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain(culprit);
    const prom = readFileSync(metrics, 'utf8');
    // Every series names the cluster (the kubeconfig context without --cluster-name).
    expect(prom).toMatch(
      new RegExp(`^interconnect_node_state\\{cluster="[^"]+",node="${culprit}",state="culprit"\\} 1$`, 'm'),
    );
    expect(prom).toMatch(
      /^interconnect_pair_bandwidth_bytes_per_second\{cluster="[^"]+",prefill="[^"]+",decode="[^"]+",engine="nixlbench",transport="[a-z]+"\} 5108260000$/m,
    );
    expect(await toolLeftovers(e)).toEqual([]);
  }, 300_000);

  test('ring over every GPU node: the node without RDMA is left out with why, and a text report names what to fix first', async () => {
    const e = env();
    const runId = `sw${randomBytes(2).toString('hex')}`;
    // --scheme ring: without it a sweep of more than 16 nodes is --scheme auto.
    const plan = await sweep(runId, ['--scheme', 'ring', '--dry-run']);
    expect(plan.code, plan.stderr).toBe(0);
    const s0 = plan.report?.sweep;
    expect(s0?.nodes.find((n) => n.name === 'gpu-node-nordma')).toMatchObject({
      status: 'excluded',
      detail: expect.stringMatching(/rdma\/ib/),
    });
    const nodes = s0?.matrix.nodes ?? [];
    expect(nodes.length).toBeGreaterThanOrEqual(15);
    expect(s0?.rounds).toBe(nodes.length % 2 === 0 ? 2 : 3);
    const culprit = nodes[7] as string;
    await playLogs(e, s0?.pairs ?? [], (p) =>
      p.prefill === culprit || p.decode === culprit ? DEGRADED : HEALTHY,
    );
    const r = await runCli(['sweep', ...COMMON, '--scheme', 'ring', '--max-parallel', '16', '--no-color'], {
      env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId },
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(
        `Culprits\\n  node ${culprit}: failed all 2 pairs it ran, while every partner passed with other nodes`,
      ),
    );
    expect(r.stdout).toMatch(/left out: gpu-node-nordma \(0 free rdma\/ib/);
    expect(r.stdout).toMatch(new RegExp(`fix first: sweep\\.culprit \\(${culprit}\\)`));
    expect(await toolLeftovers(e)).toEqual([]);
  }, 300_000);

  test("with the nightly install's ServiceAccount token and policy: a sweep runs in the pre-created scratch namespace; one RBAC rule less is our clear permission error", async () => {
    const e = env();
    // deploy/sweep/base's namespaces and RBAC, as shipped (the CronJob itself is sweep-deploy's test).
    const docs = ['namespace.yaml', 'rbac.yaml'].flatMap((f) =>
      parseAllDocuments(readFileSync(path.join(REPO_ROOT, 'deploy/sweep/base', f), 'utf8')).map(
        (d) => d.toJS() as KubernetesObject,
      ),
    );
    for (const d of docs) await e.createObject(d);
    await e
      .createObject({
        apiVersion: 'v1',
        kind: 'ServiceAccount',
        metadata: { name: 'interconnect-test', namespace: 'interconnect-test' },
      } as KubernetesObject)
      .catch(() => undefined);
    const tr = await e.core.createNamespacedServiceAccountToken({
      name: 'interconnect-test',
      namespace: 'interconnect-test',
      body: { spec: { expirationSeconds: 900, audiences: [] } },
    });
    const cluster = e.kc.getCurrentCluster();
    const user = 'system:serviceaccount:interconnect-test:interconnect-test';
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [cluster as NonNullable<typeof cluster>],
      users: [{ name: user, token: tr.status?.token as string }],
      contexts: [{ name: user, cluster: cluster?.name as string, user, namespace: 'interconnect-test' }],
      currentContext: user,
    });
    const kubeconfig = e.kubeconfigFile(kc);
    const SCRATCH = 'interconnect-test-scratch';
    // Every pair's pods, in the one scratch namespace, print a healthy run.
    const file = (name: string, text: string) => {
      const f = path.join(scratchDir, `${name}-${randomBytes(3).toString('hex')}.log`);
      writeFileSync(f, toCriLog(text));
      return f;
    };
    await e.createObject({
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'ClusterLogs',
      metadata: { name: 'sweep-nightly', labels: e.labels() },
      spec: {
        selector: { matchNamespaces: [SCRATCH] },
        logs: [
          { containers: ['prefill'], logsFile: file('nightly-prefill', HEALTHY) },
          { containers: ['decode'], logsFile: file('nightly-decode', targetLog('peer')) },
        ],
      },
    } as KubernetesObject);
    const policy = path.join(scratchDir, 'policy.yaml');
    const html = path.join(scratchDir, 'nightly.html');
    writeFileSync(
      policy,
      `scheme: all-pairs\nselector: topology.kubernetes.io/zone=zone-b\nmaxParallel: 4\ntimeout: 10m\npairTimeout: 90s\nscratchNamespace: ${SCRATCH}\noutput:\n  format: json\n  html: ${html}\n`,
    );
    // The lease namespace the install grants (the CLI's default; the e2e config points the default elsewhere).
    const args = [
      '--policy',
      policy,
      '--scheme',
      'ring',
      '--kubeconfig',
      kubeconfig,
      '--lease-namespace',
      'interconnect-test',
    ];
    const r = await sweep(`sw${randomBytes(2).toString('hex')}`, args);
    expect(r.code, r.stderr).toBe(0);
    const s = r.report?.sweep;
    // The flag won over the policy's all-pairs; the policy's selector and html were used.
    expect(s?.pairs.length).toBe(s?.matrix.nodes.length);
    expect(s?.matrix.nodes.every((n) => /^gpu-node-(2|3|6|7|10|11|14)$/.test(n))).toBe(true);
    expect(s?.nodes.find((n) => n.name === 'gpu-node-nordma')?.status).toBe('excluded');
    expect(s?.pairs.every((p) => p.peakGBps === 5.10826 && p.outcome !== 'not-run')).toBe(true);
    expect(existsSync(html)).toBe(true);
    const inScratch = async () => {
      const [jobs, pods, svcs] = await Promise.all([
        e.batch.listNamespacedJob({ namespace: SCRATCH }),
        e.core.listNamespacedPod({ namespace: SCRATCH }),
        e.core.listNamespacedService({ namespace: SCRATCH }),
      ]);
      return [...jobs.items, ...pods.items, ...svcs.items].map((o) => o.metadata?.name);
    };
    expect(await inScratch()).toEqual([]);

    // Take one rule away: the scratch Role without services.
    const rbac = e.kc.makeApiClient(RbacAuthorizationV1Api);
    const role = (await rbac.readNamespacedRole({
      name: 'interconnect-test-scratch',
      namespace: SCRATCH,
    })) as V1Role;
    const rules = (role.rules ?? []).map((rule) => ({
      ...rule,
      resources: (rule.resources ?? []).filter((res) => res !== 'services'),
    }));
    await rbac.replaceNamespacedRole({
      name: 'interconnect-test-scratch',
      namespace: SCRATCH,
      body: { ...role, rules },
    });
    const denied = await sweep(`sw${randomBytes(2).toString('hex')}`, args);
    expect(denied.code, denied.stderr).toBe(2);
    const last = denied.stderr.trim().split('\n').pop() ?? '';
    expect(last).toMatch(
      /^error: permission denied: cannot create services in namespace interconnect-test-scratch /,
    );
    expect(last).toMatch(
      /\(fix: grant the "create" verb on "services" in namespace interconnect-test-scratch/,
    );
    expect(denied.stderr).not.toMatch(/\n\s+at /); // no stack trace
    await new Promise((res) => setTimeout(res, 2000));
    expect(await inScratch()).toEqual([]);
  }, 300_000);

  test('Ctrl-C mid-sweep: the running pairs are stopped and torn down, the rest never start; exit 130, nothing left', async () => {
    const e = env();
    const runId = `sw${randomBytes(2).toString('hex')}`;
    const ctl = new AbortController();
    const running = runCli(
      [
        'sweep',
        ...COMMON,
        '-l',
        ZONE_A,
        '--max-parallel',
        '2',
        '--pod-annotation',
        `${SIM}duration=1h`,
        '--peer-timeout',
        '60s',
        '--no-color',
      ],
      { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId }, signal: ctl.signal },
    );
    // Both first pairs' probe pods exist (they "run" for an hour).
    await waitFor('two pairs running', async () => {
      const pods = await e.core.listPodForAllNamespaces({
        labelSelector: 'app.kubernetes.io/component=decode',
      });
      return pods.items.filter((p) => p.metadata?.namespace?.startsWith(`itest-pair-${runId}p`)).length >= 2;
    });
    const { InterruptedError } = await import('../../src/core/errors.js');
    ctl.abort(new InterruptedError('SIGINT'));
    const r = await running;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/✓ Stop 2 running pairs and clean up their scratch objects/);
    expect(r.stderr.trim().split('\n').at(-1)).toBe('interrupted by SIGINT');
    expect(await toolLeftovers(e)).toEqual([]);
  }, 120_000);

  test('--timeout: pairs still running are stopped, the rest are reported as not run, and nothing is left', async () => {
    const e = env();
    const runId = `sw${randomBytes(2).toString('hex')}`;
    const r = await sweep(runId, [
      '-l',
      ZONE_A,
      '--max-parallel',
      '2',
      '--timeout',
      '6s',
      // No longer than the sweep's budget (longer is refused); started after it, it fires after it.
      '--pair-timeout',
      '6s',
      '--pod-annotation',
      `${SIM}duration=1h`,
      '--peer-timeout',
      '60s',
    ]);
    expect(r.code, r.stderr).toBe(0); // unverified: nothing failed, much was not run (--fail-on warn makes it 1)
    const s = r.report?.sweep;
    expect(r.report?.verdict.status).toBe('unverified');
    expect(s?.pairs.every((p) => p.outcome === 'not-run')).toBe(true);
    expect(
      s?.pairs.filter((p) => /stopped: the sweep reached --timeout 6s/.test(p.detail ?? '')),
    ).toHaveLength(2);
    expect(
      s?.pairs.filter((p) =>
        /not run: the sweep reached --timeout 6s before this pair started/.test(p.detail ?? ''),
      ),
    ).toHaveLength(6);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 120_000);
});
