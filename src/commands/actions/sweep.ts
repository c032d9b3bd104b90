import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  CLUSTER_NAME_PATTERN,
  type ClusterIdentity,
  clusterIdentity,
  clusterSlug,
} from '../../core/cluster-identity.js';
import { formatDuration } from '../../core/duration.js';
import { ToolError } from '../../core/errors.js';
import type { Check, Report, Verdict } from '../../core/model.js';
import { makeReport } from '../../core/report.js';
import { DEFAULT_REGRESSION_FRACTION } from '../../judge/regression.js';
import { clusterOptions } from '../../kube/flags.js';
import { openCluster } from '../../kube/open.js';
import { DurationOption, SweepDurationOption, TransferOptionsShape } from '../../pair/options/groups.js';
import { ClusterOptionsShape, toPairConfig } from '../../pair/options/options.js';
import { renderJson } from '../../render/data.js';
import { fixedRunId } from '../../scratch/names.js';
import { type Baseline, DEFAULT_KEEP_RUNS, readBaseline } from '../../sweep/history.js';
import { SchemeSchema, type SweepResult } from '../../sweep/model.js';
import { runSweep } from '../../sweep/run.js';
import { SWEEP_SUBJECT } from '../../sweep/saved.js';
import { sweepSections } from '../../sweep/sections.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

/** `--regression`: a share of the baseline, `0.2` or `20%`, above 0 and below 1. */
const RegressionFraction = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = String(v).trim();
  const n = text.endsWith('%') ? Number(text.slice(0, -1)) / 100 : Number(text);
  if (text === '' || !Number.isFinite(n) || n <= 0 || n >= 1) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a share of the baseline above 0 and below 1, such as 0.2 or 20%, got ${JSON.stringify(v)}`,
    });
    return z.NEVER;
  }
  return n;
});

const {
  prefillNode: _p,
  decodeNode: _d,
  keep: _k,
  etcdEndpoints: _e,
  nodeProbes: _n,
  ...probeShape
} = ClusterOptionsShape;

export const SweepOptionsSchema = OutputOptionsSchema.extend({
  policy: z.string().min(1).optional(),
  scheme: SchemeSchema.optional(),
  seed: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(2 ** 31)
    .default(1),
  matchings: z.coerce.number().int().positive().max(64).default(3),
  topologyLabel: z
    .string()
    .regex(/^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/, {
      message: 'expected a label key such as topology.kubernetes.io/rack',
    })
    .optional(),
  budget: z
    .string()
    .transform((s, ctx) => {
      if (/^[1-9][0-9]*$/.test(s)) return { pairs: Number(s) };
      const d = SweepDurationOption.safeParse(s);
      if (d.success) return { ms: d.data };
      ctx.addIssue({ code: 'custom', message: 'expected a number of pairs (500) or a duration (20m, 2h)' });
      return z.NEVER;
    })
    .optional(),
  outlier: z.coerce.number().positive().lt(1).default(0.1),
  selector: z.string().min(1).optional(),
  nodes: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?(,[a-z0-9]([-a-z0-9.]*[a-z0-9])?)+$/, {
      message: 'expected two or more node names: a,b,c',
    })
    .superRefine((s, ctx) => {
      const names = s.split(',');
      const twice = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
      // A typo, not a fabric question: a node cannot be paired with itself.
      if (twice.length > 0) ctx.addIssue({ code: 'custom', message: `names ${twice.join(', ')} twice` });
    })
    .transform((s) => s.split(','))
    .optional(),
  maxParallel: z.coerce.number().int().positive().max(512).default(8),
  gpuAccounting: z.enum(['cluster', 'none']).default('cluster'),
  timeout: SweepDurationOption.default(30 * 60_000),
  pairTimeout: DurationOption.default(5 * 60_000),
  ...TransferOptionsShape,
  html: z.string().min(1).optional(),
  metricsFile: z.string().min(1).optional(),
  pushgateway: z
    .url({ protocol: /^https?$/, message: 'expected an http(s) URL such as http://pushgateway:9091' })
    .optional(),
  resultsDir: z.string().min(1).optional(),
  keepRuns: z.coerce
    .number({ error: 'expected a whole number of run files, such as 60' })
    .int()
    .positive()
    .default(DEFAULT_KEEP_RUNS),
  baseline: z.string().min(1).optional(),
  clusterName: z
    .string()
    .regex(CLUSTER_NAME_PATTERN, {
      message: 'expected a name such as gpu-prod-east (letters, digits, . _ -)',
    })
    .optional(),
  regression: RegressionFraction.default(DEFAULT_REGRESSION_FRACTION),
  ...probeShape,
});
export type SweepOptions = z.infer<typeof SweepOptionsSchema>;

/** The policy's keys under the flags given on the command line (flags win; defaults do not). */
async function withPolicy(
  raw: Record<string, unknown>,
  source: (key: string) => string | undefined,
  cwd: string,
): Promise<Record<string, unknown>> {
  const file = raw.policy;
  if (typeof file !== 'string' || file === '') return raw;
  const { loadPolicy, policyToRaw } = await import('../../sweep/policy.js');
  const fromPolicy = policyToRaw(await loadPolicy(path.resolve(cwd, file)));
  const out = { ...raw };
  for (const [k, v] of Object.entries(fromPolicy)) {
    if (v === undefined) continue;
    const src = source(k);
    if (src === 'cli' || src === 'env') continue;
    out[k] = v;
  }
  return out;
}

/** `sweep`'s action: options (and policy) → runSweep → the report, files and the push. */
export async function runSweepCommand(
  ctx: CliContext,
  rawIn: Record<string, unknown>,
  source: (key: string) => string | undefined = () => undefined,
): Promise<void> {
  const raw = await withPolicy(rawIn, source, ctx.cwd);
  const opts = parseOptions(SweepOptionsSchema, raw);
  if (opts.scheme === 'role' && !opts.dgd) {
    throw new ToolError('--scheme role pairs the prefill and decode nodes of a DynamoGraphDeployment', {
      fix: 'pass --dgd NAME (and -n NAMESPACE), or use --scheme ring or all-pairs',
    });
  }
  if (opts.dgd && (opts.nodes || opts.selector)) {
    throw new ToolError(
      `--dgd takes the nodes from the DynamoGraphDeployment's worker pods, and ${opts.nodes ? '--nodes' : '-l/--selector'} chooses them too`,
      { fix: "pass one of them (--recipe takes a DGD's transport settings to nodes you name)" },
    );
  }
  if (opts.budget && opts.scheme && opts.scheme !== 'auto') {
    throw new ToolError(`--budget bounds --scheme auto, and --scheme ${opts.scheme} runs a fixed plan`, {
      fix: 'drop --budget and bound the sweep with --timeout, or use --scheme auto',
    });
  }
  if (opts.pairTimeout > opts.timeout) {
    throw new ToolError(
      `--pair-timeout ${formatDuration(opts.pairTimeout)} is longer than the whole sweep's --timeout ${formatDuration(opts.timeout)}: no pair could use it`,
      { fix: 'lower --pair-timeout or raise --timeout' },
    );
  }
  const pair = toPairConfig(
    {
      ...opts,
      engine: opts.engine,
      mode: 'cross-node',
      timeout: opts.pairTimeout,
      nixlbenchRuntime: 'auto',
      nodeProbes: false,
    },
    ctx.env,
  );
  // Read the baseline before the sweep: a wrong path is bad input, said before anything runs.
  const baseline = opts.baseline ? await readBaseline(opts.baseline, opts.resultsDir, ctx.cwd) : undefined;
  if (baseline && 'missing' in baseline) ctx.progress.warn(baseline.missing);
  const runId = fixedRunId(ctx.env, 'sweep');
  // Which cluster: the context and server of the one runSweep opens, named by --cluster-name.
  let identity: ClusterIdentity | undefined;
  const open = async () => {
    const c = await openCluster(clusterOptions(opts), ctx.env);
    identity = clusterIdentity(c, opts.clusterName);
    return c;
  };
  const run = await runSweep(
    {
      scheme: opts.scheme,
      seed: opts.seed,
      matchings: opts.matchings,
      topologyLabel: opts.topologyLabel,
      outlierFraction: opts.outlier,
      budget: opts.budget,
      selector: opts.selector,
      nodes: opts.nodes,
      maxParallel: opts.maxParallel,
      gpuAccounting: opts.gpuAccounting,
      timeoutMs: opts.timeout,
      pair,
    },
    {
      cluster: open,
      progress: ctx.progress,
      signal: ctx.signal,
      lastWords: ctx.lastWords,
      cwd: ctx.cwd,
      env: ctx.env,
      ...(runId ? { runId } : {}),
      // --debug: where the time went, on stderr beside the progress.
      ...(ctx.debug ? { debug: (lines: string[]) => ctx.stderr.write(`${lines.join('\n')}\n`) } : {}),
    },
  );
  const checks =
    baseline && 'result' in baseline && !run.dryRun
      ? await withBaseline(run.result, run.checks, baseline, opts.regression)
      : run.checks;
  const report = makeReport(
    'sweep',
    checks,
    {
      ...(identity ? { cluster: identity } : {}),
      sweep: run.result,
      run: { runId: run.runId, dryRun: run.dryRun },
    },
    SWEEP_SUBJECT,
  );
  if (!run.dryRun) {
    await writeOutputs(ctx, opts, run.result, report.verdict, report.generatedAt, identity);
    if (opts.resultsDir)
      await keepRun(
        ctx,
        opts.resultsDir,
        opts.keepRuns,
        { ...report, sweep: run.result, run: { runId: run.runId, dryRun: run.dryRun } },
        identity,
      );
  }
  await emit(ctx, report, opts, () => sweepSections(run.result, run.dryRun));
}

/** The comparison with the baseline into the result, and its checks before the per-pair ones. */
async function withBaseline(
  result: SweepResult,
  checks: Check[],
  baseline: Baseline,
  fraction: number,
): Promise<Check[]> {
  const { compareWithBaseline, regressionChecks } = await import('../../sweep/regression.js');
  result.regressions = compareWithBaseline(result, baseline.result, fraction, baseline.meta);
  const at = checks.findIndex((c) => c.id === 'sweep.pair');
  const cut = at < 0 ? checks.length : at;
  return [...checks.slice(0, cut), ...regressionChecks(result.regressions), ...checks.slice(cut)];
}

/** This run into the results directory; a failure there is a warning, never the sweep's verdict. */
async function keepRun(
  ctx: CliContext,
  dir: string,
  keep: number,
  report: Report & { sweep: SweepResult; run: { runId: string; dryRun: boolean } },
  identity: ClusterIdentity | undefined,
) {
  const { saveRun } = await import('../../sweep/history.js');
  try {
    ctx.progress.step('Keep this run in --results-dir');
    const slug = identity ? clusterSlug(identity) : undefined;
    const file = await saveRun(path.resolve(ctx.cwd, dir), report, renderJson(report), keep, slug);
    ctx.progress.done(file);
  } catch (err) {
    if (!(err instanceof ToolError)) throw err;
    ctx.progress.warn(`${err.message}${err.fix ? `; ${err.fix}` : ''}`);
  }
}

async function writeOutputs(
  ctx: CliContext,
  opts: SweepOptions,
  result: Parameters<typeof sweepSections>[0],
  verdict: Verdict,
  generatedAt: string,
  cluster: ClusterIdentity | undefined,
) {
  const at = (f: string) => path.resolve(ctx.cwd, f);
  if (opts.html) {
    const { renderHtml } = await import('../../render/html/page.js');
    await writeFile(at(opts.html), renderHtml(result, verdict, cluster ? { cluster } : {}));
  }
  if (opts.metricsFile || opts.pushgateway) {
    const { renderPrometheus } = await import('../../render/prometheus.js');
    const body = renderPrometheus(result, {
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
