import type { CommandRunner, RunOptions, RunResult } from './runner.js';

/** One recorded command: its output, or `missing` for an executable that is not installed. */
export type Recording = Partial<RunResult> | 'missing';

/**
 * Replays recorded outputs keyed by the argv joined with spaces. A command
 * with no recording is reported as not found, the way a host without that
 * tool answers. Used to run the real probe plumbing and classifiers over
 * captured outputs (tests, and reading what another machine recorded).
 */
export class RecordedRunner implements CommandRunner {
  readonly calls: string[][] = [];

  constructor(
    private readonly table: Readonly<Record<string, Recording>>,
    readonly where = 'recorded outputs',
  ) {}

  async run(argv: readonly string[], opts: RunOptions): Promise<RunResult> {
    if (opts.signal?.aborted) throw opts.signal.reason;
    this.calls.push([...argv]);
    const rec = this.table[argv.join(' ')];
    if (rec === undefined || rec === 'missing') {
      return { exitCode: null, stdout: '', stderr: '', notFound: true, timedOut: false };
    }
    return { exitCode: 0, stdout: '', stderr: '', notFound: false, timedOut: false, ...rec };
  }
}
