import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { ToolError } from '../core/errors.js';
import { findOnPath } from '../procs/path.js';

/**
 * The NIXL wheel the set-up installs, here and in scripts/nixl-venv.sh (its
 * test checks they agree), and the numpy the probe's nixl._api imports.
 */
export const NIXL_PIN = '1.5.1';
export const NUMPY_PIN = '2.4.6';

/** Where scripts/nixl-venv.sh puts its virtual environment: under the project's cache, never system-wide. */
export function nixlVenv(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.HOME || homedir(), '.cache', 'interconnect-test', 'nixl-venv');
}

/** The python of the project's venv (it may not exist). */
export function nixlVenvPython(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(nixlVenv(env), 'bin', 'python');
}

/**
 * The Pythons that may hold NIXL, best first: $INTERCONNECT_TEST_PYTHON (and
 * then only it: one that does not exist is a ToolError, exit 2); the python3
 * on PATH (inside a Dynamo image that is the deployment's own venv, with its
 * own NIXL); then the project's venv. Only those that exist. `pair --local`
 * and `nixl --local` both look through this list.
 */
export function nixlPythonCandidates(env: NodeJS.ProcessEnv): string[] {
  // An explicit choice is the only candidate: never swap in another NIXL behind the user's back.
  const explicit = env.INTERCONNECT_TEST_PYTHON;
  if (explicit) {
    if (!existsSync(explicit))
      throw new ToolError(`INTERCONNECT_TEST_PYTHON=${explicit} does not exist`, {
        fix: 'point INTERCONNECT_TEST_PYTHON at a python that imports nixl, or unset it',
      });
    return [explicit];
  }
  const list = [findOnPath('python3', env.PATH), nixlVenvPython(env)].filter(
    (p): p is string => !!p && existsSync(p),
  );
  return [...new Set(list)];
}

/** What a Python holds: `importable` (nixl._api imports), `installed` (a nixl distribution that does not import), or `none`. */
export type NixlPresence = 'importable' | 'installed' | 'none';

const CHECK = [
  'import sys',
  'from importlib import metadata',
  'names = ("nixl", "nixl-cu12", "nixl-cu13")',
  'def has(n):',
  '    try:',
  '        metadata.version(n)',
  '        return True',
  '    except metadata.PackageNotFoundError:',
  '        return False',
  'if not any(has(n) for n in names): sys.exit(1)',
  'try:',
  '    import nixl._api',
  'except Exception:',
  '    sys.exit(3)',
].join('\n');

/** Whether `python` has NIXL, and whether its Python API (`nixl._api`, where nixl_agent lives) imports. */
export function nixlPresence(python: string, env: NodeJS.ProcessEnv): NixlPresence {
  const r = spawnSync(python, ['-c', CHECK], { env, stdio: 'ignore', timeout: 30_000 });
  return r.status === 0 ? 'importable' : r.status === 3 ? 'installed' : 'none';
}

/**
 * The first candidate Python that imports nixl. With `acceptInstalled` (an
 * explicit --engine nixl), a Python whose NIXL is installed but does not
 * import (too old: 0.1.x imports torch at the top) is taken too, so the probe
 * can say which version it found instead of "no nixl". A set
 * INTERCONNECT_TEST_PYTHON that does not exist or has no nixl is a ToolError
 * (exit 2), never a fallback to another Python.
 */
export function findNixlPython(
  env: NodeJS.ProcessEnv,
  acceptInstalled = false,
  presence: (python: string) => NixlPresence = (p) => nixlPresence(p, env),
): string | undefined {
  const found = nixlPythonCandidates(env).map((p) => ({ p, has: presence(p) }));
  const chosen =
    found.find((c) => c.has === 'importable')?.p ??
    (acceptInstalled ? found.find((c) => c.has === 'installed')?.p : undefined);
  const explicit = env.INTERCONNECT_TEST_PYTHON;
  if (explicit && !chosen)
    throw new ToolError(
      `INTERCONNECT_TEST_PYTHON=${explicit} cannot import nixl${found[0]?.has === 'installed' ? ' (nixl is installed but its nixl._api does not import)' : ''}`,
      {
        fix: `install nixl==${NIXL_PIN} into it (${explicit} -m pip install --no-deps nixl==${NIXL_PIN} nixl-cu12==${NIXL_PIN} numpy==${NUMPY_PIN}), or unset INTERCONNECT_TEST_PYTHON`,
      },
    );
  return chosen;
}

/** A set INTERCONNECT_TEST_PYTHON that is wrong, as findNixlPython's ToolError; nothing when unset or fine. */
export function checkExplicitPython(env: NodeJS.ProcessEnv, acceptInstalled = false): void {
  if (env.INTERCONNECT_TEST_PYTHON) findNixlPython(env, acceptInstalled);
}

/**
 * The python `nixl --local` asks about NIXL: the one `pair --local --engine
 * nixl` would run (the same candidates, INTERCONNECT_TEST_PYTHON first and
 * then only it: wrong is a ToolError), else python3, so the report says what
 * python3 lacks.
 */
export function localNixlPython(env: NodeJS.ProcessEnv): string {
  return findNixlPython(env, true) ?? 'python3';
}
