import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { systemClock } from '../../core/clock.js';
import { durationSchema } from '../../core/duration-schema.js';
import { ToolError } from '../../core/errors.js';
import { INPUT_LIMITS, readBounded } from '../../core/input.js';
import { makeReport } from '../../core/report.js';
import { assumedReference, lineRateReference } from '../../judge/kv-traffic.js';
import { clusterOptions } from '../../kube/flags.js';
import { ClusterFlagsShape } from '../../kube/flags-schema.js';
import { openCluster } from '../../kube/open.js';
import { watchExposition, watchSections } from '../../watch/report.js';
import { type WatchResult, watchDgd, watchFiles } from '../../watch/run.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';
import { readHistory } from './watch-history.js';

const WatchOptionsSchema = OutputOptionsSchema.extend({
  ...ClusterFlagsShape,
  dgd: z.string().min(1).optional(),
  container: z.string().min(1).optional(),
  window: durationSchema('5m, 30m or 1h', { maxMs: 7 * 24 * 3600_000, minMs: 1000 }).default(300_000),
  from: z.string().min(1).optional(),
  to: z.string().min(1).optional(),
  prometheus: z.string().min(1).optional(),
  prometheusToken: z.string().min(1).optional(),
  prometheusCertificateAuthority: z.string().min(1).optional(),
  prometheusInsecureSkipTlsVerify: z.boolean().optional(),
  prometheusTimeout: durationSchema('10s or 1m', { maxMs: 10 * 60_000, minMs: 100 }).default(10_000),
  lineRate: z.coerce.number().positive().max(10_000).optional(),
  rails: z.coerce.number().int().positive().max(64).optional(),
  metricsFile: z.string().min(1).optional(),
  history: z.string().min(1).optional(),
});
type WatchOptions = z.infer<typeof WatchOptionsSchema>;

function refuse(o: WatchOptions): void {
  const offline = o.from !== undefined || o.to !== undefined;
  if (offline && (o.from === undefined || o.to === undefined))
    throw new ToolError('--from and --to go together', { fix: 'give both: --from BEFORE --to AFTER' });
  if (offline && o.history)
    throw new ToolError('--history matches workers by their nodes, which saved expositions do not name', {
      fix: 'use --line-rate with --from/--to, or --history with --dgd',
    });
  if (offline && (o.dgd || o.prometheus))
    throw new ToolError('--from/--to judge saved expositions: --dgd and --prometheus do not apply', {
      fix: 'drop --dgd/--prometheus, or drop --from/--to to watch the live deployment',
    });
  if (!offline && !o.dgd)
    throw new ToolError('say what to watch', {
      fix: 'pass --dgd NAME -n NAMESPACE (a live deployment), or --from BEFORE --to AFTER (saved expositions)',
    });
  if (o.rails !== undefined && o.lineRate === undefined)
    throw new ToolError('--rails needs --line-rate: the rail count multiplies the line rate of one port', {
      fix: 'add --line-rate <Gb/s>, e.g. --line-rate 400 --rails 2',
    });
  const promOnly = [o.prometheusToken, o.prometheusCertificateAuthority, o.prometheusInsecureSkipTlsVerify];
  if (!o.prometheus && promOnly.some((v) => v !== undefined))
    throw new ToolError(
      '--prometheus-token, --prometheus-certificate-authority and --prometheus-insecure-skip-tls-verify need --prometheus',
      {
        fix: 'add --prometheus URL, or drop them',
      },
    );
}

async function live(ctx: CliContext, o: WatchOptions, reference: WatchResult['reference']) {
  const cluster = await openCluster(clusterOptions(o, ctx.signal), ctx.env);
  const namespace = o.namespace ?? cluster.namespace;
  const ca = o.prometheusCertificateAuthority
    ? await readBounded(o.prometheusCertificateAuthority, {
        limitBytes: INPUT_LIMITS.capture,
        cwd: ctx.cwd,
        signal: ctx.signal,
        tooLargeFix: 'give the CA certificate alone (PEM)',
        unreadableFix: 'give the path of the PEM file that signed the Prometheus server certificate',
      })
    : undefined;
  const token = o.prometheusToken ?? ctx.env.PROMETHEUS_TOKEN;
  const result = await watchDgd(
    namespace,
    o.dgd as string,
    {
      windowSeconds: o.window / 1000,
      reference,
      container: o.container,
      history: o.history ? await readHistory(o.history, ctx.cwd) : undefined,
    },
    {
      cluster,
      clock: systemClock,
      progress: ctx.progress,
      signal: ctx.signal,
      prometheus: o.prometheus
        ? {
            url: o.prometheus,
            token,
            ca,
            insecureSkipTlsVerify: o.prometheusInsecureSkipTlsVerify,
            timeoutMs: o.prometheusTimeout,
            signal: ctx.signal,
          }
        : undefined,
    },
  );
  return { result, cluster: { context: cluster.context, namespace, server: cluster.server, dgd: o.dgd } };
}

export async function runWatch(ctx: CliContext, raw: Record<string, unknown>): Promise<void> {
  const o = parseOptions(WatchOptionsSchema, raw);
  refuse(o);
  const reference =
    o.lineRate !== undefined ? lineRateReference(o.lineRate, o.rails ?? 1) : assumedReference();
  const read = (file: string) =>
    readBounded(file, {
      limitBytes: INPUT_LIMITS.capture,
      cwd: ctx.cwd,
      signal: ctx.signal,
      tooLargeFix: 'give one /metrics body per file',
      unreadableFix: 'give the path of a saved /metrics body',
    });
  const { result, cluster } =
    o.from !== undefined && o.to !== undefined
      ? {
          result: await watchFiles(
            path.resolve(ctx.cwd, o.from),
            path.resolve(ctx.cwd, o.to),
            read,
            reference,
            o.window / 1000,
          ),
          cluster: undefined,
        }
      : await live(ctx, o, reference);
  const report = makeReport(
    'watch',
    result.checks,
    { watch: result, ...(cluster ? { cluster } : { input: { from: o.from, to: o.to } }) },
    o.from !== undefined
      ? {
          kind: 'shows',
          what: 'these two saved expositions',
          many: true,
          note: 'Saved expositions show what the workers counted; only `pair` and `sweep` certify the KV path.',
        }
      : undefined,
  );
  if (o.metricsFile) {
    await writeFile(
      path.resolve(ctx.cwd, o.metricsFile),
      watchExposition(report, cluster?.context ?? 'offline'),
    );
  }
  await emit(ctx, report, o, watchSections);
}
