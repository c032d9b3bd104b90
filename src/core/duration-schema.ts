import { z } from 'zod';
import { formatDuration, parseDuration } from './duration.js';

/** The longest a timer can wait (Node's setTimeout: 2^31-1 ms, about 24.8 days); no flag may ask for more. */
export const TIMER_MAX_MS = 2 ** 31 - 1;

export interface DurationLimits {
  /** The largest value the flag takes: documented in its help. */
  maxMs: number;
  /** The smallest that can do anything (default 1 ms). */
  minMs?: number;
}

/**
 * The zod schema of every duration flag: a duration as people type it (`90s`,
 * `5m`, `500ms`, `1h30m`, or plain seconds) → milliseconds, within its
 * limits. `examples` words the error for the flag.
 */
export function durationSchema(examples: string, limits: DurationLimits) {
  const { maxMs, minMs = 1 } = limits;
  return z
    .string()
    .superRefine((s, ctx) => {
      const v = parseDuration(s) ?? 0;
      const given = s.trim();
      if (v <= 0) ctx.addIssue({ code: 'custom', message: `expected a duration such as ${examples}` });
      else if (v > maxMs)
        ctx.addIssue({ code: 'custom', message: `at most ${formatDuration(maxMs)}, got ${given}` });
      else if (v < minMs)
        ctx.addIssue({ code: 'custom', message: `at least ${formatDuration(minMs)}, got ${given}` });
    })
    .transform((s) => parseDuration(s) as number);
}
