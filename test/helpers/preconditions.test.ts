import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from './fixtures.js';
import {
  ciFailure,
  inCi,
  localControlPlane,
  need,
  netns,
  precondition,
  twoRealNodes,
  unmetMessage,
} from './preconditions.js';
import { tools } from './tools.js';

/** A ctx whose skip() throws like vitest's, recording the note. */
function fakeCtx() {
  const notes: (string | undefined)[] = [];
  const skip = (note?: string): never => {
    notes.push(note);
    throw new Error('SKIPPED');
  };
  return { ctx: { skip } as Parameters<typeof need>[0], notes };
}

const missing = precondition('a thing', 'it is not here (install: apt-get install thing)');
const present = precondition('another thing', undefined);

describe('need() inside a test', () => {
  it('returns when every precondition holds, in CI or not', () => {
    for (const ci of ['true', '']) {
      vi.stubEnv('CI', ci);
      const { ctx, notes } = fakeCtx();
      expect(() => need(ctx, present, precondition('x', undefined))).not.toThrow();
      expect(notes).toEqual([]);
    }
    vi.unstubAllEnvs();
  });

  it('under CI=true, fails the test naming the precondition and why', () => {
    vi.stubEnv('CI', 'true');
    const { ctx, notes } = fakeCtx();
    expect(() => need(ctx, present, missing)).toThrow(
      'needs a thing: it is not here (install: apt-get install thing) (CI=true: a precondition that does not hold fails, never skips)',
    );
    expect(notes).toEqual([]);
    vi.unstubAllEnvs();
  });

  it('elsewhere, skips with the reason (and prints it)', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { ctx, notes } = fakeCtx();
    expect(() => need(ctx, missing, present)).toThrow('SKIPPED');
    expect(notes).toEqual(['needs a thing: it is not here (install: apt-get install thing)']);
    expect(warn).toHaveBeenCalledWith(
      'skipped: needs a thing: it is not here (install: apt-get install thing)',
    );
    warn.mockRestore();
    vi.unstubAllEnvs();
  });

  it('reads CI exactly: only "true" is CI', () => {
    expect(inCi({ CI: 'true' })).toBe(true);
    expect(inCi({ CI: '1' })).toBe(false);
    expect(inCi({})).toBe(false);
  });
});

describe('the preconditions', () => {
  it('name each unmet one, with its fix', () => {
    expect(unmetMessage([missing, present, precondition('b', 'no b')])).toBe(
      'needs a thing: it is not here (install: apt-get install thing); needs b: no b',
    );
    expect(ciFailure([present]).message).toMatch(/CI=true/);
  });

  it('tools: the missing ones and how to install them', () => {
    const saved = process.env.PATH;
    try {
      process.env.PATH = mkdtempSync(path.join(tmpdir(), 'empty-path-'));
      expect(tools('ucx_perftest', 'etcd')).toEqual({
        what: 'ucx_perftest, etcd on PATH',
        problem:
          'ucx_perftest is not on PATH (install: apt-get install ucx-utils); etcd is not on PATH (install: apt-get install etcd-server)',
      });
      rmSync(process.env.PATH, { recursive: true });
    } finally {
      process.env.PATH = saved;
    }
  });

  it('netns, the local control plane, two real nodes', () => {
    expect(netns({ problem: undefined }).problem).toBeUndefined();
    expect(netns({ problem: 'not root: creating network namespaces needs root' })).toEqual({
      what: 'network namespaces (root and ip netns)',
      problem: 'not root: creating network namespaces needs root',
    });
    expect(netns(undefined).problem).toMatch(/not set up/);
    expect(localControlPlane(true).problem).toBeUndefined();
    expect(localControlPlane(false).problem).toMatch(/kube-public\/interconnect-test-cluster/);
    expect(twoRealNodes(['real-0', 'real-1']).problem).toBeUndefined();
    expect(twoRealNodes(['real-0']).problem).toMatch(/^the cluster has only real-0 /);
    expect(twoRealNodes([]).problem).toMatch(/^the cluster has no real nodes /);
  });
});

// describeNeeding() decides when a file is collected, so it is tested on a real vitest run of a
// file that uses it: one suite whose precondition holds, one whose precondition does not.
describe('describeNeeding() in a real vitest run', () => {
  // Inside the checkout (a dot folder no test glob picks up), so the file resolves vitest and the helper.
  const dir = mkdtempSync(path.join(repoRoot, 'test', '.preconditions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    path.join(dir, 'vitest.config.mjs'),
    "export default { test: { include: ['*.test.ts'] } };\n",
  );
  writeFileSync(
    path.join(dir, 'guarded.test.ts'),
    [
      "import { expect, it } from 'vitest';",
      "import { describeNeeding, precondition } from '../helpers/preconditions.js';",
      "describeNeeding([precondition('a here thing', undefined)], 'held', () => {",
      "  it('runs', () => expect(1).toBe(1));",
      '});',
      "describeNeeding([precondition('a gone thing', 'it is gone (fix: get it)')], 'unheld', () => {",
      "  it('would run', () => expect(1).toBe(1));",
      '});',
      '',
    ].join('\n'),
  );

  async function run(ci: string) {
    const report = path.join(dir, `report-${ci || 'local'}.json`);
    const code = await new Promise<number | null>((resolve, reject) => {
      const vitest = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
      const args = [
        vitest,
        'run',
        '--config',
        'vitest.config.mjs',
        '--reporter=json',
        `--outputFile=${report}`,
      ];
      const child = spawn(process.execPath, args, {
        cwd: dir,
        env: { ...process.env, CI: ci },
        stdio: 'ignore',
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
    };
    return { code, tests: json.testResults.flatMap((t) => t.assertionResults) };
  }

  it('locally: the held suite runs, the other is skipped with the reason in its name', async () => {
    const { code, tests } = await run('');
    expect(code).toBe(0);
    expect(tests.map((t) => [t.fullName, t.status])).toEqual([
      ['held runs', 'passed'],
      ['unheld (skipped: needs a gone thing: it is gone (fix: get it)) would run', 'skipped'],
    ]);
  }, 60_000);

  it('under CI=true: the other is one failing test naming the precondition, nothing skipped', async () => {
    const { code, tests } = await run('true');
    expect(code).toBe(1);
    expect(tests.map((t) => [t.fullName, t.status])).toEqual([
      ['held runs', 'passed'],
      ['unheld needs a gone thing', 'failed'],
    ]);
    expect(tests[1]?.failureMessages.join('\n')).toContain(
      'needs a gone thing: it is gone (fix: get it) (CI=true: a precondition that does not hold fails, never skips)',
    );
  }, 60_000);
});
