import { z } from 'zod';
import { formatDuration, parseDuration } from './duration.js';

/**
 * The zod schema of every timeout flag: a duration as people type it (`90s`,
 * `5m`, `500ms`, `1h30m`, or plain seconds) → milliseconds. `examples` words
 * the error for the flag; `maxMs` caps it.
 */
export function durationSchema(examples: string, maxMs?: number) {
  const ms = z
    .string()
    .refine((s) => (parseDuration(s) ?? 0) > 0, { message: `expected a duration such as ${examples}` })
    .transform((s) => parseDuration(s) as number);
  return maxMs === undefined
    ? ms
    : ms.refine((v) => v <= maxMs, { message: `at most ${formatDuration(maxMs)}` });
}
