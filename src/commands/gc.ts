import { Command } from 'commander';
import { addClusterFlags } from '../kube/flags.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

/** `gc`: remove the scratch namespaces and objects crashed `pair` runs left behind. */
export function gcCommand(ctx: CliContext): Command {
  const cmd = new Command('gc')
    .description(
      'Delete scratch namespaces and objects of crashed pair runs (by label; past their expiry or --older-than)',
    )
    .option(
      '--older-than <duration>',
      'also delete anything of ours older than this (default: only expired objects, or unannotated ones older than 1h)',
    )
    .option('--dry-run', 'list what would be deleted, delete nothing');
  addClusterFlags(
    cmd,
    'only look in this namespace (besides scratch namespaces): the one a --scratch-namespace run used',
  );
  withExamples(cmd, [
    ['list what would be deleted', 'gc --dry-run'],
    ['also delete anything of ours older than 30 minutes', 'gc --older-than 30m'],
  ]);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const { runGcCommand } = await import('./actions/gc.js');
    await runGcCommand(ctx, raw);
  });
  return cmd;
}
