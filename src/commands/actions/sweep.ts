import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ClusterIdentity, clusterSlug } from '../../core/cluster-identity.js';
import { ToolError } from '../../core/errors.js';
import { renderJson } from '../../render/data.js';
import { SweepOptionsShape, withPolicy } from '../../sweep/options.js';
import { type SweepOutcome, sweepReport } from '../../sweep/report.js';
import { sweepSections } from '../../sweep/sections.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

const SweepOptionsSchema = OutputOptionsSchema.extend(SweepOptionsShape);
type SweepOptions = ReturnType<typeof SweepOptionsSchema.parse>;

/** `sweep`'s action: options (and policy) → the sweep as a report → the files, the push and the report. */
export async function runSweepCommand(
  ctx: CliContext,
  raw: Record<string, unknown>,
  source: (key: string) => string | undefined = () => undefined,
): Promise<void> {
  const opts = parseOptions(SweepOptionsSchema, await withPolicy(raw, source, ctx.cwd));
  const out = await sweepReport(opts, {
    progress: ctx.progress,
    signal: ctx.signal,
    lastWords: ctx.lastWords,
    cwd: ctx.cwd,
    env: ctx.env,
    // --debug: where the time went, on stderr beside the progress.
    ...(ctx.debug ? { debug: (lines: string[]) => ctx.stderr.write(`${lines.join('\n')}\n`) } : {}),
  });
  if (!out.run.dryRun) {
    await writeOutputs(ctx, opts, out);
    if (opts.resultsDir) await keepRun(ctx, opts.resultsDir, opts.keepRuns, out);
  }
  await emit(ctx, out.report, opts, () => sweepSections(out.result, out.run.dryRun));
}

/** This run into the results directory; a failure there is a warning, never the sweep's verdict. */
async function keepRun(ctx: CliContext, dir: string, keep: number, out: SweepOutcome) {
  const { saveRun } = await import('../../sweep/history.js');
  const report = { ...out.report, sweep: out.result, run: out.run };
  try {
    ctx.progress.step('Keep this run in --results-dir');
    const slug = out.identity ? clusterSlug(out.identity) : undefined;
    const file = await saveRun(path.resolve(ctx.cwd, dir), report, renderJson(report), keep, slug);
    ctx.progress.done(file);
  } catch (err) {
    if (!(err instanceof ToolError)) throw err;
    ctx.progress.warn(`${err.message}${err.fix ? `; ${err.fix}` : ''}`);
  }
}

/** --html, --metrics-file and --pushgateway, each rendered from the report's one verdict. */
async function writeOutputs(ctx: CliContext, opts: SweepOptions, out: SweepOutcome) {
  const at = (f: string) => path.resolve(ctx.cwd, f);
  const { verdict, generatedAt } = out.report;
  const cluster: ClusterIdentity | undefined = out.identity;
  if (opts.html) {
    const { renderHtml } = await import('../../render/html/page.js');
    await writeFile(at(opts.html), renderHtml(out.result, verdict, cluster ? { cluster } : {}));
  }
  if (opts.metricsFile || opts.pushgateway) {
    const { renderPrometheus } = await import('../../render/prometheus.js');
    const body = renderPrometheus(out.result, {
      verdict: verdict.status,
      now: new Date(generatedAt),
      ...(cluster ? { cluster } : {}),
    });
    if (opts.metricsFile) await writeFile(at(opts.metricsFile), body);
    if (opts.pushgateway) {
      const { pushMetrics } = await import('../../sweep/push.js');
      const pushed = await pushMetrics(opts.pushgateway, body, {
        signal: ctx.signal,
        ...(cluster ? { cluster: cluster.name } : {}),
      });
      if (!pushed.ok) ctx.progress.warn(pushed.warning);
    }
  }
}
