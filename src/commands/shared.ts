import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { type Command, Option } from 'commander';
import { z } from 'zod';
import { ToolError } from '../core/errors.js';
import type { Report } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { SectionsOf } from '../render/text.js';

export { makeReport } from '../core/report.js';

/**
 * What a command hands back to cli.ts: its report and how to show it, or
 * `printed` when it wrote its own output (pair --dry-run's manifests).
 * cli.ts alone renders a report and maps it to an exit code.
 */
export type Outcome =
  | { kind: 'report'; report: Report; output: OutputOptions; sections?: SectionsOf | undefined }
  | { kind: 'printed' };

/** What every command gets from cli.ts: streams, environment, the root abort signal, progress. */
export interface CliContext {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Input for `-` file arguments; process.stdin when not given. */
  stdin?: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal: AbortSignal;
  progress: Progress;
  /** Set by the command's action (through `emit`): what cli.ts renders and judges. */
  outcome?: Outcome;
}

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
const OUTPUT_FILE_FLAGS = ['junit'] as const;

export const OutputOptionsSchema = z.object({
  output: z.enum(['text', 'json', 'yaml']).default('text'),
  junit: z.string().min(1).optional(),
  failOn: z.enum(['fail', 'warn']).default('fail'),
  color: z.boolean().optional(),
});
export type OutputOptions = z.infer<typeof OutputOptionsSchema>;

/** The output flags every reporting command shares. */
export function addOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option('-o, --output <format>', 'output format').choices(['text', 'json', 'yaml']).default('text'),
    )
    .option('--junit <file>', 'also write a JUnit XML report to this file')
    .addOption(
      new Option('--fail-on <level>', 'exit 1 on fail only, or on warnings too')
        .choices(['fail', 'warn'])
        .default('fail'),
    )
    .option('--no-color', 'never colour the text output');
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
        throw new ToolError(`invalid options: --${key}: cannot write ${file}: ${problem}`, {
          fix: 'give a path in an existing, writable directory',
        });
    }
    return parsed.data;
  }
  const lines = parsed.error.issues.map((i) => {
    const key = i.path.length ? String(i.path[0]) : undefined;
    const flag = key ? `--${key.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}` : 'options';
    // z.coerce.number() turns "abc" into NaN; say what was given instead of "received NaN".
    const given = key !== undefined ? (raw as Record<string, unknown> | undefined)?.[key] : undefined;
    const message =
      i.code === 'invalid_type' && i.expected === 'number' && given !== undefined
        ? `expected a number, got ${JSON.stringify(given)}`
        : i.message;
    return `${flag}: ${message}`;
  });
  throw new ToolError(`invalid options: ${lines.join('; ')}`, { fix: 'see --help' });
}

/**
 * Hands the command's report to cli.ts, which renders it (text, JSON, YAML,
 * JUnit) and maps its verdict to the exit code. Commands never do either.
 */
export async function emit(
  ctx: CliContext,
  report: Report,
  opts: OutputOptions,
  sections?: SectionsOf,
): Promise<void> {
  ctx.outcome = { kind: 'report', report, output: opts, sections };
}
