import { z } from 'zod';
import { after, systemClock } from '../../core/clock.js';
import { formatDuration } from '../../core/duration.js';
import { durationSchema } from '../../core/duration-schema.js';
import { ToolError } from '../../core/errors.js';
import { makeReport } from '../../core/report.js';
import { DeadlineError } from '../../kube/errors.js';
import { clusterOptions } from '../../kube/flags.js';
import { ClusterFlagsShape } from '../../kube/flags-schema.js';
import { openCluster } from '../../kube/open.js';
import { runGc } from '../../scratch/gc.js';
import { DEFAULT_LEASE_NAMESPACE } from '../../scratch/lease-model.js';
import { RUN_ID_PATTERN } from '../../scratch/names.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

const DAY_MS = 86_400_000;

/** A run id as pair prints it (`run <id>`), not its namespace: a typo is refused before any call. */
const RunIdSchema = z.string().superRefine((s, ctx) => {
  if (RUN_ID_PATTERN.test(s)) return;
  const inName = /^itest-(?:pair-)?([a-z0-9]{1,12})(?:-|$)/.exec(s)?.[1];
  ctx.addIssue({
    code: 'custom',
    message: inName
      ? `expected a run id, got the object name ${s}: pass ${inName}`
      : `expected a run id (1 to 12 lower-case letters and digits, as pair prints it: run ab12cd34), got ${s}`,
  });
});

const GcOptionsSchema = OutputOptionsSchema.extend({
  olderThan: durationSchema('30m, 1h or 2d', { maxMs: 365 * DAY_MS }).optional(),
  dryRun: z.boolean().optional(),
  run: RunIdSchema.optional(),
  leaseNamespace: z.string().min(1).optional(),
  timeout: durationSchema('90s, 5m', { maxMs: DAY_MS }).default(2 * 60_000),
  ...ClusterFlagsShape,
});

export async function runGcCommand(ctx: CliContext, raw: Record<string, unknown>): Promise<void> {
  const opts = parseOptions(GcOptionsSchema, raw);
  if (opts.run !== undefined && opts.olderThan !== undefined)
    throw new ToolError('gc --run deletes everything of that run whatever its age: --older-than has no say', {
      fix: 'drop --older-than, or drop --run to clean up by age',
    });
  const clock = systemClock;
  const deadline = new AbortController();
  const cancel = after(clock, opts.timeout, () =>
    deadline.abort(new DeadlineError(`--timeout ${formatDuration(opts.timeout)} reached`)),
  );
  const signal = AbortSignal.any([ctx.signal, deadline.signal]);
  try {
    // -n narrows where gc looks; it is not the kubeconfig namespace.
    const cluster = await openCluster(clusterOptions({ ...opts, namespace: undefined }, signal), ctx.env);
    const checks = await runGc(
      cluster,
      {
        olderThanMs: opts.olderThan ?? 3_600_000,
        olderThanExplicit: opts.olderThan !== undefined,
        dryRun: opts.dryRun === true,
        namespace: opts.namespace,
        runId: opts.run,
        // As pair resolves it: the flag, else $INTERCONNECT_TEST_LEASE_NAMESPACE, else the shared default.
        leaseNamespace:
          opts.leaseNamespace || ctx.env.INTERCONNECT_TEST_LEASE_NAMESPACE || DEFAULT_LEASE_NAMESPACE,
      },
      ctx.progress,
      { clock, signal },
    );
    await emit(ctx, makeReport('gc', checks, {}, { kind: 'task', what: 'scratch clean-up' }), opts);
  } finally {
    cancel();
  }
}
