import type { Command } from 'commander';

/**
 * Help text beyond the flags: a kubectl-style `Examples:` block after a
 * subcommand's options, and `pair`'s flags in groups. Plain strings only:
 * --help must stay light.
 */

/** One example: what it does, and the command line. */
export type Example = readonly [what: string, command: string];

let shownName = 'interconnect-test';

/** The name examples start with: how the program was invoked (`kubectl interconnect-test` as a plugin). */
export function setShownName(name: string): void {
  shownName = name;
}

/** The `Examples:` block, as `--help` prints it after the options. */
export function examplesText(examples: readonly Example[]): string {
  return `\nExamples:\n${examples.map(([what, line]) => `  # ${what}\n  ${shownName} ${line}`).join('\n\n')}\n`;
}

/** Adds the `Examples:` block to a command's --help. */
export function withExamples(cmd: Command, examples: readonly Example[]): Command {
  return cmd.addHelpText('after', examplesText(examples));
}

/** Every option whose long flag is listed gets this help group, whatever group it was declared in. */
export function regroup(cmd: Command, heading: string, longFlags: readonly string[]): void {
  for (const o of cmd.options) if (o.long && longFlags.includes(o.long)) o.helpGroup(heading);
}
