import { type ClusterIdentity, clusterIdentity } from '../core/cluster-identity.js';
import type { Check, Report } from '../core/model.js';
import { makeReport } from '../core/report.js';
import { clusterOptions } from '../kube/flags.js';
import { openCluster } from '../kube/open.js';
import { fixedRunId } from '../scratch/names.js';
import type { SweepDeps } from './config.js';
import { type Baseline, readBaseline } from './history.js';
import type { SweepResult } from './model.js';
import { type SweepFlags, toSweepConfig } from './options.js';
import { runSweep } from './run.js';
import { SWEEP_SUBJECT } from './saved.js';

/**
 * A live `sweep` as one report (what `sweep report FILE` reads back later): the options
 * checked, the baseline read before anything runs, the sweep run on the cluster the
 * kubeconfig names, the comparison with the baseline, and the judge's one verdict.
 */

export interface SweepOutcome {
  report: Report;
  result: SweepResult;
  run: { runId: string; dryRun: boolean };
  /** The cluster the sweep ran on: its context and server, named by --cluster-name. */
  identity?: ClusterIdentity | undefined;
}

/** What the sweep runs with; the cluster and the run id it finds itself (kubeconfig, INTERCONNECT_TEST_RUN_ID). */
export type SweepReportDeps = Omit<SweepDeps, 'cluster' | 'runId' | 'env'> & { env: NodeJS.ProcessEnv };

export async function sweepReport(opts: SweepFlags, deps: SweepReportDeps): Promise<SweepOutcome> {
  const config = toSweepConfig(opts, deps.env);
  // Read the baseline before the sweep: a wrong path is bad input, said before anything runs.
  const baseline = opts.baseline ? await readBaseline(opts.baseline, opts.resultsDir, deps.cwd) : undefined;
  if (baseline && 'missing' in baseline) deps.progress.warn(baseline.missing);
  const runId = fixedRunId(deps.env, 'sweep');
  let identity: ClusterIdentity | undefined;
  const open = async () => {
    const c = await openCluster(clusterOptions(opts), deps.env);
    identity = clusterIdentity(c, opts.clusterName);
    return c;
  };
  const run = await runSweep(config, { ...deps, cluster: open, ...(runId ? { runId } : {}) });
  const checks =
    baseline && 'result' in baseline && !run.dryRun
      ? await withBaseline(run.result, run.checks, baseline, opts.regression)
      : run.checks;
  const meta = { runId: run.runId, dryRun: run.dryRun };
  const report = makeReport(
    'sweep',
    checks,
    { ...(identity ? { cluster: identity } : {}), sweep: run.result, run: meta },
    SWEEP_SUBJECT,
  );
  return { report, result: run.result, run: meta, identity };
}

/** The comparison with the baseline into the result, and its checks before the per-pair ones. */
async function withBaseline(
  result: SweepResult,
  checks: Check[],
  baseline: Baseline,
  fraction: number,
): Promise<Check[]> {
  const { compareWithBaseline, regressionChecks } = await import('./regression.js');
  result.regressions = compareWithBaseline(result, baseline.result, fraction, baseline.meta);
  const at = checks.findIndex((c) => c.id === 'sweep.pair');
  const cut = at < 0 ? checks.length : at;
  return [...checks.slice(0, cut), ...regressionChecks(result.regressions), ...checks.slice(cut)];
}
