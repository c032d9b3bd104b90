import { setTimeout as delay } from 'node:timers/promises';
import type { ExitInfo, RunningProc } from './launcher.js';

/** Settles like `p`, or rejects with the signal's reason as soon as it aborts. */
export function raceSignal<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** Resolves to the value, or to `undefined` once `ms` have passed. */
export async function withinMs<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  const ac = new AbortController();
  try {
    return await Promise.race([p, delay(ms, undefined, { signal: ac.signal }).catch(() => undefined)]);
  } finally {
    ac.abort();
  }
}

/**
 * Waits for a process to exit. Returns its exit, or `undefined` when `timeoutMs`
 * passed first; rejects with the signal's reason when `signal` aborts.
 */
export function waitForExit(
  proc: RunningProc,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ExitInfo | undefined> {
  const waiting = opts.timeoutMs === undefined ? proc.exited : withinMs(proc.exited, opts.timeoutMs);
  return raceSignal(waiting, opts.signal);
}

/**
 * Stops a process and everything in its group: SIGTERM, then SIGKILL after
 * `graceMs`, then one more SIGKILL to the group for anything the leader left
 * behind. Rejects only when `signal` (the teardown's own timeout) aborts first.
 */
export async function stopProcess(
  proc: RunningProc,
  opts: { graceMs?: number; signal?: AbortSignal } = {},
): Promise<ExitInfo> {
  if (!proc.exitInfo()) {
    proc.signalGroup('SIGTERM');
    const ended = await raceSignal(withinMs(proc.exited, opts.graceMs ?? 2000), opts.signal);
    if (!ended) proc.signalGroup('SIGKILL');
  }
  const info = await raceSignal(proc.exited, opts.signal);
  proc.signalGroup('SIGKILL');
  return info;
}

/**
 * Polls `probe` until it returns a value other than undefined. Rejects with
 * the signal's reason on abort; resolves undefined after `timeoutMs`.
 */
export async function pollUntil<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  opts: { intervalMs?: number; timeoutMs: number; signal?: AbortSignal; now?: () => number },
): Promise<T | undefined> {
  const now = opts.now ?? Date.now;
  const end = now() + opts.timeoutMs;
  for (;;) {
    opts.signal?.throwIfAborted();
    const v = await probe();
    if (v !== undefined) return v;
    if (now() >= end) return undefined;
    await raceSignal(delay(opts.intervalMs ?? 50), opts.signal);
  }
}
