import { writeFile } from 'node:fs/promises';
import { Command, CommanderError } from 'commander';
import { COMPLETE_COMMAND, runComplete } from './commands/complete.js';
import type { CliContext, Outcome } from './commands/context.js';
import { setShownName } from './commands/help.js';
import { registerCommands } from './commands/index.js';
import { invokedName, readInvocation } from './commands/invocation.js';
import { traceAt } from './commands/trace.js';
import { errorLines, InterruptedError, ToolError } from './core/errors.js';
import { EXIT, exitCodeFor } from './core/exit.js';
import { LastWords } from './core/last-words.js';
import { createProgress } from './core/progress.js';
import { redactingStream } from './core/redact.js';
import { terminalSafe } from './core/terminal.js';
import { VERSION } from './version.js';

export interface MainIo {
  stdout?: CliContext['stdout'];
  stderr?: CliContext['stderr'];
  stdin?: NodeJS.ReadableStream;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  signal?: AbortSignal;
  /** The process's last words (shared with the signal handler); a fresh one when not given. */
  lastWords?: LastWords;
  /** The executable as invoked (process.argv[1]): `kubectl-interconnect_test` is the kubectl plugin. */
  executable?: string;
}

/** The program's own flags that may come before --version or a subcommand. */
const GLOBAL_FLAGS = new Set(['--debug', '-q', '--quiet']);

/** Renders a command's report (stdout, and the JUnit file) and returns the exit code its verdict earns. */
async function deliver(ctx: CliContext, outcome: Outcome | undefined): Promise<number> {
  ctx.progress.close();
  if (!outcome || outcome.kind === 'printed') return EXIT.ok;
  const { report, output: opts, sections } = outcome;
  // Only the renderer asked for loads: yaml for YAML, the text renderer for text.
  let text: string;
  if (outcome.render) text = outcome.render(report);
  else if (opts.output === 'json') {
    // In pieces: a large report is never held as one string (issue 40 item 13).
    const { drainedOf, writeJson } = await import('./render/data.js');
    await writeJson(report, (piece) => ctx.stdout.write(piece), drainedOf(ctx.stdout));
    text = '';
  } else if (opts.output === 'yaml') text = await (await import('./render/data.js')).renderYaml(report);
  else {
    const [{ wantsColor }, { renderText }] = await Promise.all([
      import('./render/style.js'),
      import('./render/text.js'),
    ]);
    // On a terminal the report keeps to its width (subjects under the cwd shortened);
    // a pipe or a file gets it whole, as the goldens do.
    const columns = ctx.stdout.isTTY ? (ctx.stdout as { columns?: number }).columns : undefined;
    const layout = opts.output !== 'wide' && columns && columns > 20 ? { width: columns, cwd: ctx.cwd } : {};
    text = renderText(report, { color: wantsColor(ctx.stdout, ctx.env, opts.color) }, sections, layout);
  }
  if (text) ctx.stdout.write(text);
  if (opts.junit) {
    try {
      const { renderJunit } = await import('./render/junit.js');
      await writeFile(opts.junit, renderJunit(report, opts.failOn));
    } catch (err) {
      throw new ToolError(`cannot write JUnit report ${opts.junit}: ${(err as Error).message}`, {
        fix: 'check that its directory exists and is writable',
      });
    }
  }
  return exitCodeFor(report.verdict.status, opts.failOn);
}

function interruptCode(signal: AbortSignal): number {
  const reason = signal.reason;
  return reason instanceof InterruptedError && reason.signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;
}

/**
 * The one place that maps outcomes to exit codes: 0/1 from the verdict, 2 when
 * the tool could not do its job, 130/143 when interrupted. Errors print one
 * line; a stack only with --debug.
 */
export async function main(argv: readonly string[], io: MainIo = {}): Promise<number> {
  // The one redaction on both streams: error lines, --debug stacks, progress, last words,
  // and whatever a command prints itself (core/redact.ts says where else it runs).
  const stderr = redactingStream(io.stderr ?? process.stderr);
  const stdout = redactingStream(io.stdout ?? process.stdout);
  const lastWords = io.lastWords ?? new LastWords();
  try {
    return await run(argv, { ...io, stdout, stderr, lastWords });
  } finally {
    lastWords.say(stderr);
  }
}

async function run(given: readonly string[], io: MainIo): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const env = io.env ?? process.env;
  const invocation = readInvocation(given);
  const argv = invocation.argv;
  if (invocation.badVerbosity !== undefined) {
    stderr.write(
      `error: -v takes a log level from 0 to 10, not "${terminalSafe(invocation.badVerbosity)}" (fix: -v 6 traces each API request)\n`,
    );
    return EXIT.tool;
  }
  traceAt(invocation.verbosity ?? 0, stderr);
  const name = invokedName(io.executable);
  setShownName(name);
  const debug = argv.includes('--debug') || env.INTERCONNECT_TEST_DEBUG === '1';
  const quiet = argv.includes('-q') || argv.includes('--quiet');
  const ctx: CliContext = {
    stdout: io.stdout ?? process.stdout,
    stderr,
    ...(io.stdin ? { stdin: io.stdin } : {}),
    env,
    cwd: io.cwd ?? process.cwd(),
    signal: io.signal ?? new AbortController().signal,
    progress: createProgress({ stream: stderr, quiet }),
    lastWords: io.lastWords ?? new LastWords(),
    debug,
  };
  const program = new Command(name)
    .description(
      "Certify a GPU cluster's fabric (RDMA, NVLink, NIXL over UCX) before trusting NVIDIA Dynamo disaggregated serving on it",
    )
    .version(VERSION, '-V, --version', 'print the version, the commit and the engines found on this machine')
    .option('--debug', 'print stack traces for errors')
    .option('-q, --quiet', 'no progress output on stderr')
    .option(
      '-v, --v <level>',
      'log level, as kubectl: 6 and up trace each API request and its timing (never a credential)',
    )
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => stderr.write(s),
      // Usage errors in the one style every error has: `error: … (fix: …)`.
      outputError: (s, write) => write(`${s.trimEnd()} (fix: see --help)\n`),
    });
  // --version (before any subcommand): ours, not commander's bare number.
  const first = argv.find((a) => !GLOBAL_FLAGS.has(a));
  if (first === '-V' || first === '--version') {
    const { versionLines } = await import('./commands/version-info.js');
    ctx.stdout.write(`${versionLines(env).join('\n')}\n`);
    return EXIT.ok;
  }
  registerCommands(program, ctx);
  if (argv[0] === COMPLETE_COMMAND) return runComplete(program, ctx, argv.slice(1));
  // addCommand() does not pass settings down: without this a subcommand's usage
  // error would call process.exit(1) itself instead of returning exit code 2.
  for (const cmd of program.commands) cmd.copyInheritedSettings(program);

  try {
    await program.parseAsync(argv as string[], { from: 'user' });
    if (ctx.signal.aborted) {
      // Ctrl-C after the verdict was in (during teardown): the verdict stands and is printed.
      if (ctx.outcome?.kind === 'report' && ctx.outcome.final) await deliver(ctx, ctx.outcome);
      ctx.progress.close();
      return interruptCode(ctx.signal);
    }
    return await deliver(ctx, ctx.outcome);
  } catch (err) {
    ctx.progress.close();
    if (err instanceof CommanderError) {
      // --help and --version end here with exit code 0; usage errors are bad input.
      return err.exitCode === 0 ? EXIT.ok : EXIT.tool;
    }
    if (ctx.signal.aborted || err instanceof InterruptedError) {
      // Whatever the run created was torn down before its error reached here (pair's
      // teardown reports its own result); a second signal exits before this line.
      stderr.write(`interrupted${ctx.signal.aborted ? ` by ${interruptName(ctx.signal)}` : ''}\n`);
      return interruptCode(ctx.signal);
    }
    if (err instanceof ToolError) {
      for (const line of errorLines(err)) stderr.write(`error: ${terminalSafe(line)}\n`);
      if (debug && err.stack) stderr.write(`${err.stack}\n`);
      return EXIT.tool;
    }
    const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
    stderr.write(
      `error: unexpected failure: ${terminalSafe(message ?? '')} (fix: rerun with --debug and report it)\n`,
    );
    if (debug && err instanceof Error && err.stack) stderr.write(`${err.stack}\n`);
    return EXIT.tool;
  }
}

function interruptName(signal: AbortSignal): string {
  const reason = signal.reason;
  return reason instanceof InterruptedError ? reason.signal : 'a signal';
}

/** Two-stage signals: the first aborts the run so teardown can happen; a second exits at once. */
export function installSignalHandlers(controller: AbortController, lastWords?: LastWords): void {
  const onSignal = (sig: 'SIGINT' | 'SIGTERM') => {
    if (controller.signal.aborted) {
      process.stderr.write(`\n${sig} again: exiting now without waiting for cleanup\n`);
      lastWords?.say(process.stderr);
      process.exit(sig === 'SIGINT' ? EXIT.sigint : EXIT.sigterm);
    }
    process.stderr.write(`\n${sig}: stopping and cleaning up (press Ctrl-C again to exit at once)\n`);
    controller.abort(new InterruptedError(sig));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}

/**
 * A reader that went away (`… | head`) is not an error: writes to a closed stdout or stderr are
 * dropped, quietly, and the command goes on to its own end: --help exits 0, a run reaches its
 * verdict and teardown and exits with its code (docs/commands/common.md). Without a listener
 * Node throws EPIPE as an unhandled 'error' with a stack trace.
 */
export function quietOnClosedPipe(stream: NodeJS.WritableStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

/** Runs the CLI as a process: signals, argv, exit code. */
export async function runProcess(): Promise<void> {
  const controller = new AbortController();
  const lastWords = new LastWords();
  installSignalHandlers(controller, lastWords);
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  process.exitCode = await main(process.argv.slice(2), {
    signal: controller.signal,
    lastWords,
    ...(process.argv[1] ? { executable: process.argv[1] } : {}),
  });
}
