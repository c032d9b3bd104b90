import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { formatDuration } from '../../core/duration.js';
import { ToolError } from '../../core/errors.js';
import { makeReport } from '../../core/report.js';
import { parseSize } from '../../engines/sizes.js';
import { clusterOptions } from '../../kube/flags.js';
import { openCluster } from '../../kube/open.js';
import { DurationOption, SweepDurationOption, TransferOptionsShape } from '../../pair/option-groups.js';
import { ClusterOptionsShape, toPairConfig } from '../../pair/options.js';
import { SchemeSchema } from '../../sweep/model.js';
import { runSweep } from '../../sweep/run.js';
import { sweepSections } from '../../sweep/sections.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

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
  scheme: SchemeSchema.default('ring'),
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
  timeout: SweepDurationOption.default(30 * 60_000),
  pairTimeout: DurationOption.default(5 * 60_000),
  ...TransferOptionsShape,
  html: z.string().min(1).optional(),
  metricsFile: z.string().min(1).optional(),
  pushgateway: z
    .url({ protocol: /^https?$/, message: 'expected an http(s) URL such as http://pushgateway:9091' })
    .optional(),
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
  const runId = ctx.env.INTERCONNECT_TEST_RUN_ID;
  if (runId !== undefined && runId !== '' && !/^[a-z0-9]{1,8}$/.test(runId)) {
    throw new ToolError(`INTERCONNECT_TEST_RUN_ID=${runId} is not a sweep run id`, {
      fix: 'use 1 to 8 lower-case letters and digits (each pair adds p<index>)',
    });
  }
  const run = await runSweep(
    {
      scheme: opts.scheme,
      selector: opts.selector,
      nodes: opts.nodes,
      maxParallel: opts.maxParallel,
      timeoutMs: opts.timeout,
      pair,
    },
    {
      cluster: () => openCluster(clusterOptions(opts), ctx.env),
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
  const report = makeReport(
    'sweep',
    run.checks,
    { sweep: run.result, run: { runId: run.runId, dryRun: run.dryRun } },
    'disaggregated KV transfer across these nodes',
  );
  if (!run.dryRun) await writeOutputs(ctx, opts, run.result, report.verdict.status, report.generatedAt);
  await emit(ctx, report, opts, () => sweepSections(run.result, run.dryRun));
}

async function writeOutputs(
  ctx: CliContext,
  opts: SweepOptions,
  result: Parameters<typeof sweepSections>[0],
  verdict: 'trusted' | 'unverified' | 'untrusted',
  generatedAt: string,
) {
  const at = (f: string) => path.resolve(ctx.cwd, f);
  if (opts.html) {
    const { renderHtml } = await import('../../render/html/page.js');
    await writeFile(at(opts.html), renderHtml(result));
  }
  if (opts.metricsFile || opts.pushgateway) {
    const { renderPrometheus } = await import('../../render/prometheus.js');
    const body = renderPrometheus(result, { verdict, now: new Date(generatedAt) });
    if (opts.metricsFile) await writeFile(at(opts.metricsFile), body);
    if (opts.pushgateway) {
      const { pushMetrics } = await import('../../sweep/push.js');
      const pushed = await pushMetrics(opts.pushgateway, body, { signal: ctx.signal });
      if (!pushed.ok) ctx.progress.warn(pushed.warning);
    }
  }
}
