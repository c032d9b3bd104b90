import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot as findRepoRoot } from '../../src/core/assets.js';

/**
 * The repository root (src/core/assets.ts finds it: the nearest folder with a package.json), so
 * tests work in a fresh clone at any path. Tests and the e2e harness take it from here, never
 * from a path.resolve(__dirname, '..') of their own.
 */
export const repoRoot = findRepoRoot();

/** The real captures and recipes kept in the repository (see test/fixtures/README.md). Never edit them. */
export const fixturesRoot = path.join(repoRoot, 'test', 'fixtures');

export function fixturePath(...parts: string[]): string {
  return path.join(fixturesRoot, ...parts);
}

export function readFixture(...parts: string[]): string {
  return readFileSync(fixturePath(...parts), 'utf8');
}

/** Every fixture file in a fixture directory (not INDEX.md, not subdirectories), sorted. */
export function listFixtures(...dir: string[]): string[] {
  const full = fixturePath(...dir);
  return readdirSync(full)
    .filter((f) => f !== 'INDEX.md' && statSync(path.join(full, f)).isFile())
    .sort();
}

/** Our own captures, kept in test/data. */
export function readTestData(...parts: string[]): string {
  return readFileSync(path.join(repoRoot, 'test', 'data', ...parts), 'utf8');
}

/** Where the fixtures of each `read` tool id live, under test/fixtures. */
export const TOOL_FIXTURE_DIRS: Record<string, string[]> = {
  ibstat: ['node', 'ibstat'],
  ibstatus: ['node', 'ibstatus'],
  ibv_devinfo: ['node', 'ibv_devinfo'],
  topo: ['node', 'nvidia-smi-topo-m'],
  'topo-p2p': ['node', 'nvidia-smi-topo-p2p'],
  nvlink: ['node', 'nvidia-smi-nvlink-status'],
  lsmod: ['node', 'lsmod'],
  'dev-infiniband': ['node', 'ls-dev-infiniband'],
  show_gids: ['node', 'show_gids'],
  memlock: ['node', 'ulimit-l'],
  ucx_info: ['node', 'ucx_info-d'],
  gdrcopy: ['node', 'gdrcopy_copybw'],
  nixlbench: ['nixlbench'],
  ucx_perftest: ['ucx_perftest'],
};
