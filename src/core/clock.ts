import { setTimeout as delay } from 'node:timers/promises';

/** Time behind an interface, so waits and deadlines are testable without real sleeping. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * A signal that aborts with `reason()` after `ms` (it never keeps the
   * process alive); `cancel()` stops it.
   */
  deadline(ms: number, reason: () => unknown): { signal: AbortSignal; cancel(): void };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, signal ? { signal } : undefined),
  deadline: (ms, reason) => {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(reason()), ms);
    timer.unref?.();
    return { signal: ctl.signal, cancel: () => clearTimeout(timer) };
  },
};
