import type { Shown } from '../classify/shown.js';

/**
 * The filter a typed command pipes the tool's output through, as a predicate
 * "could this line have been printed?" (classify/shown.ts). Stages:
 * - grep/egrep/fgrep with -i -v -w -x -E -F -G -e PAT (GNU grep(1): without -E a
 *   pattern is a basic regex, where `\|` `\+` `\?` `\(` `\{` are the operators and
 *   `|` `+` `?` `(` `{` literal; -E swaps them). -A/-B/-C context lines make a
 *   non-matching line possibly kept; -o, -c, -l, -q replace the lines.
 * - sort, uniq, cat, tee, less, more: every line kept, maybe reordered.
 * - head, tail, awk, sed, cut, tr, column, sed: lines kept or rewritten by
 *   position or program: cannot tell.
 * - md5sum, sha*sum, wc, xargs, base64, jq: the output is no longer the tool's lines.
 */
export interface Pipeline {
  /** Undefined when the tool's output is not piped, or piped only through lossless stages. */
  shown?: Shown;
  /** Set when a stage replaces the lines (`| md5sum`, `| wc -l`, `| grep -c x`): that output is not the tool's. */
  opaque?: string;
}

/** Shell words of one pipeline stage, quotes removed (no expansion). */
function words(stage: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  let cur = '';
  let last = -1;
  for (let m = re.exec(stage); m; m = re.exec(stage)) {
    const piece = m[1] ?? (m[2] !== undefined ? m[2].replace(/\\(["\\$`])/g, '$1') : (m[3] as string));
    if (last === m.index && out.length > 0) cur = `${out.pop() ?? ''}${piece}`;
    else cur = piece;
    out.push(cur);
    last = m.index + m[0].length;
  }
  return out;
}

/** Splits at `|` outside quotes (`||` is not a pipe). */
function stages(command: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (q) {
      if (c === q) q = undefined;
      cur += c;
    } else if (c === "'" || c === '"') {
      q = c;
      cur += c;
    } else if (c === '|' && command[i + 1] !== '|' && command[i - 1] !== '|') {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** GNU basic regex → JS: swap the escaped and plain forms of | + ? ( ) { }. */
function basicToJs(p: string): string {
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i] as string;
    if (c === '\\' && i + 1 < p.length) {
      const n = p[i + 1] as string;
      out += '|+?(){}'.includes(n) ? n : `\\${n}`;
      i++;
    } else out += '|+?(){}'.includes(c) ? `\\${c}` : c;
  }
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Stage = (line: string) => boolean | undefined;

function grepStage(argv: string[]): Stage | 'opaque' | undefined {
  const prog = argv[0] as string;
  let ext = prog === 'egrep';
  let fixed = prog === 'fgrep';
  let icase = false;
  let invert = false;
  let word = false;
  let whole = false;
  let context = false;
  const patterns: string[] = [];
  const rest: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '-e' || a === '--regexp') patterns.push(argv[++i] ?? '');
    else if (/^--regexp=/.test(a)) patterns.push(a.slice(9));
    else if (/^-[ABC]$/.test(a) || /^--(?:after|before)?-?context$/.test(a)) {
      context = true;
      i++;
    } else if (/^-[ABC]\d+$/.test(a) || /^--\w*context=/.test(a)) context = true;
    else if (a === '--ignore-case') icase = true;
    else if (a === '--invert-match') invert = true;
    else if (a === '--extended-regexp') ext = true;
    else if (a === '--fixed-strings') fixed = true;
    else if (/^-[a-zA-Z]+$/.test(a)) {
      for (const f of a.slice(1)) {
        if (f === 'i' || f === 'y') icase = true;
        else if (f === 'v') invert = true;
        else if (f === 'w') word = true;
        else if (f === 'x') whole = true;
        else if (f === 'E') ext = true;
        else if (f === 'F') fixed = true;
        else if (f === 'G') ext = false;
        else if ('oclLqsZ'.includes(f)) return f === 's' ? undefined : 'opaque';
        else if (f === 'a' || f === 'n' || f === 'b' || f === 'H' || f === 'h') {
          /* these keep the lines (n/b/H prefix them) */
        } else return undefined;
      }
    } else if (a.startsWith('-') && a !== '-') return undefined;
    else rest.push(a);
  }
  if (patterns.length === 0 && rest.length > 0) patterns.push(rest.shift() as string);
  if (patterns.length === 0) return undefined;
  let res: RegExp[];
  try {
    res = patterns
      .flatMap((p) => p.split('\n'))
      .map((p) => {
        let src = fixed ? escapeRe(p) : ext ? p : basicToJs(p);
        if (word) src = `(?<![\\w])(?:${src})(?![\\w])`;
        if (whole) src = `^(?:${src})$`;
        return new RegExp(src, icase ? 'i' : '');
      });
  } catch {
    return undefined;
  }
  return (line) => {
    const hit = res.some((r) => r.test(line)) !== invert;
    return hit ? true : context ? undefined : false;
  };
}

const LOSSLESS = /^(?:sort|uniq|cat|tee|less|more|nl)$/;
const REPLACES = /^(?:md5sum|sha1sum|sha256sum|sha512sum|cksum|wc|xargs|base64|jq|od|xxd)$/;

/** The filter of a typed command after its first stage (the tool). */
export function pipelineOf(command: string): Pipeline {
  const parts = stages(command);
  const named = lsNames(parts[0] ?? '');
  if (parts.length < 2) return named ? { shown: named } : {};
  const after = parts.slice(1);
  const tests: Stage[] = named ? [(line) => named.keeps(line)] : [];
  for (const part of after) {
    const argv = words(part);
    const prog = (argv[0] ?? '').split('/').pop() ?? '';
    if (REPLACES.test(prog)) return { opaque: part };
    if (LOSSLESS.test(prog)) continue;
    if (/^[ef]?grep$/.test(prog)) {
      const g = grepStage([prog, ...argv.slice(1)]);
      if (g === 'opaque') return { opaque: part };
      tests.push(g ?? (() => undefined));
      continue;
    }
    // head, tail, awk, sed, cut, tr… keep or rewrite lines by position or program.
    tests.push(() => undefined);
  }
  if (tests.length === 0) return {};
  const filter = [
    ...(named ? [named.filter] : []),
    ...after.filter((p) => !LOSSLESS.test(words(p)[0] ?? '')),
  ].join(' | ');
  return {
    shown: {
      filter,
      keeps(line: string) {
        // Stages run in order; after one that can rewrite a line, later greps see text we cannot know.
        for (const t of tests) {
          const r = t(line);
          if (r === false) return false;
          if (r === undefined) return undefined;
        }
        return true;
      },
    },
  };
}

/** Several sections of one tool: a line is shown if any section would show it. */
export function anyShown(list: readonly (Shown | undefined)[]): Shown | undefined {
  if (list.length === 0 || list.some((s) => s === undefined)) return undefined;
  const all = list as Shown[];
  if (all.length === 1) return all[0];
  return {
    filter: all.map((s) => s.filter).join('; '),
    keeps(line) {
      const r = all.map((s) => s.keeps(line));
      return r.some((x) => x === true) ? true : r.every((x) => x === false) ? false : undefined;
    },
  };
}

/**
 * `ls` given names or globs (`ls -l /dev/infiniband/ucm*`, `ls /dev/infiniband/uverbs0`) lists only the entries
 * they match (ls(1) lists its operands; the shell expands the glob before ls runs): an entry outside them is
 * not shown, never absent (issue 38, principle 2). A directory operand (`ls /dev/infiniband`) lists it all.
 */
function lsNames(stage: string): Shown | undefined {
  const argv = words(stage);
  if ((argv[0] ?? '').split('/').pop() !== 'ls') return undefined;
  const ops = argv.slice(1).filter((a) => !a.startsWith('-'));
  const names = ops.map((o) => o.replace(/\/+$/, '')).filter((o) => /\/dev\/infiniband\/[^/]+$/.test(o));
  if (names.length === 0 || names.length < ops.length) return undefined;
  const globs = names.map(
    (n) =>
      new RegExp(
        `^${(n.split('/').pop() as string)
          .replace(/[.+^${}()|\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      ),
  );
  return {
    filter: `ls ${names.join(' ')}`,
    keeps(line: string) {
      const last = line.trim().split(/\s+/).pop()?.split('/').pop() ?? '';
      return globs.some((g) => g.test(last));
    },
  };
}
