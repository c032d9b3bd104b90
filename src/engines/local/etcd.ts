import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ToolError } from '../../core/errors.js';
import type { DisposalStack } from '../../procs/disposal.js';
import type { Launcher, RunningProc } from '../../procs/launcher.js';
import { freePort } from '../../procs/ports.js';
import { pollUntil, stopProcess } from '../../procs/wait.js';
import { lastErrorLine } from './two-procs.js';

export interface EtcdArgs {
  bin: string;
  dataDir: string;
  clientPort: number;
  peerPort: number;
}

/**
 * A single-member etcd on loopback only, its data in a temporary directory.
 * Flags as etcd 3.4 spells them (Debian's etcd-server); zap logging at error
 * level keeps its chatter out of the way.
 */
export function etcdArgv(a: EtcdArgs): string[] {
  const client = `http://127.0.0.1:${a.clientPort}`;
  const peer = `http://127.0.0.1:${a.peerPort}`;
  return [
    a.bin,
    '--name',
    'interconnect-test',
    '--data-dir',
    a.dataDir,
    '--listen-client-urls',
    client,
    '--advertise-client-urls',
    client,
    '--listen-peer-urls',
    peer,
    '--initial-advertise-peer-urls',
    peer,
    '--initial-cluster',
    `interconnect-test=${peer}`,
    '--logger',
    'zap',
    '--log-level',
    'error',
  ];
}

export interface LocalEtcd {
  endpoint: string;
  proc: RunningProc;
}

async function healthy(endpoint: string, signal: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch(`${endpoint}/health`, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(1000)]),
    });
    const body = (await res.json()) as { health?: unknown };
    return res.ok && String(body.health) === 'true';
  } catch {
    signal.throwIfAborted();
    return false;
  }
}

/** Whether `key` exists, through etcd's JSON gateway (/v3/kv/range, keys in base64). */
export async function etcdHasKey(endpoint: string, key: string, signal: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch(`${endpoint}/v3/kv/range`, {
      method: 'POST',
      body: JSON.stringify({ key: Buffer.from(key).toString('base64') }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(1000)]),
    });
    const body = (await res.json()) as { kvs?: unknown[] };
    return res.ok && Array.isArray(body.kvs) && body.kvs.length > 0;
  } catch {
    signal.throwIfAborted();
    return false;
  }
}

/**
 * Starts a throwaway etcd for nixlbench's rendezvous. Its teardown (stop the
 * process, remove the data directory) is registered before anything can fail.
 */
export async function startLocalEtcd(opts: {
  bin: string;
  launcher: Launcher;
  stack: DisposalStack;
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
}): Promise<LocalEtcd> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'interconnect-test-etcd-'));
  opts.stack.defer(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const [clientPort, peerPort] = [await freePort(), await freePort()];
  const endpoint = `http://127.0.0.1:${clientPort}`;
  const proc = await opts.launcher.start({
    name: 'etcd',
    argv: etcdArgv({ bin: opts.bin, dataDir, clientPort, peerPort }),
    env: opts.env,
  });
  opts.stack.defer(`stop etcd (pid ${proc.pid})`, (s) => stopProcess(proc, { signal: s }));
  const ready = await pollUntil(
    async () => {
      if (proc.exitInfo()) return false;
      return (await healthy(endpoint, opts.signal)) ? true : undefined;
    },
    { intervalMs: 100, timeoutMs: opts.readyTimeoutMs ?? 15_000, signal: opts.signal },
  );
  if (ready !== true) {
    const why = proc.exitInfo()
      ? `it exited: ${lastErrorLine(proc.lines()) ?? 'no error printed'}`
      : 'no healthy answer';
    throw new ToolError(`the local etcd for nixlbench did not come up on ${endpoint} (${why})`, {
      fix: 'check that etcd runs here (etcd --version), or let nixlbench use its ASIO runtime (--nixlbench-runtime asio)',
    });
  }
  return { endpoint, proc };
}
