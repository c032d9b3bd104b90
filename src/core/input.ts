import { close, constants, createReadStream, fstat, open } from 'node:fs';
import { Socket } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isatty, ReadStream as TtyReadStream } from 'node:tty';
import { promisify } from 'node:util';
import { ToolError } from './errors.js';

/**
 * The one reader for files people hand the tool (`env` recipes, `read`
 * captures, `-` for stdin). It streams whatever the path is — a regular file,
 * a FIFO, a character device, a pipe — stops at a size limit with a one-line
 * ToolError instead of growing without bound (`env /dev/zero`), and gives up
 * at once when the run's AbortSignal fires (Ctrl-C while a FIFO has no writer).
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
   * One captured tool output for `read`: room for a full CI job log around the
   * capture (UCX debug logging included), far below what would strain memory.
   */
  capture: 16 * MiB,
} as const;

/** `16777216` → `16 MiB`; for messages. */
export function formatBytes(n: number): string {
  if (n >= MiB && n % MiB === 0) return `${n / MiB} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

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
    default:
      return (err as Error).message;
  }
}

/**
 * Opens a path for streaming without ever blocking a libuv thread: O_NONBLOCK
 * makes open() of a FIFO return at once even with no writer (a blocked open
 * cannot be cancelled and would keep the process alive after Ctrl-C). FIFOs and
 * ttys are then read through the event loop, which a destroy() cancels; files
 * and other devices through ordinary (thread pool) reads.
 */
async function openStream(file: string): Promise<Readable> {
  const fd = await openFd(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = await fstatFd(fd);
    if (st.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (st.isFIFO() || st.isSocket()) return new Socket({ fd, readable: true, writable: false });
    if (isatty(fd)) return new TtyReadStream(fd);
    if (st.isFile()) return createReadStream(file, { fd });
  } catch (err) {
    await closeFd(fd);
    throw err;
  }
  // Other character and block devices: a plain blocking open (O_NONBLOCK could turn reads into EAGAIN).
  await closeFd(fd);
  return createReadStream(file);
}

/** Reads `source` (a path, or `-` for stdin) into memory, refusing more than `limitBytes`. */
export async function readBoundedBytes(source: string, opts: ReadBoundedOptions): Promise<Buffer> {
  const what = opts.what ?? (source === '-' ? 'stdin' : source);
  const { signal } = opts;
  signal?.throwIfAborted();
  const unreadable = (err: unknown) =>
    new ToolError(`cannot read ${what}: ${why(err)}`, {
      ...(opts.unreadableFix ? { fix: opts.unreadableFix } : {}),
      cause: err,
    });
  let stream: NodeJS.ReadableStream;
  if (source === '-') stream = opts.stdin ?? process.stdin;
  else {
    try {
      stream = await openStream(path.resolve(opts.cwd ?? process.cwd(), source));
    } catch (err) {
      throw unreadable(err);
    }
    if (signal?.aborted) {
      (stream as Readable).destroy();
      throw signal.reason;
    }
  }
  return collect(stream, what, opts, unreadable);
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
  const left = opts.total
    ? Math.max(0, opts.total.limitBytes - opts.total.usedBytes)
    : Number.POSITIVE_INFINITY;
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
