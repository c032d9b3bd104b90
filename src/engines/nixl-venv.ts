import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../core/assets.js';
import { ToolError } from '../core/errors.js';
import type { Progress } from '../core/progress.js';
import { describeExit, type Launcher, spawnLauncher } from '../procs/launcher.js';
import { findOnPath } from '../procs/path.js';
import { stopProcess, waitForExit } from '../procs/wait.js';
import { NIXL_PIN, NUMPY_PIN, nixlPresence, nixlVenv, nixlVenvPython } from './nixl-python.js';

/**
 * `pair --local` on a machine with no engine: NIXL from PyPI into the
 * project's venv (~/.cache/interconnect-test/nixl-venv), as
 * scripts/nixl-venv.sh does, through the process seam: pip's lines are
 * progress on stderr, the whole set-up is bounded, Ctrl-C stops it and
 * removes the half-made venv.
 */

/** What a fresh Debian/Ubuntu machine needs for the set-up: python3 with its venv module (ensurepip). */
export const PYTHON_VENV_FIX = 'sudo apt-get install python3-venv';

/** pip downloads about 340 MB; a slow mirror takes minutes. */
export const SETUP_TIMEOUT_MS = 20 * 60_000;

/** The packages, as scripts/nixl-venv.sh installs them: --no-deps, so no torch and no CUDA wheels. */
export function nixlPackages(): string[] {
  return [`nixl==${NIXL_PIN}`, `nixl-cu12==${NIXL_PIN}`, `numpy==${NUMPY_PIN}`];
}

/** The one command that sets NIXL up by hand: the shipped script, else its python3 lines. */
export function setupCommand(env: NodeJS.ProcessEnv, root: string = repoRoot()): string {
  const script = path.join(root, 'scripts', 'nixl-venv.sh');
  if (existsSync(script)) {
    const rel = path.relative(process.cwd(), script);
    return `bash ${rel.startsWith('..') || path.isAbsolute(rel) ? script : rel}`;
  }
  const venv = nixlVenv(env);
  return `python3 -m venv ${venv} && ${venv}/bin/python -m pip install --no-deps ${nixlPackages().join(' ')}`;
}

/** Why python3 here cannot make the venv (none on PATH, no venv/ensurepip module), or undefined. */
export function venvProblem(env: NodeJS.ProcessEnv): { python?: string; problem?: string } {
  const python = findOnPath('python3', env.PATH);
  if (!python) return { problem: 'no python3 on PATH' };
  const r = spawnSync(python, ['-c', 'import venv, ensurepip'], { env, stdio: 'ignore', timeout: 30_000 });
  if (r.status !== 0)
    return { python, problem: `${python} has no venv module (import venv, ensurepip failed)` };
  return { python };
}

export interface SetupDeps {
  env: NodeJS.ProcessEnv;
  progress: Progress;
  /** Ctrl-C. */
  signal: AbortSignal;
  launcher?: Launcher;
  timeoutMs?: number;
}

async function step(argv: string[], name: string, deps: SetupDeps, deadline: AbortSignal): Promise<void> {
  const launcher = deps.launcher ?? spawnLauncher;
  const proc = await launcher.start({ name, argv, env: deps.env });
  proc.onLine((line) => {
    if (line.trim()) deps.progress.update(line.trim());
  });
  const signal = AbortSignal.any([deps.signal, deadline]);
  let exit: Awaited<ReturnType<typeof waitForExit>>;
  try {
    exit = await waitForExit(proc, { signal });
  } catch (e) {
    await stopProcess(proc, { graceMs: 2000 });
    if (deps.signal.aborted) throw e;
    throw new ToolError(
      `setting up NIXL: ${name} did not finish in ${Math.round((deps.timeoutMs ?? SETUP_TIMEOUT_MS) / 60_000)} min`,
      { fix: `check the network to PyPI, then run ${setupCommand(deps.env)}` },
    );
  }
  if (exit && exit.code === 0 && exit.signal === null) return;
  const last =
    proc
      .lines()
      .filter((l) => l.trim())
      .slice(-1)[0] ?? '';
  throw new ToolError(
    `setting up NIXL: ${argv.join(' ')} failed (${exit ? describeExit(exit) : 'no exit'})${last ? `: ${last.trim()}` : ''}`,
    { fix: `check the network to PyPI (pip's index, proxy), then run ${setupCommand(deps.env)}` },
  );
}

/**
 * Makes the project's venv with nixl (pinned) and returns its python, which
 * imports nixl. A ToolError naming the one command that fixes it when this
 * machine cannot (no python3, no venv module, pip failed); the interrupt's
 * reason on Ctrl-C. A venv left half-made is removed.
 */
export async function setUpNixlVenv(deps: SetupDeps): Promise<string> {
  const { python, problem } = venvProblem(deps.env);
  if (!python || problem)
    throw new ToolError(`pair --local cannot set up NIXL: ${problem}`, { fix: PYTHON_VENV_FIX });
  const dir = nixlVenv(deps.env);
  const venvPython = nixlVenvPython(deps.env);
  // Another run may have made it meanwhile: never remove a venv that works.
  if (existsSync(venvPython) && nixlPresence(venvPython, deps.env) === 'importable') return venvPython;
  deps.progress.step(`setting up NIXL ${NIXL_PIN} from PyPI into ${dir} (once; about 340 MB)`);
  const deadline = AbortSignal.timeout(deps.timeoutMs ?? SETUP_TIMEOUT_MS);
  try {
    rmSync(dir, { recursive: true, force: true });
    await step([python, '-m', 'venv', dir], 'python3 -m venv', deps, deadline);
    const pip = [venvPython, '-m', 'pip', 'install', '--disable-pip-version-check', '--progress-bar', 'off'];
    await step([...pip, '--no-deps', ...nixlPackages()], 'pip install nixl', deps, deadline);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  if (nixlPresence(venvPython, deps.env) !== 'importable') {
    rmSync(dir, { recursive: true, force: true });
    throw new ToolError(`setting up NIXL: nixl ${NIXL_PIN} installed into ${dir} but does not import`, {
      fix: `run ${setupCommand(deps.env)} to see why`,
    });
  }
  deps.progress.done(`nixl ${NIXL_PIN} in ${dir}`);
  return venvPython;
}
