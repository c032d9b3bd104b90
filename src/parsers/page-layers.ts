import { carriedByMost, unmark, unnumber } from './page-marks.js';

/**
 * The layers a page, a mail or a post wraps around a pasted tool output, each recognised by marks the tool never
 * prints and removed (issue 38, principle 1): quoted-printable mail bodies, HTML escaping, a mail's quote marks, a
 * one-cell markdown table, one inline code span a line, a paste site's list marks and line numbers, indentation
 * every line shares, markdown fences. `cleanLines` (lines.ts) starts from what `unpage` leaves.
 */

/**
 * The marks a page, a mail or a post puts around a paste, removed layer by layer (issue 38, principle 1): a mail
 * quoting a paste site's numbered list, a markdown list's indentation around a dash-listed paste, a fenced block
 * quoted again. Each pass removes the layers it recognises, outermost first; the next pass sees what was inside,
 * until nothing changes.
 */
export function unpage(raw: string[]): string[] {
  let cur = raw;
  for (let pass = 0; pass < 4; pass++) {
    // A markdown fence is the page's too: blank, so that it neither counts among the marked lines nor ends the paste.
    const unfenced = cur.map((l) => (FENCE.test(l) ? '' : l));
    const next = uncode(uncell(unquote(unhtml(unnumber(unmark(dedent(unqp(unfenced))))))));
    if (next.length === cur.length && next.every((l, i) => l === cur[i])) return next;
    cur = next;
  }
  return cur;
}

/**
 * Indentation every line of the paste shares (a markdown list item's or a reStructuredText block's four spaces, a
 * mail's tab): the page's, not the tool's, so it is removed; lines keep the indentation they have beyond it.
 */
function dedent(raw: string[]): string[] {
  const filled = raw.filter((l) => l.trim() !== '');
  if (filled.length === 0) return raw;
  let common = /^[ \t]*/.exec(filled[0] as string)?.[0] ?? '';
  for (const l of filled) while (common && !l.startsWith(common)) common = common.slice(0, -1);
  return common ? raw.map((l) => (l.startsWith(common) ? l.slice(common.length) : l.trimStart())) : raw;
}

/**
 * A paste copied from a mail's raw source (a list archive's raw message, a public-inbox `m` file) whose body is
 * quoted-printable (RFC 2045, 6.7): a long line ends in a soft break `=` and goes on on the next line, and `=`,
 * tabs, non-ASCII bytes and even line ends are escaped as `=XX` (`=3D`, `=09`, `=C2=A0` a no-break space, `=0A`).
 * When two or more lines carry a soft break or an escape, and one an escape, the encoding is the mail's, not the
 * tool's: soft-broken lines are joined, the escapes decoded as UTF-8 (an encoded line end ends the line) and
 * no-break spaces read as spaces (issue 38, principle 1). The decoded mail is the paste: its lines are counted anew.
 */
function unqp(raw: string[]): string[] {
  const marked = raw.filter((l) => QP_SOFT.test(l) || QP_ESCAPE.test(l)).length;
  if (marked < 2 || !raw.some((l) => QP_ESCAPE.test(l))) return raw;
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let joined = raw[i] as string;
    while (QP_SOFT.test(joined) && i + 1 < raw.length)
      joined = joined.replace(QP_SOFT, '') + (raw[++i] as string);
    out.push(
      ...decodeQp(joined.replace(QP_SOFT, ''))
        .replace(/\u00a0/g, ' ')
        .split(/\r?\n/),
    );
    // An encoded line end before the soft break (`…]=0A=`) already ended the line: no empty line after it.
    if (/=0A$/.test(joined.replace(QP_SOFT, '')) && out[out.length - 1] === '') out.pop();
  }
  return out;
}
const QP_SOFT = /=[ \t]*$/;
/** The escapes a quoted-printable encoder writes for text: `=`, tab, space, line ends, UTF-8 sequences. */
const QP_ESCAPE = /=(?:3D|09|20|0A|0D|[C-E][0-9A-F]=[89AB][0-9A-F])/;
function decodeQp(s: string): string {
  if (!/=[0-9A-F]{2}/.test(s)) return s;
  const bytes: number[] = [];
  const utf8 = new TextEncoder();
  for (let i = 0; i < s.length; ) {
    const hex = /^=([0-9A-F]{2})/.exec(s.slice(i, i + 3));
    if (hex) {
      bytes.push(Number.parseInt(hex[1] as string, 16));
      i += 3;
      continue;
    }
    const ch = String.fromCodePoint(s.codePointAt(i) as number);
    bytes.push(...utf8.encode(ch));
    i += ch.length;
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/**
 * A paste copied from a web page's HTML source (a mailing-list archive, a forum post saved as HTML): the line
 * breaks are `<br>` tags, indents `&nbsp;`, and `>`/`<`/`&` are entities (HTML Living Standard, "Named character
 * references"). When two or more lines carry a `<br>` or an entity, the markup is the page's, not the tool's: its
 * tags go (a `<br>` line becomes blank, so line numbers stay) and its entities are decoded (issue 38, principle 1).
 */
function unhtml(lines: string[]): string[] {
  // A collapsed section around the paste (GitHub's `<details>`, its `<summary>` title): the post's, a line of its own.
  const raw = lines.map((l) => (COLLAPSED.test(l) ? '' : l));
  const marked = raw.filter((l) => HTML_BREAK.test(l) || HTML_ENTITY.test(l)).length;
  // No tool prints an HTML entity: one line that holds one is a page's escaping, even in a one-line paste.
  if (marked < 2 && !raw.some((l) => HTML_ENTITY.test(l))) return raw;
  return raw.map((l) => decodeEntities(l.replace(HTML_TAG, '')));
}
/**
 * GitHub's collapsed section (docs.github.com, "Organizing information with collapsed sections": `<details>`, then
 * `<summary>title</summary>`, the content, `</details>`), each tag on a line of its own, a title at most inside it.
 */
const COLLAPSED = /^\s*(?:<\/?details\b[^>]*>|<summary\b[^>]*>.*<\/summary>|<\/?summary>)\s*$/i;
const HTML_BREAK = /<br\s*\/?>/i;
const HTML_ENTITY = /&(?:nbsp|gt|lt|amp|quot|#\d+|#x[0-9a-f]+);/i;
/** The tags a page wraps text in; `<stdout>`-style launcher tags and `<pid>`-style placeholders are not among them. */
const HTML_TAG =
  /<\/?(?:br|p|span|div|pre|a|b|i|em|strong|font|code|tt|hr|blockquote|li|ul|ol|table|tr|td|th|tbody|thead)\b[^>]*>/gi;
const NAMED: Record<string, string> = { nbsp: ' ', gt: '>', lt: '<', amp: '&', quot: '"' };
function decodeEntities(line: string): string {
  return line.replace(/&(nbsp|gt|lt|amp|quot|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(Number.parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(Number(k.slice(1)));
    return NAMED[k] ?? _;
  });
}

/**
 * A code block a page exported as a one-cell markdown table, as Chinese blog mirrors store them (jishuzhan,
 * CSDN): `| ` before the block's first line, a lone `|` after its last, and empty inline-code marks (two
 * backticks, a code span around nothing, CommonMark "Code spans") left inside its lines, even inside a kernel
 * timestamp (`[ ``0.000000``]`). When the first line opens the cell and a lone `|` closes it, or two or more
 * lines carry the marks, they are the page's, not the tool's (issue 38, principle 1).
 */
function uncell(raw: string[]): string[] {
  const marked = raw.filter((l) => EMPTY_CODE.test(l) && !FENCE.test(l)).length;
  const at = raw.findIndex((l) => l.trim() !== '');
  const opened = at >= 0 && /^\|\s/.test(raw[at] as string) && raw.some((l, i) => i > at && l.trim() === '|');
  if (marked < 2 && !opened) return raw;
  return raw.map((l, i) => {
    let s = FENCE.test(l) ? l : l.replace(EMPTY_CODE_ALL, '');
    if (opened && i === at) s = s.replace(/^\|\s/, '').replace(/\s\|\s*$/, '');
    return opened && s.trim() === '|' ? '' : s;
  });
}
/**
 * A paste typed into a post as inline code, one code span per line (`` `fi_info -p efa` `` then
 * `` `fi_getinfo: -61 (No data available)` ``; CommonMark 0.31.2, 6.1 "Code spans"): when every line that carries
 * something, two or more, is one single-backtick span, the backticks are the post's, not the tool's (issue 38,
 * principle 1). A fence (three or more backticks) is not a span.
 */
function uncode(raw: string[]): string[] {
  const filled = raw.filter((l) => l.trim() !== '');
  if (filled.length < 2 || !filled.every((l) => CODE_LINE.test(l))) return raw;
  return raw.map((l) => l.replace(CODE_LINE, '$1'));
}
const CODE_LINE = /^\s*`(?!`)([^`]+)`\s*$/;

/** Two backticks not part of a longer run: an empty code span. */
const EMPTY_CODE = /(?<!`)``(?!`)/;
const EMPTY_CODE_ALL = /(?<!`)``(?!`)/g;

/**
 * A paste quoted in a mail reply: `> ` (or `>> `, `> > `) before every line (RFC 3676 section 4.5 quote
 * marks). When most lines that carry something carry it, the marks are the reply's, not the tool's.
 */
function unquote(raw: string[]): string[] {
  const filled = raw.filter((l) => l.trim() !== '');
  if (carriedByMost(filled, MAIL_QUOTE)) return raw.map((l) => l.replace(MAIL_QUOTE, ''));
  // A reply's quoted paste with the writer's own lines around it ("On Mon, … wrote:" above, a question below): the
  // quoted lines are one unbroken run, so its marks are the reply's even where the writer's lines outnumber them.
  const run = quotedRun(raw);
  if (run) return raw.map((l, i) => (i >= run.from && i <= run.to ? l.replace(MAIL_QUOTE, '') : l));
  // A markdown blockquote opened on the paste's first line and continued lazily: the lines after it carry no `>`
  // (CommonMark 0.31.2, 5.1 Block quotes, "laziness": a paragraph continuation line may omit the marker). The one
  // `> ` is the post's, not the tool's.
  const first = raw.findIndex((l) => l.trim() !== '');
  const next = raw[first + 1];
  if (
    first >= 0 &&
    LAZY_QUOTE.test(raw[first] as string) &&
    next !== undefined &&
    next.trim() !== '' &&
    filled.slice(1).every((l) => !MAIL_QUOTE.test(l))
  )
    return raw.map((l, i) => (i === first ? l.replace(LAZY_QUOTE, '') : l));
  return raw;
}
const MAIL_QUOTE = /^(?:[ \t]*>)+ ?/;

/**
 * The one unbroken run of quoted lines in a paste (blank lines and bare `>` inside it), when it holds two or more
 * lines with text and no line outside it is quoted; undefined otherwise.
 */
function quotedRun(raw: readonly string[]): { from: number; to: number } | undefined {
  const quoted = raw.flatMap((l, i) => (l.trim() !== '' && MAIL_QUOTE.test(l) ? [i] : []));
  const from = quoted[0];
  const to = quoted.at(-1);
  if (from === undefined || to === undefined) return undefined;
  const texts = quoted.filter((i) => (raw[i] as string).replace(MAIL_QUOTE, '').trim() !== '').length;
  const broken = raw.slice(from, to + 1).some((l) => l.trim() !== '' && !MAIL_QUOTE.test(l));
  return texts >= 2 && !broken ? { from, to } : undefined;
}
/** One blockquote marker, a space, then text (not `>>>`, a Python prompt, nor a bare `>`). */
const LAZY_QUOTE = /^> (?=\S)/;

/** A markdown code fence the poster put around the paste (```` ``` ````, ```` ```console ````, `~~~`): never a tool's line. */
export const FENCE = /^\s*(?:`{3,}|~{3,})[\w+.-]*\s*$/;
