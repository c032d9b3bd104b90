// `pair --engine nixl` crosses every GPU↔NIC rail of the two nodes at once, end to end on the
// local control plane: the real scheduler and Job controller, kwok playing the kubelet, the probe
// pods "printing" rails logs (test/helpers/rails-logs.ts: REAL output of our probe pods' script,
// one section per rail, one rail's figures scaled to half as the simulated fault).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { railsLogs } from '../helpers/rails-logs.js';
import { DECODE_NODE, declarePairLogs, newE2eRunId, PREFILL_NODE } from './harness/pair-logs.js';
import { KWOK_PROBE_ARGS, useTestEnv } from './harness.js';

const env = useTestEnv('rails');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'rails-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

interface Report {
  checks: { id: string; status: string; detail: string; fix?: string }[];
  verdict: { status: string };
  measurement?: { peakGBps: number | null; rails?: { gpu: number; nic: string; status: string }[] };
  rails?: { gpu: number; nic: string | null; gbps: number | null; status: string }[];
}

async function pairRun(runId: string, extra: string[]) {
  const e = env();
  const r = await runCli(
    [
      'pair',
      ...KWOK_PROBE_ARGS,
      '--engine',
      'nixl',
      '--prefill-node',
      PREFILL_NODE,
      '--decode-node',
      DECODE_NODE,
      '--namespace',
      e.namespace,
      '--timeout',
      '90s',
      '--initiator',
      'decode',
      '--op',
      'read',
      // Over the captures' veth (TCP) the NIC line rate means nothing: a low floor, so the
      // rails are judged against each other.
      '--min-bandwidth',
      '0.05',
      '--no-node-probes',
      '-o',
      'json',
      ...extra,
    ],
    { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId } },
  );
  return { ...r, report: (r.stdout ? JSON.parse(r.stdout) : undefined) as Report | undefined };
}

describe('pair: every rail', () => {
  test('8 rails, one at half speed: the pods request all 8 GPUs, the JSON has rails[], the half-speed rail fails by name', async () => {
    const e = env();
    const runId = newE2eRunId();
    await declarePairLogs(e, scratchDir, runId, railsLogs({ rails: 8, slow: { 3: 0.5 } }));
    const seen = new Set<string>();
    let running = true;
    const ns = `itest-pair-${runId}`;
    const watcher = (async () => {
      while (running) {
        try {
          for (const j of (await e.batch.listNamespacedJob({ namespace: ns })).items) {
            const c = j.spec?.template.spec?.containers[0];
            seen.add(
              `${c?.resources?.limits?.['nvidia.com/gpu']} ${c?.env?.find((x) => x.name === 'ITEST_RAILS')?.value}`,
            );
          }
        } catch {
          // not created yet, or gone
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const r = await pairRun(runId, []);
    running = false;
    await watcher;
    expect([...seen]).toEqual(['8 0 1 2 3 4 5 6 7']);
    expect(r.code, r.stderr).toBe(1);
    const rails = r.report?.rails ?? [];
    expect(rails.map((x) => `${x.gpu} ${x.nic} ${x.status}`)).toEqual([
      '0 mlx5_0 ok',
      '1 mlx5_1 ok',
      '2 mlx5_2 ok',
      '3 mlx5_3 fail',
      '4 mlx5_4 ok',
      '5 mlx5_5 ok',
      '6 mlx5_6 ok',
      '7 mlx5_7 ok',
    ]);
    expect(r.report?.measurement?.rails).toHaveLength(8);
    const c = r.report?.checks.find((x) => x.id === 'pair.rails');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/^8 rail\(s\) crossed, 7 ok; GPU3↔mlx5_3 fail: /);
    expect(r.report?.verdict.status).toBe('untrusted');
  }, 120_000);

  test('--rails 1: one quick rail, rails[] holds GPU 1 only', async () => {
    const e = env();
    const runId = newE2eRunId();
    const all = railsLogs({ rails: 2 });
    // The pod prints only the rails it ran: GPU 1's section.
    const only1 = (log: string) =>
      log
        .replace(/interconnect-test: rails 0 1/, 'interconnect-test: rails 1')
        .replace(/interconnect-test: rail 0 begin[\s\S]*?interconnect-test: rail 0 end rc=0\n/, '');
    await declarePairLogs(e, scratchDir, runId, { prefill: only1(all.prefill), decode: only1(all.decode) });
    const r = await pairRun(runId, ['--rails', '1']);
    expect(
      r.report?.rails?.map((x) => `${x.gpu} ${x.nic}`),
      r.stderr,
    ).toEqual(['1 mlx5_1']);
    expect(r.report?.checks.find((x) => x.id === 'pair.rails')?.status).toBe('ok');
  }, 120_000);
});
