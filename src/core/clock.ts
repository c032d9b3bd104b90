import { setTimeout as delay } from 'node:timers/promises';

/** Time behind an interface, so waits and deadlines are testable without real sleeping. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Calls `fn` once after `ms` unless the returned cancel comes first; the wait does not
   * keep the process alive (a deadline, not work). Optional: see `after`.
   */
  after?(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, signal ? { signal } : undefined),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

/** The clock's `after`; a clock without one (a test's `now`/`sleep` fake) gets the system timer. */
export function after(clock: Clock, ms: number, fn: () => void): () => void {
  return (clock.after ?? (systemClock.after as NonNullable<Clock['after']>))(ms, fn);
}
