import { readFileSync } from 'node:fs';
import { allEngines } from '../engines/registry.js';
import type { EngineFinder } from '../engines/types.js';
import { systemHost } from '../pair/local/host.js';
import { VERSION } from '../version.js';

/**
 * `--version`: the version, the commit it was built from (dist/build-info.json, written
 * by the build; `unknown` outside a checkout or when run from src/) and the transfer
 * engines `pair --local` would find on this machine. Looks things up only: no transfer.
 */

/** The commit the build recorded beside the compiled modules, or `unknown`. */
export function buildCommit(file: URL = new URL('../build-info.json', import.meta.url)): string {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { commit?: unknown };
    return typeof info.commit === 'string' && /^[0-9a-f]{4,40}$/.test(info.commit) ? info.commit : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Each engine found here with its binary, in `--engine auto`'s order. */
export function enginesHere(finder: EngineFinder): { engine: string; bin?: string; problem?: string }[] {
  const found: { engine: string; bin?: string; problem?: string }[] = [];
  for (const e of allEngines()) {
    try {
      const bin = e.local.find(finder, false);
      if (bin) found.push({ engine: e.name, bin });
    } catch (err) {
      // A set-but-wrong INTERCONNECT_TEST_PYTHON: said, not hidden.
      found.push({ engine: e.name, problem: (err as Error).message });
    }
  }
  return found;
}

export interface VersionDeps {
  commit?: string;
  finder?: EngineFinder;
}

/** The lines `--version` prints. */
export function versionLines(env: NodeJS.ProcessEnv, deps: VersionDeps = {}): string[] {
  const host = systemHost(env);
  const finder: EngineFinder = deps.finder ?? {
    which: (p) => host.which(p),
    nixlPython: (acceptInstalled) => host.nixlPython?.(acceptInstalled),
  };
  const all = enginesHere(finder);
  const engines = all.filter((e) => e.bin);
  const problems = all.filter((e) => e.problem).map((e) => `${e.engine}: ${e.problem}`);
  return [
    `interconnect-test ${VERSION}`,
    `commit: ${deps.commit ?? buildCommit()}`,
    `engines here: ${engines.length ? engines.map((e) => `${e.engine} (${e.bin})`).join(', ') : 'none (pair --local needs nixlbench, python with nixl, or ucx_perftest)'}`,
    ...problems.map((p) => `not usable: ${p}`),
  ];
}
