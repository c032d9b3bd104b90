import pRetry from 'p-retry';
import type { Clock } from '../core/clock.js';
import { raceSignal } from '../procs/wait.js';
import { type ClusterError, isTransient } from './errors.js';

/**
 * Retries one Cluster call while its failure is transient (isTransient: the API
 * server unreachable, slow, restarting, throttling), with backoff, until
 * `signal` fires (the run's deadline or Ctrl-C, or teardown's own budget).
 * A refusal, a missing object or a conflict is thrown at once; when the
 * signal ends the retries, the last error is thrown (what was failing), not
 * the abort. The loop is p-retry's (retries, signal, shouldRetry,
 * onFailedAttempt); its own timer is off and the backoff sleeps on the
 * injected Clock, so tests and the simulated sweep never wait in real time.
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
  const retryIf = opts.retryIf ?? isTransient;
  let firstFailure: number | undefined;
  let last: unknown;
  try {
    return await pRetry(
      () => {
        // Raced against the signal: a call stuck in a half-open connection cannot outlive it.
        const call = fn();
        // Abandoned when the signal wins: its own later failure must not surface unhandled.
        call.catch(() => {});
        return raceSignal(call, opts.signal);
      },
      {
        retries: Number.POSITIVE_INFINITY,
        signal: opts.signal,
        // p-retry's own wait is off (0 ms): the backoff below sleeps on the injected clock.
        minTimeout: 0,
        maxTimeout: 0,
        onFailedAttempt: ({ error }) => {
          if (!(opts.signal.aborted && error === opts.signal.reason)) last = error;
        },
        shouldRetry: async ({ error, attemptNumber }) => {
          if (!retryIf(error) || opts.signal.aborted) return false;
          firstFailure ??= opts.clock.now();
          opts.onRetry?.(error as ClusterError, attemptNumber, opts.clock.now() - firstFailure);
          try {
            await opts.clock.sleep(Math.min(max, min * 2 ** (attemptNumber - 1)), opts.signal);
          } catch {
            throw error;
          }
          return true;
        },
      },
    );
  } catch (err) {
    // The signal ended the retries: throw what was failing, not the abort.
    if (opts.signal.aborted && err === opts.signal.reason) throw last ?? err;
    throw err;
  }
}
