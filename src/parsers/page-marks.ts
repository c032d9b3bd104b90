/**
 * Marks a paste site puts on every line of a paste it renders, none of them a tool's (issue 38, principle 1):
 *
 * - pastebin.com's list view: each line an item shown as `- <line>`;
 * - pastebin.com's numbered view: `  1. <line>`, `  2. <line>`, … (a blank line keeps its number, `19.  `);
 * - a GitHub gist rendered as a table: each line a row ending ` | |` (the last ` |`).
 *
 * Each is taken off only when it marks most of the paste's lines (four in five, as launcher labels are), and the
 * numbers only when they count up by one, so a tool line that happens to begin with `- ` or `3. ` stays. (A page's
 * curly quotes are made ASCII again for every line, in lines.ts cleanLines.)
 */
export function unmark(raw: string[]): string[] {
  const filled = raw.filter((l) => l.trim() !== '');
  const most = (re: RegExp) => carriedByMost(filled, re, 3);
  let out = raw;
  if (most(LIST_ITEM)) out = out.map((l) => l.replace(LIST_ITEM, ''));
  else if (most(LINE_NO) && counted(filled)) out = out.map((l) => l.replace(LINE_NO, ''));
  if (most(CELL_ANY) && filled.filter((l) => CELL_TAIL.test(l)).length >= 2)
    out = out.map((l) => (TABLE_ROW.test(l) ? l : l.replace(CELL_END, '')));
  return out;
}

/**
 * Whether a mark is someone's around the paste (a site, a launcher, a CI log, a mail, a diff) rather than the tool's:
 * at least `least` lines carry something, and four in five of them carry the mark.
 */
export function carriedByMost(filled: readonly string[], mark: RegExp, least = 2): boolean {
  return filled.length >= least && filled.filter((l) => mark.test(l)).length >= 0.8 * filled.length;
}

const LIST_ITEM = /^- /;
const LINE_NO = /^\s*\d+\.(?: |$)/;
/** The numbered lines count up: see countsUp. */
function counted(filled: string[]): boolean {
  const nos = filled
    .map((l) => /^\s*(\d+)\./.exec(l)?.[1])
    .filter((n) => n !== undefined)
    .map(Number);
  return countsUp(nos);
}

/**
 * Line numbers a viewer put there: each one more than the one before, but for a line or two the copy left out (a
 * poster who cut a line keeps the numbers of the rest): always rising, and four steps in five exactly one (or all
 * but one of three or more). A tool's
 * own rising column (message sizes, 2 4 8 …) never steps by one so often.
 */
export function countsUp(nos: readonly number[]): boolean {
  if (nos.some((n, i) => i > 0 && n <= (nos[i - 1] as number))) return false;
  const ones = nos.filter((n, i) => i > 0 && n === (nos[i - 1] as number) + 1).length;
  const steps = nos.length - 1;
  return ones >= 0.8 * steps || (steps >= 3 && steps - ones <= 1);
}
/** A line the copy left out between two numbered ones: at most this many in one gap. */
const MAX_GAP = 3;
/** A gist table row's tail: ` | |` (a row's two cell borders with nothing between). */
const CELL_TAIL = /\S\s\|\s\|\s*$/;
/** A row's tail, the last row's single border included. */
const CELL_ANY = /\S\s\|(?:\s\|)?\s*$/;
/** The tail to take off: ` | |`, or ` |` on the last row. */
const CELL_END = /\s\|(?:\s\|)?\s*$/;
/** A tool's own table row (ucx_perftest draws `|` borders): never the page's. */
const TABLE_ROW = /^\s*[|+]/;

/**
 * A paste copied from a web page's code viewer that numbers its lines (a cloud vendor's docs: `1# ibstatus`,
 * `2Infiniband device 'mlx5_0' port 1 status:`, `10` for an empty line): when every line, three or more, begins
 * with its own line number, the numbers are the viewer's, not the tool's, and go (issue 38, principle 1).
 */
export function unnumber(raw: string[]): string[] {
  let end = raw.length;
  while (end > 0 && (raw[end - 1] as string).trim() === '') end--;
  // Blank lines before the first numbered one (a fence the page put there, read as blank) are not the viewer's.
  let start = 0;
  while (start < end && (raw[start] as string).trim() === '') start++;
  if (end - start < 3) return raw;
  const lines = raw.slice(start, end);
  const glued = (l: string, n: number) => (new RegExp(`^${n}(?!\\d)`).test(l) ? String(n).length : undefined);
  // `cat -n` (and a pager's or an editor's numbers): each number right-aligned in its column, then one tab or space
  // (GNU coreutils cat.c next_line_num: "%6d\t"); the one separator goes with the number.
  const padded = (l: string, n: number) => new RegExp(`^\\s*${n}(?:[\\t ]|$)`).exec(l)?.[0].length;
  for (const mark of [glued, padded]) {
    const cuts = numbered(lines, mark);
    if (cuts) return raw.map((l, i) => (i >= start && i < end ? l.slice(cuts[i - start] as number) : l));
  }
  return raw;
}

/**
 * Where each line's number ends when every line carries its own, from 1 (a line or two the copy left out, its first
 * among them, keep the others' numbers: the next number is the least within MAX_GAP that the line carries), and they
 * count up.
 */
function numbered(
  lines: readonly string[],
  mark: (l: string, n: number) => number | undefined,
): number[] | undefined {
  const cuts: number[] = [];
  const nos: number[] = [];
  let prev = 0;
  for (const l of lines) {
    let at: number | undefined;
    let n = prev + 1;
    for (; n <= prev + 1 + MAX_GAP && at === undefined; n++) at = mark(l, n);
    if (at === undefined) return undefined;
    prev = n - 1;
    nos.push(prev);
    cuts.push(at);
  }
  return countsUp(nos) ? cuts : undefined;
}
