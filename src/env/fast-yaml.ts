import jsyaml from 'js-yaml';

/**
 * A fast path for plain manifests: js-yaml parses about ten times faster than
 * the `yaml` package (which stays the reference: its error messages, its
 * alias budget, its treatment of every YAML corner). The fast path is taken
 * only for text that uses none of the features where the two could differ
 * (see NEEDS_FULL_PARSER), with scalars resolved by the `yaml` package's own
 * core-schema rules; on any js-yaml error it gives up and the caller parses
 * the text with `yaml`, so errors read as before. fast-yaml.test.ts checks
 * that both paths agree on every fixture.
 */

/**
 * A scalar resolved like the `yaml` package's core schema (yaml/dist/schema/core). js-yaml tries
 * every implicit type on every plain scalar: each rule first looks at what its every match starts
 * with (a sign, digit or dot) or its length, so most words skip the patterns.
 */
const DIGIT_OR_SIGN = /^[-+0-9]/;
const NUMBER_START = /^[-+.0-9]/;
const int = new jsyaml.Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (s: string) =>
    DIGIT_OR_SIGN.test(s) && (/^[-+]?[0-9]+$/.test(s) || /^0o[0-7]+$/.test(s) || /^0x[0-9a-fA-F]+$/.test(s)),
  construct: (s: string) =>
    s.startsWith('0o')
      ? parseInt(s.slice(2), 8)
      : s.startsWith('0x')
        ? parseInt(s.slice(2), 16)
        : parseInt(s, 10),
});
const float = new jsyaml.Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (s: string) =>
    NUMBER_START.test(s) &&
    (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(s) ||
      /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(s) ||
      /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(s)),
  construct: (s: string) =>
    s.slice(-3).toLowerCase() === 'nan'
      ? Number.NaN
      : s.slice(-3).toLowerCase() === 'inf'
        ? s[0] === '-'
          ? Number.NEGATIVE_INFINITY
          : Number.POSITIVE_INFINITY
        : parseFloat(s),
});
const nul = new jsyaml.Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  // An empty node comes as null (js-yaml's composeNode): a pattern's test reads it as "null".
  resolve: (s: string | null) => s === null || (s.length <= 4 && /^(?:~|[Nn]ull|NULL)?$/.test(s)),
  construct: () => null,
});
const bool = new jsyaml.Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (s: string | null) =>
    s !== null && (s.length === 4 || s.length === 5) && /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s),
  construct: (s: string) => s[0] === 't' || s[0] === 'T',
});
const SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({ implicit: [nul, bool, int, float] });

/**
 * Text the fast path leaves to the `yaml` package: tabs and CRs; anchors,
 * aliases and tags (`&a`, `*a`, `!!str`) where a node may begin (a line's
 * start, after `: `, `- `, `? ` or a flow indicator; a `&&` inside a shell
 * command is text); merge keys; explicit (`? `), null (`~:`, `: x`) and
 * collection keys (`[a]: x`); directives, `...` document ends and a mapping
 * on a `---` line (`--- a: 1`, an error). Each could make the two parsers
 * disagree; with them the text is parsed as before, only slower.
 */
const NEEDS_FULL_PARSER: readonly (readonly [string[], RegExp])[] = [
  // Each pattern with the strings every one of its matches holds: a text without any of them is
  // passed without running the pattern over it (a whole-text scan by indexOf is several times
  // cheaper than one by a pattern that looks behind; issue 40 item 13).
  [['\t', '\r'], /[\t\r]/],
  // Each of these starts at its one telling character and looks behind it: a scan for `&`, `?`
  // or `:` is cheap, where one pattern of every alternative tried at every offset was not.
  [['&', '*', '!'], /(?<=^ *|[:?-] +|[,[{] *)[&*!]/m],
  [['<<'], /<</],
  [['?'], /(?<=^[ -]*)\?(?:\s|$)/m],
  [[':'], /(?<=(?:^|[\s,{-])(?:~|[Nn]ull|NULL)?|[\]}]\s*):(?:\s|$)/m],
  [['%', '...'], /^(?:%|\.\.\.)/m],
  [['--- '], /^--- +[^#\n]*:(?:\s|$)/m],
];

/** A comment: a whole line, or its end after a space when no quote comes before it on the line. */
const COMMENT = /^([^'"#\n]*(?:\s|^))#.*$/gm;

/** A `:` past 1000 characters into a line: maybe an implicit key over the 1024 the `yaml` package allows. */
function longKey(text: string): boolean {
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    if (end - at > 1000) {
      const colon = text.indexOf(':', at + 1000);
      if (colon >= 0 && colon < end) return true;
    }
    at = end + 1;
  }
  return false;
}

/** A document marker line: `---` at column 0, alone or followed by a space. */
const MARKER = /^---(?=[ \n]|$)/gm;

export interface FastDoc {
  /** 1-based document number in the file (empty documents count). */
  doc: number;
  /** 1-based line where the document's content starts. */
  line: number;
  value: unknown;
}

/** 1-based line of the first content (not blank, not a comment) in `chunk`, which starts at `line`; 0 when none. */
function contentLine(chunk: string, line: number, afterMarker: boolean): number {
  let l = line;
  let from = 0;
  if (afterMarker) {
    const nl = chunk.indexOf('\n');
    const rest = (nl < 0 ? chunk : chunk.slice(0, nl))
      .slice(3)
      .replace(/(^|\s)#.*$/, '')
      .trim();
    if (rest) return l;
    if (nl < 0) return 0;
    from = nl + 1;
    l++;
  }
  while (from < chunk.length) {
    const nl = chunk.indexOf('\n', from);
    const text = chunk.slice(from, nl < 0 ? chunk.length : nl);
    if (text.trim() && !/^\s*#/.test(text)) return l;
    if (nl < 0) break;
    from = nl + 1;
    l++;
  }
  return 0;
}

/**
 * Parses every document of `text` like the `yaml` package would, or returns
 * undefined when the text needs the full parser (a feature above, or anything
 * js-yaml rejects).
 */
export function fastParseAll(text: string): FastDoc[] | undefined {
  // Comments may say anything: look past them (a `#` after a quote on its line is left in: a string may hold it).
  // Taking comments out never adds a match (what is left of a commented line ends in a blank), so
  // a text that matches no pattern as written is passed without the copy (issue 40 item 13).
  const needs = (t: string) =>
    NEEDS_FULL_PARSER.some(([held, re]) => held.some((h) => t.includes(h)) && re.test(t));
  if (needs(text) && needs(text.replace(COMMENT, '$1'))) return undefined;
  if (longKey(text)) return undefined;
  const starts: number[] = [];
  for (const m of text.matchAll(MARKER)) starts.push(m.index);
  const chunks: { at: number; afterMarker: boolean }[] = [];
  // Text before the first marker is a document of its own only when it holds content.
  if (starts[0] !== 0) chunks.push({ at: 0, afterMarker: false });
  for (const at of starts) chunks.push({ at, afterMarker: true });
  const out: FastDoc[] = [];
  let line = 1;
  let lineAt = 0;
  let n = 0;
  for (const [k, c] of chunks.entries()) {
    const end = chunks[k + 1]?.at ?? text.length;
    for (let i = text.indexOf('\n', lineAt); i >= 0 && i < c.at; i = text.indexOf('\n', i + 1)) line++;
    lineAt = c.at;
    const chunk = text.slice(c.at, end);
    const first = contentLine(chunk, line, c.afterMarker);
    if (!c.afterMarker && first === 0) continue; // comments before the first `---`: its prelude
    n++;
    if (first === 0) continue; // an empty document
    let value: unknown;
    try {
      value = jsyaml.load(chunk, { schema: SCHEMA, json: false });
    } catch {
      return undefined;
    }
    if (value === null || value === undefined) continue;
    out.push({ doc: n, line: first, value });
  }
  return out;
}
