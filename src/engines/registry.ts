import { ENGINE_NAMES, type EngineName } from '../core/engine-names.js';
import { nixl } from './nixl/index.js';
import { nixlbench } from './nixlbench/index.js';
import type { Engine } from './types.js';
import { ucxPerftest } from './ucx-perftest/index.js';

/** Every engine by name: a new engine is one folder and one line here. */
const ENGINES: Readonly<Record<EngineName, Engine>> = {
  nixlbench,
  nixl,
  ucx_perftest: ucxPerftest,
};

/** The engine module behind a name. */
export function getEngine(name: EngineName): Engine {
  return ENGINES[name];
}

/** All engines, in `--engine auto`'s order of preference (ENGINE_NAMES). */
export function allEngines(): Engine[] {
  return ENGINE_NAMES.map((n) => ENGINES[n]);
}
