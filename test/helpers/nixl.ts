import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { nixlPresence, nixlVenv } from '../../src/engines/nixl/python.js';
import { inCi } from './tools.js';

/**
 * The NIXL Pythons the tests run: the project's venv with the pinned `nixl`
 * wheel from PyPI, and one with nixl 0.1.1 (older than the probe's API) for
 * the "too old" error. Both come from scripts/nixl-venv.sh, which .ci/run and
 * the README's set-up call. A test that needs one SKIPS on a developer machine
 * without it and FAILS under CI=true, like test/helpers/tools.ts does for tools.
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

/** `describe` for tests that need the NIXL venv(s): run, or skip locally, or fail in CI. */
export function describeWithNixl(
  needs: readonly (keyof typeof NIXL_SETUP)[],
  title: string,
  body: () => void,
): void {
  const missing = needs.map((n) => nixlMissing(n)).filter((m): m is string => !!m);
  if (missing.length === 0) describe(title, body);
  else if (inCi()) {
    describe(title, () => {
      it('needs the NIXL venv', () => {
        throw new Error(`${missing.join('; ')}; CI must have it (CI=true)`);
      });
    });
  } else describe.skip(`${title} (skipped: ${missing.join('; ')})`, body);
}
