import { ToolError } from '../../core/errors.js';
import type { Engine } from '../../core/measurement.js';

export type EngineChoice = Engine | 'auto';

export interface ChosenEngine {
  engine: Engine;
  /** Full path of its binary (for `nixl`: the Python that imports nixl). */
  bin: string;
}

export const INSTALL_HINT =
  'apt-get install ucx-utils (ucx_perftest), or build NIXL with nixlbench (github.com/ai-dynamo/nixl, benchmark/nixlbench)';

export const NIXL_INSTALL_HINT =
  'bash scripts/nixl-venv.sh (nixl from PyPI into ~/.cache/interconnect-test/nixl-venv), or set INTERCONNECT_TEST_PYTHON to a python that imports nixl';

/** What chooseEngine may look at: programs on PATH, and a Python that imports nixl. */
export interface EngineFinder {
  which(program: string): string | undefined;
  /**
   * A Python that imports nixl, or undefined; only asked when nixlbench is not
   * there. `acceptInstalled` (an explicit --engine nixl): one whose nixl is
   * installed but does not import will do, so the probe can name its version.
   */
  nixlPython?(acceptInstalled: boolean): string | undefined;
}

/**
 * nixlbench when it is on PATH, else our NIXL probe when a Python imports nixl
 * (both are what Dynamo's KV transfer uses: NIXL over UCX), else ucx_perftest.
 * With none, a ToolError (exit 2) rather than a report: nothing was measured,
 * and an `unverified` report exits 0 under the default --fail-on, which a CI
 * gate would read as a pass.
 */
export function chooseEngine(
  choice: EngineChoice,
  find: EngineFinder | ((program: string) => string | undefined),
): ChosenEngine {
  const finder: EngineFinder = typeof find === 'function' ? { which: find } : find;
  const candidates: Engine[] = choice === 'auto' ? ['nixlbench', 'nixl', 'ucx_perftest'] : [choice];
  for (const engine of candidates) {
    const bin = engine === 'nixl' ? finder.nixlPython?.(choice === 'nixl') : finder.which(engine);
    if (bin) return { engine, bin };
  }
  if (choice === 'nixl') {
    throw new ToolError('pair --local --engine nixl: no Python here can import nixl', {
      fix: NIXL_INSTALL_HINT,
    });
  }
  const what =
    choice === 'auto'
      ? 'neither nixlbench nor ucx_perftest is on PATH, and no Python can import nixl'
      : `${choice} is not on PATH`;
  throw new ToolError(`pair --local: ${what}`, {
    fix: choice === 'nixlbench' ? 'build NIXL with nixlbench and put it on PATH' : INSTALL_HINT,
  });
}
