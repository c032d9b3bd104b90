import type { V1Node } from '@kubernetes/client-node';
import { type Clock, systemClock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { messageOf, ToolError } from '../core/errors.js';
import type { Measurement } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import { silentProgress } from '../core/progress.js';
import { rollUp } from '../core/verdict.js';
import type { Cluster } from '../kube/cluster.js';
import { DeadlineError, isClusterError } from '../kube/errors.js';
import { DGD_LABEL, findDgdWorkers } from '../kube/pods.js';
import type { PairConfig } from '../pair/context.js';
import { newRunId } from '../pair/names.js';
import {
  detectRdmaResource,
  GPU,
  type NodeNeeds,
  type NodeView,
  nodeViews,
  unfitReason,
} from '../pair/nodes.js';
import { type PairDeps, type PairResult, runPairCluster } from '../pair/run.js';
import { sharedEtcd } from './etcd.js';
import { isolate } from './isolate.js';
import type { PairOutcome, Scheme, SweepPair, SweepResult, SweepSettings } from './model.js';
import { allPairs, atOnce, type PlannedPair, ring, roles, type SweepPlan } from './schemes.js';

/**
 * `sweep`: the pair orchestrator over many node pairs, in rounds of disjoint
 * pairs, at most --max-parallel at once, under one time budget. Each pair is a
 * whole `pair` run (its own run id, scratch objects, verdict and teardown); the
 * sweep reads the nodes once, plans, runs, and isolates the culprit.
 */

export interface SweepConfig {
  scheme: Scheme;
  /** -l: a label selector the API server evaluates. */
  selector?: string | undefined;
  /** --nodes a,b,c */
  nodes?: string[] | undefined;
  maxParallel: number;
  /** The whole sweep's limit; each pair has `pair.timeoutMs`. */
  timeoutMs: number;
  /** The `pair` settings every pair runs with (nodes are set per pair). */
  pair: PairConfig;
}

export interface SweepDeps {
  cluster: () => Promise<Cluster>;
  progress: Progress;
  /** Ctrl-C / SIGTERM. */
  signal: AbortSignal;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  runId?: string;
  pollMs?: number;
  teardownMs?: number;
  /** One pair; the real orchestrator unless a test measures the sweep around it. */
  runPair?: (config: PairConfig, deps: PairDeps) => Promise<PairResult>;
}

export interface SweepRun {
  result: SweepResult;
  checks: Check[];
  runId: string;
  dryRun: boolean;
}

/** How often each pair of a sweep looks at its pods and logs (a lone `pair` looks every 250 ms). */
const SWEEP_POLL_MS = 250;

const byName = new Intl.Collator('en', { numeric: true }).compare;

/** A pair's run id: the sweep's (at most 8 characters) + `p` + the pair's index in base 36. */
export function pairRunId(sweepId: string, index: number): string {
  return `${sweepId.slice(0, 8)}p${index.toString(36)}`;
}

interface Candidates {
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
async function candidates(cluster: Cluster, config: SweepConfig): Promise<Candidates> {
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

function planFor(scheme: Scheme, cand: Candidates): SweepPlan {
  if (scheme === 'ring') return ring(cand.included);
  if (scheme === 'all-pairs') return allPairs(cand.included);
  if (!cand.prefill || !cand.decode) {
    throw new ToolError('--scheme role pairs the prefill and decode nodes of a DynamoGraphDeployment', {
      fix: 'pass --dgd NAME (and -n NAMESPACE)',
    });
  }
  return roles(cand.prefill, cand.decode);
}

/** Kinds of pod problem that mean the pair never ran: nothing was learnt about the fabric. */
const UNSCHEDULED = new Set(['unschedulable', 'image-pull', 'container-config', 'evicted']);

function peakOf(ms: readonly Measurement[]): number | null {
  const peaks = ms.map((m) => m.peakGBps).filter((p): p is number => p !== null);
  return peaks.length ? Math.max(...peaks) : null;
}

/** One pair's `pair` result, as the sweep records it. */
export function toSweepPair(p: PlannedPair, r: PairResult, durationMs: number): SweepPair {
  const verdict = rollUp(r.checks, 'this pair');
  const measured = r.measurements ?? (r.measurement ? [r.measurement] : []);
  const first = measured[0];
  const nodesFit = r.checks.find((c) => c.id === 'pair.nodes' && c.status === 'fail');
  const never = (r.problem && UNSCHEDULED.has(r.problem.kind)) || nodesFit !== undefined;
  const blocked = r.stop === 'blocked';
  const outcome: PairOutcome = never || blocked ? 'not-run' : verdict.status;
  const failure: SweepPair['failure'] = never
    ? 'unscheduled'
    : blocked
      ? 'setup'
      : verdict.status === 'untrusted'
        ? 'fabric'
        : null;
  const peak = peakOf(measured);
  const detail = never
    ? `could not be scheduled: ${r.problem?.detail ?? nodesFit?.detail ?? ''}`
    : blocked
      ? 'not run: the read-only checks found blockers'
      : verdict.fixFirst
        ? `${verdict.fixFirst.id}: ${verdict.fixFirst.detail}`
        : `peak ${peak ?? '?'} GB/s over ${first?.transport.kind ?? 'an unknown transport'}${first?.transport.lanes.length ? ` (${first.transport.lanes.slice(0, 2).join(', ')})` : ''}`;
  const fix = never ? (r.problem?.fix ?? nodesFit?.fix) : verdict.fixFirst?.fix;
  return {
    index: p.index,
    round: p.round,
    prefill: p.prefill,
    decode: p.decode,
    outcome,
    detail,
    ...(fix ? { fix } : {}),
    failure,
    runId: r.runId,
    namespace: r.plan?.namespace.name ?? null,
    engine: r.plan?.engine ?? null,
    peakGBps: peak,
    transport: first?.transport.kind ?? null,
    lineGBps: first?.expected?.lineGBps ?? null,
    floorGBps: first?.expected?.floorGBps ?? null,
    durationMs,
    checks: r.checks,
  };
}

function notRun(
  p: PlannedPair,
  runId: string,
  detail: string,
  failure: SweepPair['failure'] = null,
): SweepPair {
  return {
    ...p,
    outcome: 'not-run',
    detail,
    failure,
    runId,
    namespace: null,
    engine: null,
    peakGBps: null,
    transport: null,
    lineGBps: null,
    floorGBps: null,
    durationMs: 0,
    checks: [],
  };
}

/** What stops the whole sweep rather than one pair: the credentials, RBAC, the API server. */
function fatal(err: unknown): boolean {
  return isClusterError(err, 'forbidden', 'unauthorized', 'unreachable');
}

/** The progress line: pairs done, failed, not run. */
function progressLine(done: SweepPair[], total: number): string {
  const failed = done.filter((p) => p.outcome === 'untrusted').length;
  const notRunN = done.filter((p) => p.outcome === 'not-run').length;
  return `${done.length} of ${total} pairs done${failed ? `, ${failed} failed` : ''}${notRunN ? `, ${notRunN} not run` : ''}`;
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

function settingsOf(config: SweepConfig, selection: string): SweepSettings {
  const c = config.pair;
  return {
    scheme: config.scheme,
    engine: c.engine,
    selection,
    maxParallel: config.maxParallel,
    timeoutMs: config.timeoutMs,
    pairTimeoutMs: c.timeoutMs,
    minBandwidthGBps: c.minBandwidth ?? null,
    sizes: [c.startBlockSize, c.maxBlockSize],
  };
}

function matrixOf(nodes: readonly string[], pairs: readonly SweepPair[]): SweepResult['matrix'] {
  const at = new Map(nodes.map((n, i) => [n, i]));
  const cells = nodes.map(() => nodes.map(() => null as number | null));
  for (const p of pairs) {
    const i = at.get(p.prefill);
    const j = at.get(p.decode);
    if (i !== undefined && j !== undefined) (cells[i] as (number | null)[])[j] = p.index;
  }
  return { nodes: [...nodes], cells };
}

const PAIR_STATUS = { trusted: 'ok', unverified: 'warn', untrusted: 'fail', 'not-run': 'skipped' } as const;

/** The sweep's own checks: culprits first (what to fix first), then single links, then every pair. */
export function sweepChecks(result: SweepResult, excluded: Candidates['excluded'], dryRun = false): Check[] {
  const out: Check[] = [];
  const included = result.matrix.nodes.length;
  out.push(
    check(
      'sweep.nodes',
      included >= 2 ? 'ok' : 'fail',
      `${included} node${included === 1 ? '' : 's'} in the sweep (${result.settings.selection})${excluded.length ? `; left out: ${excluded.map((x) => `${x.node} (${x.reason})`).join('; ')}` : ''}`,
      {
        matters: included < 2,
        ...(included < 2
          ? {
              fix: 'a sweep needs two nodes that can take a probe pod: free GPUs, tolerate their taints, or widen the selection',
            }
          : {}),
        data: { included: result.matrix.nodes, excluded },
      },
    ),
  );
  const measured = result.pairs.filter(
    (p) => p.failure === 'fabric' || p.outcome === 'trusted' || p.outcome === 'unverified',
  );
  const allFailed = measured.length > 1 && measured.every((p) => p.failure === 'fabric');
  if (allFailed) {
    const first = measured[0] as SweepPair;
    out.push(
      check(
        'sweep.all-failed',
        'fail',
        `every one of the ${measured.length} pairs that ran failed: the cause is common to all of them (image, settings, or the whole fabric), not one node or link; first: ${first.detail}`,
        {
          ...(first.fix ? { fix: first.fix } : {}),
        },
      ),
    );
  } else {
    for (const c of result.culprits.nodes) {
      out.push(
        check('sweep.culprit', 'fail', `${c.node} ${c.detail}`, {
          subject: c.node,
          fix: `take ${c.node} out of service (kubectl cordon ${c.node}) and check its NICs, cables and GPUDirect (interconnect-test node on it); confirm with interconnect-test pair --prefill-node ${c.node} --decode-node <a good node>`,
        }),
      );
    }
    for (const l of result.culprits.links) {
      out.push(
        check('sweep.link', 'fail', l.detail, {
          subject: `${l.a} ↔ ${l.b}`,
          fix: `check the path between ${l.a} and ${l.b}: both ports (ibstat), the cables and the switch ports between them, then rerun interconnect-test pair --prefill-node ${l.a} --decode-node ${l.b}`,
        }),
      );
    }
  }
  for (const p of result.pairs) {
    if (dryRun) break;
    out.push(
      check('sweep.pair', PAIR_STATUS[p.outcome], p.detail, {
        subject: `${p.prefill} → ${p.decode}`,
        ...(p.fix && p.outcome !== 'trusted' ? { fix: p.fix } : {}),
        data: {
          index: p.index,
          round: p.round,
          runId: p.runId,
          peakGBps: p.peakGBps,
          transport: p.transport,
        },
      }),
    );
  }
  return out;
}

export async function runSweep(config: SweepConfig, deps: SweepDeps): Promise<SweepRun> {
  const clock = deps.clock ?? systemClock;
  const started = clock.now();
  const runId = deps.runId ?? newRunId();
  const progress = deps.progress;
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DeadlineError(`--timeout ${formatDuration(config.timeoutMs)} reached`)),
    config.timeoutMs,
  );
  timer.unref?.();
  // A fatal error (RBAC, credentials) in one pair stops the others, which then tear down.
  const stopAll = new AbortController();
  const signal = AbortSignal.any([deps.signal, deadline.signal, stopAll.signal]);
  let closeEtcd: (() => Promise<void>) | undefined;
  try {
    progress.step('Choose the nodes');
    const base = await deps.cluster();
    const cluster = base.withSignal(signal);
    const cand = await candidates(cluster, config);
    const plan = planFor(config.scheme, cand);
    progress.done(`${cand.included.length} in, ${cand.excluded.length} left out`);
    // The plan, before anything starts: pairs, rounds, an estimate, and who is left out.
    const [what, estimate, left] = describePlan(plan, cand, config);
    progress.step(`Plan: ${what}`);
    progress.done(estimate);
    if (left) progress.warn(left);
    const pairs: SweepPair[] = [];
    const finish = (dryRun: boolean): SweepRun => {
      pairs.sort((a, b) => a.index - b.index);
      const iso = isolate(cand.included, cand.excluded, pairs);
      const result: SweepResult = {
        settings: settingsOf(config, cand.selection),
        nodes: iso.nodes,
        pairs,
        rounds: plan.rounds,
        matrix: matrixOf(cand.included, pairs),
        culprits: iso.culprits,
        startedAt: new Date(started).toISOString(),
        durationMs: clock.now() - started,
      };
      return { result, checks: sweepChecks(result, cand.excluded, dryRun), runId, dryRun };
    };
    if (config.pair.dryRun) {
      for (const p of plan.pairs)
        pairs.push(notRun(p, pairRunId(runId, p.index), 'dry run: planned, not started'));
      return finish(true);
    }
    let fatalError: unknown;
    let setupError: unknown;
    const etcd = sharedEtcd({
      cluster: base,
      runId,
      scratchNamespace: config.pair.scratchNamespace,
      image: config.pair.etcdImage,
      podAnnotations: {
        ...(config.pair.podAnnotations.all ?? {}),
        ...(config.pair.podAnnotations.etcd ?? {}),
      },
      tolerations: config.pair.tolerations,
      timeoutMs: config.timeoutMs,
      readyMs: config.pair.peerTimeoutMs,
      clock,
      pollMs: deps.pollMs ?? SWEEP_POLL_MS,
      signal,
    });
    closeEtcd = async () => {
      if (!etcd.created()) return;
      progress.step("Remove the sweep's etcd");
      await etcd.close(deps.teardownMs ?? 60_000);
      progress.done();
    };
    // Rounds are the plan; the run starts each pair as soon as both its nodes are free (in plan
    // order, at most --max-parallel at once), so one slow pair holds up only its own two nodes.
    const pending = [...plan.pairs].sort((a, b) => a.round - b.round || a.index - b.index);
    const busy = new Set<string>();
    let wake: () => void = () => {};
    const woken = () => new Promise<void>((r) => (wake = r));
    const running = new Map<number, Promise<void>>();
    const total = pending.length;
    progress.step(`Run ${total} pair${total === 1 ? '' : 's'}`);
    // Pairs whose transfer is still on (their nodes busy); teardown after the verdict does not count.
    let active = 0;
    const runOne = async (p: PlannedPair, release: () => void): Promise<void> => {
      const id = pairRunId(runId, p.index);
      const t0 = clock.now();
      try {
        const r = await (deps.runPair ?? runPairCluster)(
          {
            ...config.pair,
            prefillNode: p.prefill,
            decodeNode: p.decode,
            nodeProbes: false,
            sharedEtcd: () => etcd.endpoint(),
            knownNodes: cand.views,
          },
          {
            cluster: async () => base,
            progress: silentProgress,
            signal,
            cwd: deps.cwd,
            ...(deps.env ? { env: deps.env } : {}),
            printManifests: () => {},
            clock,
            runId: id,
            // Many pairs poll at once: each looks less often than a lone pair, to spare the API server.
            pollMs: deps.pollMs ?? SWEEP_POLL_MS,
            ...(deps.teardownMs ? { teardownMs: deps.teardownMs } : {}),
            onJudged: release,
          },
        );
        pairs.push(toSweepPair(p, r, clock.now() - t0));
      } catch (err) {
        if (fatal(err) && !fatalError) {
          fatalError = err;
          stopAll.abort(err);
        }
        setupError ??= err;
        const why = deps.signal.aborted
          ? 'interrupted'
          : deadline.signal.aborted
            ? `stopped: the sweep reached --timeout ${formatDuration(config.timeoutMs)}`
            : `could not run: ${messageOf(err)}`;
        pairs.push(notRun(p, id, why, deps.signal.aborted || deadline.signal.aborted ? null : 'setup'));
      }
      progress.update(`${progressLine(pairs, total)}${active > 0 ? `, ${active} running` : ''}`);
    };
    let stopping = false;
    // Ctrl-C, --timeout or a fatal error: say so at once, not when the first pair has finished.
    const stopped = new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
    while (pending.length > 0 || running.size > 0) {
      if (signal.aborted && !stopping) {
        stopping = true;
        const why = deps.signal.aborted
          ? 'interrupted'
          : fatalError
            ? 'the sweep stopped on an error'
            : `the sweep reached --timeout ${formatDuration(config.timeoutMs)}`;
        for (const p of pending.splice(0))
          pairs.push(notRun(p, pairRunId(runId, p.index), `not run: ${why} before this pair started`));
        // Each running pair tears its own scratch objects down before it returns.
        if (running.size > 0) {
          progress.warn(`${why}: ${progressLine(pairs, total)}`);
          progress.step(
            `Stop ${running.size} running pair${running.size === 1 ? '' : 's'} and clean up their scratch objects`,
          );
        }
      }
      for (let i = 0; i < pending.length && active < config.maxParallel; ) {
        const p = pending[i] as PlannedPair;
        if (busy.has(p.prefill) || busy.has(p.decode)) {
          i++;
          continue;
        }
        pending.splice(i, 1);
        busy.add(p.prefill);
        busy.add(p.decode);
        active++;
        // The nodes and the slot are free once the verdict is in (the transfer is over), or
        // when the pair ends without one; its teardown then goes on beside the next pairs.
        let freed = false;
        const release = () => {
          if (freed) return;
          freed = true;
          busy.delete(p.prefill);
          busy.delete(p.decode);
          active--;
          wake();
        };
        running.set(
          p.index,
          runOne(p, release).finally(() => {
            release();
            running.delete(p.index);
          }),
        );
      }
      // Once stopping, only the running pairs' own ends matter (`stopped` has already fired).
      if (running.size > 0)
        await Promise.race([...running.values(), woken(), ...(stopping ? [] : [stopped])]);
    }
    const failed = pairs.filter((p) => p.outcome === 'untrusted').length;
    if (stopping) progress.done();
    else if (failed) progress.warn(progressLine(pairs, total));
    else progress.done(progressLine(pairs, total));
    if (fatalError) throw fatalError;
    if (deps.signal.aborted) throw deps.signal.reason;
    // Not one pair could even start, all for our own reasons: the tool could not do its job.
    if (setupError && pairs.length > 0 && pairs.every((p) => p.failure === 'setup')) throw setupError;
    return finish(false);
  } finally {
    clearTimeout(timer);
    await closeEtcd?.();
  }
}
