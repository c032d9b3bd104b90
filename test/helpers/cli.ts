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
