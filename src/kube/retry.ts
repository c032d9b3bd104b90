import type { Clock } from '../core/clock.js';
import { raceSignal } from '../procs/wait.js';
import { type ClusterError, isTransient } from './errors.js';

/**
 * Retries one Cluster call while its failure is transient (isTransient: the API
 * server unreachable, slow, restarting, throttling), with backoff, until
 * `signal` fires (the run's deadline or Ctrl-C, or teardown's own budget).
 * A refusal, a missing object or a conflict is thrown at once; when the
 * signal ends the retries, the last error is thrown (what was failing), not
 * the abort.
 */

export interface RetryOptions {
  clock: Clock;
  signal: AbortSignal;
  /** First wait (default 250 ms), doubled up to maxMs (default 5 s). */
  minMs?: number;
  maxMs?: number;
  /**
   * Which failures are asked again (default isTransient). gc narrows it to an API server that
   * answered 429 or 5xx: an unreachable cluster there is one line at once, not a wait.
   */
  retryIf?: (err: unknown) => boolean;
  /** Before each wait: the error, the attempt that failed (1-based), ms since the first failure. */
  onRetry?: (err: ClusterError, attempt: number, failingForMs: number) => void;
}

export async function retryTransient<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const min = opts.minMs ?? 250;
  const max = opts.maxMs ?? 5_000;
  let firstFailure: number | undefined;
  let last: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      // Raced against the signal: a call stuck in a half-open connection cannot outlive it.
      const call = fn();
      // Abandoned when the signal wins: its own later failure must not surface unhandled.
      call.catch(() => {});
      return await raceSignal(call, opts.signal);
    } catch (err) {
      if (opts.signal.aborted && err === opts.signal.reason) throw last ?? err;
      last = err;
      if (!(opts.retryIf ?? isTransient)(err) || opts.signal.aborted) throw err;
      firstFailure ??= opts.clock.now();
      opts.onRetry?.(err as ClusterError, attempt, opts.clock.now() - firstFailure);
      try {
        await opts.clock.sleep(Math.min(max, min * 2 ** (attempt - 1)), opts.signal);
      } catch {
        throw err;
      }
    }
  }
}
