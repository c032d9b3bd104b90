import { type Check, type CheckStatus, check, type VerdictStatus } from '../core/model.js';
import { RDMA_FAIL_FRACTION, RDMA_WARN_FRACTION } from './expectations.js';
import { type JudgedPair, type PairStatus, pairStatus } from './pair-status.js';

/**
 * The sweep's own judgement: what became of a pair (from its `pair` verdict),
 * the check status a pair outcome gives, and the colour band of a pair's figure
 * against what was expected of it. Pure. The runner (sweep/) records these and
 * the renderers (render/, the HTML heatmap above all) only read them.
 *
 * Band = the worse of the pair's outcome and its bandwidth band against the
 * expected figure (line rate; else the judge's floor; else the best figure
 * measured in this sweep):
 *   good  ≥ the judge's warning share of line rate (RDMA_WARN_FRACTION)
 *   warn  between the floor and that share, or an unverified outcome
 *   bad   below the floor, or an untrusted outcome
 *   none  not run
 */

/** What became of one planned pair. `not-run`: never scheduled (budget, Ctrl-C, an earlier error). */
export const PAIR_OUTCOMES = ['trusted', 'unverified', 'untrusted', 'not-run'] as const;
export type PairOutcome = (typeof PAIR_OUTCOMES)[number];

/** Why a pair failed, in the terms culprit isolation uses (sweep/model.ts says more). */
export const PAIR_FAILURES = ['fabric', 'unscheduled', 'setup'] as const;
export type PairFailure = (typeof PAIR_FAILURES)[number];

/** Where a cell's band turns from good to low: the judge's own RDMA warning share of line rate. */
export const BAND_WARN_FRACTION = RDMA_WARN_FRACTION;

/** A sweep needs at least this many nodes that can take a probe pod. */
export const MIN_SWEEP_NODES = 2;

/** Kinds of pod problem that mean the pair never ran: nothing was learnt about the fabric. */
const UNSCHEDULED = new Set([
  'unschedulable',
  'image-pull',
  'pull-timeout',
  'admission',
  'container-config',
  'evicted',
  'sandbox',
]);

/** Whether a pod problem of this kind means the pair never ran. */
export function neverScheduled(problemKind: string | undefined): boolean {
  return problemKind !== undefined && UNSCHEDULED.has(problemKind);
}

/**
 * A pair's outcome and failure kind from its `pair` verdict: never scheduled or blocked by the
 * read-only checks → not run; otherwise its verdict, a failure on the fabric when untrusted.
 */
export function pairStanding(
  verdict: VerdictStatus,
  ran: 'ran' | 'unscheduled' | 'blocked',
): { outcome: PairOutcome; failure: PairFailure | null } {
  if (ran === 'unscheduled') return { outcome: 'not-run', failure: 'unscheduled' };
  if (ran === 'blocked') return { outcome: 'not-run', failure: 'setup' };
  return { outcome: verdict, failure: verdict === 'untrusted' ? 'fabric' : null };
}

const PAIR_STATUS: Record<PairOutcome, CheckStatus> = {
  trusted: 'ok',
  unverified: 'warn',
  untrusted: 'fail',
  'not-run': 'skipped',
};

/** The status of a pair's `sweep.pair` check. */
export function pairCheckStatus(outcome: PairOutcome): CheckStatus {
  return PAIR_STATUS[outcome];
}

/** What the sweep-level checks look at of a pair. */
export interface PairRecord {
  outcome: PairOutcome;
  failure: PairFailure | null;
}

/**
 * Whether a pair can vouch for its nodes in culprit isolation. A trusted pair can. An
 * unverified one can only when its bandwidth met the bar (`pair.bandwidth` ok), nothing
 * failed, and its one warning is that the log did not show the transport UCX chose: its
 * own verdict stays unverified, but the measurement it vouches with was a pass. A warning
 * about the link itself (a degraded bandwidth, a slow or down rail) is never a pass, so a
 * pair with one never clears a partner. Nor are these about the link, so they vouch all the
 * same: a teardown slow to confirm its objects gone (`pair.cleanup`, after the verdict,
 * `matters: false`), and probes that printed their results and then did not exit in time
 * (`pair.exit`: the numbers are complete and kept). A busy control plane warns many healthy
 * pairs so, which would otherwise hide a culprit (seen at 128 nodes, references/sweep.md).
 */
const NOT_ABOUT_THE_LINK = new Set(['pair.transport', 'pair.cleanup', 'pair.exit']);

export function vouches(pair: {
  outcome: PairOutcome;
  checks?: readonly { id: string; status: CheckStatus }[];
}): boolean {
  if (pair.outcome === 'trusted') return true;
  if (pair.outcome !== 'unverified' || !pair.checks) return false;
  const bandwidthOk = pair.checks.some((c) => c.id === 'pair.bandwidth' && c.status === 'ok');
  const onlyTransportUnseen = pair.checks.every(
    (c) =>
      c.status === 'ok' || c.status === 'skipped' || (c.status === 'warn' && NOT_ABOUT_THE_LINK.has(c.id)),
  );
  return bandwidthOk && onlyTransportUnseen;
}

/** The pairs that measured something: they passed, or failed on the fabric. */
export function measuredPairs<P extends PairRecord>(pairs: readonly P[]): P[] {
  return pairs.filter((p) => p.failure === 'fabric' || p.outcome === 'trusted' || p.outcome === 'unverified');
}

/** More than one pair measured and every one failed: the cause is common to all, not one node or link. */
export function allFailedTogether(measured: readonly PairRecord[]): boolean {
  return measured.length > 1 && measured.every((p) => p.failure === 'fabric');
}

export type Band = 'good' | 'warn' | 'bad' | 'none';

/** The figures of one pair that its band is decided on. */
export interface PairFigures {
  outcome: PairOutcome;
  peakGBps: number | null;
  lineGBps: number | null;
  floorGBps: number | null;
}

/** What a pair's figure is measured against. */
export interface Reference {
  gbps: number;
  kind: 'line rate' | 'floor' | 'best measured';
}

/** The best peak of the sweep, the reference of pairs with neither line rate nor floor. */
export function bestPeak(pairs: readonly { peakGBps: number | null }[]): number | null {
  const peaks = pairs.map((p) => p.peakGBps).filter((g): g is number => g !== null);
  return peaks.length > 0 ? Math.max(...peaks) : null;
}

/** The figure a pair's peak is compared with: its line rate, else its floor, else the sweep's best peak. */
export function referenceFor(pair: PairFigures, bestGBps: number | null): Reference | null {
  if (pair.lineGBps !== null) return { gbps: pair.lineGBps, kind: 'line rate' };
  if (pair.floorGBps !== null && pair.floorGBps > 0) return { gbps: pair.floorGBps, kind: 'floor' };
  if (bestGBps !== null && bestGBps > 0) return { gbps: bestGBps, kind: 'best measured' };
  return null;
}

const RANK: Record<Band, number> = { good: 0, warn: 1, bad: 2, none: 3 };
const worse = (a: Band, b: Band): Band => (RANK[a] >= RANK[b] ? a : b);

const OUTCOME_BAND: Record<PairOutcome, Band> = {
  trusted: 'good',
  unverified: 'warn',
  untrusted: 'bad',
  'not-run': 'none',
};

/**
 * The colour band of one pair: the pair judge's own verdict on its bandwidth
 * (`pair.bandwidth`, through pairStatus) and its outcome, the worse of the two.
 * Nothing here looks at the figure again, so a cell can never disagree with
 * what `pair` (and `read`, `pair --local`) said of the same figure.
 */
export function bandOf(pair: { outcome: PairOutcome } & JudgedPair): Band {
  const outcome = OUTCOME_BAND[pair.outcome];
  if (pair.outcome === 'not-run') return outcome;
  const status = pairStatus(pair);
  return status === 'none' ? outcome : worse(STATUS_BAND[status], outcome);
}

const STATUS_BAND: Record<Exclude<PairStatus, 'none'>, Band> = { ok: 'good', warn: 'warn', fail: 'bad' };

/** What the fleet rule reads of a pair. */
export interface FleetPair {
  prefill: string;
  decode: string;
  outcome: PairOutcome;
  peakGBps: number | null;
  lineGBps: number | null;
}

/**
 * `sweep.line-rate`: the fleet's majority for the path. Each pair is judged
 * against its own nodes' ports (held to their siblings'), so a node whose
 * every port trained low, or that has slower NICs than the rest, sets a low bar
 * for its own pairs. Against the line most measured pairs of this sweep were
 * judged at (at least two pairs, a strict majority), a pair with a lower line
 * is judged again with the RDMA bars: below 70 % of the fleet's line fails,
 * below 80 % warns, and a pair at or above 80 % of it is named and passes.
 * Undefined when every measured pair had the fleet's line, or there is no majority.
 */
export function fleetLineCheck(pairs: readonly FleetPair[]): Check | undefined {
  const measured = pairs.filter((p) => p.outcome !== 'not-run' && p.lineGBps !== null);
  const counts = new Map<number, number>();
  for (const p of measured) counts.set(p.lineGBps as number, (counts.get(p.lineGBps as number) ?? 0) + 1);
  const [top, next] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  if (!top || top[1] < 2 || (next && next[1] === top[1])) return undefined;
  const fleet = top[0];
  const low = measured.filter((p) => (p.lineGBps as number) < fleet);
  if (low.length === 0) return undefined;
  const judged = low.map((p) => {
    const share = p.peakGBps === null ? 0 : p.peakGBps / fleet;
    const status: CheckStatus =
      share < RDMA_FAIL_FRACTION ? 'fail' : share < RDMA_WARN_FRACTION ? 'warn' : 'ok';
    const peak = p.peakGBps === null ? 'no figure' : `${p.peakGBps} GB/s, ${Math.round(100 * share)}% of it`;
    return {
      p,
      status,
      text: `${p.prefill} → ${p.decode} judged at a ${p.lineGBps} GB/s line, the fleet's ${fleet} (${peak})`,
    };
  });
  const status: CheckStatus = judged.some((j) => j.status === 'fail')
    ? 'fail'
    : judged.some((j) => j.status === 'warn')
      ? 'warn'
      : 'ok';
  return check('sweep.line-rate', status, judged.map((j) => j.text).join('; '), {
    ...(status !== 'ok'
      ? {
          fix: 'the pairs named sit on nodes whose ports run below the fleet: check their NICs and links (`ibstat`, `interconnect-test node`) or their hardware generation',
        }
      : {}),
    data: {
      fleetLineGBps: fleet,
      pairs: judged.map((j) => ({
        prefill: j.p.prefill,
        decode: j.p.decode,
        lineGBps: j.p.lineGBps,
        status: j.status,
      })),
    },
  });
}
