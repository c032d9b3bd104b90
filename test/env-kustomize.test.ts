import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Check } from '../src/core/model.js';
import { runEnv } from '../src/env/index.js';
import { EnvReportPartSchema } from '../src/env/schema.js';
import { runCli, spawnCli } from './helpers/cli.js';
import { fixturePath } from './helpers/fixtures.js';
import { describeNeeding } from './helpers/preconditions.js';
import { toolPath, tools } from './helpers/tools.js';

/**
 * `env DIR` on a kustomize directory (issue 40 item 11): rendered with the real kubectl, judged as
 * deployed. The overlays are upstream Dynamo's own (test/fixtures/upstream-kustomize), and
 * upstream checks in each one rendered: env must judge an overlay exactly as it judges that copy.
 */

const FIX = fixturePath();
const Q32 = 'upstream-kustomize/recipes/qwen3-32b/vllm/cloud-providers/kustomize/overlays';
const Q235 = 'upstream-kustomize/recipes/qwen3-235b-a22b-fp8/trtllm/disagg/blackwell/kustomize/overlays';

const scratch = mkdtempSync(path.join(tmpdir(), 'env-kustomize-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function judge(input: string) {
  const report = await runEnv([input], { cwd: FIX });
  return { part: EnvReportPartSchema.parse(report), checks: report.checks };
}

/** A check without where it is (the overlay and upstream's copy are different files). */
const what = (c: Check) => `${c.id} ${c.status} ${c.subject?.replace(/^[^#]*/, '') ?? ''} ${c.detail}`;

describeNeeding([tools('kubectl')], 'overlays rendered with the real kubectl kustomize', () => {
  const pairs = [
    ...['aks-ib', 'aws-p5.48xlarge', 'gke-roce', 'nebius-ib', 'nscale-ib'].map((o) => [
      `${Q32}/${o}`,
      `recipes/qwen3-32b/vllm/cloud-providers/deploy-${o}.yaml`,
    ]),
    [`${Q235}/aws-p6-b200.48xlarge`, 'upstream-dynamo/trtllm-qwen3-235b-aws-p6-efa.yaml'],
  ];
  it.each(pairs)('%s is judged exactly as upstream rendered it (%s)', async (overlay, copy) => {
    const [a, b] = await Promise.all([judge(overlay), judge(copy)]);
    expect(a.checks.filter((c) => c.id !== 'env.kustomize').map(what)).toEqual(b.checks.map(what));
    const svc = (p: typeof a.part) => p.services.map((s) => [s.deployment, s.name, s.role, s.transportVars]);
    expect(svc(a.part)).toEqual(svc(b.part));
    expect(a.part.graphs.map((g) => [g.file, g.mode, g.kv])).toEqual(
      b.part.graphs.map((g) => [`${overlay}/kustomization.yaml`, g.mode, g.kv]),
    );
    expect(a.checks.find((c) => c.id === 'env.kustomize')).toMatchObject({
      status: 'ok',
      detail: `1 kustomization rendered and read as deployed: ${overlay}/kustomization.yaml`,
    });
  });

  it('findings name the overlay; CI formats point at the line of the source file the object is written in', async () => {
    const { code, stdout } = await runCli(['env', `${Q32}/nebius-ib`, '-o', 'github'], {
      env: { NO_COLOR: '1', PATH: process.env.PATH },
      cwd: FIX,
    });
    expect(code).toBe(0);
    const first = stdout.split('\n')[0] as string;
    // base/deploy.yaml: the DynamoGraphDeployment starts on line 4 (after its SPDX header).
    expect(first).toMatch(
      new RegExp(
        `^::warning file=upstream-kustomize/recipes/qwen3-32b/vllm/cloud-providers/kustomize/base/deploy\\.yaml,line=4,title=env\\.missing-critical \\(${Q32.replace(/[.]/g, '\\.')}/nebius-ib/kustomization\\.yaml#q32b-1p1d-cloud-provider/DecodeWorker\\)::`,
      ),
    );
  });

  it('the way by hand, kubectl kustomize DIR | interconnect-test env -, judges the same', async () => {
    const dir = path.join(FIX, Q32, 'nebius-ib');
    const rendered = execFileSync(toolPath('kubectl'), ['kustomize', dir], { encoding: 'utf8' });
    const piped = await runCli(['env', '-', '-o', 'json'], { env: { NO_COLOR: '1' }, stdin: rendered });
    const walked = await runCli(['env', `${Q32}/nebius-ib`, '-o', 'json'], {
      env: { NO_COLOR: '1', PATH: process.env.PATH },
      cwd: FIX,
    });
    const checks = (out: string) =>
      (JSON.parse(out).checks as Check[]).filter((c) => c.id !== 'env.kustomize');
    expect(checks(piped.stdout).map(what)).toEqual(checks(walked.stdout).map(what));
  });

  it('a walk over the whole upstream tree renders every overlay, and reads no raw patch or base as a fragment', async () => {
    const { part, checks } = await judge('upstream-kustomize');
    expect(new Set(part.graphs.map((g) => g.file)).size).toBe(9);
    expect(part.graphs.filter((g) => g.mode === 'partial')).toEqual([]);
    expect(
      part.skipped.filter((k) => /not a workload/.test(k.why) && k.kind.endsWith('Kustomization')),
    ).toEqual([]);
    expect(checks.find((c) => c.id === 'env.kustomize')?.detail).toMatch(/^9 kustomizations rendered/);
  });
});

describe('without kubectl or kustomize on PATH', () => {
  /** A PATH with nothing on it: the CLI itself is started by node's absolute path. */
  const empty = mkdtempSync(path.join(tmpdir(), 'env-kustomize-nopath-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));
  const overlay = `test/fixtures/${Q32}/aws-p5.48xlarge`;

  it('a kustomization named alone: one line saying how to render it by hand, exit 2', async () => {
    const { code, stdout, stderr } = await spawnCli(['env', overlay], { env: { PATH: empty } });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `error: ${overlay}: nothing to check: ${overlay}/kustomization.yaml: not rendered: neither kubectl nor kustomize is on PATH; ` +
        `render it yourself: kubectl kustomize ${overlay} | interconnect-test env - (fix: install kubectl (or kustomize), or render it yourself as said)\n`,
    );
  });

  it('in a walk: the rest is still judged, and the run fails (exit 1) on an env.kustomize FAIL naming the directory', async () => {
    const root = path.join(scratch, 'walk');
    cpSync(path.join(FIX, 'upstream-kustomize'), path.join(root, 'kustomize'), { recursive: true });
    cpSync(path.join(FIX, 'recipes/qwen3-32b-fp8/vllm/disagg/deploy.yaml'), path.join(root, 'plain.yaml'));
    const { code, stdout } = await spawnCli(['env', root, '-o', 'json'], { env: { PATH: empty } });
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.graphs.map((g: { file: string }) => path.basename(g.file))).toEqual(['plain.yaml']);
    const k = report.checks.find((c: Check) => c.id === 'env.kustomize');
    expect(k.status).toBe('fail');
    expect(k.detail).toMatch(
      /^9 kustomizations not rendered, what they deploy unchecked — neither kubectl nor kustomize is on PATH: .*\/overlays\/aws-p6-b200\.48xlarge, .*, \+6 more \(see skipped\)$/,
    );
    expect(k.fix).toMatch(
      /^render each yourself: kubectl kustomize \S+\/overlays\/aws-p6-b200\.48xlarge \| interconnect-test env - /,
    );
  });
});

describe('a remote base', () => {
  it('is never fetched: refused with one line before kubectl runs', async () => {
    const dir = path.join(scratch, 'remote');
    cpSync(path.join(FIX, Q32, 'aks-ib'), dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'kustomization.yaml'),
      'resources:\n- https://github.com/ai-dynamo/dynamo//recipes/qwen3-32b/vllm/cloud-providers/kustomize/base?ref=main\n',
    );
    const { code, stderr } = await runCli(['env', dir], { env: { NO_COLOR: '1', PATH: process.env.PATH } });
    expect(code).toBe(2);
    expect(stderr).toBe(
      `error: ${dir}: nothing to check: ${dir}/kustomization.yaml: not rendered: it lists a remote base, ` +
        'https://github.com/ai-dynamo/dynamo//recipes/qwen3-32b/vllm/cloud-providers/kustomize/base?ref=main: env never fetches (no network); ' +
        `render it yourself: kubectl kustomize ${dir} | interconnect-test env - (fix: install kubectl (or kustomize), or render it yourself as said)\n`,
    );
  });
});
