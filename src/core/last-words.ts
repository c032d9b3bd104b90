import { terminalSafe } from './terminal.js';

/**
 * What a command must say last, whatever ends it: the report, an error, a
 * second Ctrl-C that exits at once. `pair` keeps here what its run has left in
 * the cluster and the `gc --run` that removes it. One per process; main prints
 * it after everything else (stderr), the signal handler before exiting.
 */
export class LastWords {
  private source: () => readonly string[] = () => [];

  /** Replaces what will be said: a function, read only when it is time to say it. */
  set(source: () => readonly string[]): void {
    this.source = source;
  }

  clear(): void {
    this.source = () => [];
  }

  lines(): string[] {
    try {
      return this.source().map((l) => terminalSafe(l));
    } catch {
      return [];
    }
  }

  /** Writes the lines, each ending in a newline. */
  say(stream: NodeJS.WritableStream): void {
    for (const line of this.lines()) stream.write(`${line}\n`);
  }
}
