import { Command } from 'commander';
import type { CliContext } from './context.js';

/** `version`: the same lines as `--version` (kubectl has both). */
export function versionCommand(ctx: CliContext): Command {
  return new Command('version')
    .description('Print the version, the commit and the engines found on this machine (as --version)')
    .action(async () => {
      const { versionLines } = await import('./version-info.js');
      ctx.stdout.write(`${versionLines(ctx.env).join('\n')}\n`);
      ctx.outcome = { kind: 'printed' };
    });
}
