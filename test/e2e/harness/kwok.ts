/**
 * What kwok (the local cluster's kubelet) does for a pod: its logs, from a
 * file written the way a kubelet stores them (CRI format), and its exec,
 * mapped to command shims on this machine. TestEnv declares them (Logs, Exec,
 * ClusterLogs, ClusterExec objects); these build the objects' specs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toCriLog } from '../../../src/core/cri-log.js';
import type { LocalClusterInfo } from './cluster.js';

export interface LogSource {
  /** Container the log belongs to; omitted = every container of the pod. */
  container?: string;
  /** A plain text file (e.g. a real nixlbench log); the harness stores it the way a kubelet does (CRI format). */
  file: string;
  /** Stream the lines are attributed to (default stdout). */
  stream?: 'stdout' | 'stderr';
  /** Content for `kubectl logs --previous`. */
  previousFile?: string;
}

/** What running command X in the pod does on this machine. */
export type ExecBehaviour =
  /** Print a file (and/or text) and exit with a code. */
  | { stdoutFile?: string; stdout?: string; stderr?: string; exitCode?: number }
  /** Run a real local command line instead; the exec's own arguments are appended. */
  | { run: string[] };

export interface ExecOptions {
  /** Container the mapping applies to; omitted = every container. */
  container?: string;
  /** Working directory of the local command (default: a per-pod temp dir). */
  workDir?: string;
  /** Extra environment for the local command. */
  env?: Record<string, string>;
}

const COMMAND_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

function shQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** Copy `file` into `scratch`/logs in CRI format; the copy's path. */
function writeCriLog(
  scratch: string,
  file: string,
  stream: 'stdout' | 'stderr' | undefined,
  tag: string,
): string {
  const dir = path.join(scratch, 'logs');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${tag}-${randomBytes(3).toString('hex')}.log`);
  writeFileSync(out, toCriLog(readFileSync(file, 'utf8'), stream));
  return out;
}

/** The `logs` of a kwok Logs or ClusterLogs spec, each source's file written under `scratch`. */
export function kwokLogs(scratch: string, sources: LogSource[], tag: string) {
  return sources.map((s) => ({
    ...(s.container ? { containers: [s.container] } : {}),
    logsFile: writeCriLog(scratch, s.file, s.stream, tag),
    ...(s.previousFile
      ? { previousLogsFile: writeCriLog(scratch, s.previousFile, s.stream, `${tag}-prev`) }
      : {}),
  }));
}

/**
 * One `execs` entry of a kwok Exec or ClusterExec spec: writes the command shims into
 * their own dir under `scratch`, links their names into kwok's PATH dir.
 */
export function execTarget(
  info: LocalClusterInfo,
  scratch: string,
  tag: string,
  commands: Record<string, ExecBehaviour>,
  opts: ExecOptions,
) {
  if (!info.execPathDir) throw new Error('the local cluster did not publish execPathDir');
  const dir = path.join(scratch, 'exec', tag);
  const binDir = path.join(dir, 'bin');
  mkdirSync(binDir, { recursive: true });
  for (const [name, behaviour] of Object.entries(commands)) {
    if (!COMMAND_NAME.test(name)) throw new Error(`exec command name must be a bare file name, got ${name}`);
    writeFileSync(path.join(binDir, name), shimScript(behaviour), { mode: 0o755 });
    const link = path.join(info.execPathDir, name);
    if (!existsSync(link)) {
      try {
        symlinkSync('.dispatch', link);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  }
  const envs = [
    { name: 'ICT_SIM_EXEC_DIR', value: binDir },
    ...Object.entries(opts.env ?? {}).map(([name, value]) => ({ name, value })),
  ];
  return {
    ...(opts.container ? { containers: [opts.container] } : {}),
    local: { workDir: opts.workDir ?? dir, envs },
  };
}

/** Body of a command shim: print what was declared, or run the local command. */
function shimScript(b: ExecBehaviour): string {
  const lines = ['#!/bin/sh', '# written by test/e2e/harness/kwok.ts'];
  if ('run' in b) {
    if (b.run.length === 0) throw new Error('exec run: needs a command');
    lines.push(`exec ${b.run.map(shQuote).join(' ')} "$@"`);
  } else {
    if (b.stdoutFile) lines.push(`cat ${shQuote(b.stdoutFile)}`);
    if (b.stdout !== undefined) lines.push(`printf '%s' ${shQuote(b.stdout)}`);
    if (b.stderr !== undefined) lines.push(`printf '%s' ${shQuote(b.stderr)} >&2`);
    lines.push(`exit ${b.exitCode ?? 0}`);
  }
  return `${lines.join('\n')}\n`;
}
