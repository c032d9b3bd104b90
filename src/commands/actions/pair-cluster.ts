import type { z } from 'zod';
import { ToolError } from '../../core/errors.js';
import { makeReport } from '../../core/report.js';
import { getEngine } from '../../engines/registry.js';
import { clusterOptions } from '../../kube/flags.js';
import { openCluster } from '../../kube/open.js';
import {
  type ClusterOptionsShape,
  type SharedPairOptions,
  toPairConfig,
} from '../../pair/options/options.js';
import { runPairCluster } from '../../pair/run.js';
import { clusterSections } from '../../pair/sections.js';
import { manifestsYaml } from '../../render/manifests.js';
import { fixedRunId } from '../../scratch/names.js';
import type { CliContext, OutputOptions } from '../context.js';
import { emit } from '../context.js';

/** INTERCONNECT_TEST_RUN_ID fixes the run id (and so the scratch namespace name): scratch/names.ts fixedRunId. */
export function runIdFrom(env: NodeJS.ProcessEnv): string | undefined {
  return fixedRunId(env, 'pair');
}

/** What the JSON report says `pair` is about. */
export const PAIR_VERDICT_SUBJECT = 'disaggregated KV transfer between these nodes';

type Options = z.infer<z.ZodObject<typeof ClusterOptionsShape>> & SharedPairOptions & OutputOptions;

/** `pair` without --local: the cluster orchestrator, from parsed options to the emitted report. */
export async function runClusterPair(ctx: CliContext, opts: Options): Promise<void> {
  const config = toPairConfig(opts, ctx.env);
  const runId = runIdFrom(ctx.env);
  const result = await runPairCluster(config, {
    ...(runId ? { runId } : {}),
    // The run scopes every call to Ctrl-C and its own --timeout; teardown gets a fresh signal.
    cluster: () => openCluster(clusterOptions(opts), ctx.env).catch(suggestLocal),
    progress: ctx.progress,
    signal: ctx.signal,
    lastWords: ctx.lastWords,
    cwd: ctx.cwd,
    env: ctx.env,
    printManifests: (objects) => {
      ctx.stdout.write(
        opts.output === 'json'
          ? `${JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }, null, 2)}\n`
          : manifestsYaml(objects),
      );
    },
  });
  if (result.dryRun) {
    ctx.outcome = { kind: 'printed' };
    return;
  }
  const plan = result.plan;
  const report = makeReport(
    'pair',
    result.checks,
    {
      // Absent (not null) when no transfer ran: blocked by the read-only checks, or no nodes to run on.
      ...(result.measurement ? { measurement: result.measurement } : {}),
      ...(result.measurements ? { measurements: result.measurements } : {}),
      // Every GPU↔NIC rail the pair crossed (its first leg's), beside the aggregate measurement.
      ...(result.measurement?.rails ? { rails: result.measurement.rails } : {}),
      run: {
        runId: result.runId,
        namespace: plan?.namespace.name ?? null,
        engine: plan?.engine ?? null,
        engineWhy: plan?.engineWhy ?? null,
        image: plan?.image ?? null,
        imageWhy: plan?.imageWhy ?? null,
        nixlbenchVersion: plan ? (getEngine(plan.engine).versionOf?.(plan.bench) ?? null) : null,
        backend: plan ? (getEngine(plan.engine).backendOf?.(plan.bench) ?? null) : null,
        // Who initiated which operation, and why (the framework, the flags, or both when unknown).
        transfers: plan ? plan.legs.map((l) => ({ initiator: l.initiator, op: l.op })) : [],
        transfersWhy: plan?.legsWhy ?? null,
        timing: result.timing,
        ...(result.kept ? { kept: result.kept } : {}),
      },
    },
    PAIR_VERDICT_SUBJECT,
  );
  await emit(ctx, report, opts, () => clusterSections(result));
  // The verdict is in: a Ctrl-C that came during teardown does not take it back.
  if (ctx.outcome?.kind === 'report') ctx.outcome.final = true;
}

/** Without any kubeconfig, `pair` may still be run: `--local` needs no cluster. */
function suggestLocal(err: unknown): never {
  if (err instanceof ToolError && err.message.startsWith('no kubeconfig found'))
    throw new ToolError(err.message, {
      fix: `${err.fix ?? 'pass --kubeconfig FILE'}; or test this host alone, without a cluster: pair --local`,
    });
  throw err;
}
