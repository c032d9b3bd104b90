// Issue 37 on the local control plane, on a p5-like node set (8 GPUs and 32 vpc.amazonaws.com/efa
// each, scripts/cluster/nodes.sh add with NODE_RDMA_RESOURCE): a node already in another
// ComputeDomain is refused with its reason when the probe pods join a domain of their own (a GB200
// recipe with a ComputeDomain channel claim); and with no recipe, a pair across every rail of two
// such nodes renders probe pods that request all 8 GPUs and all 32 EFAs (the node's per-GPU share
// of every RDMA resource for the GPUs under test), read from the Jobs the real API server stored.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { fixturePath } from '../helpers/fixtures.js';
import { newE2eRunId } from './harness/pair-logs.js';
import { KWOK_PROBE_ARGS, REPO_ROOT, useTestEnv } from './harness.js';

const run = promisify(execFile);
const env = useTestEnv('platforms');
const SET = `p5${randomBytes(2).toString('hex')}`;
const EFA = 'vpc.amazonaws.com/efa';

async function nodesSh(...args: string[]): Promise<void> {
  await run('bash', ['scripts/cluster/nodes.sh', ...args], {
    cwd: REPO_ROOT,
    timeout: 180_000,
    env: { ...process.env, NODE_RDMA_RESOURCE: `${EFA}=32` },
  });
}

beforeAll(async () => {
  env().requireLocalCluster('a node set of its own');
  await nodesSh('add', SET, '2');
}, 240_000);

afterAll(async () => {
  await nodesSh('delete', SET);
}, 120_000);

describe('platforms on kwok', () => {
  test('a node in another ComputeDomain is refused with its reason and the way to --in-place', async () => {
    const e = env();
    // The DRA kubelet plugin's label on a node of a live domain (computedomain.go AddNodeLabel).
    const node = await e.core.readNode({ name: `${SET}-0` });
    node.metadata = {
      ...node.metadata,
      labels: { ...node.metadata?.labels, 'resource.nvidia.com/computeDomain': 'cd-live-0' },
    };
    await e.core.replaceNode({ name: `${SET}-0`, body: node });
    const r = await runCli([
      'pair',
      '--dry-run',
      '--recipe',
      fixturePath('recipes', 'deepseek-r1', 'trtllm', 'disagg', 'wide_ep', 'gb200', 'deploy.yaml'),
      '--engine',
      'nixl',
      '--prefill-node',
      `${SET}-0`,
      '--decode-node',
      `${SET}-1`,
      '--namespace',
      e.namespace,
      '-o',
      'json',
    ]);
    const report = JSON.parse(r.stdout) as {
      checks: { id: string; status: string; detail: string; fix?: string }[];
    };
    const nodes = report.checks.find((c) => c.id === 'pair.nodes');
    expect(nodes).toMatchObject({
      status: 'fail',
      detail: `prefill node ${SET}-0 is in ComputeDomain cd-live-0 already (a node joins one ComputeDomain only, so the probe pods' own would stay Pending)`,
      fix: expect.stringContaining('pair --in-place'),
    });
    expect(r.code).toBe(1);
  });

  test('no recipe, every rail: the probe pods request all 8 GPUs and all 32 EFAs of a p5-like node', async () => {
    const e = env();
    const runId = newE2eRunId();
    const ns = `itest-pair-${runId}`;
    const seen = new Set<string>();
    let running = true;
    const watcher = (async () => {
      while (running) {
        try {
          for (const j of (await e.batch.listNamespacedJob({ namespace: ns })).items) {
            const limits = j.spec?.template.spec?.containers[0]?.resources?.limits ?? {};
            seen.add(`${j.metadata?.name}: gpu=${limits['nvidia.com/gpu']} efa=${limits[EFA]}`);
          }
        } catch {
          // not created yet, or gone
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const r = await runCli(
      [
        'pair',
        ...KWOK_PROBE_ARGS,
        '--engine',
        'nixl',
        '--prefill-node',
        `${SET}-1`,
        '--decode-node',
        `${SET}-0`,
        '--namespace',
        e.namespace,
        '--timeout',
        '60s',
        '--no-node-probes',
        // The node set's own taint (nodes.sh add): only what tolerates it lands there.
        '--toleration',
        `interconnect-test.dev/node-set=${SET}:NoSchedule`,
        '-o',
        'json',
      ],
      { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId } },
    );
    running = false;
    await watcher;
    // No probe log is declared: the run itself cannot vouch (any verdict but a crash or a refusal).
    expect(r.code, r.stderr).toBeLessThan(2);
    expect([...seen].sort()).toEqual([
      `itest-${runId}-decode: gpu=8 efa=32`,
      `itest-${runId}-prefill: gpu=8 efa=32`,
    ]);
  });
});
