import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/fixtures.js';

/**
 * docs/architecture.md's map of src/pair/ stays true: one row per room (the root included), each
 * with the number of source files (tests not counted) the room holds today.
 */

const PAIR = path.join(repoRoot, 'src', 'pair');

function sourceCount(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).filter(
    (e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'),
  ).length;
}

/** room → files, from the map's table: `| root | 4 | … |`, `` | `plan/` | 13 | … | ``. */
function mapRows(doc: string): Map<string, number> {
  const at = doc.indexOf('## A map of `pair/`');
  const section = doc.slice(at, doc.indexOf('\n## ', at + 1));
  const rows = new Map<string, number>();
  for (const m of section.matchAll(/^\| (root|`[a-z-]+\/`(?:, `[a-z-]+\/`)*) \| (\d+) \|/gm)) {
    const rooms = m[1] === 'root' ? ['.'] : [...(m[1] ?? '').matchAll(/`([a-z-]+)\/`/g)].map((r) => r[1]);
    for (const room of rooms) rows.set(room ?? '', Number(m[2]));
  }
  return rows;
}

describe("docs/architecture.md's map of pair/", () => {
  const rows = mapRows(readFileSync(path.join(repoRoot, 'docs', 'architecture.md'), 'utf8'));
  const rooms = [
    '.',
    ...readdirSync(PAIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  ];

  it('has one row for each room of src/pair/ and none for a room that is gone', () => {
    expect(rooms.length).toBeGreaterThan(4);
    expect([...rows.keys()].sort()).toEqual([...rooms].sort());
  });

  it("gives each room's number of source files", () => {
    const said = Object.fromEntries(rooms.map((r) => [r, rows.get(r)]));
    const actual = Object.fromEntries(rooms.map((r) => [r, sourceCount(path.join(PAIR, r))]));
    expect(said).toEqual(actual);
  });
});
