/**
 * Issue 38 P1 for manifests: read what is there, whatever its shape. A manifest pasted into a
 * thread often opens with the command that applied it (`kubectl apply -f - <<EOF`, `$ kubectl
 * apply -f x.yaml`) and often stops where the thread's copy stops, mid-line or mid-string, or at
 * one line indented by hand. Such a file is not "nothing to check": the lines that parse are read,
 * the lines that do not are named, and what they held is not shown (a warning, never a pass).
 *
 * Not recovered: duplicate keys with different values (which value is meant?; a key repeated with
 * the same value is read once: repeated-keys.ts), tabs, alias bombs, nesting too deep; those stay
 * errors of the whole file, as before.
 */

import type { Skipped } from './schema.js';

/** A shell command line before a manifest: an optional prompt, then kubectl/oc/cat/… or a heredoc opener. */
const COMMAND =
  /^\s*(?:[$#>]\s+)?(?:(?:sudo\s+)?(?:kubectl|oc|k|cat|helm|envsubst|tee|echo|microk8s)\s.*|.*<<-?\s*['"]?\w+['"]?\s*)$/;
/** The delimiter a heredoc opener names (`<<EOF`, `<<'EOF'`, `<<-EOF`). */
const HEREDOC = /<<-?\s*['"]?(\w+)['"]?/;

/** How a skipped entry names the lines read as a shell command, and a file read up to a line. */
export const AS_COMMAND = 'read as a shell command, not YAML: line';
export const READ_UP_TO = 'read up to line';

/** Errors no shape repair answers. */
const NOT_A_CUT = /Map keys must be unique|Tabs|alias|nested too deeply|nested more than/i;

export interface PartRead {
  /** The text to parse: unread lines blanked, so every line keeps its number. */
  text: string;
  /** 1-based lines read as a shell command, not YAML. */
  commands: number[];
}

/** Blanks the shell command lines that open the text (and the heredoc's closing delimiter). */
export function withoutCommands(text: string): PartRead | undefined {
  const lines = text.split('\n');
  const commands: number[] = [];
  let delimiter: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    // A document start or a comment before the command is YAML's own and stays (`---`, `# deploy the graph`).
    if (/^---\s*$/.test(line) || (/^\s*#/.test(line) && !COMMAND.test(line))) continue;
    // A YAML line is `key: value` or `- item`; a command has neither at its start.
    if (!COMMAND.test(line) || /^\s*(?:-\s|[\w.\-/"']+\s*:(?:\s|$))/.test(line)) break;
    commands.push(i + 1);
    delimiter = HEREDOC.exec(line)?.[1] ?? delimiter;
    lines[i] = '';
  }
  if (commands.length === 0) return undefined;
  if (delimiter)
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = (lines[i] ?? '').trim();
      if (line === '') continue;
      if (line === delimiter) {
        lines[i] = '';
        commands.push(i + 1);
      }
      break;
    }
  return { text: lines.join('\n'), commands };
}

/** Whether a syntax error could be a cut or a hand-indented line (one a part read answers). */
export function cutLike(reason: string): boolean {
  return !NOT_A_CUT.test(reason);
}

/** The text with line `from` (1-based) and every line after it blanked. */
export function before(text: string, from: number): string {
  const lines = text.split('\n');
  for (let i = Math.max(0, from - 1); i < lines.length; i++) lines[i] = '';
  return lines.join('\n');
}

/** How many lines the text has (a final newline ends the last line, it opens none). */
export function lineCount(text: string): number {
  return text.replace(/\n$/, '').split('\n').length;
}

/** A line where the text stops being read, and why. */
export interface Cut {
  line: number;
  reason: string;
}

/**
 * A key cut before its colon where a paste stops (P1/P2): the text ends without a final newline on
 * an indented bare word (`nvidia`, `persistentVolumeCl`) under a key that has no value on its own line
 * (`limits:`). YAML reads the word as that key's string value, but the copy stopped inside the next
 * key: what followed it is not shown. A text that ends with a newline, a word beside its key, a list
 * item or a quoted value stay as written.
 */
export function keyCutAtEnd(text: string): Cut | undefined {
  if (text.endsWith('\n')) return undefined;
  const lines = text.split('\n');
  const word = /^(\s+)([A-Za-z0-9][\w./-]*)$/.exec(lines[lines.length - 1] ?? '');
  if (!word) return undefined;
  for (let i = lines.length - 2; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const key = /^(\s*)(?:-\s+)?[\w./"'-]+:\s*$/.exec(line);
    if (!key || (key[1] ?? '').length >= (word[1] ?? '').length) return undefined;
    return { line: lines.length, reason: `a key cut before its colon: \`${word[2]}\`` };
  }
  return undefined;
}

interface Parsed<D> {
  docs: D[];
  skipped: Skipped[];
}

/**
 * A file that is not YAML as a whole, read in part: its opening shell command lines blanked, then
 * the lines before the first error, stepping back while the rest still does not parse. Undefined
 * when no Kubernetes object (a document with a `kind`) is left to read. `first` is a cut found before
 * any parse (keyCutAtEnd): the text is read from the line before it.
 */
export function readInPart<D extends { value: unknown; doc: number; partial?: string }>(
  text: string,
  shown: string,
  parse: (text: string) => Parsed<D>,
  syntaxError: (err: unknown) => Cut | undefined,
  first?: Cut,
): Parsed<D> | undefined {
  const cmd = withoutCommands(text);
  const skipped: Skipped[] = cmd
    ? [
        {
          file: shown,
          doc: 0,
          line: cmd.commands[0] ?? 1,
          kind: '-',
          why: `${AS_COMMAND} ${cmd.commands.join(', ')}`,
        },
      ]
    : [];
  let t = cmd?.text ?? text;
  let from = first?.line ?? 0;
  let reason = first?.reason ?? '';
  if (first) t = before(t, first.line);
  for (let tries = 0; tries < 64; tries++) {
    try {
      const r = parse(t);
      if (!r.docs.some((d) => typeof (d.value as { kind?: unknown } | null)?.kind === 'string'))
        return undefined;
      if (from) {
        // The document the cut falls in is not whole; those before it are.
        const last = r.docs[r.docs.length - 1];
        if (last) last.partial = `${shown} is read up to line ${from - 1}; the lines after it are not shown`;
        const why = `${READ_UP_TO} ${from - 1}: lines ${from}-${lineCount(text)} not read (${reason}); what they hold is not shown`;
        skipped.push({ file: shown, doc: 0, line: from, kind: '-', why });
      }
      return { docs: r.docs, skipped: [...skipped, ...r.skipped] };
    } catch (err) {
      const e = syntaxError(err);
      if (!e || !cutLike(e.reason)) return undefined;
      // An unrendered envsubst placeholder breaks the YAML there: a template to render, not a cut.
      if (/\$\{\w+\}/.test(t.split('\n')[e.line - 1] ?? '')) return undefined;
      const line = from && e.line >= from ? from - 1 : e.line;
      if (line <= 1) return undefined;
      if (!from) reason = e.reason;
      from = line;
      t = before(t, line);
    }
  }
  return undefined;
}

/**
 * A manifest saved or piped with the markdown fence it was posted in (```yaml … ```, from an issue, a README or a
 * chat): a backtick starts no YAML value (YAML 1.2, 5.3: it is reserved), so a fence line is the page's, not the
 * manifest's. Only a fence that opens the file (after blanks or comments) and one that closes it are taken off,
 * the opening one left as a blank line so that line numbers stay the file's; the text ends where the closing one
 * begins, as the block's content does, so a copy cut before it still ends where it was cut. A fence inside a block
 * scalar is the value's.
 */
export function unfence(text: string): string {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '' && !/^\s*#/.test(l));
  const last = lines.findLastIndex((l) => l.trim() !== '');
  if (
    first < 0 ||
    last <= first ||
    !FENCE_OPEN.test(lines[first] as string) ||
    !FENCE_CLOSE.test(lines[last] as string)
  )
    return text;
  lines[first] = '';
  return lines.slice(0, last).join('\n');
}
const FENCE_OPEN = /^(`{3,}|~{3,})\s*[\w+-]*\s*$/;
const FENCE_CLOSE = /^(`{3,}|~{3,})\s*$/;
