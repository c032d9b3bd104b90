import { existsSync } from 'node:fs';
import path from 'node:path';
import { nixlPresence, nixlVenv } from '../../src/engines/nixl-python.js';
import { type Precondition, precondition } from './preconditions.js';

/**
 * The NIXL Pythons the tests run: the project's venv with the pinned `nixl`
 * wheel from PyPI, and one with nixl 0.1.1 (older than the probe's API) for
 * the "too old" error. Both come from scripts/nixl-venv.sh, which .ci/run and
 * the README's set-up call. A test that needs one SKIPS on a developer machine
 * without it and FAILS under CI=true: `describeNeeding([nixl('current')], ...)`
 * (test/helpers/preconditions.ts).
 */
export const OLD_NIXL = '0.1.1';

export const NIXL_SETUP = {
  current: 'bash scripts/nixl-venv.sh',
  old: `bash scripts/nixl-venv.sh ${OLD_NIXL} ~/.cache/interconnect-test/nixl-venv-${OLD_NIXL}`,
} as const;

function venvPython(dir: string): string {
  return path.join(dir, 'bin', 'python');
}

export function nixlPythonPaths(env: NodeJS.ProcessEnv = process.env) {
  return {
    current: venvPython(nixlVenv(env)),
    old: venvPython(`${nixlVenv(env)}-${OLD_NIXL}`),
  } as const;
}

/** Why the venv of `which` cannot serve, or undefined when it can. */
export function nixlMissing(
  which: keyof typeof NIXL_SETUP,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const python = nixlPythonPaths(env)[which];
  const fix = `(set up: ${NIXL_SETUP[which]})`;
  if (!existsSync(python)) return `${python} does not exist ${fix}`;
  const has = nixlPresence(python, env);
  if (which === 'current' && has !== 'importable') return `${python} cannot import nixl ${fix}`;
  if (which === 'old' && has === 'none') return `${python} has no nixl ${fix}`;
  return undefined;
}

/** The precondition "the NIXL venv `which` can serve" (scripts/nixl-venv.sh). */
export function nixl(which: keyof typeof NIXL_SETUP, env: NodeJS.ProcessEnv = process.env): Precondition {
  return precondition(
    which === 'current' ? 'the NIXL venv' : `the NIXL ${OLD_NIXL} venv`,
    nixlMissing(which, env),
  );
}
