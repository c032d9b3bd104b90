/**
 * Finds the variables a container's shell script puts into the worker's
 * environment: `export X=…`, `X=… cmd` / `env X=… cmd`, and `X=…` followed
 * later by `export X` (or after `set -a`). A small POSIX-shell word splitter,
 * enough for recipe scripts: quotes, escapes, line continuations, comments,
 * `$(…)`/`${…}`/backticks (values that use them are marked not visible) and
 * here-documents (whose bodies are data, not commands).
 */

export interface ShellAssignment {
  name: string;
  /** The value when it is literal; absent when it expands something at run time. */
  value?: string;
  visible: boolean;
  /** The expression as written, when not visible. */
  expr?: string;
  kind: 'export' | 'inline';
}

interface Word {
  text: string;
  raw: string;
  dynamic: boolean;
}
type Token = { t: 'word'; w: Word } | { t: 'op'; op: string };

const SEPARATORS = new Set([';', '&&', '||', '|', '&', '\n', '(', ')', ';;', '|&']);
const KEYWORDS = new Set([
  'if',
  'then',
  'do',
  'else',
  'elif',
  'while',
  'until',
  '!',
  '{',
  '}',
  'time',
  'exec',
  'command',
]);
const ASSIGN = /^([A-Za-z_][A-Za-z0-9_]*)=/;

/** Reads a balanced `(…)` or `{…}` starting at s[i] (the opening char); returns the index after it. */
function skipBalanced(s: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === "'" && open === '(') {
      const end = s.indexOf("'", j + 1);
      j = end < 0 ? s.length : end;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return j + 1;
  }
  return s.length;
}

/**
 * Characters with no meaning to the splitter: outside quotes (inside a word), and inside double
 * quotes; else the one character there (a backslash that ends the script inside quotes).
 */
const PLAIN_RUN = /[^\\ \t\r\n<>;&|()'"$`]+|[\s\S]/y;
const QUOTED_RUN = /[^"\\$`]+|[\s\S]/y;

export function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let w: Word | undefined;
  const heredocs: string[] = [];
  let wantHeredocWord = false;
  const cur = () => {
    w ??= { text: '', raw: '', dynamic: false };
    return w;
  };
  const end = () => {
    if (!w) return;
    if (wantHeredocWord) {
      heredocs.push(w.text);
      wantHeredocWord = false;
    } else out.push({ t: 'word', w });
    w = undefined;
  };
  const dollar = (i: number, word: Word): number => {
    const n = s[i + 1];
    let j: number;
    if (n === '(') j = skipBalanced(s, i + 1, '(', ')');
    else if (n === '{') j = skipBalanced(s, i + 1, '{', '}');
    else if (n !== undefined && /[A-Za-z0-9_@*#?$!-]/.test(n)) {
      j = i + 2;
      if (/[A-Za-z_]/.test(n)) while (j < s.length && /[A-Za-z0-9_]/.test(s[j] ?? '')) j++;
    } else {
      word.text += '$';
      word.raw += '$';
      return i + 1;
    }
    word.dynamic = true;
    word.text += s.slice(i, j);
    word.raw += s.slice(i, j);
    return j;
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (c === '\\' && s[i + 1] === '\n') {
      i += 2;
    } else if (c === ' ' || c === '\t' || c === '\r') {
      end();
      i++;
    } else if (c === '\n') {
      end();
      out.push({ t: 'op', op: '\n' });
      i++;
      // Here-document bodies follow the line that opened them: skip to each delimiter.
      while (heredocs.length > 0) {
        const delim = heredocs.shift() as string;
        for (;;) {
          const nl = s.indexOf('\n', i);
          const line = s.slice(i, nl < 0 ? s.length : nl);
          i = nl < 0 ? s.length : nl + 1;
          if (line.trim() === delim || nl < 0) break;
        }
      }
    } else if (c === '#' && !w) {
      while (i < s.length && s[i] !== '\n') i++;
    } else if (c === '<' || c === '>') {
      if (w && /^\d+$/.test(w.raw)) w = undefined; // `2>&1`: the fd number belongs to the redirection
      end();
      const m = /^(<<-|<<<|<<|>>|>&|<&|&>|>\||<>|<|>)/.exec(s.slice(i)) as RegExpExecArray;
      out.push({ t: 'op', op: 'redir' });
      if (m[1] === '<<' || m[1] === '<<-') wantHeredocWord = true;
      i += m[1]?.length ?? 1;
    } else if (';&|()'.includes(c)) {
      end();
      const two = s.slice(i, i + 2);
      const op = ['&&', '||', ';;', '|&'].includes(two) ? two : c;
      out.push({ t: 'op', op });
      i += op.length;
    } else if (c === "'") {
      const close = s.indexOf("'", i + 1);
      const j = close < 0 ? s.length : close;
      cur().text += s.slice(i + 1, j);
      cur().raw += s.slice(i, j + 1);
      i = j + 1;
    } else if (c === '"') {
      const word = cur();
      word.raw += '"';
      i++;
      while (i < s.length && s[i] !== '"') {
        const d = s[i] as string;
        if (d === '\\' && i + 1 < s.length) {
          const e = s[i + 1] as string;
          if (e !== '\n') word.text += '$`"\\'.includes(e) ? e : `\\${e}`;
          word.raw += d + e;
          i += 2;
        } else if (d === '$') i = dollar(i, word);
        else if (d === '`') {
          const close = s.indexOf('`', i + 1);
          const j = close < 0 ? s.length : close + 1;
          word.dynamic = true;
          word.text += s.slice(i, j);
          word.raw += s.slice(i, j);
          i = j;
        } else {
          // A run of plain characters at once (none of them ends the string or starts anything).
          QUOTED_RUN.lastIndex = i;
          const run = (QUOTED_RUN.exec(s) as RegExpExecArray)[0];
          word.text += run;
          word.raw += run;
          i += run.length;
        }
      }
      word.raw += '"';
      i++;
    } else if (c === '$') {
      i = dollar(i, cur());
    } else if (c === '`') {
      const close = s.indexOf('`', i + 1);
      const j = close < 0 ? s.length : close + 1;
      const word = cur();
      word.dynamic = true;
      word.text += s.slice(i, j);
      word.raw += s.slice(i, j);
      i = j;
    } else if (c === '\\') {
      cur().text += s[i + 1] ?? '';
      cur().raw += s.slice(i, i + 2);
      i += 2;
    } else {
      // A run of plain characters at once: once a word has begun, `#` is plain too.
      PLAIN_RUN.lastIndex = i;
      const run = (PLAIN_RUN.exec(s) as RegExpExecArray)[0];
      cur().text += run;
      cur().raw += run;
      i += run.length;
    }
  }
  end();
  return out;
}

/** Splits tokens into simple commands (words only; redirections and their targets dropped). */
function simpleCommands(tokens: Token[]): Word[][] {
  const cmds: Word[][] = [];
  let words: Word[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k] as Token;
    if (tok.t === 'op') {
      if (tok.op === 'redir') {
        if (tokens[k + 1]?.t === 'word') k++;
        continue;
      }
      if (SEPARATORS.has(tok.op)) {
        if (words.length) cmds.push(words);
        words = [];
      }
    } else words.push(tok.w);
  }
  if (words.length) cmds.push(words);
  return cmds;
}

/** The commands of a script as the words' texts (quotes removed), one list per simple command. */
export function scriptCommands(script: string): string[][] {
  return simpleCommands(tokenize(script)).map((c) => c.map((w) => w.text));
}

/** The last script split into commands (a service's script is read twice: its exports, then its own variables). */
let lastScript: { script: string; commands: Word[][] } | undefined;

/** simpleCommands(tokenize(script)), kept for the next call with the same script (read it, never change it). */
function commandsOf(script: string): Word[][] {
  if (lastScript?.script !== script) lastScript = { script, commands: simpleCommands(tokenize(script)) };
  return lastScript.commands;
}

function assignment(w: Word, kind: ShellAssignment['kind']): ShellAssignment | undefined {
  const m = ASSIGN.exec(w.raw);
  if (!m) return undefined;
  const name = m[1] as string;
  const value = w.text.slice(name.length + 1);
  return w.dynamic ? { name, visible: false, expr: value, kind } : { name, value, visible: true, kind };
}

/**
 * Every variable the script exports to the processes it starts, in script order; with
 * `local`, also the plain shell variables (`KV_CFG='{…}'` on its own line), which the script's
 * own later words (`--kv-transfer-config "$KV_CFG"`) expand.
 */
export function shellAssignments(script: string, local = false): ShellAssignment[] {
  const found: ShellAssignment[] = [];
  const shellVars = new Map<string, ShellAssignment>();
  let allexport = false;
  for (let words of commandsOf(script)) {
    while (words.length && KEYWORDS.has(words[0]?.raw ?? '')) words = words.slice(1);
    const pre: ShellAssignment[] = [];
    let k = 0;
    for (; k < words.length; k++) {
      const a = assignment(words[k] as Word, 'inline');
      if (!a) break;
      pre.push(a);
    }
    const rest = words.slice(k);
    const head = rest[0]?.raw;
    if (rest.length === 0) {
      for (const a of pre) {
        if (allexport) found.push({ ...a, kind: 'export' });
        else {
          shellVars.set(a.name, a);
          if (local) found.push(a);
        }
      }
    } else if (head === 'set' && rest.some((w) => /^[-+][a-zA-Z]*a/.test(w.raw) || w.raw === 'allexport')) {
      // `set -a` / `set -o allexport` export every later assignment; `set +a` / `+o allexport` stop it.
      allexport = !rest.some((w) => /^\+[a-zA-Z]*a/.test(w.raw) || w.raw === '+o');
    } else if (
      head === 'export' ||
      ((head === 'declare' || head === 'typeset') && rest.some((w) => /^-[a-zA-Z]*x/.test(w.raw)))
    ) {
      for (const w of rest.slice(1)) {
        if (w.raw.startsWith('-')) continue;
        const a = assignment(w, 'export');
        if (a) found.push(a);
        else if (shellVars.has(w.text))
          found.push({ ...(shellVars.get(w.text) as ShellAssignment), kind: 'export' });
      }
    } else {
      found.push(...pre);
      if (head === 'env') {
        const args = rest.slice(1);
        for (let j = 0; j < args.length; j++) {
          const w = args[j] as Word;
          if (w.raw === '-u' || w.raw === '--unset' || w.raw === '-C' || w.raw === '--chdir') {
            j++; // these options take an argument
            continue;
          }
          if (w.raw.startsWith('-')) continue;
          const a = assignment(w, 'inline');
          if (!a) break;
          found.push(a);
        }
      }
    }
  }
  return found;
}

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ash', 'ksh']);

/**
 * The script a container runs through a shell (`sh -c SCRIPT`, `bash -lc SCRIPT`),
 * with its index in the combined command+args list; undefined when the
 * command is not a shell (then args are plain argv and nothing is exported).
 */
export function shellScript(argv: readonly string[]): { script: string; index: number } | undefined {
  const exe = argv[0]?.split('/').pop();
  if (!exe || !SHELLS.has(exe)) return undefined;
  let sawC = false;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k] as string;
    if (a === '-o' || a === '+o') {
      k++;
      continue;
    }
    if (!sawC && /^[-+][a-zA-Z]+$/.test(a)) {
      if (a.startsWith('-') && a.includes('c')) sawC = true;
      continue;
    }
    // `--` ends the options (bash(1)): `bash -c -- 'script'` runs the word after it.
    if (a === '--' && sawC && k + 1 < argv.length) return { script: argv[k + 1] as string, index: k + 1 };
    return sawC ? { script: a, index: k } : undefined;
  }
  return undefined;
}

/**
 * The word a shell started with `-c` reads as one of its own options where the script should be: a word of the
 * `--name` form after the one-letter options (`sh -c --model …`, `bash -lc --port 8000`). bash reads multi-character
 * options only before the one-letter ones (bash(1), OPTIONS), so there it is "invalid option"; dash reads `--` as
 * the end of options and fails on the rest ("Illegal option --"); both exit with status 2 and run nothing.
 * Undefined when the shell is not one of these, no `-c` is given, or the script operand is a script.
 */
export function shellRejectedOperand(argv: readonly string[]): string | undefined {
  const exe = argv[0]?.split('/').pop();
  if (!exe || !['sh', 'bash', 'dash', 'ash'].includes(exe)) return undefined;
  let sawC = false;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k] as string;
    if (a === '-o' || a === '+o' || a === '-O' || a === '+O') k++;
    else if (/^[-+][a-zA-Z]+$/.test(a)) sawC ||= a.startsWith('-') && a.includes('c');
    else return sawC && /^--[A-Za-z]/.test(a) ? a : undefined;
  }
  return undefined;
}

/**
 * The script with its comments removed: an unquoted `#` that begins a word runs to the end of
 * its line (bash(1) COMMENTS), so a commented-out `# --kv-transfer-config …` line after a
 * continued command is no argument of it. Quotes and backslash escapes are kept as written.
 */
export function stripShellComments(script: string): string {
  if (!script.includes('#')) return script;
  let out = '';
  let quote: "'" | '"' | undefined;
  let wordStart = true;
  for (let i = 0; i < script.length; i++) {
    const c = script[i] as string;
    if (quote) {
      if (c === '\\' && quote === '"' && i + 1 < script.length) {
        out += c + script[++i];
        continue;
      }
      if (c === quote) quote = undefined;
      out += c;
      continue;
    }
    if (c === '#' && wordStart) {
      while (i + 1 < script.length && script[i + 1] !== '\n') i++;
      continue;
    }
    if (c === '\\' && i + 1 < script.length) {
      out += c + script[++i];
      wordStart = false;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    out += c;
    wordStart = /[\s;&|()]/.test(c);
  }
  return out;
}
