import type { Scheme } from './model.js';

/**
 * Pairing schemes: which node pairs a sweep tests, in rounds of disjoint
 * pairs, so that no node is in two transfers at once (a node's NIC shared by
 * two tests would halve both figures and blame the wrong link). Pure.
 */

export interface PlannedPair {
  index: number;
  round: number;
  prefill: string;
  decode: string;
}

export interface SweepPlan {
  scheme: Scheme;
  pairs: PlannedPair[];
  rounds: number;
}

function numbered(rounds: [string, string][][], scheme: Scheme): SweepPlan {
  const pairs: PlannedPair[] = [];
  rounds.forEach((list, round) => {
    for (const [prefill, decode] of list) pairs.push({ index: pairs.length, round, prefill, decode });
  });
  return { scheme, pairs, rounds: rounds.filter((r) => r.length > 0).length };
}

/**
 * Each node with its neighbour (n0→n1, n1→n2, …, n(N-1)→n0): every node is in two
 * pairs, one as prefill and one as decode. Two rounds for an even N, three for an
 * odd one (the closing link n(N-1)→n0 shares a node with both other rounds).
 */
export function ring(nodes: readonly string[]): SweepPlan {
  const n = nodes.length;
  if (n < 2) return { scheme: 'ring', pairs: [], rounds: 0 };
  if (n === 2) return numbered([[[nodes[0] as string, nodes[1] as string]]], 'ring');
  const link = (i: number): [string, string] => [nodes[i] as string, nodes[(i + 1) % n] as string];
  const rounds: [string, string][][] = [[], [], []];
  for (let i = 0; i < n; i++) {
    const r = n % 2 === 1 && i === n - 1 ? 2 : i % 2;
    (rounds[r] as [string, string][]).push(link(i));
  }
  return numbered(rounds, 'ring');
}

/**
 * Who plays prefill in an all-pairs pair: of nodes i < j, i when i + j is odd,
 * else j, so each node initiates about half of its N-1 transfers.
 */
function orient(at: ReadonlyMap<string, number>, a: string, b: string): [string, string] {
  const ia = at.get(a) as number;
  const ib = at.get(b) as number;
  const [lo, hi] = ia < ib ? [a, b] : [b, a];
  return (ia + ib) % 2 === 1 ? [lo, hi] : [hi, lo];
}

/**
 * Every pair once, by the circle method of a round-robin tournament (SuperBench's
 * `gen_pair_wise_config`, references/sweep-plans.md): N-1 rounds of N/2 disjoint pairs
 * (N rounds for an odd N, one node resting each round). Who plays prefill
 * alternates, so each node initiates about half of its transfers.
 */
export function allPairs(nodes: readonly string[]): SweepPlan {
  const at = new Map(nodes.map((n, i) => [n, i]));
  const list: (string | null)[] = [...nodes];
  if (list.length < 2) return { scheme: 'all-pairs', pairs: [], rounds: 0 };
  if (list.length % 2 === 1) list.push(null);
  const m = list.length;
  const rounds: [string, string][][] = [];
  for (let r = 0; r < m - 1; r++) {
    const round: [string, string][] = [];
    for (let i = 0; i < m / 2; i++) {
      const a = list[i];
      const b = list[m - 1 - i];
      if (a === null || a === undefined || b === null || b === undefined) continue;
      round.push(orient(at, a, b));
    }
    rounds.push(round);
    // Keep the first fixed, rotate the rest by one.
    list.splice(1, 0, list.pop() as string | null);
  }
  return numbered(rounds, 'all-pairs');
}

/**
 * Every prefill node × every decode node (a node in both roles is never paired
 * with itself), prefill as prefill. Rounds are built greedily: each round takes,
 * in order, every remaining pair that shares no node with one already in it.
 */
export function roles(prefill: readonly string[], decode: readonly string[]): SweepPlan {
  const wanted: [string, string][] = [];
  for (const p of prefill) for (const d of decode) if (p !== d) wanted.push([p, d]);
  // Walk the diagonals first (p_i with d_(i+k)): a Latin-square order that fills rounds evenly.
  const order = wanted
    .map((pair, k) => ({
      pair,
      k,
      diag: (decode.indexOf(pair[1]) - prefill.indexOf(pair[0]) + decode.length) % Math.max(decode.length, 1),
    }))
    .sort((a, b) => a.diag - b.diag || a.k - b.k)
    .map((x) => x.pair);
  const rounds: [string, string][][] = [];
  let left = order;
  while (left.length > 0) {
    const busy = new Set<string>();
    const round: [string, string][] = [];
    const rest: [string, string][] = [];
    for (const pair of left) {
      if (busy.has(pair[0]) || busy.has(pair[1])) rest.push(pair);
      else {
        round.push(pair);
        busy.add(pair[0]);
        busy.add(pair[1]);
      }
    }
    rounds.push(round);
    left = rest;
  }
  return numbered(rounds, 'role');
}

/** How many pairs can run at once: the largest round, capped by --max-parallel. */
export function atOnce(pairs: readonly { round: number }[], rounds: number, maxParallel: number): number {
  return Math.min(maxParallel, Math.max(0, ...roundSizes(pairs, rounds)));
}

/** How many pairs each round holds, in one pass (a 1,024-node all-pairs plan has 523,776). */
export function roundSizes(pairs: readonly { round: number }[], rounds: number): number[] {
  const sizes = Array.from({ length: rounds }, () => 0);
  for (const p of pairs) if (p.round < rounds) sizes[p.round] = (sizes[p.round] ?? 0) + 1;
  return sizes;
}

/** A small seeded generator (mulberry32): the same --seed gives the same plan on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in a seeded random order (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * `count` seeded random perfect matchings (Imbue's host validation: each round a seeded
 * shuffle, paired first half with second half): each round pairs every node once (one rests
 * when N is odd). Round r uses seed + r, so `--seed` reproduces the plan. A pair already
 * drawn in an earlier round is swapped out where a later partner allows, so the rounds
 * cover different links.
 */
export function matchings(nodes: readonly string[], count: number, seed: number): SweepPlan {
  if (nodes.length < 2 || count < 1) return { scheme: 'matching', pairs: [], rounds: 0 };
  const seen = new Set<string>();
  const id = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const rounds: [string, string][][] = [];
  for (let r = 0; r < count; r++) {
    const order = shuffled(nodes, seeded(seed + r));
    const round: [string, string][] = [];
    for (let i = 0; i + 1 < order.length; i += 2) {
      // A repeat: swap the second node with a later one that makes two new pairs.
      if (seen.has(id(order[i] as string, order[i + 1] as string))) {
        for (let k = i + 2; k < order.length; k++) {
          const partnerOfK = k % 2 === 0 ? order[k + 1] : order[k - 1];
          const fresh = !seen.has(id(order[i] as string, order[k] as string));
          const back =
            partnerOfK === undefined || !seen.has(id(order[i + 1] as string, partnerOfK as string));
          if (fresh && back) {
            [order[i + 1], order[k]] = [order[k] as string, order[i + 1] as string];
            break;
          }
        }
      }
      const pair: [string, string] = [order[i] as string, order[i + 1] as string];
      seen.add(id(...pair));
      round.push(pair);
    }
    rounds.push(round);
  }
  return numbered(rounds, 'matching');
}
