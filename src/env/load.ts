import { statSync } from 'node:fs';
import { LineCounter, parseAllDocuments } from 'yaml';
import { ToolError } from '../core/errors.js';
import { INPUT_LIMITS, readBoundedBytes } from '../core/input.js';
import { formatBytes } from '../core/size.js';
import { fastParseAll } from './fast-yaml.js';
import { GO_TEMPLATE, manifestDespiteActions } from './go-template.js';
import { readRendered } from './kustomize-read.js';
import { type LoadProgress, progressOf } from './load-progress.js';
import { type Cut, cutLike, keyCutAtEnd, readInPart, unfence } from './read-in-part.js';
import { repeatsSkipped } from './repeated-keys.js';
import type { Skipped } from './schema.js';
import { expandPaths, type ReadCaps } from './walk.js';

/** One parsed YAML document. */
export interface LoadedDoc {
  /** The file as shown to people: as given, or relative to the working directory. */
  file: string;
  /** 1-based document number in the file. */
  doc: number;
  /** 1-based line where the document's content starts. */
  line: number;
  value: unknown;
  /** Why the document is not whole (the file was read in part and its lines after the document's stop are not shown). */
  partial?: string;
  /** Where a rendered document's object is written (kustomize: its source file and line), for CI locations. */
  at?: { file: string; line: number };
}

export interface Loaded {
  files: string[];
  docs: LoadedDoc[];
  skipped: Skipped[];
  /** The kustomizations rendered and read (their shown kustomization files). */
  rendered?: string[];
}

/** Larger inputs are not recipes; refusing them keeps a mistaken path (a log, /dev/zero) from eating memory. */
export const MAX_FILE_BYTES = INPUT_LIMITS.manifest;
/** All files of one run together; the files past it are skipped, not read. */
export const MAX_TOTAL_BYTES = INPUT_LIMITS.manifestTotal;
/** The files one run reads from its directory walks; past it the walk stops listing. */
export const MAX_FILES = INPUT_LIMITS.manifestFiles;

export type { ReadCaps } from './walk.js';

export const DEFAULT_CAPS: ReadCaps = { maxFiles: MAX_FILES, maxTotalBytes: MAX_TOTAL_BYTES };

/** A file that was read but is not usable YAML: where, and why. A walk lists it as skipped and goes on. */
export class UnusableFileError extends ToolError {
  constructor(
    message: string,
    readonly line: number,
    readonly reason: string,
    fix: string,
  ) {
    super(message, { fix });
    this.name = 'UnusableFileError';
  }
}
/** The yaml package's alias budget (its default): recipes use no aliases; a "billion laughs" document needs millions. */
export const MAX_ALIAS_COUNT = 100;
/** A file is text when it has no NUL byte and is valid UTF-8. */
function decodeText(buf: Buffer, shown: string): string {
  const nul = buf.indexOf(0);
  if (nul >= 0) {
    throw new UnusableFileError(
      `${shown}: not a text file (binary content at byte ${nul})`,
      1,
      `not a text file (binary content at byte ${nul})`,
      'give YAML manifests only',
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    throw new UnusableFileError(
      `${shown}: not a text file (invalid UTF-8)`,
      1,
      'not a text file (invalid UTF-8)',
      'save it as UTF-8 YAML',
    );
  }
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim();
}

/** Flow collections nested deeper than this are refused before parsing (the parser recurses, slowly). */
export const MAX_FLOW_DEPTH = 512;

/** What tooDeep looks at: quotes, comments and flow brackets (everything else is passed over at once). */
const FLOW_CHARS = /["'#[\]{}]/g;

/** Offset where `[`/`{` nesting (outside quotes and comments) first exceeds the limit, or -1. */
function tooDeep(text: string): number {
  // Without a `[` or `{` nothing nests (most manifests: block style only).
  if (!text.includes('[') && !text.includes('{')) return -1;
  let depth = 0;
  FLOW_CHARS.lastIndex = 0;
  for (let m = FLOW_CHARS.exec(text); m; m = FLOW_CHARS.exec(text)) {
    const i = m.index;
    const c = m[0];
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end > 0) FLOW_CHARS.lastIndex = end + 1;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      FLOW_CHARS.lastIndex = nl + 1;
    } else if (c === '[' || c === '{') {
      if (++depth > MAX_FLOW_DEPTH) return i;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return -1;
}

function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, col: offset - before.lastIndexOf('\n') };
}

function syntaxError(shown: string, pos: { line: number; col: number }, message: string): ToolError {
  const what = /call stack/i.test(message) ? 'nested too deeply' : firstLine(message);
  return new UnusableFileError(
    `${shown}:${pos.line}:${pos.col}: invalid YAML: ${what}`,
    pos.line,
    `invalid YAML at line ${pos.line}, column ${pos.col}: ${what}`,
    'fix the YAML syntax at that position',
  );
}

/**
 * The value with every longer string a copy of its own. A parser's strings are slices of the
 * file's text, and each one kept (a service's command line, an env value) would keep the whole
 * text alive: a walk would hold every file it read, twice its size (issue 40 item 13).
 * V8 copies strings shorter than 13 characters anyway.
 */
function ownStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.length < 13 ? value : ` ${value}`.slice(1);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = ownStrings(value[i]);
    return value;
  }
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) o[k] = ownStrings(o[k]);
  return value;
}

/**
 * Parses every document of one file; a syntax error or an alias bomb is a ToolError naming line and column.
 * Plain manifests take js-yaml's fast path (fast-yaml.ts) unless `full` asks for the `yaml` package.
 */
export function parseYamlFile(
  raw: string,
  shown: string,
  full = false,
): { docs: LoadedDoc[]; skipped: Skipped[] } {
  // CRLF (or CR) line ends, as a file saved on Windows or copied from a page has them: YAML reads each as one line
  // end, and so does every line-based repair below (a shell command before the manifest, a cut).
  const text = unfence(raw.replace(/\r\n?/g, '\n'));
  const part = (first?: Cut) =>
    readInPart(
      text,
      shown,
      (t) => parseWhole(t, shown, full),
      (e) => (e instanceof UnusableFileError ? e : undefined),
      first,
    );
  const cut = keyCutAtEnd(text);
  const atKey = cut && part(cut);
  if (atKey) return atKey;
  try {
    return parseWhole(text, shown, full);
  } catch (err) {
    if (!(err instanceof UnusableFileError) || !/^invalid YAML/.test(err.reason) || !cutLike(err.reason))
      throw err;
    return part() ?? throwIt(err);
  }
}

const throwIt = (err: Error): never => {
  throw err;
};

function parseWhole(text: string, shown: string, full = false): { docs: LoadedDoc[]; skipped: Skipped[] } {
  if (!GO_TEMPLATE.test(text)) return parseManifest(text, shown, full);
  // Actions inside string values are the controller's own templating (go-template.ts): a manifest.
  const parsed = manifestDespiteActions(text, () => parseManifest(text, shown, full));
  if (parsed) return parsed;
  const why = 'a Helm/Go template, not a manifest; render it first (helm template …)';
  return { docs: [], skipped: [{ file: shown, doc: 0, line: 1, kind: '-', why }] };
}

function parseManifest(
  text: string,
  shown: string,
  full: boolean,
  uniqueKeys = true,
): { docs: LoadedDoc[]; skipped: Skipped[] } {
  const deep = tooDeep(text);
  if (deep >= 0) {
    const pos = lineCol(text, deep);
    throw new UnusableFileError(
      `${shown}:${pos.line}:${pos.col}: YAML nested more than ${MAX_FLOW_DEPTH} levels deep`,
      pos.line,
      `YAML nested more than ${MAX_FLOW_DEPTH} levels deep at line ${pos.line}`,
      'give plain manifests',
    );
  }
  const fast = full ? undefined : fastParseAll(text);
  if (fast)
    return { docs: fast.map((d) => ({ file: shown, ...d, value: ownStrings(d.value) })), skipped: [] };
  const lc = new LineCounter();
  let parsed: ReturnType<typeof parseAllDocuments>;
  try {
    parsed = parseAllDocuments(text, {
      lineCounter: lc,
      prettyErrors: true,
      uniqueKeys,
      logLevel: 'error',
    });
  } catch (err) {
    throw syntaxError(shown, { line: 1, col: 1 }, (err as Error).message);
  }
  if ('empty' in parsed) {
    const error = parsed.errors[0];
    if (error) throw syntaxError(shown, error.linePos?.[0] ?? lc.linePos(error.pos[0]), error.message);
    return { docs: [], skipped: [] };
  }
  const docs: LoadedDoc[] = [];
  for (const [k, doc] of [...parsed].entries()) {
    const error = doc.errors[0];
    const same = error?.code === 'DUPLICATE_KEY' && uniqueKeys ? repeatsSkipped(text, shown) : undefined;
    if (same) return { docs: parseManifest(text, shown, true, false).docs, skipped: same };
    if (error) throw syntaxError(shown, error.linePos?.[0] ?? lc.linePos(error.pos[0]), error.message);
    const start = doc.contents?.range?.[0];
    if (start === undefined || doc.contents === null) continue; // an empty document: comments or `---` only
    const line = lc.linePos(start).line;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      const bomb = err instanceof ReferenceError && /alias/i.test(err.message);
      const reason = bomb
        ? `refusing to expand YAML aliases: ${firstLine(err.message)} (a "billion laughs" document?)`
        : `cannot read YAML document ${k + 1}: ${firstLine((err as Error).message)}`;
      throw new UnusableFileError(
        `${shown}:${line}:1: ${reason}`,
        line,
        `document ${k + 1} at line ${line}: ${reason}`,
        'give plain manifests without alias chains',
      );
    }
    if (value === null || value === undefined) continue;
    docs.push({ file: shown, doc: k + 1, line, value: ownStrings(value) });
  }
  return { docs, skipped: [] };
}

/** A render's output parsed as a file's content is; unusable YAML becomes one skipped entry. */
function parseRendered(bytes: Buffer, shown: string): { docs: LoadedDoc[]; skipped: Skipped[] } {
  try {
    return parseYamlFile(decodeText(bytes, shown), shown);
  } catch (err) {
    if (!(err instanceof UnusableFileError)) throw err;
    return {
      docs: [],
      skipped: [{ file: shown, doc: 0, line: 1, kind: '-', why: `rendered, but ${err.reason}` }],
    };
  }
}

/**
 * Reads every path (files and directories, `-` for stdin), parsing all YAML.
 * A walk never aborts: a file that cannot be read or parsed becomes a
 * `skipped` entry naming the file, line and reason. Only a path that does not
 * exist, or a single file given by name that cannot be read at all (no
 * permission, over the size limit, /dev/zero), is an error.
 */
export async function loadInputs(
  paths: readonly string[],
  cwd: string,
  signal?: AbortSignal,
  stdin?: NodeJS.ReadableStream,
  /** Shows files and MB read once the walk has taken over a second (give it only for a TTY). */
  watch?: LoadProgress,
  /** The run's file and byte caps; default DEFAULT_CAPS. */
  caps: ReadCaps = DEFAULT_CAPS,
  /**
   * Takes each document as its file is parsed; the returned docs then keep only where each is
   * (file, doc, line: `value` undefined), so a walk holds one file's documents at a time.
   */
  onDoc?: (doc: LoadedDoc) => void,
): Promise<Loaded> {
  if (paths.length === 0)
    throw new ToolError('no recipe given', { fix: 'interconnect-test env <file|dir|->…' });
  const { files, skipped } = await expandPaths(paths, cwd, caps);
  const docs: LoadedDoc[] = [];
  const rendered: string[] = [];
  const soleFile = files.length === 1 && files[0]?.named === true;
  const maxTotal = caps.maxTotalBytes;
  let total = 0;
  const shown = progressOf(watch, files.length);
  try {
    // File by file: each file's bytes are dropped once parsed, so reading holds one file at a time.
    for (const [k, f] of files.entries()) {
      shown.file(k, total);
      const left = maxTotal - total;
      // A file that cannot fit what is left of the total (its size as stat gives it) ends the reading.
      // statSync: a stat through the thread pool cost 0.2 ms of CPU a file (2,000 small files: 0.4 s).
      const size = f.abs === '-' ? 0 : (statSync(f.abs, { throwIfNoEntry: false })?.size ?? 0);
      if (left <= 0 || (size > left && size <= MAX_FILE_BYTES)) {
        // One line for everything the total left out, not one per file.
        const rest = files.length - k - 1;
        const room =
          left <= 0 ? 'this run already read its' : `only ${formatBytes(left)} was left of this run's`;
        skipped.push({
          file: f.shown,
          doc: 0,
          line: 1,
          kind: '-',
          why:
            `not read${rest > 0 ? `, nor the ${rest} file${rest === 1 ? '' : 's'} after it` : ''}: ` +
            `${room} ${formatBytes(maxTotal)} total input limit (raise it with --max-total)`,
        });
        break;
      }
      let bytes: Buffer;
      if (f.kustomize) {
        // A kustomization directory: its rendered documents, parsed as a file's are.
        const r = await readRendered(
          f.kustomize,
          Math.min(MAX_FILE_BYTES, left),
          (b) => parseRendered(b, f.shown),
          signal,
        );
        total += r.bytes;
        if (r.rendered) rendered.push(f.shown);
        skipped.push(...r.skipped);
        for (const d of r.docs) {
          onDoc?.(d);
          docs.push(onDoc ? { ...d, value: undefined } : d);
        }
        continue;
      }
      try {
        bytes = await readBoundedBytes(f.abs, {
          limitBytes: MAX_FILE_BYTES,
          total: { limitBytes: maxTotal, usedBytes: total },
          what: f.shown,
          ...(signal ? { signal } : {}),
          ...(stdin ? { stdin } : {}),
          tooLargeFix: 'give the recipe files, not archives or logs',
          unreadableFix: 'check the file',
        });
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        const e =
          err instanceof ToolError
            ? err
            : new ToolError(`${f.shown}: cannot read: ${(err as Error).message}`, { fix: 'check the file' });
        if (soleFile) throw e;
        const why = e.message.split(f.shown).join('the file');
        skipped.push({ file: f.shown, doc: 0, line: 1, kind: '-', why: `not read: ${why}` });
        continue;
      }
      total += bytes.length;
      try {
        const text = decodeText(bytes, f.shown);
        const one = parseYamlFile(text, f.shown);
        if (one.docs.length === 0 && one.skipped.length === 0) {
          skipped.push({
            file: f.shown,
            doc: 0,
            line: 1,
            kind: '-',
            why: 'no YAML documents (empty or comments only)',
          });
        }
        if (onDoc)
          for (const d of one.docs) {
            onDoc(d);
            docs.push({ file: d.file, doc: d.doc, line: d.line, value: undefined });
          }
        else docs.push(...one.docs);
        skipped.push(...one.skipped);
      } catch (err) {
        if (!(err instanceof UnusableFileError)) throw err;
        skipped.push({ file: f.shown, doc: 0, line: err.line, kind: '-', why: err.reason });
      }
    }
  } finally {
    shown.end();
  }
  return { files: files.map((f) => f.shown), docs, skipped, ...(rendered.length ? { rendered } : {}) };
}
