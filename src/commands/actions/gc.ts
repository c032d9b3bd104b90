import { z } from 'zod';
import { durationSchema } from '../../core/duration-schema.js';

const DAY_MS = 86_400_000;

import { makeReport } from '../../core/report.js';
import { clusterOptions } from '../../kube/flags.js';
import { ClusterFlagsShape } from '../../kube/flags-schema.js';
import { openCluster } from '../../kube/open.js';
import { runGc } from '../../pair/gc.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

const GcOptionsSchema = OutputOptionsSchema.extend({
  olderThan: durationSchema('30m, 1h or 2d', { maxMs: 365 * DAY_MS }).optional(),
  dryRun: z.boolean().optional(),
  ...ClusterFlagsShape,
});

export async function runGcCommand(ctx: CliContext, raw: Record<string, unknown>): Promise<void> {
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
  await emit(ctx, makeReport('gc', checks, {}, { kind: 'task', what: 'scratch clean-up' }), opts);
}
