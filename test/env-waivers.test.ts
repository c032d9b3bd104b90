import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { repoRoot } from './helpers/fixtures.js';

/** `env --ignore` and `.interconnect-test-ignore`: warnings waived with a reason and listed; a failure never. */

const RECIPE = join(repoRoot, 'test/fixtures/recipes/glm-5-nvfp4/sglang/disagg/deploy.yaml');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Out {
  verdict: { status: string };
  checks: { id: string; status: string; subject?: string; detail: string }[];
}
async function env(args: string[], cwd = repoRoot): Promise<{ code: number; out: Out; stderr: string }> {
  const r = await runCli(['env', RECIPE, '-o', 'json', ...args], { env: { NO_COLOR: '1' }, cwd });
  return { code: r.code, out: r.stdout ? (JSON.parse(r.stdout) as Out) : ({} as Out), stderr: r.stderr };
}

describe('env waivers', () => {
  it('--ignore turns a warning to ok with why, lists it in env.waivers, and leaves a failure failing', async () => {
    const before = await env([]);
    const warn = before.out.checks.find((c) => c.id === 'env.mnnvl' && c.status === 'warn');
    const fail = before.out.checks.find((c) => c.status === 'fail');
    expect(warn && fail).toBeTruthy();
    const after = await env(['--ignore', `env.mnnvl:${warn?.subject}`, '--ignore', fail?.id ?? '']);
    const waived = after.out.checks.find((c) => c.id === 'env.mnnvl' && c.subject === warn?.subject);
    expect(waived?.status).toBe('ok');
    expect(waived?.detail).toMatch(/^waived \(--ignore: given with --ignore\): was warn: /);
    // the failure is still a failure, and says a waiver matched it
    const still = after.out.checks.find((c) => c.id === fail?.id && c.subject === fail?.subject);
    expect(still?.status).toBe('fail');
    expect(still?.detail).toMatch(/a failure is never waived/);
    expect(after.out.verdict.status).toBe('untrusted');
    expect(after.code).toBe(1);
    const list = after.out.checks.find((c) => c.id === 'env.waivers');
    expect(list?.detail).toMatch(/^\d+ findings? waived by 2 waivers: /);
    expect(list?.detail).toContain('[a failure: not waived]');
  });

  it('.interconnect-test-ignore: one rule a line with its reason; a rule without one is one line, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'itest-waive-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, '.interconnect-test-ignore'),
      '# NVLink-only pool\nenv.kv-over-pod-network:* the pool is one NVL72 rack, no RDMA\nenv.pd-mismatch  NCCL graph mixing differs on purpose\n',
    );
    const r = await env([], dir);
    const list = r.out.checks.find((c) => c.id === 'env.waivers');
    expect(list?.detail).toMatch(/\.interconnect-test-ignore:2: the pool is one NVL72 rack/);
    expect(
      r.out.checks.filter((c) => c.id === 'env.kv-over-pod-network').every((c) => c.status === 'ok'),
    ).toBe(true);
    writeFileSync(join(dir, '.interconnect-test-ignore'), 'env.pd-mismatch\n');
    const bad = await env([], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/\.interconnect-test-ignore:1: the waiver env\.pd-mismatch has no reason/);
    const typo = await env(['--ignore', 'ucx tls']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/"ucx tls" is not a waiver/);
  });
});
