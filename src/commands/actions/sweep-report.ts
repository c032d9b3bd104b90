import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ToolError } from '../../core/errors.js';
import { readBounded } from '../../core/input.js';
import { redactText } from '../../core/redact.js';
import { makeReport } from '../../core/report.js';
import { DEFAULT_REGRESSION_FRACTION } from '../../judge/regression.js';
import { MiB } from '../../parsers/units.js';
import { parseSaved, type Saved, SWEEP_SUBJECT, sweepChecksOf } from '../../sweep/saved.js';
import { type CliContext, emit } from '../context.js';
import { parseOptions } from '../options.js';

/**
 * `sweep report FILE`: a saved sweep (or pair) result rendered again, offline, through the
 * same judge. text/json/yaml go the way every report does (main.ts renders them and the
 * verdict sets the exit code); html, junit and prometheus are written to stdout here, each
 * through core/redact.ts's redactText: the one redaction every output of this command passes.
 */

export const REPORT_FORMATS = ['text', 'json', 'yaml', 'junit', 'html', 'prometheus'] as const;

const SweepReportOptionsSchema = z.object({
  output: z.enum(REPORT_FORMATS).default('text'),
  junit: z.string().min(1).optional(),
  failOn: z.enum(['fail', 'warn']).default('fail'),
  color: z.boolean().optional(),
  baseline: z.string().min(1).optional(),
  regression: z.coerce.number().positive().lt(1).default(DEFAULT_REGRESSION_FRACTION),
});

/** A saved report is the whole run: a 1,000-node nightly is a few MB; this leaves room for far more. */
const SAVED_LIMIT_BYTES = 512 * MiB;

/** Everything this command prints goes through here: the one redaction, then stdout. */
function write(ctx: CliContext, text: string): void {
  ctx.stdout.write(redactText(text));
}

/** A results directory (the nightly's /results/history) stands for its newest run, the one `last` names. */
async function runFileOf(ctx: CliContext, given: string): Promise<string> {
  if (given === '-') return given;
  const full = path.resolve(ctx.cwd, given);
  const isDir = await stat(full).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) return given;
  const { newestRunFile } = await import('../../sweep/history.js');
  const newest = await newestRunFile(full, `sweep report ${given}`);
  if (newest === undefined) {
    throw new ToolError(`sweep report ${given}: no run kept there yet (no \`last\`)`, {
      fix: 'pass a --results-dir that a sweep has written to, or a run file',
    });
  }
  return newest;
}

export async function runSweepReport(
  ctx: CliContext,
  given: string,
  raw: Record<string, unknown>,
): Promise<void> {
  const opts = parseOptions(SweepReportOptionsSchema, raw);
  const file = await runFileOf(ctx, given);
  const text = await readBounded(file, {
    limitBytes: SAVED_LIMIT_BYTES,
    cwd: ctx.cwd,
    signal: ctx.signal,
    stdin: ctx.stdin ?? process.stdin,
    tooLargeFix: 'pass one run file of --results-dir, not a concatenation',
    unreadableFix:
      'give the path of a report written by sweep -o json (or a --results-dir run file), or - for stdin',
  });
  const saved = parseSaved(text, file === '-' ? 'stdin' : file);
  if (saved.kind === 'pair') return pairReport(ctx, saved, opts);
  if (opts.baseline) {
    const { readBaseline } = await import('../../sweep/history.js');
    const { compareWithBaseline } = await import('../../sweep/regression.js');
    const baseline = await readBaseline(opts.baseline, undefined, ctx.cwd);
    if ('result' in baseline)
      saved.result.regressions = compareWithBaseline(
        saved.result,
        baseline.result,
        opts.regression,
        baseline.meta,
      );
  }
  const checks = sweepChecksOf(saved);
  const at = saved.generatedAt ? new Date(saved.generatedAt) : new Date(saved.result.startedAt);
  const report = makeReport(
    'sweep',
    checks,
    {
      ...(saved.cluster ? { cluster: saved.cluster } : {}),
      sweep: saved.result,
      ...(saved.run ? { run: saved.run } : {}),
    },
    SWEEP_SUBJECT,
    () => (Number.isFinite(at.getTime()) ? at : new Date(0)),
  );
  sameVerdict(ctx, saved.savedVerdict, report.verdict.status, Boolean(opts.baseline));
  const cluster = saved.cluster ? { cluster: saved.cluster } : {};
  if (opts.output === 'html') {
    const { renderHtml } = await import('../../render/html/page.js');
    write(ctx, renderHtml(saved.result, report.verdict, { ...cluster, generatedAt: report.generatedAt }));
  } else if (opts.output === 'prometheus') {
    const { renderPrometheus } = await import('../../render/prometheus.js');
    write(ctx, renderPrometheus(saved.result, { verdict: report.verdict.status, now: at, ...cluster }));
  } else if (opts.output === 'junit') {
    const { renderJunit } = await import('../../render/junit.js');
    write(ctx, renderJunit(report, opts.failOn));
  } else {
    const { sweepSections } = await import('../../sweep/sections.js');
    await emit(ctx, report, { ...opts, output: opts.output }, () =>
      sweepSections(saved.result, saved.run?.dryRun ?? false),
    );
  }
}

/** The verdict recomputed is the saved one; if the judge moved since, say so (never silently). */
function sameVerdict(ctx: CliContext, saved: string | null, now: string, rebased: boolean): void {
  if (saved === null || saved === now) return;
  ctx.progress.warn(
    rebased
      ? `the saved verdict was ${saved}; against --baseline it is ${now}`
      : `the saved verdict was ${saved}; this version's judge says ${now} for the same result`,
  );
}

function pairReport(
  ctx: CliContext,
  saved: Extract<Saved, { kind: 'pair' }>,
  opts: z.infer<typeof SweepReportOptionsSchema>,
): Promise<void> | void {
  if (opts.output === 'html' || opts.output === 'prometheus') {
    throw new ToolError(`-o ${opts.output} draws a sweep; this is a pair report`, {
      fix: 'use -o text, json, yaml or junit for a pair report',
    });
  }
  sameVerdict(ctx, saved.savedVerdict, saved.report.verdict.status, false);
  if (opts.output === 'junit') {
    return import('../../render/junit.js').then(({ renderJunit }) =>
      write(ctx, renderJunit(saved.report, opts.failOn)),
    );
  }
  return emit(ctx, saved.report, { ...opts, output: opts.output });
}
