import { writeFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import { z } from 'zod';
import { ToolError } from '../core/errors.js';
import { exitCodeFor } from '../core/exit.js';
import { type Check, type Report, SCHEMA_VERSION } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import { rollUp } from '../core/verdict.js';
import { renderJson, renderYaml } from '../render/data.js';
import { renderJunit } from '../render/junit.js';
import { wantsColor } from '../render/style.js';
import { renderText, type SectionsOf } from '../render/text.js';

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
  /** Set by the command's action: the exit code its verdict earns. */
  exitCode?: number;
}

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
  if (parsed.success) return parsed.data;
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

/** Builds the versioned report every renderer reads. */
export function makeReport(
  command: string,
  checks: Check[],
  extra: Record<string, unknown> = {},
  what?: string,
  now: () => Date = () => new Date(),
): Report {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: 'interconnect-test',
    command,
    generatedAt: now().toISOString(),
    checks,
    verdict: rollUp(checks, what),
    ...extra,
  };
}

/** Renders a report to stdout (and the JUnit file) and records the exit code it earns. */
export async function emit(
  ctx: CliContext,
  report: Report,
  opts: OutputOptions,
  sections?: SectionsOf,
): Promise<void> {
  ctx.progress.close();
  let text: string;
  if (opts.output === 'json') text = renderJson(report);
  else if (opts.output === 'yaml') text = renderYaml(report);
  else text = renderText(report, { color: wantsColor(ctx.stdout, ctx.env, opts.color) }, sections);
  ctx.stdout.write(text);
  if (opts.junit) {
    try {
      await writeFile(opts.junit, renderJunit(report));
    } catch (err) {
      throw new ToolError(`cannot write JUnit report ${opts.junit}: ${(err as Error).message}`, {
        fix: 'check that its directory exists and is writable',
      });
    }
  }
  ctx.exitCode = exitCodeFor(report.verdict.status, opts.failOn);
}
