import { close, constants, fstat, open, read } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { ToolError } from './errors.js';

/**
 * The one reader for files people hand the tool (`env` recipes, `read`
 * captures, `-` for stdin). A path must be a regular file: a FIFO, socket or
 * device is refused with one line before a byte is read (a FIFO with no
 * writer would wait for ever, /dev/zero never ends); a stream belongs on
 * stdin (`-`). It stops at a size limit with a one-line ToolError instead of
 * growing without bound, and gives up at once when the run's AbortSignal
 * fires (Ctrl-C while stdin waits).
 */

const MiB = 1024 * 1024;

/**
 * The input limits, each defined here only. Real inputs are far smaller: the
 * largest recipe in test/fixtures is 15 KB, the largest capture (ucx_info -d,
 * a nixlbench log with UCX_PROTO_INFO) about 16 KB.
 */
export const INPUT_LIMITS = {
  /**
   * One recipe or manifest file for `env`: 4 MiB is hundreds of recipes in one
   * multi-document file (a whole namespace's `kubectl get -o yaml`); parsing
   * that much YAML already takes about 1.5 s and 250 MiB.
   */
  manifest: 4 * MiB,
  /**
   * Everything one `env` run reads, all files of a directory walk together: an
   * upstream Dynamo checkout holds about 7.5 MiB of YAML; past this the rest of
   * the walk is listed as skipped, so memory stays bounded whatever the tree.
   */
  manifestTotal: 64 * MiB,
  /**
   * How many files one `env` directory walk reads: an upstream Dynamo checkout
   * holds a few hundred YAML files; past this the walk stops listing and says
   * so, so a mistaken path (`env /`, a tree of 100,000 small files) ends in
   * seconds. `env --max-files` raises it.
   */
  manifestFiles: 5000,
  /**
   * One captured tool output for `read`: room for a full CI job log around the
   * capture (UCX debug logging included), far below what would strain memory.
   */
  capture: 16 * MiB,
} as const;

/** Bytes for messages: core/size.ts's one formatter (env/load.ts still imports it from here). */
import { formatBytes } from './size.js';

export interface ReadBoundedOptions {
  /** Refuse inputs longer than this many bytes. */
  limitBytes: number;
  /** The input as named in messages; default: the path as given, or `stdin` for `-`. */
  what?: string;
  /** Relative paths resolve against this; default process.cwd(). */
  cwd?: string;
  /** Rejects with the signal's reason (and closes the input) when it fires. */
  signal?: AbortSignal;
  /** What `-` reads; default process.stdin. */
  stdin?: NodeJS.ReadableStream;
  /**
   * A limit on all inputs of a run together, and how much of it earlier inputs
   * used: this input may take only what is left, and the error then names the
   * total, what was read already, and the per-input limit.
   */
  total?: { limitBytes: number; usedBytes: number };
  /** The `fix` of the too-large error. */
  tooLargeFix?: string;
  /** The `fix` of the cannot-open/cannot-read error. */
  unreadableFix?: string;
}

const openFd = promisify(open);
const fstatFd = promisify(fstat);
const closeFd = (fd: number) => promisify(close)(fd).catch(() => undefined);

function why(err: unknown): string {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENXIO':
      return 'it is a socket or a device with nothing behind it';
    case 'ENOTREGULAR':
      return (err as Error).message;
    default:
      return (err as Error).message;
  }
}

/** What a stat says a non-regular file is, for the refusal. */
export function fileKind(st: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isDirectory(): boolean;
}): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isDirectory()) return 'a directory';
  return 'not a regular file';
}

/** The refusal of a path that is not a regular file; `-` (stdin) is the way to hand the tool a stream. */
export const NOT_REGULAR_FIX = 'save it to a file, or pipe it in and give - for stdin';

/**
 * Opens a regular file. O_NONBLOCK makes open() of a FIFO return at once even
 * with no writer (a blocked open cannot be cancelled), and the fstat of the
 * opened descriptor (no race with a rename) refuses anything that is not a
 * regular file: a FIFO with no writer would wait for ever, a device may never end.
 */
async function openRegular(file: string): Promise<{ fd: number; size: number }> {
  const fd = await openFd(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = await fstatFd(fd);
    if (st.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (!st.isFile())
      throw Object.assign(new Error(`it is ${fileKind(st)}, not a regular file or a directory`), {
        code: 'ENOTREGULAR',
      });
    return { fd, size: st.size };
  } catch (err) {
    await closeFd(fd);
    throw err;
  }
}

/** Reads `source` (a path, or `-` for stdin) into memory, refusing more than `limitBytes`. */
export async function readBoundedBytes(source: string, opts: ReadBoundedOptions): Promise<Buffer> {
  const what = opts.what ?? (source === '-' ? 'stdin' : source);
  const { signal } = opts;
  signal?.throwIfAborted();
  const unreadable = (err: unknown) =>
    (err as NodeJS.ErrnoException).code === 'ENOTREGULAR'
      ? new ToolError(`cannot read ${what}: ${why(err)}`, { fix: NOT_REGULAR_FIX, cause: err })
      : new ToolError(`cannot read ${what}: ${why(err)}`, {
          ...(opts.unreadableFix ? { fix: opts.unreadableFix } : {}),
          cause: err,
        });
  if (source === '-') return collect(opts.stdin ?? process.stdin, what, opts, unreadable);
  let file: { fd: number; size: number };
  try {
    file = await openRegular(path.resolve(opts.cwd ?? process.cwd(), source));
  } catch (err) {
    throw unreadable(err);
  }
  return readRegular(file, what, opts, unreadable);
}

const readFd = promisify(read);
/** How much a read after the first asks for (a file that grew past its stat size). */
const READ_CHUNK = 64 * 1024;

/**
 * An opened regular file's bytes, read from its descriptor into one buffer sized by its stat (no
 * stream: a walk of thousands of small recipes spent more on streams than on reading, issue 40
 * item 13), to its end, refusing more than the limit; always closes the descriptor.
 */
async function readRegular(
  file: { fd: number; size: number },
  what: string,
  opts: ReadBoundedOptions,
  unreadable: (err: unknown) => ToolError,
): Promise<Buffer> {
  const { signal } = opts;
  const limitBytes = Math.min(opts.limitBytes, leftOf(opts));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // The first read asks for one byte past the stat size (or the limit): a file that grew is read on.
    let want = Math.min(file.size, limitBytes) + 1;
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const buf = Buffer.allocUnsafe(want);
      let n: number;
      try {
        n = (await readFd(file.fd, buf, 0, want, null)).bytesRead;
      } catch (err) {
        throw unreadable(err);
      }
      if (n === 0) break;
      size += n;
      if (size > limitBytes)
        throw new ToolError(
          tooLarge(what, opts, leftOf(opts)),
          opts.tooLargeFix ? { fix: opts.tooLargeFix } : {},
        );
      chunks.push(n === want ? buf : buf.subarray(0, n));
      want = READ_CHUNK;
    }
  } finally {
    await closeFd(file.fd);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
}

/** What the run's total leaves for this input (no total: no bound). */
function leftOf(opts: ReadBoundedOptions): number {
  return opts.total ? Math.max(0, opts.total.limitBytes - opts.total.usedBytes) : Number.POSITIVE_INFINITY;
}

/** Reads `source` as UTF-8 text (a leading BOM dropped; invalid bytes become U+FFFD). */
export async function readBounded(source: string, opts: ReadBoundedOptions): Promise<string> {
  const bytes = await readBoundedBytes(source, opts);
  return new TextDecoder('utf-8').decode(bytes);
}

/** `x is larger than the 4 MiB input limit`, or, when the run's total is what ran out, how much was left of it. */
function tooLarge(what: string, opts: ReadBoundedOptions, left: number): string {
  const { total } = opts;
  if (!total || left >= opts.limitBytes)
    return `${what} is larger than the ${formatBytes(opts.limitBytes)} input limit`;
  return (
    `${what} is larger than the ${formatBytes(left)} left of the ${formatBytes(total.limitBytes)} total input limit ` +
    `(${formatBytes(total.usedBytes)} already read by this run; one file may have up to ${formatBytes(opts.limitBytes)})`
  );
}

function collect(
  stream: NodeJS.ReadableStream,
  what: string,
  opts: ReadBoundedOptions,
  unreadable: (err: unknown) => ToolError,
): Promise<Buffer> {
  const { signal } = opts;
  const left = leftOf(opts);
  const limitBytes = Math.min(opts.limitBytes, left);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (err: unknown, value?: Buffer) => {
      if (settled) return;
      settled = true;
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
      if (err === undefined) resolve(value as Buffer);
      else {
        // Stop reading: closes the file or pipe, and lets the process exit.
        (stream as Readable).destroy?.();
        chunks.length = 0;
        reject(err);
      }
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > limitBytes) {
        settle(new ToolError(tooLarge(what, opts, left), opts.tooLargeFix ? { fix: opts.tooLargeFix } : {}));
        return;
      }
      chunks.push(buf);
    };
    const onEnd = () => settle(undefined, Buffer.concat(chunks, size));
    const onError = (err: unknown) => settle(unreadable(err));
    const onAbort = () => settle(signal?.reason ?? new Error('aborted'));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    stream.resume();
  });
}
