import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ToolError } from '../core/errors.js';
import type { OutputOptions } from './context.js';

/**
 * Option schemas and their one-line errors. Loaded by a command's action,
 * never by --help: zod is the heaviest module at start-up.
 */

/**
 * An output file must be writable before any work starts: a bad --junit path
 * must not fail only after a five-minute run. Returns the problem, or undefined.
 */
export function outputPathProblem(file: string, cwd = process.cwd()): string | undefined {
  const full = path.resolve(cwd, file);
  try {
    const st = statSync(full);
    if (st.isDirectory()) return 'it is a directory';
    accessSync(full, constants.W_OK);
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'it is not writable';
    if (code !== 'ENOENT') return (err as Error).message.split('\n')[0];
  }
  const dir = path.dirname(full);
  try {
    if (!statSync(dir).isDirectory()) return `${dir} is not a directory`;
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `directory ${dir} does not exist` : `directory ${dir} is not writable`;
  }
}

/** The flags that name files we write; parseOptions checks each is writable before any work. */
const OUTPUT_FILE_FLAGS = ['junit', 'html', 'metricsFile'] as const;

export const OutputOptionsSchema = z.object({
  output: z.enum(['text', 'wide', 'json', 'yaml']).default('text'),
  junit: z.string().min(1).optional(),
  failOn: z.enum(['fail', 'warn']).default('fail'),
  color: z.boolean().optional(),
});

/** A number as people read it: 100000000 → 100,000,000. */
function num(n: number | bigint): string {
  return Number(n).toLocaleString('en-US');
}

/** zod's issue in the tool's words: "must be at least 1", not "Too small: expected number to be >0". */
function issueMessage(i: z.core.$ZodIssue, given: unknown): string {
  if (i.code === 'invalid_type' && i.expected === 'number' && given !== undefined)
    return `expected a number, got ${JSON.stringify(given)}`;
  if (i.code === 'too_small' && i.origin === 'number') {
    const min = Number(i.minimum);
    // .positive() on an integer is "at least 1"; on a real number "more than 0".
    if (!i.inclusive)
      return min === 0 && Number.isInteger(Number(given))
        ? 'must be at least 1'
        : `must be more than ${num(min)}`;
    return `must be at least ${num(min)}`;
  }
  if (i.code === 'too_big' && i.origin === 'number')
    return i.inclusive
      ? `must be at most ${num(Number(i.maximum))}`
      : `must be less than ${num(Number(i.maximum))}`;
  if (i.code === 'invalid_type' && i.expected === 'int')
    return `must be a whole number, got ${JSON.stringify(given)}`;
  if (i.code === 'invalid_value' && i.values.length > 0)
    return `expected ${i.values.map((v) => String(v)).join(', ')}, got ${JSON.stringify(given)}`;
  return i.message;
}

/** Validates options with zod and turns every problem into one line naming the flag. */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) {
    // Output files are checked now, not after a five-minute run.
    for (const key of OUTPUT_FILE_FLAGS) {
      const file = (parsed.data as Record<string, unknown>)[key];
      if (typeof file !== 'string') continue;
      const problem = outputPathProblem(file);
      if (problem)
        throw new ToolError(
          `invalid options: --${key.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}: cannot write ${file}: ${problem}`,
          {
            fix: 'give a path in an existing, writable directory',
          },
        );
    }
    return parsed.data;
  }
  const lines = parsed.error.issues.map((i) => {
    const key = i.path.length ? String(i.path[0]) : undefined;
    const flag = key ? `--${key.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}` : 'options';
    // z.coerce.number() turns "abc" into NaN; say what was given instead of "received NaN".
    const given = key !== undefined ? (raw as Record<string, unknown> | undefined)?.[key] : undefined;
    return `${flag}: ${issueMessage(i, given)}`;
  });
  throw new ToolError(`invalid options: ${lines.join('; ')}`, { fix: 'see --help' });
}

/** The schema and the interface cli.ts renders by must agree. */
export type OutputOptionsMatch = z.infer<typeof OutputOptionsSchema> extends OutputOptions ? true : never;
export const outputOptionsMatch: OutputOptionsMatch = true;
