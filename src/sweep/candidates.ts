import type { V1Node } from '@kubernetes/client-node';
import { formatDuration } from '../core/duration.js';
import { ToolError } from '../core/errors.js';
import { plural } from '../core/verdict.js';
import { DGD_LABEL, findDgdWorkers } from '../env/workers.js';
import type { Cluster } from '../kube/cluster.js';
import { isClusterError } from '../kube/errors.js';
import {
  detectRdmaResource,
  GPU,
  type NodeNeeds,
  type NodeView,
  nodeViews,
  unfitReason,
} from '../kube/nodes.js';
import type { PairConfig } from '../pair/options/config.js';
import type { SweepConfig } from './config.js';
import { atOnce, roundSizes, type SweepPlan } from './schemes.js';

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
  /** Set when free GPUs were not counted: why, and what follows (said as a warning). */
  uncounted?: string;
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
  // Free-GPU accounting: the sweep's only read of pods outside the scratch namespace.
  let pods: Awaited<ReturnType<Cluster['listPods']>> = [];
  let uncounted: string | undefined;
  const then =
    "every listed node's GPUs are taken as free: a node whose GPUs are all in use is not left out, its pairs wait for the scheduler until --pair-timeout and are reported unscheduled";
  if (config.gpuAccounting === 'none') uncounted = `free GPUs not counted (--gpu-accounting none): ${then}`;
  else {
    try {
      pods = await cluster.listPods(undefined);
    } catch (err) {
      if (!isClusterError(err, 'forbidden')) throw err;
      uncounted = `free GPUs not counted: listing pods cluster-wide is forbidden (${(err as Error).message.split('\n')[0]}); ${then} (grant get and list on pods cluster-wide, or pass --gpu-accounting none to choose this)`;
    }
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
  const out: Candidates = { included, excluded, selection, views, ...(uncounted ? { uncounted } : {}) };
  if (roleNodes) {
    out.prefill = roleNodes.prefill.filter((n) => included.includes(n));
    out.decode = roleNodes.decode.filter((n) => included.includes(n));
  }
  return out;
}

/** What one wave of pairs typically takes once the image is cached: the plan's estimate per wave. */
export const TYPICAL_PAIR_MS = 60_000;

/**
 * The width plan lines keep under: the columns of the terminal they are printed on (stderr, as
 * progress); off a terminal (a CI log, a file) nothing is cut.
 */
export function planWidth(stream: { isTTY?: boolean; columns?: number } = process.stderr): number {
  return stream.isTTY && stream.columns && stream.columns > 20 ? stream.columns : Number.POSITIVE_INFINITY;
}

/** A line cut to fit under `width` columns, `…` marking the cut. */
function fitWidth(line: string, width: number): string {
  return line.length < width ? line : `${line.slice(0, Math.max(1, width - 2))}…`;
}

/** `a (why); b (why)` cut at an entry, with how many more, to keep under `room` characters. */
function listFitting(items: string[], room: number): string {
  const all = items.join('; ');
  if (all.length < room) return all;
  const counted = `${plural(items.length, 'node')} (in the report)`;
  let out = '';
  for (let i = 0; i < items.length; i++) {
    const next = `${out ? `${out}; ` : ''}${items[i]}`;
    const more = items.length - i - 1;
    const tail = more ? `; +${more} more (in the report)` : '';
    if (next.length + tail.length >= room)
      return out ? `${out}; +${items.length - i} more (in the report)` : counted;
    out = next;
  }
  return out;
}

/** Waves of pairs: per round, its pairs in groups of --max-parallel. */
function wavesOf(plan: SweepPlan, maxParallel: number): number {
  return roundSizes(plan.pairs, plan.rounds)
    .map((n) => Math.ceil(n / Math.max(1, maxParallel)))
    .reduce((a, b) => a + b, 0);
}

/** A --timeout that fits `ms`: up to the next minute, or the next 5 minutes past 10 minutes. */
function roundUpTimeout(ms: number): number {
  const step = ms > 10 * 60_000 ? 5 * 60_000 : 60_000;
  return Math.ceil(ms / step) * step;
}

export interface PlanEstimate {
  waves: number;
  /** Waves × the typical pair time (never more than --pair-timeout). */
  estimateMs: number;
  /** Set when the estimate does not fit in --timeout: a --timeout that would. */
  suggestMs?: number;
}

export function estimatePlan(plan: SweepPlan, config: SweepConfig): PlanEstimate {
  const waves = wavesOf(plan, config.maxParallel);
  const estimateMs = waves * Math.min(TYPICAL_PAIR_MS, config.pair.timeoutMs);
  return estimateMs > config.timeoutMs
    ? { waves, estimateMs, suggestMs: roundUpTimeout(estimateMs) }
    : { waves, estimateMs };
}

/** The warning when the plan cannot finish within --timeout, or undefined. */
export function planWarning(plan: SweepPlan, config: SweepConfig, width = planWidth()): string | undefined {
  const e = estimatePlan(plan, config);
  if (e.suggestMs === undefined) return undefined;
  // The suggestion comes first; what happens otherwise only where it fits.
  const base = `the plan needs about ${formatDuration(e.estimateMs)} (${plural(e.waves, 'wave')} of pairs), more than --timeout ${formatDuration(config.timeoutMs)}: pass --timeout ${formatDuration(e.suggestMs)}`;
  const whole = `${base}; pairs not started by then are not run`;
  return fitWidth(whole.length < width ? whole : base, width);
}

/** The plan for people, each line under `width`: what runs, the estimate, who is left out. */
export function describePlan(
  plan: SweepPlan,
  cand: Candidates,
  config: SweepConfig,
  width = planWidth(),
): string[] {
  const parallel = atOnce(plan.pairs, plan.rounds, config.maxParallel);
  const e = estimatePlan(plan, config);
  const counts = `${plural(plan.pairs.length, 'pair')} in ${plural(plan.rounds, 'round')}, at most ${parallel} at once`;
  const head = `${plan.scheme} over ${plural(cand.included.length, 'node')} (`;
  // The selection (a long --nodes list) gives way first; the counts stay whole.
  const room = width - 1 - head.length - `): ${counts}`.length;
  const selection =
    cand.selection.length <= room ? cand.selection : `${cand.selection.slice(0, Math.max(1, room - 1))}…`;
  const leftOut = cand.excluded.map((x) => `${x.node} (${x.reason})`);
  const leftHead = 'left out (cannot take a probe pod): ';
  const estimate = `estimate: ${plural(e.waves, 'wave')} of pairs, about ${formatDuration(e.estimateMs)} (at most ${formatDuration(e.waves * config.pair.timeoutMs)} by --pair-timeout); --timeout ${formatDuration(config.timeoutMs)}`;
  return [
    fitWidth(`${head}${selection}): ${counts}`, width),
    // The --pair-timeout bound gives way before the line is cut.
    fitWidth(estimate.length < width ? estimate : estimate.replace(/ \(at most [^)]*\)/, ''), width),
    ...(leftOut.length
      ? [fitWidth(`${leftHead}${listFitting(leftOut, width - 1 - leftHead.length)}`, width)]
      : []),
  ];
}
