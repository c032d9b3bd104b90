import { Command } from 'commander';
import { z } from 'zod';
import { addClusterFlags, ClusterFlagsShape, clusterOptions } from '../kube/flags.js';
import { openCluster } from '../kube/open.js';
import { parseDuration } from '../pair/duration.js';
import { runGc } from '../pair/gc.js';
import {
  addOutputOptions,
  type CliContext,
  emit,
  makeReport,
  OutputOptionsSchema,
  parseOptions,
} from './shared.js';

const GcOptionsSchema = OutputOptionsSchema.extend({
  olderThan: z
    .string()
    .refine((s) => (parseDuration(s) ?? 0) > 0, { message: 'expected a duration such as 30m, 1h or 2d' })
    .transform((s) => parseDuration(s) as number)
    .optional(),
  dryRun: z.boolean().optional(),
  ...ClusterFlagsShape,
});

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
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const opts = parseOptions(GcOptionsSchema, raw);
    // -n narrows where gc looks; it is not the kubeconfig namespace.
    const cluster = await openCluster(clusterOptions({ ...opts, namespace: undefined }, ctx.signal), ctx.env);
    const checks = await runGc(
      cluster,
      {
        olderThanMs: opts.olderThan ?? 3_600_000,
        olderThanExplicit: opts.olderThan !== undefined,
        dryRun: opts.dryRun === true,
        namespace: opts.namespace,
      },
      ctx.progress,
    );
    await emit(ctx, makeReport('gc', checks, {}, "the cluster's interconnect-test scratch objects"), opts);
  });
  return cmd;
}
