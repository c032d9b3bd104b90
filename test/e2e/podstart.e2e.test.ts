// Admission and slow pulls on the local control plane (issue 24 items 3, 4): the API server's own
// PodSecurity admission (on by default in kube-apiserver v1.36) against the predictor and against
// `pair --scratch-namespace`, the Job controller's FailedCreate, and kwok pods that pull longer
// than --timeout (sim-start-delay, sim-pulling: test/cluster/README.md).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { V1PodSpec } from '@kubernetes/client-node';
import { afterAll, describe, expect, test } from 'vitest';
import { probePodSpecs } from '../../src/pair/plan/admission.js';
import { renderPlan } from '../../src/pair/plan/manifests.js';
import { predictPodSecurity, reasonsInMessage } from '../../src/pair/plan/pod-security.js';
import { DEFAULT_SETTINGS } from '../../src/pair/plan/settings.js';
import { runCli } from '../helpers/cli.js';
import { testPlan } from '../helpers/plan.js';
import { DECODE_NODE, declarePairLogs, newE2eRunId, PREFILL_NODE, TARGET_LOG } from './harness/pair-logs.js';
import { fixture, KWOK_PROBE_ARGS, type TestEnv, toolLeftovers, useTestEnv, waitFor } from './harness.js';

const env = useTestEnv('podstart');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'podstart-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

const SIM = 'interconnect-test.dev/sim-';
const nodes = ['--prefill-node', PREFILL_NODE, '--decode-node', DECODE_NODE];
const OK_LOG = () => readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8');

/** A namespace of our own with these labels, deleted (and waited for) at the end. */
async function namespaceWith(e: TestEnv, labels: Record<string, string>): Promise<string> {
  const name = `e2e-podstart-${randomBytes(3).toString('hex')}`;
  await e.core.createNamespace({ body: { metadata: { name, labels: { ...e.labels(), ...labels } } } });
  e.defer(`namespace ${name}`, async () => {
    await e.core.deleteNamespace({ name });
    await e.waitForGone(`namespace ${name}`, () => e.core.readNamespace({ name }), { timeoutMs: 90_000 });
  });
  await waitFor(`serviceaccount ${name}/default`, () =>
    e.core.readNamespacedServiceAccount({ name: 'default', namespace: name }),
  );
  return name;
}

/** What the real admission says to a server-side dry-run create: [] admitted, else the reasons it names. */
async function admit(
  e: TestEnv,
  namespace: string,
  spec: V1PodSpec,
): Promise<{ reasons: string[]; message: string }> {
  try {
    await e.core.createNamespacedPod({
      namespace,
      dryRun: 'All',
      body: { metadata: { name: 'probe', labels: e.labels() }, spec },
    });
    return { reasons: [], message: '' };
  } catch (err) {
    const body = (err as { body?: string }).body ?? String(err);
    const message = (JSON.parse(body) as { message?: string }).message ?? body;
    return { reasons: reasonsInMessage(message).sort(), message };
  }
}

async function pair(runId: string, args: string[]) {
  const started = Date.now();
  const r = await runCli(
    [
      'pair',
      ...KWOK_PROBE_ARGS,
      '--timeout',
      '90s',
      '--initiator',
      'prefill',
      '--op',
      'write',
      '-o',
      'json',
      ...args,
    ],
    { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId } },
  );
  const report = r.stdout
    ? (JSON.parse(r.stdout) as { checks: { id: string; status: string; detail: string; fix?: string }[] })
    : undefined;
  return { ...r, report, ms: Date.now() - started };
}

describe('the Pod Security predictor agrees with the API server', () => {
  const specs: Record<string, V1PodSpec> = {
    'the default probe pod': probeSpec(DEFAULT_SETTINGS),
    'a privileged, hostNetwork recipe with hostPath devices': probeSpec({
      ...DEFAULT_SETTINGS,
      privileged: true,
      hostNetwork: true,
      hostPaths: [{ name: 'dev-infiniband', path: '/dev/infiniband', mountPath: '/dev/infiniband' }],
    }),
    'a pod written for restricted': {
      securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [
        {
          name: 'c',
          image: 'registry.example/x:1',
          securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
        },
      ],
    },
  };
  for (const level of ['baseline', 'restricted'] as const)
    test(`enforce=${level}: the same refusals, spec by spec (server-side dry run)`, async () => {
      const e = env();
      const ns = await namespaceWith(e, { 'pod-security.kubernetes.io/enforce': level });
      for (const [what, spec] of Object.entries(specs)) {
        const real = await admit(e, ns, spec);
        const predicted = [...new Set(predictPodSecurity(spec, level).map((v) => v.reason))].sort();
        expect(predicted, `${what}: ${real.message}`).toEqual(real.reasons);
        if (predicted.length)
          expect(real.message).toMatch(new RegExp(`violates PodSecurity "${level}:latest"`));
      }
    });
});

function probeSpec(settings: typeof DEFAULT_SETTINGS): V1PodSpec {
  const first = probePodSpecs(
    renderPlan(testPlan({ settings: { prefill: settings, decode: settings } })),
  ).find((p) => p.role === 'prefill');
  return first?.spec as V1PodSpec;
}

describe('pair in a scratch namespace under Pod Security restricted', () => {
  test('stops before creating anything, in one line naming Pod Security and the label that fixes it, within 30 s', async () => {
    const e = env();
    const ns = await namespaceWith(e, { 'pod-security.kubernetes.io/enforce': 'restricted' });
    const r = await pair(newE2eRunId(), [
      ...nodes,
      '--scratch-namespace',
      ns,
      '--lease-namespace',
      e.namespace,
    ]);
    expect(r.ms).toBeLessThan(30_000);
    expect(r.code, r.stderr).toBe(1);
    const admission = r.report?.checks.find((c) => c.id === 'pair.admission');
    expect(admission?.status).toBe('fail');
    expect(admission?.detail).toMatch(
      new RegExp(
        `^Pod Security "restricted:latest" of namespace ${ns} would refuse the etcd, prefill and decode pods: `,
      ),
    );
    expect(admission?.fix).toMatch(/pod-security.kubernetes.io\/enforce=privileged/);
    expect(r.report?.checks.find((c) => c.id === 'pair.transfer')?.status).toBe('skipped');
    const jobs = await e.batch.listNamespacedJob({ namespace: ns });
    expect(jobs.items).toEqual([]);
    expect(await toolLeftovers(e)).toEqual([]);
  });

  test("--force: the Job's FailedCreate is one line naming the admission message, within 30 s, not a timeout", async () => {
    const e = env();
    const ns = await namespaceWith(e, { 'pod-security.kubernetes.io/enforce': 'restricted' });
    const r = await pair(newE2eRunId(), [
      ...nodes,
      '--scratch-namespace',
      ns,
      '--lease-namespace',
      e.namespace,
      '--force',
      '--engine',
      'nixlbench',
      '--etcd-endpoints',
      'http://etcd.invalid:2379',
    ]);
    expect(r.ms).toBeLessThan(30_000);
    expect(r.code, r.stderr).toBe(1);
    const run = r.report?.checks.find((c) => c.id === 'pair.run');
    expect(run?.status).toBe('fail');
    expect(run?.detail).toMatch(
      new RegExp(
        `^Pod Security "restricted:latest" of namespace ${ns} refused the (prefill|decode) pod: .*allowPrivilegeEscalation != false`,
      ),
    );
    expect(run?.fix).toMatch(/enforce=privileged/);
    expect(r.stderr).not.toMatch(/raise --timeout/);
    expect(await toolLeftovers(e)).toEqual([]);
  });
});

describe('slow pulls are not slow fabrics', () => {
  test('both pods pull for 25 s, --timeout is 10 s: the pair still measures, progress naming the pull per node', async () => {
    const e = env();
    const runId = newE2eRunId();
    await declarePairLogs(e, scratchDir, runId, { prefill: OK_LOG(), decode: TARGET_LOG });
    const r = await pair(runId, [
      ...nodes,
      '--min-bandwidth',
      '5',
      '--lease-namespace',
      e.namespace,
      '--timeout',
      '10s',
      '--pull-timeout',
      '2m',
      '--pod-annotation',
      `prefill:${SIM}start-delay=25s`,
      '--pod-annotation',
      `decode:${SIM}start-delay=25s`,
      '--pod-annotation',
      `prefill:${SIM}pulling=true`,
      '--pod-annotation',
      `decode:${SIM}pulling=true`,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.ms).toBeGreaterThan(25_000);
    expect(r.report?.checks.find((c) => c.id === 'pair.run')?.status).toBe('ok');
    expect(r.stderr).toMatch(
      new RegExp(`prefill pulling registry.example/nixlbench:0.10.1 on ${PREFILL_NODE}: 1\\ds`),
    );
    expect(r.stderr).toMatch(
      new RegExp(`decode pulling registry.example/nixlbench:0.10.1 on ${DECODE_NODE}: \\d+s`),
    );
    expect(await toolLeftovers(e)).toEqual([]);
  }, 90_000);

  test('a pull past --pull-timeout: one line naming the pull and --pull-timeout', async () => {
    const e = env();
    const runId = newE2eRunId();
    await declarePairLogs(e, scratchDir, runId, { prefill: OK_LOG(), decode: TARGET_LOG });
    const r = await pair(runId, [
      ...nodes,
      '--lease-namespace',
      e.namespace,
      '--timeout',
      '5s',
      '--pull-timeout',
      '8s',
      '--pod-annotation',
      `prefill:${SIM}start-delay=1h`,
      '--pod-annotation',
      `decode:${SIM}start-delay=1h`,
      '--pod-annotation',
      `decode:${SIM}pulling=true`,
    ]);
    expect(r.code, r.stderr).toBe(1);
    const run = r.report?.checks.find((c) => c.id === 'pair.run');
    expect(run?.detail).toMatch(
      new RegExp(
        `^prefill and decode did not start within --pull-timeout 8s \\(prefill Pending \\(ContainerCreating, \\d+s\\), decode pulling registry.example/nixlbench:0.10.1 on ${DECODE_NODE}: \\d+s\\)$`,
      ),
    );
    expect(run?.fix).toMatch(/raise --pull-timeout/);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 90_000);
});
