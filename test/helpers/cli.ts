import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../src/main.js';
import { repoRoot } from './fixtures.js';

/** A stream for main()'s stdout or stderr that keeps what was written; text() reads it so far. */
export function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => {
    text += c.toString();
  });
  return { stream, text: () => text };
}

export interface RunCliOptions {
  /** The whole environment the CLI sees (default: this process's, with NO_COLOR=1). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** What the CLI reads on stdin, as text or a stream. */
  stdin?: string | NodeJS.ReadableStream;
  /** Aborting it is Ctrl-C (or SIGTERM, by the abort reason) for the CLI. */
  signal?: AbortSignal;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in-process through main(argv, io) and collects its output:
 * `runCli(['env', 'qwen3-32b', '-o', 'json'])`. For the built binary, see spawnCli.
 */
export async function runCli(args: readonly string[], opts: RunCliOptions = {}): Promise<CliResult> {
  const out = capture();
  const err = capture();
  const stdin = typeof opts.stdin === 'string' ? Readable.from([opts.stdin]) : opts.stdin;
  const code = await main(args, {
    stdout: out.stream,
    stderr: err.stream,
    env: opts.env ?? { ...process.env, NO_COLOR: '1' },
    ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
    ...(stdin ? { stdin } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return { code, stdout: out.text(), stderr: err.text() };
}

export const builtCli = path.join(repoRoot, 'dist', 'cli.js');

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Spawns the built CLI (npm test builds it first) from the repository root and
 * collects its output. The one place tests run dist/cli.js as a process.
 */
export function spawnCli(
  args: readonly string[],
  opts: {
    env?: NodeJS.ProcessEnv;
    onStart?: (child: ChildProcess) => void;
    /** What the CLI reads on stdin: text through a pipe (default ''), an open fd of ours, or nothing ('ignore'). */
    stdin?: string | number | 'ignore';
    /** A command that execs the CLI, e.g. ['ip', 'netns', 'exec', NS] to run it in a network namespace. */
    wrap?: string[];
    /** SIGKILL the CLI after this long (a test of something that must end, which would otherwise hang). */
    killAfterMs?: number;
  } = {},
): Promise<CliRun> {
  if (!existsSync(builtCli))
    throw new Error(`${builtCli} is missing: run npm run build first (npm test does)`);
  return new Promise((resolve, reject) => {
    const [cmd, ...pre] = [...(opts.wrap ?? []), process.execPath, builtCli, ...args];
    const piped = opts.stdin === undefined || typeof opts.stdin === 'string';
    const child = spawn(cmd as string, pre, {
      cwd: repoRoot,
      env: { ...process.env, NO_COLOR: '1', ...opts.env },
      stdio: [piped ? 'pipe' : (opts.stdin as number | 'ignore'), 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => {
      stdout += d;
    });
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    const kill =
      opts.killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(kill);
      resolve({ code, signal, stdout, stderr });
    });
    if (piped) child.stdin?.end((opts.stdin as string | undefined) ?? '');
    opts.onStart?.(child);
  });
}

/** A built CLI started in the background, whose stderr a test can wait on line by line. */
export interface LiveCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stderr matches (or rejects after timeoutMs, or when the CLI exits first). */
  waitForStderr(re: RegExp, timeoutMs?: number): Promise<void>;
  done: Promise<CliRun>;
  /** ms since it started. */
  elapsedMs(): number;
}

/** Starts dist/cli.js from the repository root (stdin closed), for tests that act while it runs. */
export function startCli(args: readonly string[], opts: { env?: NodeJS.ProcessEnv } = {}): LiveCli {
  if (!existsSync(builtCli))
    throw new Error(`${builtCli} is missing: run npm run build first (npm test does)`);
  const t0 = performance.now();
  const child = spawn(process.execPath, [builtCli, ...args], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: Array<() => void> = [];
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    err += d;
    for (const w of [...waiters]) w();
  });
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      for (const w of [...waiters]) w();
      resolve({ code, signal, stdout: out, stderr: err });
    });
  });
  let exited = false;
  void done.then(() => {
    exited = true;
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    done,
    elapsedMs: () => performance.now() - t0,
    waitForStderr(re, timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          drop();
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${re} on stderr:\n${err}`));
        }, timeoutMs);
        const check = () => {
          if (re.test(err)) {
            drop();
            resolve();
          } else if (exited || child.exitCode !== null) {
            drop();
            reject(new Error(`the CLI exited before ${re} appeared on stderr:\n${err}`));
          }
        };
        const drop = () => {
          clearTimeout(timer);
          const i = waiters.indexOf(check);
          if (i >= 0) waiters.splice(i, 1);
        };
        waiters.push(check);
        check();
      });
    },
  };
}
