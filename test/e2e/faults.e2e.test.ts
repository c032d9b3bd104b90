// Faults of the control plane itself, injected for real into the local cluster while
// `pair` runs (the built CLI, a process of its own): the API server killed and
// started again with its own command line, paused (SIGSTOP) and resumed, the
// controller-manager paused (a fresh namespace without its default ServiceAccount),
// the scratch namespace, a probe pod or a node deleted by someone else, and signals
// during teardown. Each test asserts the exit code, the last lines, the time against
// --timeout, and what is left (nothing, or exactly what is named, which `gc --run` removes).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { V1Node } from '@kubernetes/client-node';
import { afterAll, afterEach, expect, test } from 'vitest';
import { type LiveCli, runCli, startCli } from '../helpers/cli.js';
import { describeNeeding, localControlPlane } from '../helpers/preconditions.js';
import { ControlPlaneFaults } from './harness/faults.js';
import { DECODE_NODE, declarePairLogs, newE2eRunId, PREFILL_NODE, TARGET_LOG } from './harness/pair-logs.js';
import {
  fixture,
  isLocalKwokCluster,
  KWOK_PROBE_ARGS,
  toolLeftovers,
  useTestEnv,
  waitFor,
} from './harness.js';

const local = await isLocalKwokCluster();
const env = useTestEnv('faults');
const dir = mkdtempSync(path.join(tmpdir(), 'faults-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const faults = new ControlPlaneFaults();
/** Run ids of this file's pairs: whatever a failing test left is removed before the next one. */
const runs: string[] = [];
afterEach(async () => {
  await faults.heal();
  for (const id of runs.splice(0)) await runCli(['gc', '--run', id]);
});

const OK_LOG = readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8');
const WAITING_LOG = `Connecting to ETCD at http://etcd:2379
ETCD Runtime: Registered as rank 0 item 1 of 2
Init nixl worker, dev all rank 0, type initiator, hostname ${PREFILL_NODE}
Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)
`;
const SIM = 'interconnect-test.dev/sim-';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `pair` between the two kwok GPU nodes as a process of its own, JSON on stdout. */
function startPair(runId: string, extra: string[]): LiveCli {
  runs.push(runId);
  return startCli(
    [
      'pair',
      ...KWOK_PROBE_ARGS,
      // The scheduler and kwok catch up after a restart of the API server: etcd and the peer
      // get more than KWOK_PROBE_ARGS's 4 s (a test may set its own after this).
      '--peer-timeout',
      '30s',
      '--prefill-node',
      PREFILL_NODE,
      '--decode-node',
      DECODE_NODE,
      '--initiator',
      'prefill',
      '--op',
      'write',
      '--min-bandwidth',
      '5',
      '-o',
      'json',
      ...extra,
    ],
    { env: { INTERCONNECT_TEST_RUN_ID: runId } },
  );
}

/** The e2e config keeps Leases in a namespace of their own, which the printed gc command names. */
const leaseNs = process.env.INTERCONNECT_TEST_LEASE_NAMESPACE;
const LEASE_FLAG = leaseNs && leaseNs !== 'interconnect-test' ? ` --lease-namespace ${leaseNs}` : '';
const lastLines = (stderr: string, n: number) => stderr.trimEnd().split('\n').slice(-n);
/**
 * The error line: the last line unless something is left, whose two lines then follow it
 * (what is left, and the gc --run that removes it).
 */
function errorLine(stderr: string): string | undefined {
  const lines = stderr.trimEnd().split('\n');
  const last = lines.at(-1) ?? '';
  const at = last.startsWith('remove it now: ') ? lines.length - 3 : lines.length - 1;
  return lines[at];
}
const verdictOf = (stdout: string) => (JSON.parse(stdout) as { verdict: { status: string } }).verdict.status;

/**
 * Nothing of run `runId` is left. A namespace being finalised takes seconds; after an API server
 * restart the namespace controller retries with its own backoff (up to a minute), so this waits.
 */
async function nothingLeft(runId: string): Promise<void> {
  const e = env();
  const mine = async () => (await toolLeftovers(e)).filter((o) => o.includes(runId));
  await waitFor(`nothing of run ${runId} to be left`, async () => (await mine()).length === 0, {
    timeoutMs: 120_000,
  });
}

describeNeeding([localControlPlane(local)], 'the API server restarts or stalls', () => {
  test('killed as teardown begins and back 6 s later: teardown retries until it answers; nothing left; the verdict stands', async () => {
    const runId = newE2eRunId();
    await declarePairLogs(env(), dir, runId, { prefill: OK_LOG, decode: TARGET_LOG });
    const cli = startPair(runId, ['--timeout', '60s']);
    await cli.waitForStderr(/→ Judge the result/);
    await faults.kill();
    await sleep(6_000);
    await faults.start();
    const r = await cli.done;
    if (process.env.FAULTS_DEBUG) console.log(r.stderr);
    expect(r.code, r.stderr).toBe(0);
    expect(verdictOf(r.stdout)).toBe('unverified');
    expect(r.stderr).toMatch(/waiting for the API server, \d/);
    // Every delete was retried until the API answered: at worst the namespace is still
    // Terminating (the namespace controller backs off too), and it then goes on its own.
    expect(r.stderr).not.toMatch(/not confirmed gone|teardown: /);
    await nothingLeft(runId);
  });

  test('down past the 30 s teardown budget: the run still ends, its last lines name what is left and the gc --run that removes it', async () => {
    const runId = newE2eRunId();
    await declarePairLogs(env(), dir, runId, { prefill: OK_LOG, decode: TARGET_LOG });
    const cli = startPair(runId, ['--timeout', '60s', '--request-timeout', '3s']);
    await cli.waitForStderr(/→ Judge the result/);
    const downAt = cli.elapsedMs();
    await faults.kill();
    const r = await cli.done;
    if (process.env.FAULTS_DEBUG) console.log(r.stderr);
    const teardownMs = cli.elapsedMs() - downAt;
    await faults.start();
    // Within the stated budget (30 s), plus the moment the judge and the process exit take.
    expect(teardownMs).toBeLessThan(36_000);
    expect(r.code, r.stderr).toBe(0);
    const [left, remove] = lastLines(r.stderr, 2);
    expect(left).toMatch(
      new RegExp(
        `^left in the cluster \\(not confirmed gone: the API server did not answer\\): .*Namespace/itest-pair-${runId}`,
      ),
    );
    expect(left).toMatch(new RegExp(`Job/itest-pair-${runId}/itest-${runId}-prefill`));
    expect(remove).toBe(`remove it now: interconnect-test gc --run ${runId}${LEASE_FLAG}`);
    expect(r.stderr).toMatch(/! \d+ scratch object\(s\) left: interconnect-test gc --run/);
    // The named command removes it.
    const gc = await runCli(['gc', '--run', runId]);
    expect(gc.code, gc.stderr).toBe(0);
    await nothingLeft(runId);
  });

  test('paused for 6 s while the probe Jobs are created: a progress line says how long, then the run measures', async () => {
    const runId = newE2eRunId();
    await declarePairLogs(env(), dir, runId, { prefill: OK_LOG, decode: TARGET_LOG });
    // The scheduler stalls with the API server: a --peer-timeout long enough for it to catch up.
    const cli = startPair(runId, ['--timeout', '60s', '--request-timeout', '2s', '--peer-timeout', '20s']);
    await cli.waitForStderr(/→ Start prefill and decode/);
    faults.pause();
    await sleep(6_000);
    faults.resume();
    const r = await cli.done;
    if (process.env.FAULTS_DEBUG) console.log(r.stderr);
    expect(r.code, r.stderr).toBe(0);
    expect(verdictOf(r.stdout)).toBe('unverified');
    expect(r.stderr).toMatch(/waiting for the API server, \d+(\.\d+)?s/);
    await nothingLeft(runId);
  });

  test('paused until --timeout runs out: "the run was disturbed" (exit 2), never a verdict; ends within --timeout plus the teardown budget', async () => {
    const runId = newE2eRunId();
    await declarePairLogs(env(), dir, runId, { prefill: WAITING_LOG, decode: TARGET_LOG });
    const cli = startPair(runId, [
      '--timeout',
      '20s',
      '--request-timeout',
      '2s',
      '--peer-timeout',
      '60s',
      '--pod-annotation',
      `${SIM}duration=1h`,
    ]);
    await cli.waitForStderr(/→ Transfer test/);
    faults.pause();
    // Past --timeout (20 s from the start), then back for teardown.
    await waitFor('--timeout to pass', async () => cli.elapsedMs() > 23_000, { timeoutMs: 30_000 });
    faults.resume();
    const r = await cli.done;
    if (process.env.FAULTS_DEBUG) console.log(r.stderr);
    expect(cli.elapsedMs()).toBeLessThan(20_000 + 30_000 + 5_000);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(errorLine(r.stderr)).toMatch(
      /^error: the run was disturbed: the Kubernetes API server did not answer for the last \d+(\.\d+)?s .*until --timeout 20s ran out; this says nothing about the fabric/,
    );
    await nothingLeft(runId);
  });
});

describeNeeding([localControlPlane(local)], 'someone else deletes what the run uses', () => {
  /** A run that waits for its peer for a long time, so that something can be deleted under it. */
  async function waitingRun(): Promise<{ runId: string; ns: string; cli: LiveCli }> {
    const runId = newE2eRunId();
    await declarePairLogs(env(), dir, runId, { prefill: WAITING_LOG, decode: TARGET_LOG });
    const cli = startPair(runId, [
      '--timeout',
      '60s',
      '--peer-timeout',
      '60s',
      '--pod-annotation',
      `${SIM}duration=1h`,
    ]);
    const ns = `itest-pair-${runId}`;
    const e = env();
    await waitFor('both probe pods to run', async () => {
      const pods = await e.core.listNamespacedPod({
        namespace: ns,
        labelSelector: 'app.kubernetes.io/component in (prefill,decode)',
      });
      return pods.items.filter((p) => p.status?.phase === 'Running').length === 2;
    });
    return { runId, ns, cli };
  }

  test('the scratch namespace deleted mid-run: disturbed, exit 2, naming the namespace; nothing left', async () => {
    const { ns, runId, cli } = await waitingRun();
    await env().core.deleteNamespace({ name: ns });
    const r = await cli.done;
    if (process.env.FAULTS_DEBUG) console.log(r.stderr);
    expect(r.code, r.stderr).toBe(2);
    expect(errorLine(r.stderr)).toMatch(
      new RegExp(
        `^error: the run was disturbed: the scratch namespace ${ns} (is being deleted \\(deletionTimestamp [^)]+\\), not by this run|was deleted by someone else)`,
      ),
    );
    expect(r.stderr).not.toMatch(/exited with code 143/);
    await nothingLeft(runId);
  });

  test('a probe pod deleted mid-run: disturbed, exit 2, naming the pod', async () => {
    const { ns, runId, cli } = await waitingRun();
    const e = env();
    const [pod] = (
      await e.core.listNamespacedPod({ namespace: ns, labelSelector: 'app.kubernetes.io/component=decode' })
    ).items;
    await e.core.deleteNamespacedPod({ name: pod?.metadata?.name ?? '', namespace: ns });
    const r = await cli.done;
    if (process.env.FAULTS_DEBUG) console.log(r.stderr);
    expect(r.code, r.stderr).toBe(2);
    expect(errorLine(r.stderr)).toMatch(
      new RegExp(`^error: the run was disturbed: pod itest-${runId}-decode-\\w+ was deleted`),
    );
    await nothingLeft(runId);
  });

  test('a node deleted mid-run: disturbed, exit 2, naming the node', async () => {
    const e = env();
    const saved = await e.core.readNode({ name: DECODE_NODE });
    const { runId, cli } = await waitingRun();
    try {
      await e.core.deleteNode({ name: DECODE_NODE });
      // Seen and said: give the node back now, so that its pods need not wait 40 s for the pod GC.
      await cli.waitForStderr(/→ Clean up scratch objects/, 30_000);
      await restoreNode(saved);
      const r = await cli.done;
      if (process.env.FAULTS_DEBUG) console.log(r.stderr);
      expect(r.code, r.stderr).toBe(2);
      expect(errorLine(r.stderr)).toMatch(
        new RegExp(
          `^error: the run was disturbed: node ${DECODE_NODE} was deleted mid-run \\(it ran pod itest-\\w+-decode-\\w+\\)`,
        ),
      );
    } finally {
      await restoreNode(saved).catch(() => {});
    }
    await nothingLeft(runId);
  });
});

/** Creates a deleted node again as it was (kwok takes it back by its annotation). */
async function restoreNode(saved: V1Node): Promise<void> {
  const e = env();
  const { metadata, spec, status } = saved;
  // Already back (a new uid): nothing to do.
  const now = await e.core.readNode({ name: metadata?.name ?? '' }).catch(() => undefined);
  if (now && now.metadata?.uid !== metadata?.uid) return;
  await waitFor('the node to be gone before it is created again', async () => {
    try {
      await e.core.readNode({ name: metadata?.name ?? '' });
      return false;
    } catch {
      return true;
    }
  });
  await e.core.createNode({
    body: {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: metadata?.name ?? '',
        labels: metadata?.labels ?? {},
        annotations: metadata?.annotations ?? {},
      },
      spec: { taints: spec?.taints ?? [] },
      // A Node's status is kept on create (how a kubelet registers): its GPUs and NICs come back.
      status: {
        capacity: status?.capacity ?? {},
        allocatable: status?.allocatable ?? {},
        ...(status?.nodeInfo ? { nodeInfo: status.nodeInfo } : {}),
      },
    },
  });
  await waitFor('the node to be Ready again, with its GPUs', async () => {
    const n = await e.core.readNode({ name: metadata?.name ?? '' });
    return (
      n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true &&
      n.status?.allocatable?.['nvidia.com/gpu'] === status?.allocatable?.['nvidia.com/gpu']
    );
  });
}

describeNeeding(
  [localControlPlane(local)],
  'signals during teardown; a namespace without its ServiceAccount',
  () => {
    test('Ctrl-C during teardown: teardown finishes, the verdict is printed, exit 130', async () => {
      const runId = newE2eRunId();
      await declarePairLogs(env(), dir, runId, { prefill: OK_LOG, decode: TARGET_LOG });
      const cli = startPair(runId, ['--timeout', '60s', '--request-timeout', '2s']);
      await cli.waitForStderr(/→ Clean up scratch objects/);
      // Hold teardown (the API paused) so that the signal surely lands in it.
      faults.pause();
      cli.child.kill('SIGINT');
      await sleep(2_000);
      faults.resume();
      const r = await cli.done;
      if (process.env.FAULTS_DEBUG) console.log(r.stderr);
      expect(r.code, r.stderr).toBe(130);
      expect(verdictOf(r.stdout)).toBe('unverified');
      await nothingLeft(runId);
    });

    test('a second Ctrl-C during teardown exits at once, naming what is left and the gc --run that removes it', async () => {
      const runId = newE2eRunId();
      await declarePairLogs(env(), dir, runId, { prefill: OK_LOG, decode: TARGET_LOG });
      const cli = startPair(runId, ['--timeout', '60s', '--request-timeout', '2s']);
      await cli.waitForStderr(/→ Clean up scratch objects/);
      faults.pause();
      cli.child.kill('SIGINT');
      await cli.waitForStderr(/SIGINT: stopping and cleaning up/);
      cli.child.kill('SIGINT');
      const r = await cli.done;
      if (process.env.FAULTS_DEBUG) console.log(r.stderr);
      faults.resume();
      expect(r.code).toBe(130);
      const [again, left, remove] = lastLines(r.stderr, 3);
      expect(again).toBe('SIGINT again: exiting now without waiting for cleanup');
      expect(left).toMatch(
        new RegExp(`^left in the cluster \\(cleanup was cut short\\): .*Namespace/itest-pair-${runId}`),
      );
      expect(remove).toBe(`remove it now: interconnect-test gc --run ${runId}${LEASE_FLAG}`);
      const gc = await runCli(['gc', '--run', runId]);
      expect(gc.code, gc.stderr).toBe(0);
      await nothingLeft(runId);
    });

    test('the controller-manager paused: the fresh namespace has no default ServiceAccount yet; the run waits for it instead of blaming RBAC', async () => {
      const runId = newE2eRunId();
      await declarePairLogs(env(), dir, runId, { prefill: OK_LOG, decode: TARGET_LOG });
      faults.pause('kube-controller-manager');
      const cli = startPair(runId, ['--timeout', '60s']);
      await cli.waitForStderr(/default ServiceAccount/, 30_000);
      await sleep(2_000);
      faults.resume('kube-controller-manager');
      const r = await cli.done;
      if (process.env.FAULTS_DEBUG) console.log(r.stderr);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/grant the "create" verb/);
      await nothingLeft(runId);
    });
  },
);

describeNeeding([localControlPlane(local)], 'a sweep through an API server restart', () => {
  test('killed while the second of three pairs runs: the pairs wait it out, all three are measured, none counted as both done and not run', async () => {
    const sweepId = `sw${newE2eRunId().slice(3, 7)}`;
    const args = [
      'sweep',
      ...KWOK_PROBE_ARGS,
      '--nodes',
      'gpu-node-0,gpu-node-1,gpu-node-2',
      '--max-parallel',
      '1',
      '--pair-timeout',
      '90s',
      '--initiator',
      'prefill',
      '--op',
      'write',
      '--min-bandwidth',
      '5',
      '-o',
      'json',
    ];
    const plan = await runCli([...args, '--dry-run'], {
      env: { ...process.env, INTERCONNECT_TEST_RUN_ID: sweepId },
    });
    expect(plan.code, plan.stderr).toBe(0);
    const pairs = (JSON.parse(plan.stdout) as { sweep: { pairs: { runId: string; decode: string }[] } }).sweep
      .pairs;
    expect(pairs).toHaveLength(3);
    runs.push(...pairs.map((p) => p.runId));
    for (const p of pairs)
      await declarePairLogs(env(), dir, p.runId, {
        prefill: OK_LOG,
        decode: TARGET_LOG.replaceAll(DECODE_NODE, p.decode),
      });
    const cli = startCli(args, { env: { INTERCONNECT_TEST_RUN_ID: sweepId } });
    await cli.waitForStderr(/1 of 3 pairs done/, 90_000);
    await faults.kill();
    await sleep(6_000);
    await faults.start();
    const r = await cli.done;
    if (process.env.FAULTS_DEBUG) console.log(r.stderr);
    expect(r.code, r.stderr).toBe(0);
    const s = (JSON.parse(r.stdout) as { sweep: { pairs: { outcome: string; peakGBps: number | null }[] } })
      .sweep;
    expect(s.pairs.map((p) => p.outcome).filter((o) => o === 'not-run')).toEqual([]);
    expect(s.pairs.every((p) => p.peakGBps !== null)).toBe(true);
    expect(r.stderr).toMatch(/3 of 3 pairs done/);
    expect(r.stderr).not.toMatch(/(\d) of 3 pairs done, (\d) not run/);
    for (const p of pairs) await nothingLeft(p.runId);
  }, 240_000);
});
