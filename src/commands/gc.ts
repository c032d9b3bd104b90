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
    .option('--run <id>', 'delete everything of this run now, whatever its expiry (the id pair prints)')
    .option('--dry-run', 'list what would be deleted, delete nothing')
    .option(
      '--lease-namespace <namespace>',
      "with -n, where the runs' Leases are: gc never deletes a run whose Lease is live (default: $INTERCONNECT_TEST_LEASE_NAMESPACE, else interconnect-test)",
    )
    .option('--timeout <duration>', 'wall-clock limit for the whole clean-up, retries included', '2m');
  addClusterFlags(
    cmd,
    'look only in this namespace (the one a --scratch-namespace run used), at nothing cluster-wide',
  );
  withExamples(cmd, [
    ['list what would be deleted', 'gc --dry-run'],
    ['also delete anything of ours older than 30 minutes', 'gc --older-than 30m'],
    ['delete what a killed run left, now', 'gc --run ab12cd34'],
  ]);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const { runGcCommand } = await import('./actions/gc.js');
    await runGcCommand(ctx, raw);
  });
  return cmd;
}
