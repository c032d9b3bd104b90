import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { NIXL_PIN, nixlVenv } from '../src/engines/nixl-python.js';
import { venvProblem } from '../src/engines/nixl-venv.js';
import { findOnPath } from '../src/procs/path.js';
import { spawnCli } from './helpers/cli.js';
import { describeNeeding, precondition } from './helpers/preconditions.js';

/**
 * The README's first command on a fresh machine: an empty HOME (no venv of
 * ours), a PATH with only python3 (no nixlbench, no ucx_*), nothing else set
 * up. `pair --local` sets NIXL up from PyPI itself and measures. pip's
 * downloads are cached in the shared pip cache (PIP_CACHE_DIR, else
 * ~/.cache/pip), so CI downloads them once.
 */

// The distribution's python3 when there is one (a fresh Debian/Ubuntu machine has it), else PATH's.
const python3 = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : findOnPath('python3', process.env.PATH);
const { problem: venvMissing } = python3 ? venvProblem({ ...process.env, PATH: path.dirname(python3) }) : {};
const index = process.env.PIP_INDEX_URL ?? 'https://pypi.org/simple';

function pypiProblem(): string | undefined {
  if (!python3) return 'no python3';
  const url = `${index.replace(/\/+$/, '')}/nixl/`;
  const r = spawnSync(
    python3,
    ['-c', 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=20).read(1)', url],
    { stdio: 'ignore', timeout: 30_000 },
  );
  return r.status === 0 ? undefined : `cannot read ${url} (pip's index; set PIP_INDEX_URL to a mirror)`;
}

const pre = [
  precondition(
    'python3 with its venv module',
    !python3
      ? 'no python3 (sudo apt-get install python3-venv)'
      : venvMissing && `${venvMissing} (sudo apt-get install python3-venv)`,
  ),
  precondition('network to PyPI', pypiProblem()),
];

/** A bin directory with python3 (and node) only: no ucx_perftest, ucx_info, nixlbench or etcd. */
function freshPath(): string {
  const bin = mkdtempSync(path.join(tmpdir(), 'fresh-bin-'));
  if (python3) symlinkSync(python3, path.join(bin, 'python3'));
  symlinkSync(process.execPath, path.join(bin, 'node'));
  return bin;
}

describeNeeding(pre, 'the main job on a fresh machine (no engine, no venv, empty HOME)', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'fresh-home-'));
  const venv = nixlVenv({ HOME: home });
  // The venv is about 340 MB: do not leave one per run in /tmp (removing it takes more than the default
  // 10 s hook timeout on a loaded 2-core machine).
  afterAll(() => rmSync(home, { recursive: true, force: true }), 120_000);
  const { INTERCONNECT_TEST_PYTHON: _p, VIRTUAL_ENV: _v, ...machine } = process.env;
  const env = {
    ...machine,
    PATH: freshPath(),
    HOME: home,
    NO_COLOR: '1',
    PIP_CACHE_DIR: process.env.PIP_CACHE_DIR ?? path.join(homedir(), '.cache', 'pip'),
  };
  for (const p of ['ucx_perftest', 'ucx_info', 'nixlbench']) expect(findOnPath(p, env.PATH)).toBeUndefined();

  it('--no-setup refuses, printing the one command to run, and sets nothing up', async () => {
    const r = await spawnCli(['pair', '--local', '--no-setup'], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^error: pair --local: neither nixlbench nor ucx_perftest is on PATH, and no Python can import nixl, and --no-setup keeps pair from setting NIXL up \(fix: bash \S*scripts\/nixl-venv\.sh\)\n$/,
    );
    expect(existsSync(venv)).toBe(false);
  });

  it('a set INTERCONNECT_TEST_PYTHON that is wrong is exit 2 in pair --local and nixl --local, never a fallback', async () => {
    for (const [py, why] of [
      [path.join(home, 'no-such-python'), 'does not exist'],
      [python3 as string, 'cannot import nixl'],
    ] as const) {
      for (const args of [
        ['pair', '--local'],
        ['nixl', '--local'],
      ]) {
        const r = await spawnCli(args, { env: { ...env, INTERCONNECT_TEST_PYTHON: py } });
        expect([args, r.code, r.stdout]).toEqual([args, 2, '']);
        expect(r.stderr).toContain(`error: INTERCONNECT_TEST_PYTHON=${py} ${why}`);
      }
    }
    expect(existsSync(venv)).toBe(false);
  });

  it('pair --local sets NIXL up from PyPI (saying so, with progress) and prints a measurement, exit 0', async () => {
    const r = await spawnCli(['pair', '--local'], { env });
    expect(r.stderr).toContain(`→ setting up NIXL ${NIXL_PIN} from PyPI into ${venv}`);
    expect(r.stderr).toMatch(/Successfully installed .*nixl-cu12-/);
    expect(r.stderr).toContain(`nixl-${NIXL_PIN}`);
    expect(r.stderr).toContain(`✓ nixl ${NIXL_PIN} in ${venv}`);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Measurement\n {2}nixl, host memory \(DRAM\), loopback on /);
    expect(r.stdout).toMatch(/^ {2}64 MiB +\d+\.\d+ +\d+\.\d+$/m);
    expect(r.stdout).toContain(`OK      pair.engine  nixl (${venv}/bin/python), nixl ${NIXL_PIN}`);
  }, 900_000);

  it('then nixl --local asks the same python pair --local used, and finds nixl', async () => {
    const r = await spawnCli(['nixl', '--local', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as {
      checks: { id: string; status: string; detail: string }[];
      next: { command?: string };
    };
    const py = report.checks.find((c) => c.id === 'nixl.python');
    expect(py?.status).toBe('ok');
    expect(py?.detail).toContain(`imports nixl from ${venv}/`);
    expect(py?.detail).toContain(`nixl ${NIXL_PIN}`);
    expect(report.next.command).toBe('interconnect-test pair --local --engine nixl');
    // The second run finds the venv: no second set-up.
    const again = await spawnCli(['pair', '--local', '--no-setup', '--sizes', '4K', '--iters', '10'], {
      env,
    });
    expect(again.stderr).not.toContain('setting up NIXL');
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
  }, 300_000);
});
