import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CAPTURES as CAPTURES } from './corpus/all.js';
import { type Expert, KNOWN_DISAGREEMENTS as KNOWN_B1 } from './corpus/captures.table.js';
import { KNOWN_DISAGREEMENTS_B2 } from './corpus/known-b2.js';
import { KNOWN_DISAGREEMENTS_B14 } from './corpus/known-b14.js';
import { KNOWN_REREAD } from './corpus/known-reread.js';
import { currentReading, REREAD } from './corpus/reread.js';
import { captureVerdict } from './helpers/read.js';

/** Disagreements with the reading each capture is scored by (b1–b13's second reading, else its own). */
const KNOWN_DISAGREEMENTS: Record<string, string> = { ...KNOWN_REREAD, ...KNOWN_DISAGREEMENTS_B14 };
/** Disagreements with the first reading of every batch, kept as the record of that reading. */
const KNOWN_FIRST: Record<string, string> = {
  ...KNOWN_B1,
  ...KNOWN_DISAGREEMENTS_B2,
  ...KNOWN_DISAGREEMENTS_B14,
};

/**
 * The corpus scoreboard (issue 38): `read`'s verdict on each real capture against the
 * expert's, per tool. It prints the score and fails below 95 %. An exit 2 (ParseError) on a
 * real paste counts as wrong. Batches b1–b13 are scored by their blind second reading under the
 * README's current definitions (test/corpus/reread.ts); the score against their first reading is
 * printed beside it and its disagreements stay pinned too.
 */
const VERDICT: Record<string, Expert> = {
  untrusted: 'problem',
  unverified: 'not-judged',
  trusted: 'no-problem',
};
const dir = path.join(import.meta.dirname, 'corpus', 'captures');

function verdictOf(tool: string, file: string, opts: (typeof CAPTURES)[number]['opts']): Expert | 'exit 2' {
  const got = captureVerdict(tool, readFileSync(path.join(dir, file), 'utf8'), opts);
  return got === 'exit 2' ? got : (VERDICT[got] as Expert);
}

describe('corpus scoreboard: read on real captures, scored by the verdict an expert gives', () => {
  const results = CAPTURES.map((c) => ({
    ...c,
    first: c.expert,
    ...currentReading(c),
    got: verdictOf(c.tool, c.file, c.opts),
  }));
  const tools = [...new Set(results.map((r) => r.tool))].sort();
  const lines = tools.map((t) => {
    const mine = results.filter((r) => r.tool === t);
    const right = mine.filter((r) => r.got === r.expert).length;
    return `${t.padEnd(14)} ${String(right).padStart(3)}/${String(mine.length).padEnd(3)} ${((100 * right) / mine.length).toFixed(0).padStart(4)} %`;
  });
  const right = results.filter((r) => r.got === r.expert).length;
  const wrong = results.filter((r) => r.got !== r.expert);
  const wrongFirst = results.filter((r) => r.got !== r.first);
  const rightFirst = results.length - wrongFirst.length;
  const board = [
    'read corpus scoreboard (verdict vs the expert)',
    ...lines,
    `${'all'.padEnd(14)} ${String(right).padStart(3)}/${String(results.length).padEnd(3)} ${((100 * right) / results.length).toFixed(1).padStart(4)} %`,
    `${'first reading'.padEnd(14)} ${String(rightFirst).padStart(3)}/${String(results.length).padEnd(3)} ${((100 * rightFirst) / results.length).toFixed(1).padStart(4)} % (b1–b13 as first read, under the older definitions)`,
    ...wrong.map((w) => `  wrong: ${w.file}: expert ${w.expert}, read ${w.got} (${w.why})`),
  ].join('\n');

  it('prints the score per tool; no exit 2 and no disagreement beyond the reviewed ones', () => {
    console.log(board);
    // Every exit 2 on a real paste is a reviewed disagreement (test/corpus/known-b2.ts says which
    // principle it breaks); a new one fails here.
    expect(
      results.filter((r) => r.got === 'exit 2' && !(r.file in KNOWN_DISAGREEMENTS)).map((r) => r.file),
    ).toEqual([]);
    expect(wrong.map((w) => w.file).sort()).toEqual(Object.keys(KNOWN_DISAGREEMENTS).sort());
  });

  it('keeps the first reading of b1–b13 pinned: its disagreements are the listed ones', () => {
    expect(wrongFirst.map((w) => w.file).sort()).toEqual(Object.keys(KNOWN_FIRST).sort());
  });

  it('has a second reading for every capture of b1–b13 and none for a capture not in the corpus', () => {
    const files = new Set(CAPTURES.map((c) => c.file));
    expect(Object.keys(REREAD).filter((f) => !files.has(f))).toEqual([]);
    expect(Object.keys(REREAD)).toHaveLength(114);
  });

  // The bar. Not reached: the reviewed disagreements (test/corpus/known-b2.ts) are mostly
  // reader misses by issue 38's principles P1/P2 (see test/corpus/README.md). Turn this into a
  // plain test once the score reaches 95 %.
  it.fails('holds at least 95 % overall (not yet: see the reviewed disagreements)', () => {
    expect(right / results.length).toBeGreaterThanOrEqual(0.95);
  });
});
