import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import {
  type CommandRunner,
  OutputBuffer,
  type RunOptions,
  type RunResult,
  throwIfAborted,
} from './runner.js';

export interface LocalRunnerOptions {
  /** Environment for the children (PATH decides what is found). Defaults to this process's. */
  env?: NodeJS.ProcessEnv;
  /** Names the host in `where`; defaults to os.hostname(). */
  host?: string;
}

/**
 * Runs argv on this machine with child_process.spawn and no shell: argv[0] is
 * looked up on PATH, the rest are passed as they are. ENOENT means notFound.
 */
export class LocalRunner implements CommandRunner {
  readonly where: string;
  private readonly env: NodeJS.ProcessEnv | undefined;

  constructor(opts: LocalRunnerOptions = {}) {
    this.env = opts.env;
    this.where = `local host ${opts.host ?? hostname()}`;
  }

  async run(argv: readonly string[], opts: RunOptions): Promise<RunResult> {
    throwIfAborted(opts.signal);
    const [file, ...args] = argv;
    if (!file) throw new Error('LocalRunner.run: empty argv');
    return new Promise<RunResult>((resolve, reject) => {
      const stdout = new OutputBuffer();
      const stderr = new OutputBuffer();
      let timedOut = false;
      let settled = false;
      const child = spawn(file, args, {
        shell: false,
        env: this.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, opts.timeoutMs);
      const onAbort = () => {
        child.kill('SIGKILL');
        finish(() => reject(opts.signal?.reason ?? new Error('aborted')));
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        settle();
      };
      child.stdout.on('data', (c: Buffer) => stdout.push(c));
      child.stderr.on('data', (c: Buffer) => stderr.push(c));
      child.on('error', (err: NodeJS.ErrnoException) => {
        // ENOENT: no such executable on PATH. Other spawn errors (EACCES) mean it
        // exists but could not start: report it in stderr, not as "missing".
        finish(() =>
          resolve({
            exitCode: null,
            stdout: stdout.text(),
            stderr: `${stderr.text()}${err.message}\n`,
            notFound: err.code === 'ENOENT',
            timedOut: false,
          }),
        );
      });
      child.on('close', (code) => {
        finish(() =>
          resolve({
            exitCode: timedOut ? null : code,
            stdout: stdout.text(),
            stderr: stderr.text(),
            notFound: false,
            timedOut,
          }),
        );
      });
    });
  }
}
