import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { findOnPath } from '../../procs/path.js';

/** The NIXL wheel the README's set-up installs (scripts/nixl-venv.sh pins the same). */
export const NIXL_PIN = '1.5.1';

/** Where scripts/nixl-venv.sh puts its virtual environment: under the project's cache, never system-wide. */
export function nixlVenv(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.HOME || homedir(), '.cache', 'interconnect-test', 'nixl-venv');
}

/**
 * The Pythons that may hold NIXL, best first: $INTERCONNECT_TEST_PYTHON (and
 * then only it); the python3 on PATH (inside a Dynamo image that is the deployment's own venv,
 * with its own NIXL); then the project's venv. Only those that exist.
 */
export function nixlPythonCandidates(env: NodeJS.ProcessEnv): string[] {
  // An explicit choice is the only candidate: never swap in another NIXL behind the user's back.
  if (env.INTERCONNECT_TEST_PYTHON)
    return existsSync(env.INTERCONNECT_TEST_PYTHON) ? [env.INTERCONNECT_TEST_PYTHON] : [];
  const list = [
    env.INTERCONNECT_TEST_PYTHON,
    findOnPath('python3', env.PATH),
    path.join(nixlVenv(env), 'bin', 'python'),
  ].filter((p): p is string => !!p && existsSync(p));
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
 * can say which version it found instead of "no nixl".
 */
export function findNixlPython(
  env: NodeJS.ProcessEnv,
  acceptInstalled = false,
  presence: (python: string) => NixlPresence = (p) => nixlPresence(p, env),
): string | undefined {
  const found = nixlPythonCandidates(env).map((p) => ({ p, has: presence(p) }));
  return (
    found.find((c) => c.has === 'importable')?.p ??
    (acceptInstalled ? found.find((c) => c.has === 'installed')?.p : undefined)
  );
}
