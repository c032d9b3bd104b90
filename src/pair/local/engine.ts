import { ToolError } from '../../core/errors.js';
import type { Engine } from '../measurement.js';

export type EngineChoice = Engine | 'auto';

export interface ChosenEngine {
  engine: Engine;
  /** Full path of its binary. */
  bin: string;
}

export const INSTALL_HINT =
  'apt-get install ucx-utils (ucx_perftest), or build NIXL with nixlbench (github.com/ai-dynamo/nixl, benchmark/nixlbench)';

/**
 * nixlbench when it is on PATH (it is what Dynamo's KV transfer uses: NIXL over
 * UCX), else ucx_perftest. With neither, a ToolError (exit 2) rather than a
 * report: nothing was measured, and an `unverified` report exits 0 under the
 * default --fail-on, which a CI gate would read as a pass.
 */
export function chooseEngine(
  choice: EngineChoice,
  which: (program: string) => string | undefined,
): ChosenEngine {
  const candidates: Engine[] = choice === 'auto' ? ['nixlbench', 'ucx_perftest'] : [choice];
  for (const engine of candidates) {
    const bin = which(engine);
    if (bin) return { engine, bin };
  }
  const what =
    choice === 'auto' ? 'neither nixlbench nor ucx_perftest is on PATH' : `${choice} is not on PATH`;
  throw new ToolError(`pair --local: ${what}`, {
    fix: choice === 'nixlbench' ? 'build NIXL with nixlbench and put it on PATH' : INSTALL_HINT,
  });
}
