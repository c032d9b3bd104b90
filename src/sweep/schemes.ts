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
function orient(nodes: readonly string[], a: string, b: string): [string, string] {
  const [i, j] = [nodes.indexOf(a), nodes.indexOf(b)].sort((x, y) => x - y) as [number, number];
  const lo = nodes[i] as string;
  const hi = nodes[j] as string;
  return (i + j) % 2 === 1 ? [lo, hi] : [hi, lo];
}

/**
 * Every pair once, by the circle method: N-1 rounds of N/2 disjoint pairs (N
 * rounds for an odd N, one node resting each round). Who plays prefill
 * alternates, so each node initiates about half of its transfers.
 */
export function allPairs(nodes: readonly string[]): SweepPlan {
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
      round.push(orient(nodes, a, b));
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
  const sizes = Array.from({ length: rounds }, (_, r) => pairs.filter((p) => p.round === r).length);
  return Math.min(maxParallel, Math.max(0, ...sizes));
}
