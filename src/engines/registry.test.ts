import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES } from '../core/engine-names.js';
import { allEngines, getEngine } from './registry.js';
import { podScriptDir } from './script.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** An engine's folder: its name with `_` as `-` (ucx_perftest → ucx-perftest). */
const folder = (name: string) => name.replace(/_/g, '-');

describe('engine registry', () => {
  it('holds every engine under its own name, in --engine auto order', () => {
    expect(allEngines().map((e) => e.name)).toEqual([...ENGINE_NAMES]);
    for (const n of ENGINE_NAMES) expect(getEngine(n).name).toBe(n);
  });

  it('every engine is the same file set: argv, pod script, log reader, local runner', () => {
    for (const n of ENGINE_NAMES) {
      for (const f of ['index.ts', 'argv.ts', 'logs.ts', 'local.ts'])
        expect(existsSync(path.join(HERE, folder(n), f)), `${folder(n)}/${f}`).toBe(true);
      expect(existsSync(path.join(podScriptDir(), folder(n), 'pod.sh.hbs')), `${folder(n)}/pod.sh.hbs`).toBe(
        true,
      );
    }
  });

  it('only the engines that listen across nodes get Services; only nixlbench meets in etcd', () => {
    const listen = Object.fromEntries(allEngines().map((e) => [e.name, e.cluster.listen]));
    expect(listen).toEqual({
      nixlbench: undefined,
      nixl: { port: 13338, name: 'nixl' },
      ucx_perftest: { port: 13337, name: 'perftest' },
    });
    expect(
      allEngines()
        .filter((e) => e.cluster.etcd)
        .map((e) => e.name),
    ).toEqual(['nixlbench']);
  });

  it('names a missing program and its fix for each engine, and reads nothing from an empty log', () => {
    for (const e of allEngines()) {
      expect(e.logs.missingTool.tool).toMatch(/^(nixlbench|ucx_perftest|python3)$/);
      expect(e.logs.rowsSoFar('')).toBe(0);
      expect(e.logs.resultsComplete('')).toBe(false);
      expect(e.logs.unreadable('interconnect-test: host h node n\n')).toBeUndefined();
    }
  });
});
