import type { Measurement } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';
import { plural, rollUp } from '../core/verdict.js';
import {
  allFailedTogether,
  fleetLineCheck,
  MIN_SWEEP_NODES,
  measuredPairs,
  neverScheduled,
  pairCheckStatus,
  pairStanding,
} from '../judge/sweep.js';
import type { PairResult } from '../pair/run.js';
import type { Diagnosis } from './adaptive.js';
import type { Candidates } from './candidates.js';
import type { SweepConfig } from './config.js';
import { findings, markOutliers } from './findings.js';
import { isolate } from './isolate.js';
import type { NodeTopology, SweepPair, SweepResult, SweepSettings } from './model.js';
import type { PlannedPair } from './schemes.js';

/**
 * What a sweep records: each pair's `pair` result as a SweepPair, the result over all of
 * them (settings, matrix, the isolation's nodes and culprits), and the sweep's own checks.
 * The standing of a pair and the checks' statuses are the judge's (judge/sweep.ts).
 */

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
  const never = neverScheduled(r.problem?.kind) || nodesFit !== undefined;
  const blocked = r.stop === 'blocked';
  const { outcome, failure } = pairStanding(
    verdict.status,
    never ? 'unscheduled' : blocked ? 'blocked' : 'ran',
  );
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
    ...railsOf(measured),
  };
}

/** Every rail the pair's measurements crossed (nixl across nodes), as the sweep keeps them. */
function railsOf(ms: readonly Measurement[]): Pick<SweepPair, 'rails'> {
  const rails = ms.flatMap((m) => m.rails ?? []);
  return rails.length > 0 ? { rails } : {};
}

/**
 * The labels that say where a node sits, first found wins: the zone (Kubernetes' well-known
 * label), a rack or leaf switch (NVIDIA Topograph's `network.topology.nvidia.com/leaf`; EKS's
 * lowest network layer `topology.k8s.aws/network-node-layer-3`) and the NVLink clique (the GPU
 * Operator's `nvidia.com/gpu.clique`). Sources: references/sweep-history.md.
 */
export const TOPOLOGY_LABELS = {
  zone: ['topology.kubernetes.io/zone'],
  rack: ['network.topology.nvidia.com/leaf', 'topology.k8s.aws/network-node-layer-3'],
  clique: ['nvidia.com/gpu.clique'],
} as const;

/** Node → its zone, rack and clique, for the included nodes that carry any of the labels. */
export function topologyOf(
  included: readonly string[],
  views: readonly { name: string; labels: Record<string, string> }[],
  rackLabel?: string,
): Record<string, NodeTopology> | undefined {
  const byName = new Map(views.map((v) => [v.name, v.labels] as const));
  const out: Record<string, NodeTopology> = {};
  for (const node of included) {
    const labels = byName.get(node) ?? {};
    const first = (keys: readonly string[]) =>
      keys.map((k) => labels[k]).find((v) => v !== undefined && v !== '');
    const t: NodeTopology = {};
    const zone = first(TOPOLOGY_LABELS.zone);
    const rack = first(rackLabel ? [rackLabel] : TOPOLOGY_LABELS.rack);
    const clique = first(TOPOLOGY_LABELS.clique);
    if (zone) t.zone = zone;
    if (rack) t.rack = rack;
    if (clique) t.clique = clique;
    if (Object.keys(t).length > 0) out[node] = t;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function notRun(
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

/** The progress line: pairs done, failed, not run. */
export function progressLine(done: SweepPair[], total: number): string {
  // "Done" counts the pairs that ran to a verdict; one that did not run is never "done" too.
  const failed = done.filter((p) => p.outcome === 'untrusted').length;
  const notRunN = done.filter((p) => p.outcome === 'not-run').length;
  return `${done.length - notRunN} of ${plural(total, 'pair')} done${failed ? `, ${failed} failed` : ''}${notRunN ? `, ${notRunN} not run` : ''}`;
}

function settingsOf(config: SweepConfig, selection: string): SweepSettings {
  const c = config.pair;
  return {
    scheme: config.scheme ?? 'ring',
    ...(config.seed !== undefined ? { seed: config.seed } : {}),
    ...(config.topologyLabel ? { topologyLabel: config.topologyLabel } : {}),
    ...(config.outlierFraction !== undefined ? { outlierFraction: config.outlierFraction } : {}),
    ...(config.budget ? { budget: config.budget } : {}),
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

/** How many undecided nodes or links the check's line names; the report lists them all. */
const UNDECIDED_SHOWN = 10;

/** The sweep's own checks: culprits first (what to fix first), then single links, then every pair. */
export function sweepChecks(result: SweepResult, excluded: Candidates['excluded'], dryRun = false): Check[] {
  const out: Check[] = [];
  const included = result.matrix.nodes.length;
  const enough = included >= MIN_SWEEP_NODES;
  out.push(
    check(
      'sweep.nodes',
      enough ? 'ok' : 'fail',
      `${included} node${included === 1 ? '' : 's'} in the sweep (${result.settings.selection})${excluded.length ? `; left out: ${excluded.map((x) => `${x.node} (${x.reason})`).join('; ')}` : ''}`,
      {
        matters: !enough,
        ...(!enough
          ? {
              fix: 'a sweep needs two nodes that can take a probe pod: free GPUs, tolerate their taints, or widen the selection',
            }
          : {}),
        data: { included: result.matrix.nodes, excluded },
      },
    ),
  );
  const measured = measuredPairs(result.pairs);
  // A pair's bar comes from its own nodes; against the fleet's line a slow node's pairs are judged again.
  const fleet = dryRun ? undefined : fleetLineCheck(result.pairs);
  if (fleet) out.push(fleet);
  if (allFailedTogether(measured)) {
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
    for (const i of result.culprits.infra ?? []) {
      out.push(
        check('sweep.infra', 'fail', i.detail, {
          subject: `${i.label}=${i.a} ↔ ${i.label}=${i.b}`,
          fix: `check the fabric between ${i.label}=${i.a} and ${i.label}=${i.b} (the spine or trunk links and switch ports between them), not the nodes; rerun interconnect-test pair across them, e.g. --prefill-node ${i.links[0]?.[0]} --decode-node ${i.links[0]?.[1]}`,
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
  for (const o of result.culprits.outliers ?? []) {
    const subject = o.node ?? `${o.a} ↔ ${o.b}`;
    out.push(
      check('sweep.outlier', 'warn', `${o.node ? `${o.node} ` : ''}${o.detail}`, {
        subject,
        fix: o.node
          ? `check ${o.node}'s NICs and links for a port trained low or a degraded lane (ibstat, interconnect-test node), then rerun interconnect-test pair --prefill-node ${o.node} --decode-node <a good node>`
          : `check the path between ${o.a} and ${o.b} (both ports, cables, the switch ports between them), then rerun interconnect-test pair --prefill-node ${o.a} --decode-node ${o.b}`,
      }),
    );
  }
  const open = result.culprits.undecided ?? [];
  if (open.length > 0) {
    out.push(
      check(
        'sweep.undecided',
        'warn',
        `${open.length} left undecided: ${open
          .slice(0, UNDECIDED_SHOWN)
          .map((u) => `${u.subject} (${u.why})`)
          .join(
            '; ',
          )}${open.length > UNDECIDED_SHOWN ? `; +${open.length - UNDECIDED_SHOWN} more (in the report)` : ''}`,
        {
          fix: 'raise --budget (pairs or minutes) or --timeout, or rerun the sweep on these nodes with --nodes',
        },
      ),
    );
  }
  if (dryRun) {
    // A dry run measures nothing: its verdict is never trusted (a nightly job left on --dry-run stays red-flagged).
    out.push(
      check(
        'sweep.dry-run',
        'skipped',
        `dry run: nothing measured; ${result.pairs.length} pair${result.pairs.length === 1 ? '' : 's'} in ${result.rounds} round${result.rounds === 1 ? '' : 's'} planned, nothing created`,
        { fix: 'run without --dry-run to measure' },
      ),
    );
    return out;
  }
  for (const p of result.pairs) {
    out.push(
      check('sweep.pair', pairCheckStatus(p.outcome), p.detail, {
        subject: `${p.prefill} → ${p.decode}`,
        ...(p.fix && p.outcome !== 'trusted' ? { fix: p.fix } : {}),
        data: {
          index: p.index,
          round: p.round,
          runId: p.runId,
          peakGBps: p.peakGBps,
          lineGBps: p.lineGBps,
          floorGBps: p.floorGBps,
          transport: p.transport,
          durationMs: p.durationMs,
        },
      }),
    );
  }
  return out;
}

/** The sweep's result from its pairs (in plan order), the isolation over them, and its checks. */
export function assemble(
  config: SweepConfig,
  cand: Candidates,
  rounds: number,
  pairs: SweepPair[],
  time: { startedAt: number; durationMs: number },
  dryRun: boolean,
  diagnosis?: Diagnosis,
): { result: SweepResult; checks: Check[] } {
  pairs.sort((a, b) => a.index - b.index);
  if (!dryRun) markOutliers(pairs, config.outlierFraction);
  const iso = findings(isolate(cand.included, cand.excluded, pairs), pairs, diagnosis);
  const topology = topologyOf(cand.included, cand.views);
  const result: SweepResult = {
    settings: settingsOf(config, cand.selection),
    nodes: iso.nodes,
    pairs,
    rounds,
    matrix: matrixOf(cand.included, pairs),
    culprits: iso.culprits,
    startedAt: new Date(time.startedAt).toISOString(),
    durationMs: time.durationMs,
    ...(topology ? { topology } : {}),
  };
  return { result, checks: sweepChecks(result, cand.excluded, dryRun) };
}
