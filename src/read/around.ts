import type { Shown } from '../classify/shown.js';
import type { ToolId } from '../classify/tools.js';
import { type Check, check } from '../core/model.js';
import { ParseError } from '../parsers/errors.js';
import { cleanLines } from '../parsers/lines.js';

/** A line `read` left out around a tool's output: a title or note before it, or the paste's last line cut mid-line. */
export interface Dropped {
  line: number;
  text: string;
  where: 'before' | 'cut' | 'inside';
  /** For a cut line a parser read around (a row cut short, NotUnderstood.cut): the parser's own words. */
  why?: string;
}

/** At most this many lines before the output are read around; more is not that tool's output. */
export const MAX_BEFORE = 2;
/** At most this many refused lines inside the output are read around; more is not that tool's output. */
export const MAX_INSIDE = 2;
/**
 * Tools whose output is entries or `key: value` lines, each standing alone, so a line among them that the parser
 * refuses is someone else's (a note, a prompt) and the rest still reads. A matrix's or a benchmark table's row the
 * parser refuses is that table's own row in a shape it does not know (topo's cells, nccl-tests' columns): still
 * refused there.
 */
const LINE_BY_LINE: ReadonlySet<ToolId> = new Set<ToolId>([
  'dev-infiniband',
  'dmesg',
  'fi_info',
  'gdrcopy',
  'ibstat',
  'ibstatus',
  'ibv_devinfo',
  'lsmod',
  'memlock',
  'rdma-link',
  'show_gids',
  'ucx_info',
]);

/**
 * Parses a tool's output, reading around what surrounds it (issue 38, principle 1): a line before the output that
 * its parser refuses (`Here is ibstat on node 3:`), and the paste's last line when the parser refuses it (a paste
 * cut mid-line), and up to MAX_INSIDE lines inside it that the parser refuses (a poster's note, a stray prompt
 * line between the rows: one line no reader can place never rejects the rest). Text with nothing of the tool in it
 * is still refused: then the parser's first error is thrown.
 */
export function parseAround<T>(
  parse: (text: string) => T,
  text: string,
  tool?: ToolId,
): { parsed: T; dropped: Dropped[] } {
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
              : tool !== undefined &&
                  LINE_BY_LINE.has(tool) &&
                  at > (filled[0] as number) &&
                  at < (filled[filled.length - 1] as number) &&
                  dropped.filter((d) => d.where === 'inside').length < MAX_INSIDE
                ? 'inside'
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
  // Lines before the output, and stray lines inside it: named, never weighing on the verdict by themselves.
  const named = (where: 'before' | 'inside', id: string, said: (one: boolean) => string) => {
    const lines = dropped.filter((d) => d.where === where);
    if (lines.length)
      out.push(
        check(
          id,
          'skipped',
          `${lines.map((d) => `line ${d.line} "${d.text.slice(0, 60)}"`).join(', ')} ${said(lines.length === 1)}`,
          {
            matters: false,
          },
        ),
      );
  };
  named(
    'before',
    'read.around',
    (one) => `before the output ${one ? 'is' : 'are'} not the tool's and ${one ? 'was' : 'were'} left out`,
  );
  named(
    'inside',
    'read.lines',
    (one) =>
      `inside the output ${one ? 'is' : 'are'} not the tool's and ${one ? 'was' : 'were'} read around; what ${one ? 'it' : 'they'} could stand for is not shown`,
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

const words = (line: string): string[] => line.toLowerCase().match(/[a-z][\w.-]{2,}/g) ?? [];

/**
 * What lines read around inside the output leave open (issue 38, principle 2): such a line may be one the tool
 * printed in a form no parser knows, so a line the classifier looks for (its sample) that shares a word with it is
 * not shown there; a line that shares none would have been read. Combined with a filter the command typed.
 */
export function insideShown(dropped: readonly Dropped[], shown: Shown | undefined): Shown | undefined {
  const inside = dropped.filter((d) => d.where === 'inside');
  if (inside.length === 0) return shown;
  const said = new Set(inside.flatMap((d) => words(d.text)));
  const own = (line: string) => (words(line).some((w) => said.has(w)) ? undefined : true);
  const where = inside.map((d) => `line ${d.line} was not understood`).join('; ');
  if (!shown) return { filter: where, keeps: own, cut: true };
  return {
    filter: `${shown.filter}; ${where}`,
    keeps: (line) =>
      shown.keeps(line) === false ? false : own(line) === undefined ? undefined : shown.keeps(line),
    cut: true,
  };
}
