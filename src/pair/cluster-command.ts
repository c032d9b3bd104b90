import type { z } from 'zod';
import type { CliContext, OutputOptions } from '../commands/shared.js';
import { emit, makeReport } from '../commands/shared.js';
import { loadKube } from '../kube/client.js';
import { KubeCluster } from './kube-cluster.js';
import { type ClusterOptionsShape, type SharedPairOptions, toPairConfig } from './options.js';
import { manifestsYaml } from './render.js';
import { runPairCluster } from './run.js';
import { clusterSections } from './sections.js';

/** What the JSON report says `pair` is about. */
export const PAIR_VERDICT_SUBJECT = 'disaggregated KV transfer between these nodes';

type Options = z.infer<z.ZodObject<typeof ClusterOptionsShape>> & SharedPairOptions & OutputOptions;

/** `pair` without --local: the cluster orchestrator, from parsed options to the emitted report. */
export async function runClusterPair(ctx: CliContext, opts: Options): Promise<void> {
  const config = toPairConfig(opts, ctx.env);
  const result = await runPairCluster(config, {
    cluster: () =>
      new KubeCluster(
        loadKube({ kubeconfig: opts.kubeconfig, context: opts.context, namespace: opts.namespace }, ctx.env),
      ),
    progress: ctx.progress,
    signal: ctx.signal,
    cwd: ctx.cwd,
    printManifests: (objects) => {
      ctx.stdout.write(
        opts.output === 'json'
          ? `${JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }, null, 2)}\n`
          : manifestsYaml(objects),
      );
    },
  });
  if (result.dryRun) {
    ctx.progress.close();
    ctx.exitCode = 0;
    return;
  }
  const plan = result.plan;
  const report = makeReport(
    'pair',
    result.checks,
    {
      measurement: result.measurement,
      run: {
        runId: result.runId,
        namespace: plan?.namespace.name ?? null,
        image: plan?.image ?? null,
        nixlbenchVersion: plan?.engine === 'nixlbench' ? plan.bench.nixlbenchVersion : null,
        timing: result.timing,
        ...(result.kept ? { kept: result.kept } : {}),
      },
    },
    PAIR_VERDICT_SUBJECT,
  );
  await emit(ctx, report, opts, () => clusterSections(result));
}
