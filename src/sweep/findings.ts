import { OUTLIER_FRACTION, outlierOf, pathMedians } from '../judge/outliers.js';
import { vouches } from '../judge/sweep.js';
import type { Diagnosis, Observation, Sample } from './adaptive.js';
import type { Isolation } from './isolate.js';
import type { Culprits, SweepNode, SweepPair } from './model.js';

/**
 * What a sweep's pairs show beyond pass and fail: outliers against the fleet's median
 * (judge/outliers.ts), and, under --scheme auto, the adaptive planner's diagnosis laid over
 * the single-pass isolation (bad nodes, bad links, infrastructure faults, what is undecided).
 * Pure.
 */

/** The path a pair's figure is comparable along: the transport it ran over. */
const pathOf = (p: SweepPair) => p.transport ?? 'unknown';
const passed = (p: SweepPair) =>
  (p.outcome === 'trusted' || p.outcome === 'unverified') && p.peakGBps !== null;

/** Each passing pair more than `fraction` below its path's median gets `outlier`; the pairs are changed in place. */
export function markOutliers(pairs: SweepPair[], fraction = OUTLIER_FRACTION): void {
  const medians = pathMedians(pairs.filter(passed).map((p) => ({ path: pathOf(p), peakGBps: p.peakGBps })));
  for (const p of pairs) {
    delete p.outlier;
    if (!passed(p)) continue;
    const o = outlierOf({ path: pathOf(p), peakGBps: p.peakGBps }, medians, fraction);
    if (o) p.outlier = o;
  }
}

/** A recorded pair as the adaptive planner's sample. */
export function sampleOf(p: SweepPair): Sample {
  if (p.outcome === 'not-run' || (p.outcome === 'untrusted' && p.failure !== 'fabric')) return 'none';
  if (p.outcome === 'untrusted') return 'fail';
  // A warning about the link itself (degraded bandwidth, a slow rail) is not a pass.
  if (!vouches(p)) return 'outlier';
  return p.outlier ? 'outlier' : 'pass';
}

export function observationsOf(pairs: readonly SweepPair[]): Observation[] {
  return pairs.map((p) => ({ round: p.round, prefill: p.prefill, decode: p.decode, sample: sampleOf(p) }));
}

const pct = (share: number) => `${Math.round(100 * share)} %`;

function pairLine(p: SweepPair): string {
  return `${p.prefill} → ${p.decode} ${p.peakGBps} GB/s, ${pct(p.outlier?.share ?? 1)} of the fleet's median ${p.outlier?.medianGBps} GB/s over ${pathOf(p)}`;
}

/**
 * Outliers of a single-pass sweep: a node whose pairs with two or more partners were all
 * outliers (and that passed with no one at full speed) is the slow end; other outlier pairs
 * are listed as pairs.
 */
function outlierNodes(iso: Isolation, pairs: readonly SweepPair[]): NonNullable<Culprits['outliers']> {
  const out: NonNullable<Culprits['outliers']> = [];
  const slow = new Set<string>();
  for (const n of iso.nodes) {
    if (n.status !== 'ok' && n.status !== 'unverified') continue;
    const mine = pairs.filter((p) => passed(p) && (p.prefill === n.name || p.decode === n.name));
    const low = mine.filter((p) => p.outlier);
    const partners = new Set(low.map((p) => (p.prefill === n.name ? p.decode : p.prefill)));
    if (partners.size < 2 || low.length < mine.length) continue;
    slow.add(n.name);
    n.status = 'outlier';
    n.detail = `all ${low.length} pairs it passed ran more than ${pct(1 - Math.max(...low.map((p) => p.outlier?.share ?? 0)))} below the fleet's median: ${low.map(pairLine).join('; ')}`;
    out.push({ node: n.name, detail: n.detail });
  }
  for (const p of pairs) {
    if (p.outlier && !slow.has(p.prefill) && !slow.has(p.decode))
      out.push({ a: p.prefill, b: p.decode, detail: pairLine(p) });
  }
  return out;
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** The adaptive diagnosis over the isolation's node list: its verdicts replace the single pass's. */
function withDiagnosis(iso: Isolation, d: Diagnosis): Isolation {
  const byName = new Map(iso.nodes.map((n) => [n.name, n]));
  const set = (name: string, status: SweepNode['status'], detail: string) => {
    const n = byName.get(name);
    if (n) Object.assign(n, { status, detail });
  };
  for (const name of d.healthy) {
    const n = byName.get(name);
    if (n && (n.status === 'suspect' || n.status === 'culprit')) {
      // Cleared, but a pair that warned or did not run still keeps it short of ok.
      const short = n.pairs.unverified > 0 || n.pairs.notRun > 0;
      set(
        name,
        short ? 'unverified' : 'ok',
        `passed with another node; its failed pair${n.pairs.untrusted === 1 ? '' : 's'} had another cause (${n.detail})`,
      );
    }
  }
  const culprits: Culprits = { nodes: [], links: [], infra: [], outliers: [], undecided: d.undecided };
  for (const b of d.badNodes) {
    const detail = `${b.kind === 'slow' ? 'ran well below the fleet' : 'failed'} with ${plural(b.partners.length, 'node')} that had already passed (${b.partners.join(', ')}), and passed with none`;
    if (b.kind === 'slow') {
      set(b.node, 'outlier', detail);
      culprits.outliers?.push({ node: b.node, detail });
    } else {
      set(b.node, 'culprit', detail);
      culprits.nodes.push({ node: b.node, detail });
    }
  }
  for (const l of d.badLinks) {
    const detail = `${l.a} ↔ ${l.b} ${l.kind === 'slow' ? 'ran well below the fleet' : 'failed'} twice while both nodes passed with other partners`;
    if (l.kind === 'slow') culprits.outliers?.push({ a: l.a, b: l.b, detail });
    else culprits.links.push({ a: l.a, b: l.b, detail });
  }
  for (const i of d.infra) {
    culprits.infra?.push({
      ...i,
      detail: `${plural(i.links.length, 'pair')} between ${i.label}=${i.a} and ${i.label}=${i.b} failed while each node passed inside its own group, and no pair between them passed (${i.links.map(([a, b]) => `${a} ↔ ${b}`).join(', ')})`,
    });
  }
  for (const u of d.undecided) if (byName.has(u.subject)) set(u.subject, 'unverified', `undecided: ${u.why}`);
  return { nodes: iso.nodes, culprits };
}

/** The isolation with outliers, and under --scheme auto the diagnosis, laid over it. */
export function findings(iso: Isolation, pairs: readonly SweepPair[], diagnosis?: Diagnosis): Isolation {
  if (diagnosis) return withDiagnosis(iso, diagnosis);
  const outliers = outlierNodes(iso, pairs);
  return { nodes: iso.nodes, culprits: { ...iso.culprits, ...(outliers.length ? { outliers } : {}) } };
}
