import { PassThrough, Writable } from 'node:stream';
import type { Exec, V1Status } from '@kubernetes/client-node';
import type { ExitInfo, RunningProc, StreamName } from '../procs/launcher.js';
import type { RunOptions, RunResult } from '../procs/runner.js';
import { OutputBuffer, throwIfAborted } from '../procs/runner.js';
import type { ExecStreamSpec, PodTarget } from './cluster.js';
import { toClusterError } from './errors.js';

/** The one method of client-node's Exec the exec path uses (tests replay recorded outputs through it). */
export type ExecLike = Pick<Exec, 'exec'>;

/** The container runtime could not start the executable (runc/crun/containerd wording). */
const NOT_FOUND_TEXT =
  /executable file not found|no such file or directory|not found in \$PATH|command not found|exec format error: not found/i;

/**
 * Maps the exec API's final V1Status (and what the command wrote) to a result.
 * Shapes, from the kubelet's remotecommand status writer:
 * - success: {status: "Success"}
 * - non-zero exit: {status: "Failure", reason: "NonZeroExitCode",
 *   details: {causes: [{reason: "ExitCode", message: "<n>"}]}}
 * - the runtime failed to start the process: {status: "Failure", reason: "InternalError",
 *   message: "Internal error occurred: error executing command in container: … OCI runtime
 *   exec failed: … exec: \"ps\": executable file not found in $PATH: unknown"}
 * Docker-era runtimes instead print the OCI line and exit 126; a shell exits 127.
 * kwok sends InternalError with "exit status N" in the message for any non-zero exit.
 */
export function execOutcome(
  status: V1Status | undefined,
  stdout: string,
  stderr: string,
): Pick<RunResult, 'exitCode' | 'notFound' | 'stderr'> {
  if (!status) {
    return {
      exitCode: null,
      notFound: false,
      stderr: `${stderr}exec stream closed without an exit status\n`,
    };
  }
  if (status.status === 'Success') return { exitCode: 0, notFound: false, stderr };
  const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  // kwok (v0.8) reports a non-zero exit as InternalError with "exit status N" in the message.
  const fromMessage = /\bexit (?:status|code) (\d+)\b/.exec(status.message ?? '')?.[1];
  const raw = cause?.message !== undefined && /^\d+$/.test(cause.message) ? cause.message : fromMessage;
  if (raw !== undefined) {
    const code = Number(raw);
    const said = `${stdout}\n${stderr}\n${cause ? '' : (status.message ?? '')}`;
    // 127 is also the dynamic loader's exit when a library is missing: the tool is there, it cannot start.
    const loader = /error while loading shared libraries/.test(said);
    const notFound =
      !loader && (code === 127 || (code === 126 && NOT_FOUND_TEXT.test(said) && /exec/i.test(said)));
    return { exitCode: code, notFound, stderr };
  }
  const message = status.message ?? status.reason ?? 'exec failed';
  return {
    exitCode: null,
    notFound: NOT_FOUND_TEXT.test(message),
    stderr: `${stderr}${message}\n`,
  };
}

function collector(buf: OutputBuffer): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, cb) {
      buf.push(chunk);
      cb();
    },
  });
}

/**
 * Runs argv in a pod's container through the exec API (no TTY, no stdin). An
 * exec the API refuses (403 on pods/exec, 404, unreachable) throws a typed
 * ClusterError; a command that ran returns its exit status. On timeout the
 * websocket is closed; the remote process may run on, which is acceptable for
 * the read-only probes this is used for.
 */
export function execIn(
  exec: ExecLike,
  target: PodTarget,
  argv: readonly string[],
  opts: RunOptions,
  server?: string,
): Promise<RunResult> {
  throwIfAborted(opts.signal);
  const { namespace, pod, container } = target;
  const out = new OutputBuffer();
  const err = new OutputBuffer();
  return new Promise<RunResult>((resolve, reject) => {
    let settled = false;
    let socket: { close(): void } | undefined;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      socket?.close();
      settle();
    };
    const done = (status: V1Status | undefined) =>
      finish(() => {
        const stdout = out.text();
        resolve({ ...execOutcome(status, stdout, err.text()), stdout, timedOut: false });
      });
    const timer = setTimeout(
      () =>
        finish(() =>
          resolve({
            exitCode: null,
            stdout: out.text(),
            stderr: err.text(),
            notFound: false,
            timedOut: true,
          }),
        ),
      opts.timeoutMs,
    );
    const onAbort = () => finish(() => reject(opts.signal?.reason ?? new Error('aborted')));
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    exec
      .exec(namespace, pod, container, [...argv], collector(out), collector(err), null, false, (status) =>
        done(status),
      )
      .then((ws) => {
        socket = ws;
        if (settled) ws.close();
        else ws.on('close', () => setImmediate(() => done(undefined)));
      })
      .catch((e: unknown) =>
        finish(() =>
          reject(toClusterError(e, { verb: 'create', resource: 'pods/exec', namespace, name: pod, server })),
        ),
      );
  });
}

/**
 * Starts argv in a pod's container through the exec API with stdin attached
 * and left open, and hands it back as a RunningProc: its output a line at a
 * time, its exit from the API's final status. There is no signal to send a
 * process through exec, so `signalGroup` closes the stream: the process sees
 * its stdin end (the in-place helper stops its child then) and the kubelet
 * ends the session. `pid` is 0: the process is not on this host.
 */
export function execStream(
  exec: ExecLike,
  target: PodTarget,
  spec: ExecStreamSpec,
  server?: string,
): Promise<RunningProc> {
  const { namespace, pod, container } = target;
  const lines: string[] = [];
  const listeners: Array<(line: string, stream: StreamName) => void> = [];
  const stdin = new PassThrough();
  let exit: ExitInfo | undefined;
  let stoppedBy: NodeJS.Signals | undefined;
  let socket: { close(): void } | undefined;
  let settle: (e: ExitInfo) => void = () => undefined;
  const exited = new Promise<ExitInfo>((resolve) => {
    settle = (e) => {
      if (exit) return;
      exit = e;
      stdin.destroy();
      resolve(e);
    };
  });
  const sink = (stream: StreamName) => {
    let partial = '';
    return new Writable({
      write(chunk: Buffer, _enc, cb) {
        const parts = (partial + chunk.toString('utf8')).split('\n');
        partial = parts.pop() ?? '';
        for (const raw of parts) {
          const line = raw.replace(/\r$/, '');
          if (lines.length < 20_000) lines.push(line);
          for (const l of listeners) l(line, stream);
        }
        cb();
      },
      final(cb) {
        if (partial) lines.push(partial);
        cb();
      },
    });
  };
  const onStatus = (status: V1Status) => {
    const code = execOutcome(status, '', '').exitCode;
    settle(code === null ? { code: null, signal: stoppedBy ?? 'SIGHUP' } : { code, signal: null });
  };
  stdin.write(spec.stdin);
  return exec
    .exec(namespace, pod, container, [...spec.argv], sink('stdout'), sink('stderr'), stdin, false, onStatus)
    .then((ws) => {
      socket = ws;
      // A stream that closes with no status: the connection was lost, or we closed it.
      ws.on('close', () => setTimeout(() => settle({ code: null, signal: stoppedBy ?? 'SIGHUP' }), 200));
      return {
        name: spec.name,
        pid: 0,
        argv: spec.argv,
        exited,
        exitInfo: () => exit,
        lines: () => lines,
        onLine: (l: (line: string, stream: StreamName) => void) => void listeners.push(l),
        signalGroup(signal: NodeJS.Signals) {
          if (exit) return;
          stoppedBy ??= signal;
          socket?.close();
        },
      } satisfies RunningProc;
    })
    .catch((e: unknown) => {
      stdin.destroy();
      throw toClusterError(e, { verb: 'create', resource: 'pods/exec', namespace, name: pod, server });
    });
}
