import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../core/assets.js';
import { ToolError } from '../core/errors.js';
import { silentProgress } from '../core/progress.js';
import type { Launcher, RunningProc } from '../procs/launcher.js';
import { spawnLauncher } from '../procs/launcher.js';
import { chooseOrSetUp } from './choose.js';
import { NIXL_PIN, NUMPY_PIN, nixlVenv } from './nixl-python.js';
import { nixlPackages, PYTHON_VENV_FIX, setUpNixlVenv, setupCommand, venvProblem } from './nixl-venv.js';

const script = readFileSync(path.join(repoRoot(), 'scripts', 'nixl-venv.sh'), 'utf8');

/** A directory with one executable `python3` shell script of ours. */
function fakePython(body: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-py-'));
  const file = path.join(dir, 'python3');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the pinned NIXL: one version, here and in scripts/nixl-venv.sh', () => {
  it('the script installs the same nixl, nixl-cu12 and numpy the TypeScript set-up does', () => {
    expect(/^version="\$\{1:-([^}]+)\}"$/m.exec(script)?.[1]).toBe(NIXL_PIN);
    expect(/^numpy=(\S+)$/m.exec(script)?.[1]).toBe(NUMPY_PIN);
    // The current (cu12/cu13 split) line of the script names the same three packages, with --no-deps.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansions in the script's text
    expect(script).toContain('"nixl==${version}" "nixl-cu12==${version}" "numpy==${numpy}"');
    expect(script).toContain('--no-deps');
    expect(nixlPackages()).toEqual([`nixl==${NIXL_PIN}`, `nixl-cu12==${NIXL_PIN}`, `numpy==${NUMPY_PIN}`]);
  });
});

describe('setupCommand: the one command --no-setup prints', () => {
  it('is the shipped script when there is one, else the python3 lines it runs', () => {
    const cmd = setupCommand({ HOME: '/h' });
    const scriptPath = path.join(repoRoot(), 'scripts', 'nixl-venv.sh');
    expect([`bash ${path.relative(process.cwd(), scriptPath)}`, `bash ${scriptPath}`]).toContain(cmd);
    const bare = mkdtempSync(path.join(tmpdir(), 'installed-'));
    expect(setupCommand({ HOME: '/h' }, bare)).toBe(
      `python3 -m venv /h/.cache/interconnect-test/nixl-venv && /h/.cache/interconnect-test/nixl-venv/bin/python -m pip install --no-deps nixl==${NIXL_PIN} nixl-cu12==${NIXL_PIN} numpy==${NUMPY_PIN}`,
    );
  });
});

describe('venvProblem: whether python3 here can make the venv', () => {
  it('names a missing python3 and one without the venv module', () => {
    expect(venvProblem({ PATH: mkdtempSync(path.join(tmpdir(), 'empty-')) })).toEqual({
      problem: 'no python3 on PATH',
    });
    const dir = fakePython('exit 1');
    expect(venvProblem({ PATH: dir })).toEqual({
      python: path.join(dir, 'python3'),
      problem: `${path.join(dir, 'python3')} has no venv module (import venv, ensurepip failed)`,
    });
  });
});

describe('chooseOrSetUp: no engine here', () => {
  const none = { which: () => undefined, nixlPython: () => undefined };
  it('--no-setup refuses, naming the command, and sets nothing up', async () => {
    let ran = 0;
    const err = await chooseOrSetUp('auto', none, {
      env: { PATH: '', HOME: '/h' },
      allowed: false,
      run: async () => {
        ran++;
        return '/x';
      },
    }).catch((e: unknown) => e as ToolError);
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toBe(
      'pair --local: neither nixlbench nor ucx_perftest is on PATH, and no Python can import nixl, and --no-setup keeps pair from setting NIXL up',
    );
    expect((err as ToolError).fix).toBe(setupCommand({ HOME: '/h' }));
    expect(ran).toBe(0);
  });

  it('sets NIXL up and takes the nixl engine when python3 can; never for an engine NIXL is not', async () => {
    const env = { PATH: fakePython('exit 0'), HOME: '/h' };
    const run = async () => '/h/venv/bin/python';
    expect(await chooseOrSetUp('auto', none, { env, allowed: true, run })).toEqual({
      engine: 'nixl',
      bin: '/h/venv/bin/python',
    });
    expect(await chooseOrSetUp('nixl', none, { env, allowed: true, run })).toEqual({
      engine: 'nixl',
      bin: '/h/venv/bin/python',
    });
    await expect(chooseOrSetUp('ucx_perftest', none, { env, allowed: true, run })).rejects.toThrow(
      'pair --local: ucx_perftest is not on PATH',
    );
    const noVenv = { PATH: fakePython('exit 1'), HOME: '/h' };
    const err = await chooseOrSetUp('auto', none, { env: noVenv, allowed: true, run }).catch(
      (e: unknown) => e as ToolError,
    );
    expect((err as ToolError).fix).toBe(PYTHON_VENV_FIX);
  });

  it('a set INTERCONNECT_TEST_PYTHON that does not exist is an error even when ucx_perftest is here', async () => {
    const env = { PATH: '', HOME: '/h', INTERCONNECT_TEST_PYTHON: '/nonexistent/python' };
    await expect(
      chooseOrSetUp('auto', { which: (p) => `/usr/bin/${p}` }, { env, allowed: true, run: async () => '' }),
    ).rejects.toThrow('INTERCONNECT_TEST_PYTHON=/nonexistent/python does not exist');
  });
});

describe('setUpNixlVenv: Ctrl-C', () => {
  it('stops the running step, removes the half-made venv and throws the interrupt', async () => {
    // python3 passes the venv check, then `-m venv DIR` makes DIR and hangs (a stalled download).
    const py = fakePython('[ "$1" = "-m" ] || exit 0\nmkdir -p "$3"\nexec sleep 60');
    const home = mkdtempSync(path.join(tmpdir(), 'home-'));
    const env = { PATH: `${py}:/usr/bin:/bin`, HOME: home };
    const started: RunningProc[] = [];
    const launcher: Launcher = {
      start: async (spec) => {
        const p = await spawnLauncher.start(spec);
        started.push(p);
        return p;
      },
    };
    const ac = new AbortController();
    const reason = new Error('interrupted by SIGINT');
    const lines: string[] = [];
    const progress = { ...silentProgress, step: (m: string) => lines.push(m) };
    const run = setUpNixlVenv({ env, progress, signal: ac.signal, launcher });
    for (let i = 0; i < 100 && !existsSync(nixlVenv(env)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(nixlVenv(env))).toBe(true);
    ac.abort(reason);
    await expect(run).rejects.toBe(reason);
    expect(started).toHaveLength(1);
    expect(alive(started[0]!.pid)).toBe(false);
    expect(existsSync(nixlVenv(env))).toBe(false);
    expect(lines[0]).toContain(`setting up NIXL ${NIXL_PIN} from PyPI into ${nixlVenv(env)}`);
  });

  it('a step that fails is one line naming it and what it printed last', async () => {
    const py = fakePython('[ "$1" = "-m" ] || exit 0\necho "Error: no space left" >&2\nexit 1');
    const home = mkdtempSync(path.join(tmpdir(), 'home-'));
    mkdirSync(nixlVenv({ HOME: home }), { recursive: true });
    const env = { PATH: `${py}:/usr/bin:/bin`, HOME: home };
    const err = await setUpNixlVenv({
      env,
      progress: silentProgress,
      signal: new AbortController().signal,
    }).catch((e: unknown) => e as ToolError);
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toBe(
      `setting up NIXL: ${path.join(py, 'python3')} -m venv ${nixlVenv(env)} failed (exit 1): Error: no space left`,
    );
    expect(existsSync(nixlVenv(env))).toBe(false);
  });
});
