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

/** `file = what it copies` for each corpus file that copies a fixture or an earlier file of the same corpus. */
function copies(dir: string, entries: readonly { file: string }[]): string[] {
  const fixtures = new Map(files(fixturesRoot).map((f) => [key(f), path.relative(fixturesRoot, f)]));
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const { file } of entries) {
    const k = key(path.join(dir, file));
    const fixture = fixtures.get(k);
    if (fixture) out.push(`${file} = test/fixtures/${fixture}`);
    const earlier = seen.get(k);
    if (earlier) out.push(`${file} = ${earlier}`);
    seen.set(k, file);
  }
  return out;
}

/** Files under dir that no table lists. */
const unlisted = (dir: string, entries: readonly { file: string }[]) => {
  const listed = new Set(entries.map((e) => e.file));
  return files(dir)
    .map((f) => path.relative(dir, f))
    .filter((f) => !listed.has(f));
};

describe('the read corpus holds no copies', () => {
  it('no capture is a copy of a fixture or of another capture', () => {
    expect(copies(CAPTURES, ALL_CAPTURES)).toEqual([]);
  });

  it('every file under captures/ is in a batch table, so none escapes the check above', () => {
    expect(unlisted(CAPTURES, ALL_CAPTURES)).toEqual([]);
  });
});

describe('the env corpus holds no copies', () => {
  it('no manifest is a copy of a fixture or of another manifest', () => {
    expect(copies(MANIFESTS, ALL_MANIFESTS)).toEqual([]);
  });

  it('every file under manifests/ is in a batch table, so none escapes the scoreboard', () => {
    expect(unlisted(MANIFESTS, ALL_MANIFESTS)).toEqual([]);
  });
});
