/** Exec into a pod through the API server (pods/exec over WebSocket), as the CLI does. */
import { Writable } from 'node:stream';
import { Exec, type KubeConfig, type V1Status } from '@kubernetes/client-node';
import { ExecError } from './cluster.js';

export interface ExecResult {
  stdout: string;
  stderr: string;
  /** The status the kubelet (here kwok) sent on the status channel. */
  status: V1Status | undefined;
  /**
   * 0 on success. For a failed command, the code from the ExitCode cause (a
   * real kubelet) or parsed from "exit status N" in the message (kwok v0.8,
   * which reports a non-zero exit as InternalError). undefined if unknown.
   */
  exitCode: number | undefined;
}

class Collect extends Writable {
  private chunks: Buffer[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void) {
    this.chunks.push(Buffer.from(chunk));
    cb();
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** Exit code from an exec status: the ExitCode cause, else "exit status N" in the message. */
export function exitCodeOf(status: V1Status | undefined): number | undefined {
  if (!status) return undefined;
  if (status.status === 'Success') return 0;
  const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
  if (cause?.message !== undefined && /^\d+$/.test(cause.message)) return Number(cause.message);
  const m = /exit (?:status|code) (\d+)/.exec(status.message ?? '');
  return m ? Number(m[1]) : undefined;
}

export async function execInPod(
  kc: KubeConfig,
  namespace: string,
  pod: string,
  container: string,
  command: string[],
  timeoutMs = 30_000,
): Promise<ExecResult> {
  const stdout = new Collect();
  const stderr = new Collect();
  let status: V1Status | undefined;
  let ws: Awaited<ReturnType<Exec['exec']>>;
  try {
    ws = await new Exec(kc).exec(namespace, pod, container, command, stdout, stderr, null, false, (s) => {
      status = s;
    });
  } catch (err) {
    // The ws library reports a refused upgrade as "Unexpected server response: 403".
    const msg = (err as { message?: string }).message ?? String(err);
    const code = /Unexpected server response: (\d+)/.exec(msg);
    throw new ExecError(
      `exec ${command.join(' ')} in ${namespace}/${pod}: ${msg}`,
      code ? Number(code[1]) : undefined,
      {
        cause: err,
      },
    );
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error(`exec ${command.join(' ')} in ${namespace}/${pod} did not finish in ${timeoutMs}ms`));
    }, timeoutMs);
    ws.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { stdout: stdout.text(), stderr: stderr.text(), status, exitCode: exitCodeOf(status) };
}
