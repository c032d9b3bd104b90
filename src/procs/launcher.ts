import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { ToolError } from '../core/errors.js';

/** What to start: an argv array (never a shell line), its environment and a name for people. */
export interface ProcSpec {
  /** Short name used in progress and errors: `server`, `client`, `etcd`. */
  name: string;
  /** argv[0] is the program; found on PATH like execvp. No shell is involved. */
  argv: readonly string[];
  /** The full environment of the child; defaults to the parent's. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export type StreamName = 'stdout' | 'stderr';

/** A started child. It leads its own process group, so stopping it also stops what it started. */
export interface RunningProc {
  readonly name: string;
  readonly pid: number;
  readonly argv: readonly string[];
  /** Settles when the child has exited and its output is drained; never rejects. */
  readonly exited: Promise<ExitInfo>;
  /** Undefined while it runs. */
  exitInfo(): ExitInfo | undefined;
  /** Everything it printed so far, stdout and stderr interleaved by arrival, one entry a line. */
  lines(): readonly string[];
  /** Called for every complete line from now on. */
  onLine(listener: (line: string, stream: StreamName) => void): void;
  /** Sends a signal to the whole process group; a group that is gone already is not an error. */
  signalGroup(signal: NodeJS.Signals): void;
}

/** The seam every process goes through, so orchestration can be tested and wrapped (netns, ssh). */
export interface Launcher {
  start(spec: ProcSpec): Promise<RunningProc>;
}

/** Renders an exit for people: `exit 1`, `killed by SIGKILL`. */
export function describeExit(e: ExitInfo): string {
  if (e.signal) return `killed by ${e.signal}`;
  return `exit ${e.code ?? '?'}`;
}

export function exitedCleanly(e: ExitInfo | undefined): boolean {
  return e !== undefined && e.code === 0 && e.signal === null;
}

const MAX_LINES = 20_000;
const DRAIN_MS = 500;

/** The real launcher: node's child_process with argv arrays, piped output, one process group per child. */
export const spawnLauncher: Launcher = {
  start(spec) {
    const [program, ...args] = spec.argv;
    if (!program) return Promise.reject(new ToolError(`cannot start ${spec.name}: empty command line`));
    const child = spawn(program, args, {
      env: spec.env ?? process.env,
      cwd: spec.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A new process group: stopping it reaches the children it starts too.
      detached: true,
      shell: false,
    });
    const collected: string[] = [];
    const listeners: Array<(line: string, stream: StreamName) => void> = [];
    let exit: ExitInfo | undefined;
    const feed = (stream: StreamName, readable: NodeJS.ReadableStream) => {
      let partial = '';
      readable.setEncoding('utf8');
      readable.on('data', (chunk: string) => {
        const parts = (partial + chunk).split('\n');
        partial = parts.pop() ?? '';
        for (const raw of parts) emitLine(raw.replace(/\r$/, ''), stream);
      });
      return new Promise<void>((resolve) => {
        readable.on('end', () => {
          if (partial) emitLine(partial, stream);
          partial = '';
          resolve();
        });
        readable.on('error', () => resolve());
      });
    };
    const emitLine = (line: string, stream: StreamName) => {
      if (collected.length < MAX_LINES) collected.push(line);
      for (const l of listeners) l(line, stream);
    };
    const drained = Promise.all([feed('stdout', child.stdout!), feed('stderr', child.stderr!)]);
    // 'exit' rather than 'close': a grandchild that keeps the pipes open must not hide the exit.
    const exitEvent = new Promise<ExitInfo>((resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal }));
    });

    return new Promise<RunningProc>((resolve, reject) => {
      child.once('error', (err: NodeJS.ErrnoException) => {
        if (child.pid !== undefined) return; // an error after start; 'close' still reports the exit
        const why = err.code === 'ENOENT' ? 'not found on PATH' : err.message;
        reject(
          new ToolError(`cannot start ${spec.name} (${program}): ${why}`, {
            fix: `install ${program} or put it on PATH`,
            cause: err,
          }),
        );
      });
      child.once('spawn', () => {
        const pid = child.pid!;
        const exited = exitEvent.then(async (info) => {
          // Let the last output arrive, but never wait on pipes a grandchild still holds.
          await Promise.race([drained, delay(DRAIN_MS)]);
          exit = info;
          return info;
        });
        resolve({
          name: spec.name,
          pid,
          argv: spec.argv,
          exited,
          exitInfo: () => exit,
          lines: () => collected,
          onLine: (l) => void listeners.push(l),
          signalGroup(signal) {
            try {
              process.kill(-pid, signal);
            } catch (err) {
              if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
            }
          },
        });
      });
    });
  },
};
