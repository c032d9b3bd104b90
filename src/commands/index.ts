import type { Command } from 'commander';
import { completionCommand } from './completion.js';
import type { CliContext } from './context.js';
import { envCommand } from './env.js';
import { gcCommand } from './gc.js';
import { nixlCommand } from './nixl.js';
import { nodeCommand } from './node.js';
import { pairCommand } from './pair.js';
import { readCommand } from './read.js';
import { sweepCommand } from './sweep.js';
import { versionCommand } from './version.js';
import { watchCommand } from './watch.js';

/** Every subcommand, in the order `--help` lists them. Each module keeps its own options and schema. */
export function registerCommands(program: Command, ctx: CliContext): void {
  program.addCommand(envCommand(ctx));
  program.addCommand(nodeCommand(ctx));
  program.addCommand(nixlCommand(ctx));
  program.addCommand(pairCommand(ctx));
  program.addCommand(sweepCommand(ctx));
  program.addCommand(watchCommand(ctx));
  program.addCommand(readCommand(ctx));
  program.addCommand(gcCommand(ctx));
  program.addCommand(completionCommand(ctx));
  program.addCommand(versionCommand(ctx));
}
