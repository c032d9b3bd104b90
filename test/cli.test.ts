import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportSchema } from '../src/core/model.js';
import { spawnCli } from './helpers/cli.js';
import { fixturePath } from './helpers/fixtures.js';

// The exit-code table of README.md, checked against the built CLI.
describe('exit codes of the built CLI', () => {
  it('0: --help and --version', async () => {
    const help = await spawnCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: interconnect-test');
    const version = await spawnCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(
      /^interconnect-test 0\.1\.0\ncommit: (?:[0-9a-f]{4,40}|unknown)\nengines here: /,
    );
  });

  it('0: a trusted verdict, with data on stdout and nothing on stderr', async () => {
    const run = await spawnCli([
      'read',
      'ibstat',
      fixturePath('node/ibstat/h100-ndr-ib-8port-active-plus-bond-roce.txt'),
      '-o',
      'json',
    ]);
    expect(run.code).toBe(0);
    const report = ReportSchema.parse(JSON.parse(run.stdout));
    expect(report.verdict.status).toBe('trusted');
    expect(run.stderr).toBe('');
  });

  it('1: the verdict fails the gate (a port is down)', async () => {
    const run = await spawnCli([
      'read',
      'ibstat',
      fixturePath('node/ibstat/cx7-ib-port-down-polling-redacted.txt'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Verdict: PROBLEM SHOWN/);
  });

  it('0 on warnings by default, 1 with --fail-on warn', async () => {
    // kimi-k3 warns (UCX_TLS leaves out cuda_ipc beside its MNNVL setup); qwen3-32b-fp8 is now trusted.
    const recipe = fixturePath('recipes/kimi-k3/vllm/disagg-gb200-agentic');
    const lenient = await spawnCli(['env', recipe, '-o', 'json']);
    expect(lenient.code).toBe(0);
    expect(JSON.parse(lenient.stdout).verdict.status).toBe('unverified');
    const strict = await spawnCli(['env', recipe, '--fail-on', 'warn', '-o', 'json']);
    expect(strict.code).toBe(1);
  });

  it('2: bad input ends in one line on stderr naming the thing, and no stack', async () => {
    for (const args of [
      ['env', '/nonexistent/recipes'],
      ['read', 'no-such-tool', '-'],
      ['no-such-command'],
      ['read', 'ibstat', fixturePath('recipes/INDEX.md')],
      ['env', fixturePath('recipes'), '-o', 'xml'],
      ['pair', '--local', '--min-bandwidth', 'abc'],
    ]) {
      const run = await spawnCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout, args.join(' ')).toBe('');
      expect(run.stderr, args.join(' ')).toMatch(/^error: /);
      expect(run.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
    }
  });

  it('2: a flag that is not a number names the flag and what was given', async () => {
    const run = await spawnCli(['pair', '--local', '--min-bandwidth', 'fast']);
    expect([run.code, run.stderr]).toEqual([
      2,
      'error: invalid options: --min-bandwidth: expected a number, got "fast" (fix: see --help)\n',
    ]);
  });

  it('2: an unreachable API server is one clear line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'it-cli-'));
    const kubeconfig = path.join(dir, 'config');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]',
        'users: [{name: u, user: {token: t}}]',
        'contexts: [{name: x, context: {cluster: c, user: u}}]',
        'current-context: x',
      ].join('\n'),
    );
    const run = await spawnCli(['node', '--kubeconfig', kubeconfig, '--pod', 'worker-0', '-n', 'dynamo']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot reach the Kubernetes API server at https:\/\/127\.0\.0\.1:1/);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('reads a pasted log from stdin', async () => {
    const { readFileSync: read } = await import('node:fs');
    const log = read(fixturePath('nixlbench/ucx-vram-h200-cx7-400g-degraded.log'), 'utf8');
    const run = await spawnCli(['read', 'nixlbench', '-', '--expect', 'network', '-o', 'json'], {
      stdin: log,
    });
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.input).toEqual({ tool: 'nixlbench', source: '-' });
    expect(out.parsed.rows.length).toBeGreaterThan(0);
    expect(out.verdict.status).toBe('untrusted');
  });

  it('writes JUnit beside the normal output', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'it-junit-'));
    const file = path.join(dir, 'report.xml');
    const run = await spawnCli([
      'read',
      'ibstat',
      fixturePath('node/ibstat/cx7-ib-port-down-polling-redacted.txt'),
      '--junit',
      file,
    ]);
    expect(run.code).toBe(1);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0"/);
    expect(xml).toMatch(/<failure /);
  });

  it('the gate that decides the exit code decides the JUnit result (--fail-on warn)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'it-junit-'));
    const capture = fixturePath('node/ibstat/cx5-edr-4port-2active-2disabled.txt');
    const failures = (xml: string) => Number(/<testsuites [^>]*failures="(\d+)"/.exec(xml)?.[1]);
    // Warnings alone: exit 0 and no JUnit failure by default…
    const loose = path.join(dir, 'loose.xml');
    const a = await spawnCli(['read', 'ibstat', capture, '--junit', loose]);
    expect(a.code).toBe(0);
    expect(failures(readFileSync(loose, 'utf8'))).toBe(0);
    // …but exit 1 under --fail-on warn, and then each warning and the verdict fail in JUnit too.
    const strict = path.join(dir, 'strict.xml');
    const b = await spawnCli(['read', 'ibstat', capture, '--fail-on', 'warn', '--junit', strict]);
    expect(b.code).toBe(1);
    const xml = readFileSync(strict, 'utf8');
    const warned = JSON.parse((await spawnCli(['read', 'ibstat', capture, '-o', 'json'])).stdout).verdict
      .counts.warn;
    expect(warned).toBeGreaterThan(0);
    expect(failures(xml)).toBe(warned + 1);
    expect(xml).toMatch(/<failure message="[^"]*" type="warn">/);
    expect(xml).toMatch(/name="verdict" time="0"><failure /);
  });

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${code}: interrupted by ${signal} during a long run`, async () => {
      const run = await spawnCli(['pair', '--local', '--sizes', '64M', '--iters', '100000'], {
        onStart: (child) => {
          // Interrupt once the transfer is under way (its first progress line).
          child.stderr?.once('data', () => setTimeout(() => child.kill(signal), 300));
        },
      });
      expect(run.code).toBe(code);
      expect(run.stderr.trim().split('\n').at(-1)).toBe(`interrupted by ${signal}`);
    });
  }

  it('130 at once on a second Ctrl-C, which never claims the cleanup finished', async () => {
    const run = await spawnCli(['pair', '--local', '--sizes', '64M', '--iters', '100000'], {
      onStart: (child) => {
        child.stderr?.once('data', () =>
          setTimeout(() => {
            child.kill('SIGINT');
            setTimeout(() => child.kill('SIGINT'), 20);
          }, 300),
        );
      },
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('SIGINT again: exiting now without waiting for cleanup');
    expect(run.stderr).not.toMatch(/cleaned up|cleanup (finished|done)/);
  });

  it('checks --junit before any work: a path it cannot write ends at once with exit 2', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'it-junit-'));
    for (const [file, why] of [
      [path.join(dir, 'no-such-dir', 'r.xml'), /directory \S+no-such-dir does not exist/],
      [dir, /it is a directory/],
    ] as const) {
      // Without the early check this would run a whole transfer first.
      const run = await spawnCli(['pair', '--local', '--sizes', '64M', '--iters', '100000', '--junit', file]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(
          `^error: invalid options: --junit: cannot write ${file.replace(/[/.]/g, '\\$&')}: ${why.source}`,
        ),
      );
    }
  });
});
