import { OUTLIER_FRACTION, outlierOf, pathMedians } from '../judge/outliers.js';
import {
  type AdaptiveInput,
  type Diagnosis,
  diagnose,
  nextRound,
  type Observation,
  type Stage,
} from './adaptive.js';
import { seeded } from './schemes.js';
import { type Grouping, groupings, ZONE_LABEL } from './topology.js';

/**
 * A simulated fleet for the adaptive planner: nodes in zones and racks, some broken, some slow,
 * some links bad, and a pair's figure from them. The planner runs against it exactly as the
 * sweep runs it against pods: each round's pairs are "measured", judged against the floor and
 * the fleet's median (judge/outliers.ts), and fed back as samples. Pure and seeded: used by
 * the unit tests (faults found, nothing else blamed) and `npm run bench` (rounds, wall time).
 */

export const RACK_LABEL = 'topology.kubernetes.io/rack';

export interface Fleet {
  nodes: string[];
  labels: Record<string, Record<string, string>>;
  /** Nodes whose every pair fails (no transfer, or far below the floor). */
  broken: string[];
  /** Nodes whose pairs run at this share of the line (0.8: passes a 70 % floor, 20 % below the fleet). */
  slow: Record<string, number>;
  /** Single bad links between two named nodes. */
  badLinks: [string, string][];
  /** Everything between two groups of one label fails (a spine, a trunk). */
  badBetween: { label: string; a: string; b: string }[];
  /** Pairs that fail the first time only (a transient). */
  flaky: [string, string][];
  lineGBps: number;
  /** The judge's floor as a share of the line. */
  floorShare: number;
}

const pk = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** N nodes in `zones` zones of racks of `rackSize`, healthy; add faults to the result. */
export function fleetOf(n: number, zones = 4, rackSize = 16): Fleet {
  const nodes: string[] = [];
  const labels: Fleet['labels'] = {};
  const perZone = Math.ceil(n / zones);
  for (let i = 0; i < n; i++) {
    const name = `node-${String(i).padStart(4, '0')}`;
    const z = Math.floor(i / perZone);
    nodes.push(name);
    labels[name] = {
      [ZONE_LABEL]: `zone-${z}`,
      [RACK_LABEL]: `rack-${z}-${Math.floor((i % perZone) / rackSize)}`,
    };
  }
  return {
    nodes,
    labels,
    broken: [],
    slow: {},
    badLinks: [],
    badBetween: [],
    flaky: [],
    lineGBps: 48,
    floorShare: 0.7,
  };
}

/** One pair's figure: the line rate times the slower end, within ±2 % of noise; 0 when broken. */
export function measure(f: Fleet, a: string, b: string, attempt: number, random: () => number): number {
  if (f.broken.includes(a) || f.broken.includes(b)) return 0;
  if (f.badLinks.some(([x, y]) => pk(x, y) === pk(a, b))) return 0;
  for (const x of f.badBetween) {
    const ga = f.labels[a]?.[x.label];
    const gb = f.labels[b]?.[x.label];
    if ((ga === x.a && gb === x.b) || (ga === x.b && gb === x.a)) return 0;
  }
  if (attempt === 0 && f.flaky.some(([x, y]) => pk(x, y) === pk(a, b))) return 0;
  const share = Math.min(f.slow[a] ?? 1, f.slow[b] ?? 1);
  return Math.round(f.lineGBps * share * (0.98 + 0.04 * random()) * 100) / 100;
}

export interface SimRun {
  rounds: number;
  pairs: number;
  /** Pairs per stage (screen, confirm, retest, probe). */
  stages: Record<Stage, number>;
  /** Simulated wall time: each round's pairs in waves of maxParallel, each wave one pair's time. */
  wallMs: number;
  diagnosis: Diagnosis;
}

export interface SimOptions {
  seed?: number;
  budgetPairs?: number;
  maxParallel?: number;
  pairMs?: number;
  outlier?: number;
  topologyLabel?: string;
}

/** Runs `--scheme auto` over a simulated fleet to its end. */
export function simulateAuto(f: Fleet, o: SimOptions = {}): SimRun {
  const groups: Grouping[] = groupings(f.nodes, (n) => f.labels[n], o.topologyLabel ?? RACK_LABEL);
  const input: AdaptiveInput = {
    nodes: f.nodes,
    groupings: groups,
    seed: o.seed ?? 1,
    ...(o.budgetPairs !== undefined ? { budgetPairs: o.budgetPairs } : {}),
  };
  const random = seeded((o.seed ?? 1) * 7919);
  const obs: Observation[] = [];
  const figures: { path: string; peakGBps: number }[] = [];
  const attempts = new Map<string, number>();
  const stages: Record<Stage, number> = { screen: 0, confirm: 0, retest: 0, probe: 0 };
  const maxParallel = o.maxParallel ?? 512;
  let wallMs = 0;
  for (let next = nextRound(input, obs); next; next = nextRound(input, obs)) {
    const measured = next.pairs.map((p) => {
      const k = pk(p.prefill, p.decode);
      const attempt = attempts.get(k) ?? 0;
      attempts.set(k, attempt + 1);
      stages[p.stage]++;
      return { ...p, gbps: measure(f, p.prefill, p.decode, attempt, random) };
    });
    for (const m of measured)
      if (m.gbps >= f.floorShare * f.lineGBps) figures.push({ path: 'rdma', peakGBps: m.gbps });
    // The median over every passing pair so far, as the sweep judges each round.
    const medians = pathMedians(figures);
    for (const m of measured) {
      const passed = m.gbps >= f.floorShare * f.lineGBps;
      const outlier =
        passed && outlierOf({ path: 'rdma', peakGBps: m.gbps }, medians, o.outlier ?? OUTLIER_FRACTION);
      obs.push({
        round: next.round,
        prefill: m.prefill,
        decode: m.decode,
        sample: !passed ? 'fail' : outlier ? 'outlier' : 'pass',
      });
    }
    wallMs += Math.ceil(next.pairs.length / maxParallel) * (o.pairMs ?? 60_000);
  }
  const rounds = obs.reduce((r, x) => Math.max(r, x.round + 1), 0);
  return { rounds, pairs: obs.length, stages, wallMs, diagnosis: diagnose(input, obs) };
}

/** Whether a run found exactly the injected faults: every one named, nothing else blamed. */
export function scoreRun(f: Fleet, d: Diagnosis): { found: boolean; falseBlame: string[]; missed: string[] } {
  const wantNodes = new Set([...f.broken, ...Object.keys(f.slow)]);
  const wantLinks = new Set(f.badLinks.map(([a, b]) => pk(a, b)));
  const missed: string[] = [];
  const falseBlame: string[] = [];
  for (const n of wantNodes) if (!d.badNodes.some((b) => b.node === n)) missed.push(n);
  for (const b of d.badNodes) if (!wantNodes.has(b.node)) falseBlame.push(b.node);
  for (const l of wantLinks) if (!d.badLinks.some((b) => pk(b.a, b.b) === l)) missed.push(l);
  for (const l of d.badLinks) if (!wantLinks.has(pk(l.a, l.b))) falseBlame.push(pk(l.a, l.b));
  for (const x of f.badBetween) {
    if (!d.infra.some((i) => i.label === x.label && pk(i.a, i.b) === pk(x.a, x.b)))
      missed.push(`${x.a}↔${x.b}`);
  }
  for (const i of d.infra)
    if (!f.badBetween.some((x) => x.label === i.label && pk(i.a, i.b) === pk(x.a, x.b)))
      falseBlame.push(`${i.a}↔${i.b}`);
  return { found: missed.length === 0, falseBlame, missed };
}

/** A fleet of N with 2 broken nodes, 1 slow node and 1 bad link on a pair the screening round tests. */
export function faultyFleet(n: number, seed = 1): Fleet {
  const f = fleetOf(n);
  const random = seeded(seed * 31);
  const pick = () => f.nodes[Math.floor(random() * n)] as string;
  const taken = new Set<string>();
  const fresh = () => {
    for (;;) {
      const x = pick();
      if (!taken.has(x)) {
        taken.add(x);
        return x;
      }
    }
  };
  f.broken = [fresh(), fresh()];
  f.slow = { [fresh()]: 0.8 };
  f.badLinks = [screenedLink(f, seed, taken)];
  return f;
}

/**
 * A link the screening round tests, between two healthy nodes: a sweep only learns about
 * the links it runs (every link needs the round-robin tournament), so the simulated bad link
 * is put where the planner looks first.
 */
function screenedLink(f: Fleet, seed: number, taken: Set<string>): [string, string] {
  const first = nextRound({ nodes: f.nodes, groupings: [], seed }, []);
  const p = first?.pairs.find((x) => !taken.has(x.prefill) && !taken.has(x.decode));
  if (!p) throw new Error('no healthy pair in the screening round');
  return [p.prefill, p.decode];
}
