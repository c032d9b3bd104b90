// `sweep --scheme auto` end to end on the local control plane: the real scheduler and Job
// controller run every round's probe Jobs, kwok plays the kubelet and the probe pods print real
// nixlbench logs. A pair's log is chosen by its scratch namespace (its run id, `<sweep>p<index>`),
// so the test predicts every round with the same pure planner the CLI runs (src/sweep/adaptive.ts),
// fed the outcome each pair will have: failed when the broken node is in it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KubernetesObject } from '@kubernetes/client-node';
import { afterAll, describe, expect, test } from 'vitest';
import { nextRound, type Observation } from '../../src/sweep/adaptive.js';
import { pairRunId } from '../../src/sweep/config.js';
import { groupings } from '../../src/sweep/topology.js';
import { runCli } from '../helpers/cli.js';
import { fixture, KWOK_PROBE_ARGS, toCriLog, toolLeftovers, useTestEnv } from './harness.js';

const env = useTestEnv('sweep-auto');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'sweep-auto-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

const HEALTHY = readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8');
const DEGRADED = readFileSync(fixture('nixlbench/ucx-vram-h200-cx7-400g-degraded.log'), 'utf8');
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

interface SweepJson {
  checks: { id: string; status: string; subject?: string; detail: string }[];
  sweep: {
    settings: { scheme: string };
    rounds: number;
    pairs: { index: number; prefill: string; decode: string; stage?: string; outcome: string }[];
    nodes: { name: string; status: string }[];
    matrix: { nodes: string[] };
    culprits: {
      nodes: { node: string; detail: string }[];
      links: unknown[];
      infra?: unknown[];
      undecided?: unknown[];
    };
  };
}

describe('sweep --scheme auto on the cluster', () => {
  test('screens every GPU node, confirms the broken one against two nodes that passed, blames nothing else', async () => {
    const e = env();
    const runId = `sa${randomBytes(2).toString('hex')}`;
    const run = (args: string[]) =>
      runCli(['sweep', ...COMMON, '--scheme', 'auto', '-o', 'json', ...args], {
        env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId },
      });
    const plan = await run(['--dry-run']);
    expect(plan.code, plan.stderr).toBe(0);
    const nodes = (JSON.parse(plan.stdout) as SweepJson).sweep.matrix.nodes;
    expect(nodes.length).toBeGreaterThanOrEqual(15);
    expect(plan.stderr).toMatch(/auto: screening round of \d+ pairs/);
    const broken = nodes[5] as string;

    // Every round as the CLI will plan it, from the node labels it reads.
    const listed = (await e.core.listNode()).items;
    const labels = new Map(listed.map((n) => [n.metadata?.name ?? '', n.metadata?.labels ?? {}]));
    const input = { nodes, groupings: groupings(nodes, (n) => labels.get(n)), seed: 1 };
    const obs: Observation[] = [];
    const predicted: { index: number; prefill: string; decode: string }[] = [];
    for (let next = nextRound(input, obs); next; next = nextRound(input, obs)) {
      for (const p of next.pairs) {
        predicted.push({ index: predicted.length, prefill: p.prefill, decode: p.decode });
        const bad = p.prefill === broken || p.decode === broken;
        obs.push({ round: next.round, prefill: p.prefill, decode: p.decode, sample: bad ? 'fail' : 'pass' });
      }
    }
    const file = (name: string, text: string) => {
      const f = path.join(scratchDir, `${name}-${randomBytes(3).toString('hex')}.log`);
      writeFileSync(f, toCriLog(text));
      return f;
    };
    await Promise.all(
      predicted.map((p) => {
        const id = pairRunId(runId, p.index);
        const bad = p.prefill === broken || p.decode === broken;
        return e.createObject({
          apiVersion: 'kwok.x-k8s.io/v1alpha1',
          kind: 'ClusterLogs',
          metadata: { name: `sweep-${id}`, labels: e.labels() },
          spec: {
            selector: { matchNamespaces: [`itest-pair-${id}`] },
            logs: [
              { containers: ['prefill'], logsFile: file(`${id}-prefill`, bad ? DEGRADED : HEALTHY) },
              { containers: ['decode'], logsFile: file(`${id}-decode`, targetLog(p.decode)) },
            ],
          },
        } as KubernetesObject);
      }),
    );

    const r = await run(['--max-parallel', '16']);
    expect(r.code, r.stderr).toBe(1);
    const s = (JSON.parse(r.stdout) as SweepJson).sweep;
    expect(s.settings.scheme).toBe('auto');
    expect(s.pairs.map((p) => [p.index, p.prefill, p.decode])).toEqual(
      predicted.map((p) => [p.index, p.prefill, p.decode]),
    );
    expect(s.rounds).toBe(3);
    expect(s.culprits.nodes.map((c) => c.node)).toEqual([broken]);
    expect(s.culprits.nodes[0]?.detail).toMatch(/^failed with 2 nodes that had already passed/);
    expect(s.culprits.links).toEqual([]);
    expect(s.culprits.infra).toEqual([]);
    expect(s.culprits.undecided).toEqual([]);
    // The healthy log shows no transport, so the others stand unverified (never suspect or culprit).
    const standing = new Map(s.nodes.filter((n) => n.status !== 'excluded').map((n) => [n.name, n.status]));
    expect(standing.get(broken)).toBe('culprit');
    standing.delete(broken);
    expect(new Set(standing.values())).toEqual(new Set(['unverified']));
    expect(r.stderr).toMatch(/Round 2: \d+ pairs? \(\d+ confirm\)/);
    expect(await toolLeftovers(e)).toEqual([]);
  }, 300_000);
});
