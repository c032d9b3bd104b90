import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ReportSchema } from '../src/core/model.js';
import { EnvReportPartSchema } from '../src/env/schema.js';
import { runCli } from './helpers/cli.js';
import { BILLION_LAUGHS, recipesRoot } from './helpers/env.js';
import { expectGolden } from './helpers/golden.js';

/** `interconnect-test env` run in-process through main(): output formats, exit codes, one-line errors. */

const cli = (args: string[], cwd = recipesRoot) => runCli(['env', ...args], { env: { NO_COLOR: '1' }, cwd });

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'env-cli-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function dir(name: string, files: Record<string, string | Buffer>): string {
  const d = path.join(tmp, name);
  mkdirSync(d, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(path.join(d, f), text);
  return d;
}

describe('env -o json', () => {
  it('emits the report contract: checks, verdict, files, graphs, services, skipped', async () => {
    const { code, stdout, stderr } = await cli(['qwen3-32b', '-o', 'json']);
    expect([code, stderr]).toEqual([0, '']);
    const report = ReportSchema.parse(JSON.parse(stdout));
    const part = EnvReportPartSchema.parse(report);
    expect(report.command).toBe('env');
    expect(Object.keys(report)).toEqual([
      'schemaVersion',
      'tool',
      'command',
      'generatedAt',
      'checks',
      'verdict',
      'files',
      'graphs',
      'services',
      'skipped',
    ]);
    expect(part.files).toHaveLength(6);
    expect(part.services.map((s) => `${s.file.split('/').pop()}#${s.deployment}/${s.name}`)).toContain(
      'deploy-aks-ib.yaml#q32b-1p1d-cloud-provider/PrefillWorker',
    );
    for (const c of report.checks)
      expect(c.subject).toMatch(
        /^qwen3-32b\/vllm\/cloud-providers\/deploy-[a-z0-9.-]+\.yaml#q32b-1p1d-cloud-provider(\/\w+)?$/,
      );
    for (const c of report.checks.filter((x) => x.status === 'warn' || x.status === 'fail'))
      expect(c.fix).toBeTruthy();
  });

  it('-o yaml carries the same data', async () => {
    const json = JSON.parse((await cli(['kimi-k3', '-o', 'json'])).stdout);
    const yaml = parseYaml((await cli(['kimi-k3', '-o', 'yaml'])).stdout);
    expect({ ...yaml, generatedAt: 0 }).toEqual({ ...json, generatedAt: 0 });
  });
});

describe('env exit codes', () => {
  it('0 with warnings, 1 with --fail-on warn, 1 when a check fails', async () => {
    // glm-5-nvfp4 fails (its prefill's TCP-only UCX_TLS has no ComputeDomain): kimi-k3 only warns.
    expect((await cli(['kimi-k3', '-o', 'json'])).code).toBe(0);
    expect((await cli(['kimi-k3', '-o', 'json', '--fail-on', 'warn'])).code).toBe(1);
    expect((await cli(['glm-5-nvfp4', '-o', 'json'])).code).toBe(1);
    const bad = dir('bad-tls', {
      'deploy.yaml': `apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
    P: {componentType: worker, subComponentType: prefill, extraPodSpec: {mainContainer: {env: [{name: UCX_TLS, value: "rc"}]}}}
    D: {componentType: worker, subComponentType: decode}
`,
    });
    const r = await cli([bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL    env.ucx-tls');
  });
});

describe('env bad input: exit 2, one line per problem on stderr, nothing on stdout', () => {
  const cases: [string, () => string[], RegExp[]][] = [
    [
      'a missing path',
      () => ['no/such/dir'],
      [/^error: no\/such\/dir: no such file or directory \(fix: .+\)$/],
    ],
    [
      'an empty directory',
      () => [dir('empty', {})],
      [/^error: .*empty: no \*\.yaml or \*\.yml files in this directory \(fix: .+\)$/],
    ],
  ];
  for (const [what, args, lines] of cases) {
    it(what, async () => {
      const { code, stdout, stderr } = await cli(args());
      expect(code).toBe(2);
      expect(stdout).toBe('');
      const errLines = stderr.trimEnd().split('\n');
      expect(errLines).toHaveLength(lines.length);
      lines.forEach((re, k) => {
        expect(errLines[k]).toMatch(re);
      });
      expect(stderr).not.toMatch(/at .+\.(ts|js):\d+/); // no stack trace
    });
  }

  it('no path at all is a usage error', async () => {
    const { code, stdout } = await cli([]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
  });
});

describe('env walks never abort: unusable files are skipped, the rest is checked', () => {
  it('lists malformed, binary, alias-bomb and duplicate-key files as skipped with line and reason; exit is not 2', async () => {
    const d = dir('several', {
      'a.yaml': 'a: [\n',
      'b.yaml': 'b: 1\nb: 2\n',
      'bin.yaml': Buffer.from([1, 2, 0, 3]),
      'bomb.yaml': BILLION_LAUGHS,
      'c.yaml': 'kind: Pod\n',
      'd.yaml':
        'apiVersion: v1\nkind: Pod\nmetadata: {name: w}\nspec: {containers: [{name: main, image: x}]}\n',
    });
    const { code, stdout, stderr } = await cli([d, '-o', 'json']);
    expect(stderr).toBe('');
    expect(code).not.toBe(2);
    const r = JSON.parse(stdout);
    const skipped = r.skipped.filter((k: { doc: number }) => k.doc === 0);
    expect(
      skipped.map((k: { file: string; line: number }) => `${k.file.replace(/^.*several\//, '')}:${k.line}`),
    ).toEqual(['a.yaml:2', 'b.yaml:2', 'bin.yaml:1', 'bomb.yaml:1']);
    expect(skipped[1].why).toMatch(/Map keys must be unique/);
    const unreadable = r.checks.find((c: { id: string }) => c.id === 'env.unreadable');
    expect(unreadable.status).toBe('warn');
    expect(unreadable.detail).toMatch(/^4 files could not be read as YAML and were skipped: /);
  });

  it('a directory that yields no workload at all is an error, naming why each file gave nothing (exit 2)', async () => {
    const d = dir('nothing', { 'a.yaml': '', 'b.yaml': 'b: 1\nb: 2\n' });
    const { code, stdout, stderr } = await cli([d]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^error: \S*nothing: nothing to check: \S*a\.yaml: no YAML documents \(empty or comments only\); \S*b\.yaml: invalid YAML at line 2, column 1: Map keys must be unique \(fix: /,
    );
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('env refuses a named input that gives nothing to check (exit 2, one line naming it)', () => {
  const cases: [string, string | Buffer, RegExp][] = [
    ['empty.yaml', '', /empty\.yaml: nothing to check: no YAML documents \(empty or comments only\)/],
    ['blank.yaml', '  \n\t\n', /blank\.yaml: nothing to check: no YAML documents/],
    [
      'binary.yaml',
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]),
      /binary\.yaml: nothing to check: not a text file \(binary content at byte 4\)/,
    ],
    ['scalar.yaml', 'hello\n', /scalar\.yaml: nothing to check: not a Kubernetes object \(a string\)/],
    [
      'dup.yaml',
      'kind: Pod\nkind: Job\n',
      /dup\.yaml: nothing to check: invalid YAML at line 2, column 1: Map keys must be unique/,
    ],
    ['cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n', /cm\.yaml: nothing to check: /],
    [
      'dynamo-kind.yaml',
      'apiVersion: nvidia.com/v1alpha1\nkind: DynamoDeployment\nmetadata: {name: d}\nspec: {}\n',
      /dynamo-kind\.yaml: nothing to check: DynamoDeployment is no kind the Dynamo operator defines \(a graph is a DynamoGraphDeployment, nvidia\.com\/v1alpha1 or v1beta1\)/,
    ],
  ];
  for (const [name, content, message] of cases) {
    it(name, async () => {
      const d = dir(`named-${name}`, { [name]: content });
      const { code, stdout, stderr } = await cli([`${d}/${name}`]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(new RegExp(`^error: \\S*${message.source}`));
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    });
  }

  it('empty stdin (helm failed before the pipe)', async () => {
    const { code, stdout, stderr } = await runCli(['env', '-'], { env: { NO_COLOR: '1' }, stdin: '' });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'error: stdin: nothing to check: empty input (did the command before the pipe fail?) (fix: give a Dynamo recipe or Kubernetes manifests with a workload in them, and mend what is named)\n',
    );
  });

  it('a good recipe beside an empty named file still fails, naming only the empty one', async () => {
    const d = dir('mixed', { 'e.yaml': '' });
    const { code, stderr } = await cli(['qwen3-32b-fp8', `${d}/e.yaml`]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: \S*e\.yaml: nothing to check: no YAML documents/);
  });
});

describe('env text output', () => {
  it('prints the per-service table, skipped objects, checks and verdict (golden file)', async () => {
    const { code, stdout } = await cli([
      'qwen3-32b-fp8',
      'qwen3-32b/vllm/cloud-providers/deploy-nebius-ib.yaml',
    ]);
    expect(code).toBe(0);
    expectGolden('env-qwen3.txt', stdout);
  });
});

describe('env text output is safe for a terminal', () => {
  it('a value with a carriage return, escape sequences or a bidi override cannot redraw or reverse a line', async () => {
    const d = dir('controls', {
      'pod.yaml': [
        'apiVersion: v1',
        'kind: Pod',
        'metadata: {name: w}',
        'spec:',
        '  containers:',
        '  - name: main',
        '    image: x',
        '    env:',
        '    - {name: UCX_TLS, value: "tcp\\r  OK      env.ucx-tls  fine"}',
        '    - {name: NCCL_DEBUG, value: "\\e[2J\\e]0;pwned\\a\\u202eliaf"}',
        '',
      ].join('\n'),
    });
    const { stdout } = await cli([d]);
    expect(stdout).not.toMatch(/[\r\u001b\u0007\u202e]/);
    expect(stdout).toContain('tcp\\r  OK');
    expect(stdout).toContain('\\e[2J\\e]0;pwned\\u{7}\\u{202e}liaf');
  });
});
