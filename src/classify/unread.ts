import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import type { NotUnderstood } from '../parsers/lines.js';

/**
 * Lines a parser read around (issue 38, principle 1: read what is there, name what was not understood, judge on
 * the rest): one `read.lines` check naming them, which does not change the verdict by itself. Any parsed result
 * with a `notUnderstood` list gets it.
 */
export function notUnderstoodCheck(parsed: unknown): Check | undefined {
  const all = (parsed as { notUnderstood?: NotUnderstood[] } | undefined)?.notUnderstood;
  const list = Array.isArray(all) ? all.filter((l) => !l.cut) : [];
  if (list.length === 0) return undefined;
  const named = list
    .slice(0, 3)
    .map((l) => `line ${l.line} "${l.text.slice(0, 60)}"${l.why ? ` (${l.why})` : ''}`)
    .join(', ');
  return check(
    'read.lines',
    'skipped',
    `${plural(list.length, 'line')} not (wholly) understood: ${named}${list.length > 3 ? ', …' : ''}; the rest was read around them`,
    { matters: false, data: { lines: list.map((l) => l.line) } },
  );
}

/** The row the paste ends inside, when a parser read around it (NotUnderstood.cut): read/around.ts names it `read.cut`. */
export function cutRowOf(parsed: unknown): NotUnderstood | undefined {
  const all = (parsed as { notUnderstood?: NotUnderstood[] } | undefined)?.notUnderstood;
  return Array.isArray(all) ? all.find((l) => l.cut) : undefined;
}
