import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeReport } from '../src/core/report.js';
import { renderJson, renderYaml } from '../src/render/data.js';
import { renderHtml } from '../src/render/html/page.js';
import { renderJunit } from '../src/render/junit.js';
import { renderPrometheus } from '../src/render/prometheus.js';
import { renderText } from '../src/render/text.js';
import { saveRun } from '../src/sweep/history.js';
import { spawnCli } from './helpers/cli.js';
import { fixturePath } from './helpers/fixtures.js';
import { sampleSweep } from './helpers/sweep-sample.js';

/**
 * Issue 35 item 9: a corpus of secret shapes through every output. The env runs are the built
 * CLI on a real recipe (test/fixtures/recipes/qwen3-32b-fp8/vllm/disagg/deploy.yaml, copied to a
 * temp dir with the corpus added to its workers' env and args); the sweep outputs (HTML,
 * metrics, JUnit, history) are rendered from a sample sweep through makeReport, the chokepoint.
 */

/** Each secret as it is written, and the part that must never be printed. */
const CORPUS = {
  urlUserinfo: { env: ['NIXL_ETCD_ENDPOINTS', 'http://user:PASSWORD4ab@etcd:2379'], secret: 'PASSWORD4ab' },
  hfToken: { env: ['HF_TOKEN', 'hf_AbCdEfGhIjKlMnOpQrStUvWx12'], secret: 'hf_AbCdEfGhIjKlMnOpQrStUvWx12' },
  hfUnderInnocentName: {
    env: ['MODEL_SOURCE', 'hf_ZyXwVuTsRqPoNmLkJiHgFeDc98'],
    secret: 'hf_ZyXwVuTsRqPoNmLkJiHgFeDc98',
  },
  nvapi: {
    env: ['NGC_CLI_ORG_KEY', 'nvapi-Qw3rTy7uIoPaSdFgHjKlZxCvBnM1234567'],
    secret: 'nvapi-Qw3rTy7uIoPaSdFgHjKlZxCvBnM1234567',
  },
  nvapiInnocent: {
    env: ['UCX_LOG_FILE', 'nvapi-Mn8bVc7xZaSdFgHjKlPoIuYtReWq765432'],
    secret: 'nvapi-Mn8bVc7xZaSdFgHjKlPoIuYtReWq765432',
  },
  awsKeyId: { env: ['NIXL_S3_ID', 'AKIAIOSFODNN7EXAMPLE'], secret: 'AKIAIOSFODNN7EXAMPLE' },
  awsSecret: {
    env: ['AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
    secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  jwt: {
    env: ['UCX_SESSION', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwcm9iZSJ9.c2lnbmF0dXJlLXRlc3Q'],
    secret: 'eyJzdWIiOiJwcm9iZSJ9',
  },
  bearer: {
    env: ['NIXL_HTTP_HEADER', 'Authorization: Bearer s3cr3tBearerT0ken'],
    secret: 's3cr3tBearerT0ken',
  },
  basic: { env: ['UCX_PROXY_AUTHZ', 'Basic dXNlcjpodW50ZXIyMjI='], secret: 'dXNlcjpodW50ZXIyMjI=' },
  password: { env: ['DB_PASSWORD', 'plainPw_9'], secret: 'plainPw_9' },
  flag: { arg: '--api-key sk-live-0123456789abcdefXYZ', secret: 'sk-live-0123456789abcdefXYZ' },
} as const;
const SECRETS = Object.values(CORPUS).map((c) => c.secret);

const dir = mkdtempSync(path.join(tmpdir(), 'ict-redaction-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real recipe with the corpus in both workers' env (the URL one differs, so env.pd-mismatch names it) and args. */
function recipeWithSecrets(): string {
  const text = readFileSync(fixturePath('recipes', 'qwen3-32b-fp8', 'vllm', 'disagg', 'deploy.yaml'), 'utf8');
  let worker = 0;
  const out = text.replace(/( +)env:\n/g, (_, indent: string) => {
    worker++;
    const lines = Object.values(CORPUS)
      .flatMap((c) => ('env' in c ? [c.env as readonly [string, string]] : []))
      .map(([name, value]) => [
        name,
        name === 'NIXL_ETCD_ENDPOINTS' ? value.replace('etcd', `etcd${worker}`) : value,
      ])
      .map(([name, value]) => `${indent}  - name: ${name}\n${indent}    value: ${JSON.stringify(value)}\n`)
      .join('');
    return `${indent}env:\n${lines}`;
  });
  const withArgs = out.replace(/--block-size 128/g, `--block-size 128 ${CORPUS.flag.arg}`);
  expect(withArgs).toContain('PASSWORD4ab');
  const file = path.join(dir, 'deploy.yaml');
  writeFileSync(file, withArgs);
  return file;
}

const leaked = (text: string) => SECRETS.filter((s) => text.includes(s));

describe('no secret leaves the tool: the built CLI', () => {
  const recipe = recipeWithSecrets();

  it.each(['text', 'json', 'yaml'])(
    'env -o %s (and --junit): none of the corpus, and the URL names its host',
    async (format) => {
      const junit = path.join(dir, `env-${format}.xml`);
      const r = await spawnCli(['env', recipe, '-o', format, '--junit', junit]);
      expect(r.code, r.stderr).not.toBe(2);
      expect(leaked(r.stdout)).toEqual([]);
      expect(leaked(r.stderr)).toEqual([]);
      expect(leaked(readFileSync(junit, 'utf8'))).toEqual([]);
      // What was removed is the credential, not the value around it.
      expect(r.stdout).toContain('http://<redacted>@etcd1:2379');
    },
  );

  it('error lines and --debug stacks: a path holding a credential', async () => {
    const r = await spawnCli(['env', 'https://admin:PASSWORD4ab@host/deploy.yaml', '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: https://<redacted>@host/deploy.yaml: no such file or directory');
    expect(leaked(r.stderr)).toEqual([]);
  });
});

describe('no secret leaves the tool: every output rendered from a report', () => {
  it('HTML, metrics, JUnit, JSON, YAML, text and the history file of a sweep whose details hold secrets', async () => {
    const result = sampleSweep();
    // Secrets where a sweep puts text it did not write: a pair's failure, a node's detail.
    const [pair] = result.pairs;
    if (pair)
      pair.detail = `etcd at http://u:PASSWORD4ab@etcd:2379 refused; HF_TOKEN=${CORPUS.hfToken.secret}`;
    const [node] = result.nodes;
    if (node)
      node.detail = `probe said Authorization: Bearer ${CORPUS.bearer.secret} and ${CORPUS.jwt.env[1]}`;
    const made = makeReport(
      'sweep',
      [{ id: 'sweep.pair', status: 'fail', detail: `pushed to https://x:${CORPUS.password.secret}@gw:9091` }],
      { sweep: result, run: { runId: 'abc123', dryRun: false } },
    );
    const report = made as typeof made & Parameters<typeof saveRun>[1];
    const outputs = {
      html: renderHtml(result, report.verdict),
      metrics: renderPrometheus(result, { verdict: 'untrusted', now: new Date(0) }),
      junit: renderJunit(report, 'fail'),
      json: renderJson(report),
      yaml: await renderYaml(report),
      text: renderText(report, { color: false }),
    };
    for (const [format, text] of Object.entries(outputs)) expect(leaked(text), format).toEqual([]);
    expect(outputs.json).toContain('http://<redacted>@etcd:2379');
    const history = path.join(dir, 'history');
    await saveRun(history, report, outputs.json, 5);
    for (const f of readdirSync(history))
      expect(leaked(readFileSync(path.join(history, f), 'utf8')), f).toEqual([]);
  });
});
