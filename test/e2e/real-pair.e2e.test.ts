// `pair`, `node`, `nixl` and `gc` on the real nodes of the local cluster
// (scripts/cluster/real-nodes.sh: a real kubelet, containerd and runc per node,
// pods pulled from the local registry of scripts/cluster/images.sh). Here the
// probe Jobs really run ucx_perftest over the pod network, the kubelet reports
// real OOM kills and image pulls, and Ctrl-C really stops containers.
// Skipped on clusters without two real nodes.
import { type ChildProcess, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { V1Pod } from '@kubernetes/client-node';
import { describe, expect, test } from 'vitest';
import { ReportSchema } from '../../src/core/model.js';
import { type CliRun, runCli, spawnCli } from '../helpers/cli.js';
import { describeNeeding, twoRealNodes } from '../helpers/preconditions.js';
import { onlyEmptiedNamespaces, settled } from './harness/leftovers.js';
import {
  expireRunLeases,
  REAL_NODE_TOLERATION,
  realNodesInfo,
  type TestEnv,
  useTestEnv,
  waitFor,
} from './harness.js';

const real = await realNodesInfo();
const env = useTestEnv('real-pair');

const MANAGED = 'app.kubernetes.io/managed-by=interconnect-test';
const EXPIRES = 'interconnect-test/expires-at';

/** The real nodes' taint (test/cluster/README.md, "Real nodes"), as `pair --toleration` takes it. */
const TOLERATION = `${REAL_NODE_TOLERATION.key}:${REAL_NODE_TOLERATION.effect}`;

function newRunId(): string {
  return `real${randomBytes(3).toString('hex')}`;
}

interface Report {
  checks: { id: string; status: string; detail: string; fix?: string; data?: Record<string, unknown> }[];
  verdict: { status: string };
  measurement?: {
    engine: string;
    peakGBps: number;
    transport: { kind: string; lanes: string[] };
    nodes: { prefill: string; decode: string };
    rows: { blockSize: number; gbps: number }[];
  } | null;
}

function parseReport(stdout: string): Report | undefined {
  try {
    return stdout ? (JSON.parse(stdout) as Report) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What run `runId` left anywhere: its namespaces, Jobs, Pods and Services (by
 * the managed-by and run-id labels). Scoped to the run: other sessions may run
 * pair on the same cluster at the same time.
 */
/** What of run `runId` is left; its deleted, empty namespace is waited for (harness/leftovers.ts settled). */
function leftovers(e: TestEnv, runId: string): Promise<string[]> {
  const labelSelector = `${MANAGED},interconnect-test/run-id=${runId}`;
  return settled(async () => {
    const [ns, jobs, pods, svcs] = await Promise.all([
      e.core.listNamespace({ labelSelector }),
      e.batch.listJobForAllNamespaces({ labelSelector }),
      e.core.listPodForAllNamespaces({ labelSelector }),
      e.core.listServiceForAllNamespaces({ labelSelector }),
    ]);
    const all = [
      ...ns.items.map((o) => `namespace/${o.metadata?.name}`),
      ...jobs.items.map((o) => `job/${o.metadata?.namespace}/${o.metadata?.name}`),
      ...pods.items.map((o) => `pod/${o.metadata?.namespace}/${o.metadata?.name}`),
      ...svcs.items.map((o) => `service/${o.metadata?.namespace}/${o.metadata?.name}`),
    ];
    return { all, emptiedOnly: onlyEmptiedNamespaces(ns.items, all) };
  });
}

/**
 * Containers running on the real nodes for pods of namespace `ns`, as each
 * node's containerd reports them through the CRI (crictl, built by
 * scripts/cluster/build-node-tools.sh; test/cluster/README.md, "Real nodes").
 */
async function runningContainers(e: TestEnv, nodes: readonly string[], ns: string): Promise<string[]> {
  const cm = await e.core.readNamespacedConfigMap({
    name: 'interconnect-test-cluster',
    namespace: 'kube-public',
  });
  const { stateDir, binDir } = cm.data ?? {};
  if (!stateDir || !binDir) throw new Error('kube-public/interconnect-test-cluster has no stateDir/binDir');
  const crictl = path.join(binDir, '..', '..', 'node-tools', 'bin', 'crictl');
  const out: string[] = [];
  for (const node of nodes) {
    const config = path.join(stateDir, 'real', node, 'crictl.yaml');
    const { stdout } = await promisify(execFile)(crictl, [
      '-c',
      config,
      'ps',
      '-q',
      '--label',
      `io.kubernetes.pod.namespace=${ns}`,
    ]);
    out.push(
      ...stdout
        .split('\n')
        .filter(Boolean)
        .map((id) => `${node}/${id}`),
    );
  }
  return out;
}

/** The pods of run `runId` (scratch namespace itest-pair-<runId>). */
async function runPods(e: TestEnv, runId: string): Promise<V1Pod[]> {
  return (await e.core.listNamespacedPod({ namespace: `itest-pair-${runId}` })).items;
}

describeNeeding([twoRealNodes(real.nodes)], 'pair, node, nixl and gc on real nodes', () => {
  const [node0, node1] = real.nodes as [string, string];
  const image = (): string => {
    if (!real.probeImage) {
      throw new Error('no probeImage in kube-public/interconnect-test-cluster (scripts/cluster/images.sh)');
    }
    return real.probeImage;
  };
  /** A missing tag in the same local registry: the kubelet's pull really fails. */
  const missingImage = () => `${image().replace(/\/[^/]+$/, '')}/does-not-exist:none`;

  /** pair --engine ucx_perftest between the two real nodes, DRAM (no GPU in the pods), over the pod network. */
  function pairArgs(args: string[], img = image()): string[] {
    return [
      'pair',
      '--engine',
      'ucx_perftest',
      '--prefill-node',
      node0,
      '--decode-node',
      node1,
      '--image',
      img,
      '--toleration',
      TOLERATION,
      '--memory-type',
      'dram',
      '--memory',
      '1Gi',
      '--timeout',
      '3m',
      '-o',
      'json',
      ...args,
    ];
  }

  async function pair(runId: string, args: string[], img?: string) {
    const r = await runCli(pairArgs(args, img), {
      env: { ...process.env, NO_COLOR: '1', INTERCONNECT_TEST_RUN_ID: runId },
    });
    return { ...r, report: parseReport(r.stdout) };
  }

  /** The built CLI in a child process, so a test can send it real signals. */
  function spawnPair(runId: string, args: string[]): { done: Promise<CliRun>; child: () => ChildProcess } {
    let child: ChildProcess | undefined;
    const done = spawnCli(pairArgs(args), {
      env: { INTERCONNECT_TEST_RUN_ID: runId },
      onStart: (c) => {
        child = c;
      },
    });
    return {
      done,
      child: () => {
        if (!child) throw new Error('the CLI was not spawned');
        return child;
      },
    };
  }

  /** Waits (30 s at most) until no container of run `runId` runs on either real node. */
  async function noContainersLeft(e: TestEnv, runId: string): Promise<void> {
    await waitFor(
      `no container of itest-pair-${runId} running on ${node0} or ${node1} (crictl ps)`,
      async () => (await runningContainers(e, [node0, node1], `itest-pair-${runId}`)).length === 0,
      { timeoutMs: 30_000, intervalMs: 500 },
    );
  }

  /** Waits until the prefill (client) pod of run `runId` runs and ucx_perftest has started moving data. */
  async function waitForTransfer(e: TestEnv, runId: string): Promise<V1Pod> {
    return waitFor(
      'the prefill pod to run ucx_perftest against decode',
      async () => {
        const pods = await runPods(e, runId);
        const prefill = pods.find((p) => p.metadata?.labels?.['app.kubernetes.io/component'] === 'prefill');
        if (prefill?.status?.phase !== 'Running') return undefined;
        const log = await e.core
          .readNamespacedPodLog({ name: prefill.metadata?.name ?? '', namespace: `itest-pair-${runId}` })
          .catch(() => '');
        // ucx_perftest prints its table header once both sides are connected and measuring.
        return /\+-+\+/.test(log) || /overhead|bandwidth/i.test(log) ? prefill : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );
  }

  test(`pair --engine ucx_perftest ${'real-0'} → ${'real-1'}: real transfers both ways over TCP, measured, never trusted, nothing left`, async () => {
    const e = env();
    const runId = newRunId();
    // No framework known: both directions, decode READ (ucp_get, decode the client) then prefill WRITE.
    const r = await pair(runId, ['--sizes', '4M', '--iters', '20']);
    expect(r.report, r.stderr).toBeDefined();
    const m = r.report?.measurement;
    expect(m, r.stderr).toMatchObject({
      engine: 'ucx_perftest',
      nodes: { prefill: node0, decode: node1 },
      transport: { kind: 'tcp' },
      initiator: 'decode',
    });
    expect(m?.peakGBps).toBeGreaterThan(0);
    expect(m?.transport.lanes.some((l) => l.startsWith('tcp/'))).toBe(true);
    const all = (r.report as unknown as { measurements?: { initiator: string; peakGBps: number }[] })
      .measurements;
    expect(all?.map((x) => x.initiator)).toEqual(['decode', 'prefill']);
    expect(all?.every((x) => x.peakGBps > 0)).toBe(true);
    expect(r.report?.verdict.status).not.toBe('trusted');
    expect(r.stderr).toMatch(/Start prefill and decode/);
    expect(await leftovers(e, runId)).toEqual([]);
  }, 300_000);

  test('an image that does not exist: the kubelet cannot pull it, and pair names the image-pull problem', async () => {
    const e = env();
    const runId = newRunId();
    const r = await pair(runId, [], missingImage());
    expect(r.code, r.stderr).toBe(1);
    const run = r.report?.checks.find((c) => c.id === 'pair.run');
    expect(run).toMatchObject({ status: 'fail', data: { kind: 'image-pull' } });
    expect(run?.detail).toContain(missingImage());
    expect(run?.detail).toMatch(/ErrImagePull|ImagePullBackOff/);
    expect(run?.fix).toMatch(/--image/);
    expect(await leftovers(e, runId)).toEqual([]);
  }, 300_000);

  test('a probe that outgrows its memory limit is really OOM-killed, and pair names it', async () => {
    const e = env();
    // One 256 MiB pod (intra-node: server and client in one container) whose two ucx_perftest
    // ranks each move 1 GiB messages: the memory cgroup kills one of them, and containerd marks the
    // container OOMKilled. (Cross-node, the client is killed and the server then aborts with
    // "Endpoint timeout"; pair may name either pod first, so that is not asserted here.)
    const runId = newRunId();
    const r = await runCli(
      [
        'pair',
        '--engine',
        'ucx_perftest',
        '--mode',
        'intra-node',
        '--prefill-node',
        node0,
        '--image',
        image(),
        '--toleration',
        TOLERATION,
        '--memory-type',
        'dram',
        '--memory',
        '256Mi',
        '--sizes',
        '1G',
        '--iters',
        '4',
        '--timeout',
        '3m',
        '-o',
        'json',
      ],
      { env: { ...process.env, NO_COLOR: '1', INTERCONNECT_TEST_RUN_ID: runId } },
    ).then((x) => ({ ...x, report: parseReport(x.stdout) }));
    expect(r.code, r.stderr).toBe(1);
    const run = r.report?.checks.find((c) => c.id === 'pair.run');
    expect(run, r.stderr).toMatchObject({ status: 'fail', data: { kind: 'oom-killed' } });
    expect(run?.detail).toMatch(/OOMKilled \(exit 137\)/);
    expect(run?.fix).toMatch(/--memory/);
    expect(await leftovers(e, runId)).toEqual([]);
  }, 300_000);

  test('Ctrl-C (SIGINT to the CLI) mid-transfer: exit 130, the real pods are stopped and nothing is left', async () => {
    const e = env();
    const runId = newRunId();
    const run = spawnPair(runId, ['--sizes', '64M', '--iters', '1000000', '--timeout', '10m']);
    const prefill = await waitForTransfer(e, runId);
    expect(prefill.spec?.nodeName).toBe(node0);
    // Both containers really run on the nodes before the interrupt.
    expect(await runningContainers(e, [node0, node1], `itest-pair-${runId}`)).toHaveLength(2);
    run.child().kill('SIGINT');
    const r = await run.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/SIGINT: stopping and cleaning up/);
    expect(r.stderr).toMatch(/interrupted by SIGINT\n?$/);
    expect(await leftovers(e, runId)).toEqual([]);
    // pair deletes with gracePeriodSeconds 0, so the API forgets the pods at once and each
    // kubelet kills their containers a moment later: containerd soon runs none of them.
    await noContainersLeft(e, runId);
  }, 300_000);

  test('gc removes what a SIGKILLed run left behind', async () => {
    const e = env();
    const runId = newRunId();
    const run = spawnPair(runId, ['--sizes', '64M', '--iters', '1000000', '--timeout', '10m']);
    await waitForTransfer(e, runId);
    run.child().kill('SIGKILL');
    const killed = await run.done;
    expect(killed.signal).toBe('SIGKILL');
    // Nothing cleaned up: the scratch namespace, its Jobs and running pods remain.
    const left = await leftovers(e, runId);
    expect(left).toContain(`namespace/itest-pair-${runId}`);
    expect(left.some((l) => l.startsWith(`pod/itest-pair-${runId}/`))).toBe(true);
    expect(await runningContainers(e, [node0, node1], `itest-pair-${runId}`)).toHaveLength(2);

    // It expires 10 min after --timeout; let that time pass by moving its expiry
    // annotation into the past (gc --older-than would also take other sessions' live runs).
    const ns = await e.core.readNamespace({ name: `itest-pair-${runId}` });
    const annotations = ns.metadata?.annotations ?? {};
    expect(annotations[EXPIRES]).toBeDefined();
    annotations[EXPIRES] = new Date(Date.now() - 60_000).toISOString();
    await e.core.replaceNamespace({ name: `itest-pair-${runId}`, body: ns });
    // Its node Leases were never given back (60 s): gc leaves a run with a live Lease alone.
    expect(await expireRunLeases(e, runId)).toHaveLength(2);

    const gc = await runCli(['gc', '-o', 'json']);
    expect(gc.code, gc.stderr).toBe(0);
    const report = ReportSchema.parse(JSON.parse(gc.stdout));
    expect(report.checks.find((c) => c.subject === `namespace/itest-pair-${runId}`)?.detail).toMatch(
      /^deleted \(expired/,
    );
    await e.waitForGone(
      `the killed run's namespace itest-pair-${runId}`,
      () => e.core.readNamespace({ name: `itest-pair-${runId}` }),
      { timeoutMs: 120_000 },
    );
    expect(await leftovers(e, runId)).toEqual([]);
    await noContainersLeft(e, runId);
  }, 300_000);

  describe('node and nixl exec into a real pod', () => {
    async function probePod(e: TestEnv, name: string): Promise<void> {
      await e.createObject({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: e.namespace, labels: e.labels() },
        spec: {
          nodeSelector: { 'kubernetes.io/hostname': node0 },
          tolerations: [REAL_NODE_TOLERATION],
          terminationGracePeriodSeconds: 1,
          containers: [{ name: 'main', image: image(), command: ['sleep', 'infinity'] }],
        },
      } as V1Pod);
      await e.waitForPodReady(name, { timeoutMs: 180_000 });
    }

    test('node --pod: ucx_info runs in the container and sees TCP only; ibstat is absent and skipped', async () => {
      const e = env();
      await probePod(e, 'worker');
      const { code, stdout, stderr } = await runCli([
        'node',
        '--pod',
        'worker',
        '-n',
        e.namespace,
        '-o',
        'json',
        '-q',
      ]);
      const report = ReportSchema.parse(JSON.parse(stdout));
      // No RDMA device, no GPU: the probe image is judged untrusted (exit 1), which is the point.
      expect(code, stderr).toBe(1);
      const t = (report as unknown as { targets: { node: string; probes: Record<string, unknown> }[] })
        .targets[0];
      expect(t?.node).toBe(node0);
      expect(t?.probes.ucx_info).toMatchObject({ argv: ['ucx_info', '-d'], ran: true, exitCode: 0 });
      expect(t?.probes.ucx_info_v).toMatchObject({ ran: true, exitCode: 0 });
      expect(t?.probes.ibstat).toMatchObject({ ran: false, notFound: true });
      const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
      expect(byId['ib.ibstat']).toMatchObject({ status: 'skipped', subject: 'worker' });
      expect(byId['ib.ibstat']?.detail).toMatch(/`ibstat` not found/);
      // ucx_info -d really ran in the container: UCX sees TCP and shared memory, no RDMA.
      expect(byId['ucx.rdma']).toMatchObject({ status: 'fail' });
      expect(byId['ucx.rdma']?.detail).toMatch(/no RDMA transport \(only .*tcp/);
    }, 240_000);

    test("nixl --pod: no nixlbench, ucx_perftest found, python3 imports the image's nixl (from PyPI); pair can run --engine nixl", async () => {
      const e = env();
      await probePod(e, 'bench');
      const { code, stdout, stderr } = await runCli([
        'nixl',
        '--pod',
        'bench',
        '-n',
        e.namespace,
        '-o',
        'json',
        '-q',
      ]);
      const report = ReportSchema.parse(JSON.parse(stdout));
      expect(code, stderr).toBe(0);
      const t = (report as unknown as { targets: { probes: Record<string, unknown> }[] }).targets[0];
      expect(t?.probes.nixlbench).toMatchObject({ ran: false, notFound: true });
      expect(t?.probes.ucx_perftest).toMatchObject({ ran: true, exitCode: 0 });
      expect(t?.probes.python_nixl).toMatchObject({ ran: true, exitCode: 0 });
      const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
      expect(byId['nixl.nixlbench']?.status).toBe('skipped');
      expect(byId['perftest.ucx_perftest']).toMatchObject({ status: 'ok', subject: 'bench' });
      expect(byId['perftest.ucx_perftest']?.detail).toMatch(/^ucx_perftest is installed \(UCX 1\.\d+\.\d+\)/);
      // The probe image carries nixl 1.5.1 from PyPI (scripts/cluster/images.sh), with its wheel's own UCX.
      expect(byId['nixl.python']).toMatchObject({ status: 'ok' });
      expect(byId['nixl.python']?.detail).toMatch(
        /^python 3\.\d+\.\d+ imports nixl from \/usr\/local\/lib\/python3\.\d+\/dist-packages\/nixl\/__init__\.py \(nixl 1\.5\.1, nixl-cu12 1\.5\.1\); UCX 1\.\d+\.\d+ from the wheel's own libucp/,
      );
      expect(byId['nixl.ucx-plugin']?.status).toBe('ok');
      expect(byId['nixl.pair-engine']).toMatchObject({ status: 'ok' });
      expect(byId['nixl.pair-engine']?.detail).toMatch(/--engine nixl/);
    }, 240_000);
  });
});
