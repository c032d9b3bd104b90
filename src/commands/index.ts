import type { Command } from 'commander';
import type { CliContext } from './shared.js';

/** Every subcommand, in the order `--help` lists them. Each module keeps its own options and schema. */
export function registerCommands(program: Command, ctx: CliContext): void {
  void program;
  void ctx;
}
