import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CAPTURES } from './corpus/all.js';
import { ALL_MANIFESTS } from './corpus/manifests-all.js';
import { fixturesRoot } from './helpers/fixtures.js';

/**
 * The corpus judges `read` on the world, not on what it was built from (test/corpus/README.md): no
 * capture may be a copy of a test fixture or of another capture. Two texts are the same when they
 * differ only in line ends and surrounding blank space, as one block pasted in two places does.
 */

const CAPTURES = path.join(path.dirname(new URL(import.meta.url).pathname), 'corpus', 'captures');
const MANIFESTS = path.join(path.dirname(new URL(import.meta.url).pathname), 'corpus', 'manifests');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : e.name.endsWith('.md') ? [] : [p];
  });
}

const key = (file: string) =>
  createHash('sha256').update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n').trim()).digest('hex');

describe('the read corpus holds no copies', () => {
  it('no capture is a copy of a fixture or of another capture', () => {
    const fixtures = new Map(files(fixturesRoot).map((f) => [key(f), path.relative(fixturesRoot, f)]));
    const seen = new Map<string, string>();
    const copies: string[] = [];
    for (const c of ALL_CAPTURES) {
      const k = key(path.join(CAPTURES, c.file));
      const fixture = fixtures.get(k);
      if (fixture) copies.push(`${c.file} = test/fixtures/${fixture}`);
      const earlier = seen.get(k);
      if (earlier) copies.push(`${c.file} = ${earlier}`);
      seen.set(k, c.file);
    }
    expect(copies).toEqual([]);
  });

  it('every file under captures/ is in a batch table, so none escapes the check above', () => {
    const listed = new Set(ALL_CAPTURES.map((c) => c.file));
    expect(
      files(CAPTURES)
        .map((f) => path.relative(CAPTURES, f))
        .filter((f) => !listed.has(f)),
    ).toEqual([]);
  });
});

describe('the env corpus holds no copies', () => {
  it('no manifest is a copy of a fixture or of another manifest', () => {
    const fixtures = new Map(files(fixturesRoot).map((f) => [key(f), path.relative(fixturesRoot, f)]));
    const seen = new Map<string, string>();
    const copies: string[] = [];
    for (const m of ALL_MANIFESTS) {
      const k = key(path.join(MANIFESTS, m.file));
      const fixture = fixtures.get(k);
      if (fixture) copies.push(`${m.file} = test/fixtures/${fixture}`);
      const earlier = seen.get(k);
      if (earlier) copies.push(`${m.file} = ${earlier}`);
      seen.set(k, m.file);
    }
    expect(copies).toEqual([]);
  });

  it('every file under manifests/ is in a batch table, so none escapes the scoreboard', () => {
    const listed = new Set(ALL_MANIFESTS.map((m) => m.file));
    expect(
      files(MANIFESTS)
        .map((f) => path.relative(MANIFESTS, f))
        .filter((f) => !listed.has(f)),
    ).toEqual([]);
  });
});
