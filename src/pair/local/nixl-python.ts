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
 * The Pythons that may hold NIXL, best first: $INTERCONNECT_TEST_PYTHON; the
 * python3 on PATH (inside a Dynamo image that is the deployment's own venv,
 * with its own NIXL); then the project's venv. Only those that exist.
 */
export function nixlPythonCandidates(env: NodeJS.ProcessEnv): string[] {
  const list = [
    env.INTERCONNECT_TEST_PYTHON,
    findOnPath('python3', env.PATH),
    path.join(nixlVenv(env), 'bin', 'python'),
  ].filter((p): p is string => !!p && existsSync(p));
  return [...new Set(list)];
}

/** True when `python` imports NIXL's Python API (`nixl._api`, where nixl_agent lives). */
export function importsNixl(python: string, env: NodeJS.ProcessEnv): boolean {
  const r = spawnSync(python, ['-c', 'import nixl._api'], { env, stdio: 'ignore', timeout: 30_000 });
  return r.status === 0;
}

/** The first candidate Python that imports nixl, or undefined. */
export function findNixlPython(
  env: NodeJS.ProcessEnv,
  canImport: (python: string) => boolean = (p) => importsNixl(p, env),
): string | undefined {
  return nixlPythonCandidates(env).find(canImport);
}
