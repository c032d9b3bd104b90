import { matchings } from './schemes.js';
import type { Grouping } from './topology.js';

/**
 * `--scheme auto`: adaptive isolation with confirmation, as a pure state machine. The state
 * is the list of samples so far; `nextRound` says which pairs to run next (or null: done),
 * `diagnose` what they show. Nothing here runs a pair or reads a clock, so a simulated fleet
 * (simulate.ts) drives it exactly as the sweep does (references/sweep-plans.md).
 *
 * 1. Screen: one seeded random perfect matching over every node (one node rests when N is odd).
 * 2. Confirm: each node with a failed sample and no passing one is re-tested against nodes that
 *    already passed, a different one each time (its own group first): the first pass clears it,
 *    a failure with two different healthy partners makes it a **bad node** (`slow` when those
 *    samples passed their floor but were outliers). Google CHS's second pass, CRE's stage 3.
 * 3. A failed pair whose two nodes both passed elsewhere is a link question: it is run once more
 *    (one failed sample is never enough), and when it crosses two groups (zone, rack, clique),
 *    two other pairs between healthy nodes of those groups are probed beside it (CRE ADR-056).
 *    Two or more failing links between the same two groups, and not one passing pair between
 *    them, is an **infrastructure fault** naming both groups; a link that fails twice alone is a
 *    **bad link**; one that passes its re-run was transient.
 * One failed sample never turns a node that passed into a failed one. `budgetPairs` bounds the
 * work; whatever is left open is listed as undecided.
 */

export type Sample = 'pass' | 'outlier' | 'fail' | 'none';

export interface Observation {
  round: number;
  prefill: string;
  decode: string;
  /** pass: vouches for both ends; outlier: passed its floor but is well below the fleet; none: said nothing. */
  sample: Sample;
}

export interface AdaptiveInput {
  nodes: readonly string[];
  /** Coarse to fine (zone, rack, clique); infrastructure faults are named at the coarsest that explains them. */
  groupings: readonly Grouping[];
  seed: number;
  /** At most this many pairs in all (--budget N). */
  budgetPairs?: number;
  /** At most this many rounds; default 3 + 2·⌈log2 N⌉. */
  maxRounds?: number;
}

export type Stage = 'screen' | 'confirm' | 'retest' | 'probe';

export interface NextRound {
  round: number;
  pairs: { prefill: string; decode: string; stage: Stage }[];
}

export interface Diagnosis {
  healthy: string[];
  badNodes: { node: string; kind: 'broken' | 'slow'; partners: string[] }[];
  badLinks: { a: string; b: string; kind: 'broken' | 'slow' }[];
  infra: { label: string; a: string; b: string; links: [string, string][] }[];
  /** Link questions a re-run cleared. */
  transient: [string, string][];
  undecided: { subject: string; why: string }[];
}

/** Failures with this many different healthy partners confirm a bad node. */
export const CONFIRMATIONS = 2;
/** A node is re-tested at most this many times; a link re-run at most once. */
const MAX_ATTEMPTS = 4;
const MAX_NONE = 2;

const pk = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export function defaultMaxRounds(n: number): number {
  return 3 + 2 * Math.ceil(Math.log2(Math.max(2, n)));
}

interface NodeFacts {
  clean: number;
  none: number;
  /** Non-clean samples: partner and kind. */
  bad: { partner: string; sample: 'outlier' | 'fail'; round: number }[];
  /** The round of its first pass, when it has one. */
  passedIn?: number;
  partners: Set<string>;
  pairs: number;
}

interface LinkFacts {
  a: string;
  b: string;
  clean: number;
  bad: ('outlier' | 'fail')[];
}

/** A node's failed samples with a partner that had passed in an earlier round: a re-test against a healthy node. */
function witnesses(nodes: Map<string, NodeFacts>, f: NodeFacts): NodeFacts['bad'] {
  return f.bad.filter((b) => {
    const since = nodes.get(b.partner)?.passedIn;
    return since !== undefined && since < b.round;
  });
}

interface State {
  input: AdaptiveInput;
  obs: readonly Observation[];
  nodes: Map<string, NodeFacts>;
  links: Map<string, LinkFacts>;
  healthy: Set<string>;
  culprits: Diagnosis['badNodes'];
  /** Open link questions (both ends healthy, not cleared, not explained by an infra fault). */
  questions: LinkFacts[];
  infra: Diagnosis['infra'];
  transient: [string, string][];
}

function factsOf(input: AdaptiveInput, obs: readonly Observation[]): State {
  const nodes = new Map<string, NodeFacts>(
    input.nodes.map((n) => [n, { clean: 0, none: 0, bad: [], partners: new Set(), pairs: 0 }]),
  );
  const links = new Map<string, LinkFacts>();
  for (const o of obs) {
    const a = nodes.get(o.prefill);
    const b = nodes.get(o.decode);
    if (!a || !b) continue;
    for (const [me, other] of [
      [a, o.decode],
      [b, o.prefill],
    ] as const) {
      me.pairs++;
      me.partners.add(other);
      if (o.sample === 'pass') {
        me.clean++;
        me.passedIn = Math.min(me.passedIn ?? o.round, o.round);
      } else if (o.sample === 'none') me.none++;
      else me.bad.push({ partner: other, sample: o.sample, round: o.round });
    }
    if (o.sample === 'none') continue;
    const k = pk(o.prefill, o.decode);
    const l = links.get(k) ?? { a: o.prefill, b: o.decode, clean: 0, bad: [] };
    if (o.sample === 'pass') l.clean++;
    else l.bad.push(o.sample);
    links.set(k, l);
  }
  const healthy = new Set([...nodes].filter(([, f]) => f.clean > 0).map(([n]) => n));
  const culprits: Diagnosis['badNodes'] = [];
  for (const [node, f] of nodes) {
    if (f.clean > 0) continue;
    const witnessed = witnesses(nodes, f);
    const partners = [...new Set(witnessed.map((s) => s.partner))];
    if (partners.length < CONFIRMATIONS) continue;
    culprits.push({
      node,
      kind: witnessed.every((s) => s.sample === 'outlier') ? 'slow' : 'broken',
      partners,
    });
  }
  const state: State = {
    input,
    obs,
    nodes,
    links,
    healthy,
    culprits,
    questions: [],
    infra: [],
    transient: [],
  };
  linkQuestions(state);
  return state;
}

/** Link questions, with the infrastructure faults that explain some of them taken out first. */
function linkQuestions(s: State): void {
  let open: LinkFacts[] = [];
  for (const l of s.links.values()) {
    if (l.bad.length === 0 || !s.healthy.has(l.a) || !s.healthy.has(l.b)) continue;
    if (l.clean > 0) s.transient.push([l.a, l.b]);
    else open.push(l);
  }
  for (const g of s.input.groupings) {
    const cross = new Map<string, { a: string; b: string; failing: LinkFacts[]; passing: number }>();
    const slot = (x: string, y: string) => {
      const k = pk(x, y);
      const [a, b] = x < y ? [x, y] : [y, x];
      const c = cross.get(k) ?? { a, b, failing: [], passing: 0 };
      cross.set(k, c);
      return c;
    };
    for (const l of s.links.values()) {
      const ga = g.of.get(l.a);
      const gb = g.of.get(l.b);
      if (ga === undefined || gb === undefined || ga === gb) continue;
      if (l.clean > 0) slot(ga, gb).passing++;
    }
    for (const l of open) {
      const ga = g.of.get(l.a);
      const gb = g.of.get(l.b);
      if (ga !== undefined && gb !== undefined && ga !== gb) slot(ga, gb).failing.push(l);
    }
    const explained = new Set<LinkFacts>();
    for (const c of cross.values()) {
      if (c.failing.length < 2 || c.passing > 0) continue;
      s.infra.push({ label: g.label, a: c.a, b: c.b, links: c.failing.map((l) => [l.a, l.b]) });
      for (const l of c.failing) explained.add(l);
    }
    open = open.filter((l) => !explained.has(l));
  }
  s.questions = open;
}

/** Healthy nodes to test `node` against: unused this round, not yet its partner, its own group first. */
function referenceFor(
  s: State,
  node: string,
  busy: Set<string>,
  used: Map<string, number>,
): string | undefined {
  const mine = s.nodes.get(node) as NodeFacts;
  const sameGroup = (r: string) =>
    s.input.groupings.reduce(
      (n, g) => n + (g.of.get(r) !== undefined && g.of.get(r) === g.of.get(node) ? 1 : 0),
      0,
    );
  let best: string | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const r of s.healthy) {
    if (busy.has(r) || r === node || mine.partners.has(r)) continue;
    const f = s.nodes.get(r) as NodeFacts;
    // A clean record first, then the same groups, then the least used this round and before.
    const score = (f.bad.length === 0 ? 1000 : 0) + 10 * sameGroup(r) - (used.get(r) ?? 0) - f.pairs / 1000;
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

/** Nodes still open: no pass, not a confirmed culprit, and still worth another try. */
function openNodes(s: State): { node: string; why: string; more: boolean }[] {
  const culprit = new Set(s.culprits.map((c) => c.node));
  const out: { node: string; why: string; more: boolean }[] = [];
  for (const [node, f] of s.nodes) {
    if (s.healthy.has(node) || culprit.has(node)) continue;
    const witnessed = new Set(witnesses(s.nodes, f).map((b) => b.partner)).size;
    const why =
      f.pairs === 0
        ? 'in no pair yet'
        : f.pairs === f.none
          ? `none of its ${f.pairs} pairs could run`
          : `failed with ${witnessed} healthy partner${witnessed === 1 ? '' : 's'} of the ${CONFIRMATIONS} that confirm a bad node, and passed with none`;
    out.push({ node, why, more: f.pairs - f.none < MAX_ATTEMPTS && f.none < MAX_NONE });
  }
  return out;
}

/** Cross-group probes for a link question that is alone between its two groups. */
function probesFor(s: State, l: LinkFacts, busy: Set<string>): [string, string][] {
  for (const g of s.input.groupings) {
    const ga = g.of.get(l.a);
    const gb = g.of.get(l.b);
    if (ga === undefined || gb === undefined || ga === gb) continue;
    // Already probed (or enough evidence): more than the one pair measured between the groups.
    let measured = 0;
    for (const x of s.links.values()) {
      const xa = g.of.get(x.a);
      const xb = g.of.get(x.b);
      if (xa !== undefined && xb !== undefined && pk(xa, xb) === pk(ga, gb)) measured++;
    }
    if (measured > 1) return [];
    const free = (group: string) =>
      (g.groups.get(group) ?? []).filter(
        (n) =>
          s.healthy.has(n) &&
          !busy.has(n) &&
          n !== l.a &&
          n !== l.b &&
          (s.nodes.get(n) as NodeFacts).bad.length === 0,
      );
    const A = free(ga);
    const B = free(gb);
    const out: [string, string][] = [];
    for (let i = 0; i < Math.min(2, A.length, B.length); i++) out.push([A[i] as string, B[i] as string]);
    return out;
  }
  return [];
}

/** The next round from the samples so far, or null when nothing is left to learn (or no budget). */
export function nextRound(input: AdaptiveInput, obs: readonly Observation[]): NextRound | null {
  const round = obs.reduce((r, o) => Math.max(r, o.round + 1), 0);
  const left = (input.budgetPairs ?? Number.POSITIVE_INFINITY) - obs.length;
  if (left <= 0 || round >= (input.maxRounds ?? defaultMaxRounds(input.nodes.length))) return null;
  const s = factsOf(input, obs);
  const pairs: NextRound['pairs'] = [];
  const busy = new Set<string>();
  const add = (prefill: string, decode: string, stage: Stage) => {
    if (pairs.length >= left || busy.has(prefill) || busy.has(decode)) return false;
    pairs.push({ prefill, decode, stage });
    busy.add(prefill);
    busy.add(decode);
    return true;
  };
  if (round === 0 || s.healthy.size === 0) {
    // Screen (again, with the next seed, when nothing passed: there is no healthy node to confirm against).
    if (round > 1 && s.healthy.size === 0) return null;
    for (const p of matchings(input.nodes, 1, input.seed + round).pairs) add(p.prefill, p.decode, 'screen');
    return pairs.length ? { round, pairs } : null;
  }
  const used = new Map<string, number>();
  for (const o of openNodes(s)) {
    if (!o.more) continue;
    const ref = referenceFor(s, o.node, busy, used);
    if (ref && add(o.node, ref, 'confirm')) used.set(ref, (used.get(ref) ?? 0) + 1);
  }
  for (const l of s.questions) {
    if (l.bad.length >= 2) continue;
    add(l.a, l.b, 'retest');
    for (const [a, b] of probesFor(s, l, busy)) add(a, b, 'probe');
  }
  return pairs.length ? { round, pairs } : null;
}

/** What the samples so far show: bad nodes, bad links, infrastructure faults, and what is undecided. */
export function diagnose(input: AdaptiveInput, obs: readonly Observation[]): Diagnosis {
  const s = factsOf(input, obs);
  const undecided: Diagnosis['undecided'] = openNodes(s).map((o) => ({ subject: o.node, why: o.why }));
  const badLinks: Diagnosis['badLinks'] = [];
  for (const l of s.questions) {
    if (l.bad.length >= 2)
      badLinks.push({ a: l.a, b: l.b, kind: l.bad.every((b) => b === 'outlier') ? 'slow' : 'broken' });
    else
      undecided.push({
        subject: `${l.a} ↔ ${l.b}`,
        why: 'failed once while both nodes passed elsewhere; not yet run again',
      });
  }
  return {
    healthy: [...s.healthy],
    badNodes: s.culprits,
    badLinks,
    infra: s.infra,
    transient: s.transient,
    undecided,
  };
}
