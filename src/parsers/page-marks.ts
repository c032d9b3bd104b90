/**
 * Marks a paste site puts on every line of a paste it renders, none of them a tool's (issue 38, principle 1):
 *
 * - pastebin.com's list view: each line an item shown as `- <line>`;
 * - pastebin.com's numbered view: `  1. <line>`, `  2. <line>`, … (a blank line keeps its number, `19.  `);
 * - a GitHub gist rendered as a table: each line a row ending ` | |` (the last ` |`).
 *
 * Each is taken off only when it marks most of the paste's lines (four in five, as launcher labels are), and the
 * numbers only when they count up by one, so a tool line that happens to begin with `- ` or `3. ` stays. A page's
 * typography may also turn the quotes around a name curly (`Infiniband device ’is4_0’`): a name between two curly
 * quotes gets ASCII ones back, as the tools print them (rdma-core ibstatus, ibstat `CA '%s'`).
 */
export function unmark(raw: string[]): string[] {
  const filled = raw.filter((l) => l.trim() !== '');
  const most = (re: RegExp) => carriedByMost(filled, re, 3);
  let out = raw;
  if (most(LIST_ITEM)) out = out.map((l) => l.replace(LIST_ITEM, ''));
  else if (most(LINE_NO) && counted(filled)) out = out.map((l) => l.replace(LINE_NO, ''));
  if (most(CELL_ANY) && filled.filter((l) => CELL_TAIL.test(l)).length >= 2)
    out = out.map((l) => (TABLE_ROW.test(l) ? l : l.replace(CELL_END, '')));
  return out.map((l) => l.replace(CURLY_NAME, "'$1'"));
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
/** Every numbered line one more than the one before it. */
function counted(filled: string[]): boolean {
  const nos = filled
    .map((l) => /^\s*(\d+)\./.exec(l)?.[1])
    .filter((n) => n !== undefined)
    .map(Number);
  return nos.every((n, i) => i === 0 || n === (nos[i - 1] as number) + 1);
}
/** A gist table row's tail: ` | |` (a row's two cell borders with nothing between). */
const CELL_TAIL = /\S\s\|\s\|\s*$/;
/** A row's tail, the last row's single border included. */
const CELL_ANY = /\S\s\|(?:\s\|)?\s*$/;
/** The tail to take off: ` | |`, or ` |` on the last row. */
const CELL_END = /\s\|(?:\s\|)?\s*$/;
/** A tool's own table row (ucx_perftest draws `|` borders): never the page's. */
const TABLE_ROW = /^\s*[|+]/;
const CURLY_NAME = /[‘’]([^‘’'\s]+)[‘’]/g;

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
  const glued = (l: string, n: number) => new RegExp(`^${n}(?!\\d)`).test(l);
  const lines = raw.slice(start, end);
  if (lines.every((l, k) => glued(l, k + 1)))
    return raw.map((l, i) => (i >= start && i < end ? l.slice(String(i - start + 1).length) : l));
  // `cat -n` (and a pager's or an editor's numbers): each number right-aligned in its column, then one tab or space
  // (GNU coreutils cat.c next_line_num: "%6d\t"); the one separator goes with the number.
  const padded = (l: string, n: number) => new RegExp(`^\\s*${n}(?:[\\t ]|$)`).exec(l);
  const cuts = lines.map((l, k) => padded(l, k + 1)?.[0].length);
  if (cuts.some((c) => c === undefined)) return raw;
  return raw.map((l, i) => (i >= start && i < end ? l.slice(cuts[i - start] as number) : l));
}
