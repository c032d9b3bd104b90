import { Readable, Writable } from 'node:stream';
import { Exec, type KubeConfig, type V1Status } from '@kubernetes/client-node';
// Not re-exported by the package index; the package has no "exports" map, so the deep path is stable.
import { WebSocketHandler } from '@kubernetes/client-node/dist/web-socket-handler.js';
import { kubeError } from '../kube/client.js';
import {
  type CommandRunner,
  OutputBuffer,
  type RunOptions,
  type RunResult,
  throwIfAborted,
} from './types.js';

/** The one method of client-node's Exec this runner uses. */
export type ExecLike = Pick<Exec, 'exec'>;

export interface PodTarget {
  namespace: string;
  pod: string;
  container: string;
}

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

/** Streams for client-node's handler that never touch this process's own stdio. */
function inertStreams() {
  const sink = () => new Writable({ write: (_c, _e, cb) => cb() });
  return { stdin: new Readable({ read() {} }), stdout: sink(), stderr: sink() };
}

/**
 * Builds an Exec whose websocket handler is isolated from process stdio: the
 * default handler would end process.stdout on a v5 close-stream frame.
 */
export function makeExec(kc: KubeConfig): Exec {
  return new Exec(kc, new WebSocketHandler(kc, undefined, inertStreams()));
}

/**
 * Runs argv in a pod's container through the exec API (no TTY, no stdin). An
 * exec the API refuses (403 on pods/exec, 404, unreachable) throws a one-line
 * ToolError; a command that ran returns its exit status. On timeout the
 * websocket is closed; the remote process may run on, which is acceptable for
 * the read-only probes this is used for.
 */
export class PodRunner implements CommandRunner {
  readonly where: string;

  constructor(
    private readonly exec: ExecLike,
    readonly target: PodTarget,
    private readonly server?: string,
  ) {
    this.where = `pod ${target.namespace}/${target.pod} (container ${target.container})`;
  }

  async run(argv: readonly string[], opts: RunOptions): Promise<RunResult> {
    throwIfAborted(opts.signal);
    const { namespace, pod, container } = this.target;
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

      this.exec
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
            reject(
              kubeError(e, {
                verb: 'create',
                resource: 'pods/exec',
                namespace,
                name: pod,
                server: this.server,
              }),
            ),
          ),
        );
    });
  }
}
