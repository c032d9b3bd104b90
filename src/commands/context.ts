import { type Command, Option } from 'commander';
import type { LastWords } from '../core/last-words.js';
import type { Report } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { SectionsOf } from '../core/report.js';

/**
 * What a command hands back to cli.ts: its report and how to show it, or
 * `printed` when it wrote its own output (pair --dry-run's manifests).
 * cli.ts alone renders a report and maps it to an exit code.
 */
export type Outcome =
  | {
      kind: 'report';
      report: Report;
      output: OutputOptions;
      sections?: SectionsOf | undefined;
      /** The verdict was in before a Ctrl-C (which came during teardown): print it, then exit 130. */
      final?: boolean;
      /**
       * A format of the command's own (env -o sarif, -o github): main.ts prints what it returns
       * instead of text, JSON or YAML; the verdict still sets the exit code.
       */
      render?: (report: Report) => string;
    }
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
  /** --debug (or INTERCONNECT_TEST_DEBUG=1): stacks on errors, and a sweep's timing lines. */
  debug?: boolean;
  /** Set by the command's action (through `emit`): what cli.ts renders and judges. */
  outcome?: Outcome;
  /** Said last, after the report or the error (and by a second Ctrl-C): what a run left behind. */
  lastWords: LastWords;
}

/** The output flags, parsed (schema: OutputOptionsSchema in options.ts). */
export interface OutputOptions {
  /** `wide`: the text report, never fitted to the terminal (every subject and fix whole), as kubectl's -o wide shows more. */
  output: 'text' | 'wide' | 'json' | 'yaml';
  junit?: string | undefined;
  failOn: 'fail' | 'warn';
  color?: boolean | undefined;
}

/** The output flags every reporting command shares. */
export function addOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '-o, --output <format>',
        'output format (wide: text never fitted to the terminal; -o=json works too)',
      )
        .choices(['text', 'wide', 'json', 'yaml'])
        .default('text'),
    )
    .option('--junit <file>', 'also write a JUnit XML report to this file')
    .addOption(
      new Option('--fail-on <level>', 'exit 1 on fail only, or on warnings too')
        .choices(['fail', 'warn'])
        .default('fail'),
    )
    .option('--no-color', 'never colour the text output');
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
