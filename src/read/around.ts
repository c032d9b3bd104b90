import { type Check, check } from '../core/model.js';
import { ParseError } from '../parsers/errors.js';
import { cleanLines } from '../parsers/lines.js';

/** A line `read` left out around a tool's output: a title or note before it, or the paste's last line cut mid-line. */
export interface Dropped {
  line: number;
  text: string;
  where: 'before' | 'cut';
  /** For a cut line a parser read around (a row cut short, NotUnderstood.cut): the parser's own words. */
  why?: string;
}

/** At most this many lines before the output are read around; more is not that tool's output. */
export const MAX_BEFORE = 2;

/**
 * Parses a tool's output, reading around what surrounds it (issue 38, principle 1): a line before the output that
 * its parser refuses (`Here is ibstat on node 3:`), and the paste's last line when the parser refuses it (a paste
 * cut mid-line). A refused line inside the output is the parser's call (it reads around what it can place, e.g.
 * one bad show_gids row) and still rejects the paste, as does text with nothing of the tool in it: then the
 * parser's first error is thrown.
 */
export function parseAround<T>(parse: (text: string) => T, text: string): { parsed: T; dropped: Dropped[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const dropped: Dropped[] = [];
  let first: ParseError | undefined;
  for (;;) {
    try {
      return { parsed: parse(lines.join('\n')), dropped };
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      first ??= err;
      const at = err.line;
      // The lines that carry something as the parser sees them: a fence, a quote mark on an empty line, a page's
      // other marks carry nothing of the output.
      const filled = cleanLines(lines.join('\n')).flatMap((l) => (l.text.trim() === '' ? [] : [l.no]));
      const before = dropped.filter((d) => d.where === 'before').length;
      const where =
        at === undefined || filled.length < 2
          ? undefined
          : at === filled[0] && before < MAX_BEFORE
            ? 'before'
            : at === filled[filled.length - 1] && !dropped.some((d) => d.where === 'cut')
              ? 'cut'
              : undefined;
      if (at === undefined || where === undefined) throw first;
      dropped.push({ line: at, text: (lines[at - 1] ?? '').trim(), where });
      lines[at - 1] = '';
    }
  }
}

/**
 * The lines read around, named. A line before the output changes nothing; a last line cut mid-line means what
 * followed is not shown, so the reading is not a whole one: skipped, and it matters.
 */
export function aroundChecks(dropped: readonly Dropped[]): Check[] {
  const out: Check[] = [];
  const before = dropped.filter((d) => d.where === 'before');
  if (before.length)
    out.push(
      check(
        'read.around',
        'skipped',
        `${before.map((d) => `line ${d.line} "${d.text.slice(0, 60)}"`).join(', ')} before the output ${before.length === 1 ? 'is' : 'are'} not the tool's and ${before.length === 1 ? 'was' : 'were'} left out`,
        { matters: false },
      ),
    );
  const cut = dropped.find((d) => d.where === 'cut');
  if (cut)
    out.push(
      check(
        'read.cut',
        'skipped',
        cut.why
          ? `${cut.why} (line ${cut.line} "${cut.text.slice(0, 60)}"): whatever followed is not shown`
          : `the paste ends mid-line (line ${cut.line} "${cut.text.slice(0, 60)}" could not be read and was left out): whatever followed is not shown`,
        { fix: 'paste the whole output' },
      ),
    );
  return out;
}
