import type { Writable } from 'node:stream';
import { V1Status } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { ClusterError } from './errors.js';
import { type ExecLike, execIn, execOutcome } from './exec.js';
import { PodRunner } from './pod-runner.js';

function status(fields: Partial<V1Status>): V1Status {
  return Object.assign(new V1Status(), fields);
}

const exitCode = (n: number) =>
  status({
    status: 'Failure',
    reason: 'NonZeroExitCode',
    message: `command terminated with non-zero exit code: error executing command, exit code ${n}`,
    details: { causes: [{ reason: 'ExitCode', message: String(n) }] },
  });

describe('execOutcome', () => {
  it('reads success and non-zero exit codes from the status', () => {
    expect(execOutcome(status({ status: 'Success' }), 'x', '')).toEqual({
      exitCode: 0,
      notFound: false,
      stderr: '',
    });
    expect(execOutcome(exitCode(2), '', 'ls: cannot access')).toEqual({
      exitCode: 2,
      notFound: false,
      stderr: 'ls: cannot access',
    });
  });

  it('maps the containerd "executable file not found" internal error to notFound', () => {
    const s = status({
      status: 'Failure',
      reason: 'InternalError',
      code: 500,
      message:
        'Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "fc7e": OCI runtime exec failed: exec failed: unable to start container process: exec: "ibstat": executable file not found in $PATH: unknown',
    });
    const r = execOutcome(s, '', '');
    expect(r.notFound).toBe(true);
    expect(r.exitCode).toBeNull();
    expect(r.stderr).toContain('executable file not found');
  });

  it('maps the docker-era exit 126 with the OCI line, and a shell 127, to notFound', () => {
    const oci =
      'OCI runtime exec failed: exec failed: container_linux.go:349: starting container process caused "exec: \\"show_gids\\": executable file not found in $PATH": unknown\r\n';
    expect(execOutcome(exitCode(126), oci, '').notFound).toBe(true);
    expect(execOutcome(exitCode(127), '', 'sh: 1: ucx_info: not found').notFound).toBe(true);
    // The loader also exits 127 when a library is missing: the tool exists but cannot start.
    const loader = execOutcome(
      exitCode(127),
      '',
      'nixlbench: error while loading shared libraries: libnixl.so: cannot open shared object file: No such file or directory\n',
    );
    expect([loader.exitCode, loader.notFound]).toEqual([127, false]);
    // 126 for another reason (permission) is a real failure, not a missing tool.
    expect(execOutcome(exitCode(126), '', 'permission denied').notFound).toBe(false);
  });

  it('reads the exit code kwok puts in an InternalError message', () => {
    const s = status({
      status: 'Failure',
      reason: 'InternalError',
      code: 500,
      message: 'Internal error occurred: error executing command in container: exit status 7',
    });
    expect(execOutcome(s, 'out\n', 'err\n')).toEqual({ exitCode: 7, notFound: false, stderr: 'err\n' });
    const missing = status({
      ...s,
      message: 'Internal error occurred: error executing command in container: exit status 127',
    });
    expect(execOutcome(missing, '', '').notFound).toBe(true);
  });

  it('says when the stream closed without any status', () => {
    expect(execOutcome(undefined, '', '')).toEqual({
      exitCode: null,
      notFound: false,
      stderr: 'exec stream closed without an exit status\n',
    });
  });
});

type Script = (out: Writable, err: Writable, cb: (s: V1Status) => void) => void;

/** An ExecLike that plays what the API server would stream, through the same callbacks client-node uses. */
function scripted(script: Script | Error) {
  const calls: unknown[][] = [];
  let closed = 0;
  const exec: ExecLike = {
    async exec(ns, pod, container, command, stdout, stderr, _stdin, tty, cb) {
      calls.push([ns, pod, container, command, tty]);
      if (script instanceof Error) throw script;
      const listeners: (() => void)[] = [];
      const ws = {
        on: (ev: string, fn: () => void) => ev === 'close' && listeners.push(fn),
        close: () => {
          closed++;
          for (const l of listeners) l();
        },
      };
      setImmediate(() => script(stdout!, stderr!, (s) => cb?.(s)));
      return ws as never;
    },
  };
  return { exec, calls, closed: () => closed };
}

const target = { namespace: 'dynamo', pod: 'decode-0', container: 'main' };

describe('execIn (PodRunner over the exec API)', () => {
  it('collects stdout/stderr and the exit status of one exec', async () => {
    const s = scripted((out, err, cb) => {
      out.write('CA type: MT4129\n');
      err.write('warn\n');
      cb(exitCode(1));
    });
    const runner = new PodRunner({ exec: (t, argv, o) => execIn(s.exec, t, argv, o) }, target);
    const r = await runner.run(['ibstat'], { timeoutMs: 5000 });
    expect(r).toEqual({
      exitCode: 1,
      stdout: 'CA type: MT4129\n',
      stderr: 'warn\n',
      notFound: false,
      timedOut: false,
    });
    expect(s.calls).toEqual([['dynamo', 'decode-0', 'main', ['ibstat'], false]]);
    expect(runner.where).toBe('pod dynamo/decode-0 (container main)');
    expect(s.closed()).toBe(1);
  });

  it('times out a command that never reports and closes the socket', async () => {
    const s = scripted(() => {});
    const r = await execIn(s.exec, target, ['ucx_info', '-d'], { timeoutMs: 100 });
    expect(r).toEqual({ exitCode: null, stdout: '', stderr: '', notFound: false, timedOut: true });
    expect(s.closed()).toBe(1);
  });

  it('turns a refused exec (403 on the websocket upgrade) into the missing-permission line', async () => {
    const s = scripted(new Error('Unexpected server response: 403'));
    const p = execIn(s.exec, target, ['ibstat'], { timeoutMs: 1000 });
    await expect(p).rejects.toBeInstanceOf(ClusterError);
    await expect(p).rejects.toMatchObject({
      kind: 'forbidden',
      action: { verb: 'create', resource: 'pods/exec' },
    });
    await expect(p).rejects.toThrow(
      'permission denied: cannot exec in pods in namespace dynamo (pods/exec needs get and create)',
    );
  });

  it('says the API server is unreachable when the connection is refused', async () => {
    const s = scripted(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6443'), { code: 'ECONNREFUSED' }),
    );
    const p = execIn(s.exec, target, ['ibstat'], { timeoutMs: 1000 }, 'https://127.0.0.1:6443');
    await expect(p).rejects.toThrow(
      'cannot reach the Kubernetes API server at https://127.0.0.1:6443: ECONNREFUSED',
    );
  });
});
