import { spawn } from 'node:child_process';

/** What a bounded run keeps of stderr (enough for any one-line error, never a flood). */
const MAX_STDERR_BYTES = 64 * 1024;

export interface BoundedRun {
  stdout: Buffer;
  stderr: string;
  code: number | null;
  /** It ran past its time limit and was killed. */
  timedOut: boolean;
  /** Its stdout passed the byte limit and it was killed. */
  tooLarge: boolean;
  /** It could not be started (the spawn error). */
  spawnError?: string;
}

/**
 * Runs argv (no shell) with a time limit and a stdout byte limit; either one kills it (SIGKILL),
 * and says which. For a tool whose whole output we parse (env's kustomize render), where a cut
 * output would be read as if whole: LocalRunner keeps a truncated tail instead.
 */
export function runBounded(
  argv: readonly string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; timeoutMs: number; limitBytes: number; signal?: AbortSignal },
): Promise<BoundedRun> {
  const [file, ...args] = argv;
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    let timedOut = false;
    let tooLarge = false;
    const child = spawn(file as string, args, {
      shell: false,
      env: opts.env,
      cwd: opts.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    const onAbort = () => kill();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > opts.limitBytes) {
        tooLarge = true;
        kill();
      } else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < MAX_STDERR_BYTES) err += c.toString('utf8');
    });
    child.on('error', (e) => {
      done();
      resolve({
        stdout: Buffer.alloc(0),
        stderr: err,
        code: null,
        timedOut,
        tooLarge,
        spawnError: e.message,
      });
    });
    child.on('close', (code) => {
      done();
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      resolve({ stdout: Buffer.concat(out), stderr: err, code, timedOut, tooLarge });
    });
  });
}
