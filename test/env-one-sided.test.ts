import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { rollUp } from '../src/core/verdict.js';
import { runEnv } from '../src/env/index.js';
import type { EnvReportPart } from '../src/env/schema.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * One side of a prefill/decode pair given without the other (a guide's prefill.yaml alone): the KV path runs between
 * the two, so a side that declares no path of its own off the pod network is never passed for want of a check
 * (a skip or a warning is never a pass). A side that declares its RDMA path is judged on what it declares.
 */
const deployment = (mode: 'prefill' | 'decode', rdma: boolean) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: sglang-${mode}}
spec:
  replicas: 1
  selector: {matchLabels: {app: sglang-${mode}}}
  template:
    metadata: {labels: {app: sglang-${mode}}}
    spec:
      containers:
      - name: sglang
        image: lmsysorg/sglang:v0.5.4
        command: ["python3", "-m", "sglang.launch_server", "--model-path", "Qwen/Qwen3-8B",
                  "--disaggregation-mode", "${mode}", "--disaggregation-transfer-backend", "mooncake"]
        resources: {limits: {nvidia.com/gpu: 1${rdma ? ', rdma/ib: 1' : ''}}}
${rdma ? '        securityContext: {capabilities: {add: [IPC_LOCK]}}\n' : ''}`;

const kvPath = async (yaml: string) =>
  (await run(yaml)).checks.filter((c) => c.id === 'env.kv-over-pod-network').map((c) => c.status);

describe('one side of a prefill/decode pair, the other not in the input', () => {
  it('a prefill (or decode) with no RDMA path warns: its KV leaves over the pod network unless the peer shares its node', async () => {
    for (const mode of ['prefill', 'decode'] as const) {
      const a = await run(deployment(mode, false));
      const c = a.checks.find((x) => x.id === 'env.kv-over-pod-network');
      expect(c?.status, mode).toBe('warn');
      expect(c?.detail).toMatch(
        new RegExp(`the ${mode === 'prefill' ? 'decode' : 'prefill'} side of the pair is not in the input`),
      );
      expect(rollUp(a.checks).status).not.toBe('trusted');
    }
  });

  it('a side that declares its RDMA device is judged on what it declares: no such warning', async () => {
    expect(await kvPath(deployment('prefill', true))).toEqual([]);
  });

  it('both sides in one file are judged as a pair, not as two lone sides', async () => {
    const both = await run(`${deployment('prefill', false)}---${deployment('decode', false)}`);
    const c = both.checks.filter((x) => x.id === 'env.kv-over-pod-network');
    expect(c).toHaveLength(1);
    expect(c[0]?.detail).not.toMatch(/side of the pair is not in the input/);
  });
});

describe("a guide's prefill and decode in two files of one directory", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'env-one-sided-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const dirWith = (files: Record<string, string>) => {
    const d = mkdtempSync(path.join(root, 'd-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(d, name), text);
    return d;
  };
  const pairChecks = async (d: string, eager?: boolean) =>
    (await runEnv([d], { cwd: d, ...(eager === false ? { eager: false } : {}) })).checks.filter(
      (c) => c.id === 'env.kv-over-pod-network',
    );

  it('are one pair, judged as the two in one file are (read file by file or all at once)', async () => {
    const d = dirWith({
      'prefill.yaml': deployment('prefill', false),
      'decode.yaml': deployment('decode', false),
    });
    const inOne = (await run(`${deployment('prefill', false)}---${deployment('decode', false)}`)).checks.find(
      (c) => c.id === 'env.kv-over-pod-network',
    );
    for (const eager of [true, false]) {
      const got = await pairChecks(d, eager);
      expect(got.map((c) => c.status)).toEqual([inOne?.status]);
      expect(got[0]?.detail).toBe(inOne?.detail);
      expect(got[0]?.subject).toMatch(/(decode|prefill)\.yaml\+(decode|prefill)\.yaml$/);
    }
  });

  it("a global planner's prefill DGD and decode DGD in two files pair as the two in one file do", async () => {
    // Two of the pools of Dynamo's global-planner test (test/fixtures/upstream-dynamo), one DGD a file.
    const docs = YAML.parseAllDocuments(
      readFileSync(
        path.join(import.meta.dirname, 'fixtures/upstream-dynamo/global-planner-mocker-test.yaml'),
        'utf8',
      ),
    ).map((doc) => doc.toString());
    const named = (n: string) => docs.find((t) => t.includes(`name: ${n}\n`)) as string;
    const d = dirWith({ 'prefill.yaml': named('gp-prefill-0'), 'decode.yaml': named('gp-decode-0') });
    const report = (await runEnv([d], { cwd: d })) as unknown as EnvReportPart;
    const byName = Object.fromEntries(report.graphs.map((g) => [g.deployment, g]));
    expect(byName['gp-prefill-0']?.pairedWith).toEqual(['gp-decode-0']);
    expect(byName['gp-decode-0']?.mode).toBe('disaggregated');
  });

  it('with two prefill files beside one decode, which prefill hands KV to it is not shown: each stays a lone side', async () => {
    const d = dirWith({
      'prefill-a.yaml': deployment('prefill', false),
      'prefill-b.yaml': deployment('prefill', false).replace('sglang-prefill', 'sglang-prefill-b'),
      'decode.yaml': deployment('decode', false),
    });
    const got = await pairChecks(d);
    expect(got).toHaveLength(3);
    for (const c of got) expect(c.detail).toMatch(/side of the pair is not in the input/);
  });
});
