import { V1Status } from '@kubernetes/client-node';
import type { ExecLike } from '../../src/kube/exec.js';
import type { Recording } from '../../src/procs/recorded-runner.js';

/**
 * A client-node Exec stand-in that answers each exec with a recorded output,
 * through the same callbacks the real websocket handler drives (stdout/stderr
 * writes, then the final V1Status). A missing command answers the way
 * containerd does: an InternalError status saying "executable file not found".
 */
export function replayExec(
  byPod: Record<string, Record<string, Recording>>,
): ExecLike & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    async exec(_ns, pod, _container, command, stdout, stderr, _stdin, _tty, cb) {
      const argv = Array.isArray(command) ? command : [command];
      calls.push([pod, ...argv]);
      const rec = byPod[pod]?.[argv.join(' ')];
      const listeners: (() => void)[] = [];
      const ws = {
        on: (ev: string, fn: () => void) => ev === 'close' && listeners.push(fn),
        close: () => {
          for (const l of listeners.splice(0)) l();
        },
      };
      setImmediate(() => {
        if (rec === undefined || rec === 'missing') {
          cb?.(
            Object.assign(new V1Status(), {
              status: 'Failure',
              reason: 'InternalError',
              code: 500,
              message: `Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "0f3c": OCI runtime exec failed: exec failed: unable to start container process: exec: "${argv[0]}": executable file not found in $PATH: unknown`,
            }),
          );
          return;
        }
        if (rec.timedOut) return; // never answers: the runner's timeout fires
        if (rec.stdout) stdout?.write(rec.stdout);
        if (rec.stderr) stderr?.write(rec.stderr);
        const code = rec.exitCode ?? 0;
        cb?.(
          Object.assign(
            new V1Status(),
            code === 0
              ? { status: 'Success' }
              : {
                  status: 'Failure',
                  reason: 'NonZeroExitCode',
                  message: `command terminated with non-zero exit code: error executing command [${argv.join(' ')}], exit code ${code}`,
                  details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
                },
          ),
        );
      });
      return ws as never;
    },
  };
}
