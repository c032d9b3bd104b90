// A walk holds one file's documents at a time (issue 35 item 11): env hands each file's documents
// to the extractor as they are parsed and keeps only where each was. What needs every document
// (a DGD that a later kustomization lists as a patch, `$(VAR)` from a ConfigMap in a later file)
// is settled at the end, so the report is the one reading everything first gives.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../core/assets.js';
import { eagerJudging } from './eager.js';
import { analyse, runEnv } from './index.js';
import { loadInputs, parseYamlFile } from './load.js';
import { workloadExtractor } from './workloads.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'env-stream-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, text: string) {
  const abs = path.join(dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
}

const now = () => new Date('2026-12-06T00:00:00Z');

async function bothWays(paths: string[], cwd: string) {
  const streamed = await runEnv(paths, { cwd, now });
  const whole = analyse(await loadInputs(paths, cwd));
  return { streamed, whole };
}

describe('env reads file by file', () => {
  it('keeps no document once its file is read (value undefined), only where each was', async () => {
    write('a.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {K: v}\n');
    const seen: unknown[] = [];
    const loaded = await loadInputs(['.'], dir, undefined, undefined, undefined, undefined, (d) =>
      seen.push(d.value),
    );
    expect(seen).toHaveLength(1);
    expect(loaded.docs).toEqual([{ file: 'a.yaml', doc: 1, line: 1, value: undefined }]);
  });

  it('a $(VAR) from a ConfigMap in a later file and a DGD listed as a patch by a later kustomization: the same report as reading all first', async () => {
    write(
      'a-worker.yaml',
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: decode}',
        'spec:',
        '  template:',
        '    spec:',
        '      containers:',
        '      - name: main',
        '        image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.0',
        '        command: [python3, -m, dynamo.vllm, --kv-transfer-config, $(KV_CONFIG)]',
        '        envFrom:',
        '        - configMapRef: {name: kv}',
        '',
      ].join('\n'),
    );
    write(
      'b-patch.yaml',
      'apiVersion: nvidia.com/v1alpha1\nkind: DynamoGraphDeployment\nmetadata: {name: g}\nspec:\n  services:\n    VllmDecodeWorker:\n      replicas: 2\n',
    );
    write(
      'c-kv.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kv}\ndata:\n  KV_CONFIG: \'{"kv_connector":"NixlConnector","kv_role":"kv_both"}\'\n',
    );
    // A Kustomization document read as a document (not a kustomization.yaml, which env renders:
    // kustomize.test.ts), as in a multi-document file or on stdin: its patches are fragments.
    write('d-kustomize.yaml', 'kind: Kustomization\nresources: []\npatches:\n- b-patch.yaml\n');
    const { streamed, whole } = await bothWays(['.'], dir);
    const text = JSON.stringify(streamed);
    // The KV path read from the expanded $(KV_CONFIG): NIXL, named by --kv-transfer-config.
    expect(text).toContain(
      '"kv":{"transport":"NIXL","nixlPlugin":"UCX","pluginDefaulted":true,"from":"--kv-transfer-config"',
    );
    expect(text).toContain('"partial":"a kustomize patch (listed in d-kustomize.yaml)"');
    expect(streamed.checks).toEqual(whole.checks);
  });

  it('every recipe and manifest under test/fixtures: the same checks either way', async () => {
    const root = path.join(repoRoot(), 'test', 'fixtures');
    const { streamed, whole } = await bothWays(['recipes', 'upstream-dynamo'], root);
    expect(streamed.checks.length).toBeGreaterThan(100);
    expect(streamed.checks).toEqual(whole.checks);
  });

  it("judges a file's scopes once it is read unless they look up a ConfigMap or claim (a later file may hold it)", () => {
    const deployment = (name: string, extra = '') =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: ${name}}\nspec:\n  template:\n    spec:\n      containers:\n      - name: main\n        image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.0\n        command: [python3, -m, dynamo.vllm]\n${extra}`;
    const judging = eagerJudging(workloadExtractor(), true);
    const docs = (file: string, text: string) => parseYamlFile(text, file).docs;
    for (const d of docs('a.yaml', deployment('alone'))) judging.add(d);
    for (const d of docs(
      'b.yaml',
      deployment('reads', '        envFrom:\n        - configMapRef: {name: kv}\n'),
    ))
      judging.add(d);
    for (const d of docs(
      'c.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kv}\ndata: {UCX_TLS: rc}\n',
    ))
      judging.add(d);
    const { ex, units, restart } = judging.finish();
    expect(restart).toBe(false);
    // a.yaml was judged as it was read; b.yaml waited for c.yaml's ConfigMap, in its place.
    expect(units.map((u) => (u.part ? 'judged' : u.scope?.subject))).toEqual(['judged', 'b.yaml']);
    expect(ex.graphs.map((g) => g.deployment)).toEqual(['reads']);
    const { part } = analyse({ files: ['a.yaml', 'b.yaml', 'c.yaml'], docs: [], skipped: [] }, ex, units);
    expect(part.services.map((s) => [s.deployment, Object.keys(s.transportVars)])).toEqual([
      ['alone', []],
      ['reads', ['UCX_TLS']],
    ]);
  });

  it('judging early or after everything is read: the same report, byte for byte, on every fixture', async () => {
    const root = path.join(repoRoot(), 'test', 'fixtures');
    for (const paths of [['recipes'], ['manifests'], ['recipes', 'upstream-dynamo', 'upstream-kustomize']]) {
      const early = await runEnv(paths, { cwd: root, now });
      const late = await runEnv(paths, { cwd: root, now, eager: false });
      expect(JSON.stringify(early)).toBe(JSON.stringify(late));
    }
  });
});
