import type { V1Node } from '@kubernetes/client-node';
import { formatDuration } from '../core/duration.js';
import { ToolError } from '../core/errors.js';
import { DGD_LABEL, findDgdWorkers } from '../env/workers.js';
import type { Cluster } from '../kube/cluster.js';
import { isClusterError } from '../kube/errors.js';
import type { PairConfig } from '../pair/context.js';
import {
  detectRdmaResource,
  GPU,
  type NodeNeeds,
  type NodeView,
  nodeViews,
  unfitReason,
} from '../pair/nodes.js';
import type { SweepConfig } from './config.js';
import type { Scheme } from './model.js';
import { allPairs, atOnce, ring, roles, type SweepPlan } from './schemes.js';

/**
 * The sweep's nodes: from --nodes, the DGD's worker pods or -l (every node with a GPU
 * when nothing narrows it), those that cannot take a probe pod left out with why, and
 * the plan over the rest.
 */

const byName = new Intl.Collator('en', { numeric: true }).compare;

export interface Candidates {
  /** Nodes in the sweep, in order; for `role`, which are prefill and which decode. */
  included: string[];
  prefill?: string[];
  decode?: string[];
  excluded: { node: string; reason: string }[];
  selection: string;
  /** Every listed node with what was free on it, for the pairs' own planning. */
  views: NodeView[];
}

async function dgdNodes(
  cluster: Cluster,
  config: PairConfig,
): Promise<{ prefill: string[]; decode: string[] }> {
  const ns = config.namespace ?? cluster.namespace;
  const name = config.dgd as string;
  await cluster.getDgd(ns, name);
  // No pods, or no prefill or decode pods: findDgdWorkers says so (the `node --dgd` reader).
  const workers = await findDgdWorkers(cluster, ns, name);
  const nodesOf = (pods: typeof workers.prefill) =>
    [...new Set(pods.map((p) => p.spec?.nodeName).filter((n): n is string => !!n))].sort(byName);
  const out = { prefill: nodesOf(workers.prefill), decode: nodesOf(workers.decode) };
  if (out.prefill.length === 0 || out.decode.length === 0) {
    throw new ToolError(
      `DynamoGraphDeployment ${ns}/${name} has no scheduled ${out.prefill.length === 0 ? 'prefill' : 'decode'} worker pods to take nodes from`,
      { fix: `check its pods: kubectl get pods -n ${ns} -l ${DGD_LABEL}=${name} -o wide` },
    );
  }
  return out;
}

/** The nodes to test and the ones left out (with why), from -l, --nodes or the DGD. */
export async function candidates(cluster: Cluster, config: SweepConfig): Promise<Candidates> {
  const c = config.pair;
  let listed: V1Node[];
  let selection: string;
  let roleNodes: { prefill: string[]; decode: string[] } | undefined;
  if (config.nodes?.length) {
    const all = await cluster.listNodes(config.selector);
    const known = new Set(all.map((n) => n.metadata?.name));
    const missing = config.nodes.filter((n) => !known.has(n));
    if (missing.length) {
      throw new ToolError(
        `--nodes names ${missing.length === 1 ? 'a node that does' : 'nodes that do'} not exist${config.selector ? ` (or do not match -l ${config.selector})` : ''}: ${missing.join(', ')}`,
        { fix: 'check the names: kubectl get nodes' },
      );
    }
    listed = all.filter((n) => config.nodes?.includes(n.metadata?.name ?? ''));
    selection = `--nodes ${config.nodes.join(',')}`;
  } else if (c.dgd && (config.scheme === 'role' || !config.selector)) {
    roleNodes = await dgdNodes(cluster, c);
    const names = new Set([...roleNodes.prefill, ...roleNodes.decode]);
    listed = (await cluster.listNodes(config.selector)).filter((n) => names.has(n.metadata?.name ?? ''));
    selection = `--dgd ${c.namespace ? `${c.namespace}/` : ''}${c.dgd} (${roleNodes.prefill.length} prefill, ${roleNodes.decode.length} decode node${roleNodes.decode.length === 1 ? '' : 's'})`;
  } else {
    listed = await cluster.listNodes(config.selector);
    selection = config.selector ? `-l ${config.selector}` : 'every node with a GPU';
  }
  if (listed.length === 0) {
    throw new ToolError(`no nodes match ${selection}`, {
      fix: 'check the selector: kubectl get nodes -l <selector>, or name nodes with --nodes',
    });
  }
  let pods: Awaited<ReturnType<Cluster['listPods']>> = [];
  try {
    pods = await cluster.listPods(undefined);
  } catch (err) {
    if (!isClusterError(err, 'forbidden')) throw err;
  }
  let views = nodeViews(listed, pods);
  // With no selection at all, nodes without a GPU (control plane, CPU pools) are not candidates.
  if (!config.nodes?.length && !config.selector && !roleNodes)
    views = views.filter((v) => (v.allocatable[GPU] ?? 0) > 0);
  const rdmaName = c.rdmaResource?.name ?? (c.mode === 'cross-node' ? detectRdmaResource(views) : undefined);
  const needs: NodeNeeds = {
    gpus: 1,
    rdma: rdmaName ? { name: rdmaName, count: Number(c.rdmaResource?.count ?? '1') || 1 } : undefined,
    tolerations: c.tolerations,
    requests: [GPU, ...(rdmaName ? [rdmaName] : [])],
  };
  const excluded: Candidates['excluded'] = [];
  const fit: NodeView[] = [];
  for (const v of views) {
    const why = unfitReason(v, needs);
    if (why) excluded.push({ node: v.name, reason: why });
    else fit.push(v);
  }
  const included = fit.map((v) => v.name).sort(byName);
  const out: Candidates = { included, excluded, selection, views };
  if (roleNodes) {
    out.prefill = roleNodes.prefill.filter((n) => included.includes(n));
    out.decode = roleNodes.decode.filter((n) => included.includes(n));
  }
  return out;
}

export function planFor(scheme: Scheme, cand: Candidates): SweepPlan {
  if (scheme === 'ring') return ring(cand.included);
  if (scheme === 'all-pairs') return allPairs(cand.included);
  if (!cand.prefill || !cand.decode) {
    throw new ToolError('--scheme role pairs the prefill and decode nodes of a DynamoGraphDeployment', {
      fix: 'pass --dgd NAME (and -n NAMESPACE)',
    });
  }
  return roles(cand.prefill, cand.decode);
}

export function describePlan(plan: SweepPlan, cand: Candidates, config: SweepConfig): string[] {
  const parallel = atOnce(plan.pairs, plan.rounds, config.maxParallel);
  const waves = Array.from({ length: plan.rounds }, (_, r) =>
    Math.ceil(plan.pairs.filter((p) => p.round === r).length / Math.max(1, config.maxParallel)),
  ).reduce((a, b) => a + b, 0);
  return [
    `${plan.scheme} over ${cand.included.length} node${cand.included.length === 1 ? '' : 's'} (${cand.selection}): ${plan.pairs.length} pair${plan.pairs.length === 1 ? '' : 's'} in ${plan.rounds} round${plan.rounds === 1 ? '' : 's'}, at most ${parallel} at once`,
    `estimate: ${waves} wave${waves === 1 ? '' : 's'} of pairs, each about one pair's time (typically under a minute once the image is cached), at most ${formatDuration(waves * config.pair.timeoutMs)} by --pair-timeout; the sweep stops at --timeout ${formatDuration(config.timeoutMs)}`,
    ...(cand.excluded.length
      ? [
          `left out (cannot take a probe pod): ${cand.excluded.map((x) => `${x.node} (${x.reason})`).join('; ')}`,
        ]
      : []),
  ];
}
