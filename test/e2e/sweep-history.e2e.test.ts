// `sweep --results-dir --baseline last` end to end on the local control plane: two nights of a
// ring over zone-a, kwok playing the probe pods' real nixlbench logs (as sweep.e2e.test.ts
// does). Night 1 every pair moves 23.58 GB/s (NVIDIA/cloudai's current-format capture); night 2
// one link moves 5.11 GB/s (the RIXL README's legacy capture): still above --min-bandwidth 5,
// and 78 % below the night before, so it is regressed, named as a link, and pushed as a metric.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KubernetesObject } from '@kubernetes/client-node';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixture, KWOK_PROBE_ARGS, type TestEnv, toCriLog, toolLeftovers, useTestEnv } from './harness.js';

const env = useTestEnv('sweep-history');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'sweep-history-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

const FAST = readFileSync(fixture('nixlbench/cloudai-current-format-4rows-no-config.log'), 'utf8');
const SLOWER = readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8');
const targetLog = (host: string) => `Connecting to ETCD at http://etcd:2379
ETCD Runtime: Registered as rank 1 item 2 of 2
Init nixl worker, dev all rank 1, type target, hostname ${host}
Waiting for all processes to start... (expecting 2 total: 1 initiators and 1 targets)
All processes are ready to proceed
`;
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
const ZONE_A = ['-l', 'topology.kubernetes.io/zone=zone-a'];

interface Pair {
  prefill: string;
  decode: string;
  runId: string;
  peakGBps: number | null;
}
interface Report {
  checks: { id: string; status: string; subject?: string; detail: string }[];
  sweep: {
    pairs: Pair[];
    matrix: { nodes: string[] };
    regressions?: {
      baseline: { source: string; runId: string | null };
      links: { a: string; b: string; rail: number | null; regressed: boolean; drop: number }[];
      nodes: { node: string; regressed: boolean }[];
    };
  };
}

async function sweep(runId: string, args: string[]) {
  const r = await runCli(['sweep', ...COMMON, ...ZONE_A, '-o', 'json', ...args], {
    env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId },
  });
  let report: Report | undefined;
  try {
    report = JSON.parse(r.stdout) as Report;
  } catch {
    report = undefined;
  }
  return { ...r, report };
}

async function playLogs(e: TestEnv, pairs: readonly Pair[], logFor: (p: Pair) => string): Promise<void> {
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
        metadata: { name: `history-${p.runId}`, labels: e.labels() },
        spec: {
          selector: { matchNamespaces: [`itest-pair-${p.runId}`] },
          logs: [
            { containers: ['prefill'], logsFile: file(`${p.runId}-prefill`, logFor(p)) },
            { containers: ['decode'], logsFile: file(`${p.runId}-decode`, targetLog(p.decode)) },
          ],
        },
      } as KubernetesObject),
    ),
  );
}

describe('sweep keeps its history and compares with the last run', () => {
  test('night 2 names the link that fell 78 % while it still passed, in the checks, the report and the metrics', async () => {
    const e = env();
    const dir = path.join(scratchDir, 'history');
    const nights = [`hs${randomBytes(2).toString('hex')}`, `ht${randomBytes(2).toString('hex')}`];
    let slowLink: [string, string] | undefined;
    const reports: Report[] = [];
    for (const [night, runId] of nights.entries()) {
      const plan = await sweep(runId, ['--dry-run']);
      expect(plan.code, plan.stderr).toBe(0);
      const pairs = plan.report?.sweep.pairs ?? [];
      expect(pairs).toHaveLength(8);
      const nodes = plan.report?.sweep.matrix.nodes ?? [];
      slowLink ??= [nodes[2] as string, nodes[3] as string];
      const isSlow = (p: Pair) => [p.prefill, p.decode].sort().join() === [...slowLink!].sort().join();
      await playLogs(e, pairs, (p) => (night === 1 && isSlow(p) ? SLOWER : FAST));
      const metrics = path.join(scratchDir, `night${night}.prom`);
      const r = await sweep(runId, ['--results-dir', dir, '--baseline', 'last', '--metrics-file', metrics]);
      expect(r.report, r.stderr).toBeDefined();
      reports.push(r.report as Report);
      if (night === 0) {
        // The first night has nothing to compare with: said once, not an error.
        expect(r.stderr).toMatch(
          /no earlier run in .*history to compare with \(a first run\?\): not compared/,
        );
        expect(r.report?.sweep.regressions).toBeUndefined();
      } else {
        const prom = readFileSync(metrics, 'utf8');
        const [a, b] = [...(slowLink as [string, string])].sort();
        // Every series carries the cluster it is about (issue 40): the context, no --cluster-name given.
        expect(prom).toMatch(
          new RegExp(
            `^interconnect_link_regressed\\{cluster="[^"]+",a="${a}",b="${b}",rail="all"\\} 1$`,
            'm',
          ),
        );
        expect(prom.match(/^interconnect_link_regressed\{.*\} 1$/gm)).toHaveLength(1);
      }
    }
    const [first, second] = reports as [Report, Report];
    // Both nights are kept, and last names the second.
    const files = readdirSync(dir).sort();
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);
    expect(readFileSync(path.join(dir, 'last'), 'utf8').trim()).toMatch(new RegExp(`-${nights[1]}\\.json$`));
    // Night 2 against night 1: the slow link and nothing else.
    const reg = second.sweep.regressions;
    expect(reg?.baseline.runId).toBe(nights[0]);
    const [a, b] = [...(slowLink as [string, string])].sort();
    expect(reg?.links.filter((l) => l.regressed).map((l) => [l.a, l.b])).toEqual([[a, b]]);
    expect(reg?.links.find((l) => l.regressed)?.drop).toBeCloseTo(0.783, 2);
    expect(reg?.links.filter((l) => l.rail === null)).toHaveLength(8);
    expect(reg?.nodes.filter((n) => n.regressed)).toEqual([]);
    const regressed = second.checks.filter((c) => c.id === 'sweep.regressed');
    expect(regressed.map((c) => [c.status, c.subject])).toEqual([['warn', `${a} ↔ ${b}`]]);
    // The link still passed its floor both nights: a regression is not a failure.
    const slowPair = second.sweep.pairs.find((p) => [p.prefill, p.decode].sort().join() === [a, b].join());
    expect(slowPair?.peakGBps).toBeCloseTo(5.108, 2);
    expect(first.checks.some((c) => c.id === 'sweep.regressed')).toBe(false);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 400_000);
});
