import { allPairs, type SweepPlan, seeded, shuffled } from './schemes.js';

/**
 * Topology-aware plans from node labels. Pure.
 *
 * A group is the nodes that share a label's value: `topology.kubernetes.io/zone`, a rack or
 * leaf label given by --topology-label, `nvidia.com/gpu.clique` for an NVLink domain. Nodes
 * without the label form no group of their own: they are left to the schemes that need none.
 *
 * - within: every pair inside each group (the round-robin tournament per group, all groups
 *   in parallel): what the leaf or the NVLink domain carries.
 * - across: pairs whose ends are in different groups, as a round-robin tournament over the
 *   groups with one seeded perfect matching between the two groups of each game: what the
 *   spine carries.
 * - representatives: one node per group (the first by name), every pair of them: a quick
 *   check of the fabric between groups (CRE's inter-domain screening, references/sweep-plans.md).
 */

/** The labels a sweep groups by, coarse to fine; --topology-label adds its own. */
export const ZONE_LABEL = 'topology.kubernetes.io/zone';
export const CLIQUE_LABEL = 'nvidia.com/gpu.clique';

/** One labelling of the nodes: the label, and each group (value → nodes, in input order). */
export interface Grouping {
  label: string;
  groups: Map<string, string[]>;
  /** Each grouped node's group. */
  of: Map<string, string>;
}

const byName = new Intl.Collator('en', { numeric: true }).compare;

/** The grouping of `nodes` by one label (nodes without it are in no group). */
export function groupBy(
  nodes: readonly string[],
  labelsOf: (node: string) => Record<string, string> | undefined,
  label: string,
): Grouping {
  const groups = new Map<string, string[]>();
  const of = new Map<string, string>();
  for (const n of nodes) {
    const v = labelsOf(n)?.[label];
    if (v === undefined || v === '') continue;
    of.set(n, v);
    groups.set(v, [...(groups.get(v) ?? []), n]);
  }
  return { label, groups: new Map([...groups].sort((a, b) => byName(a[0], b[0]))), of };
}

/** The groupings a sweep reasons with: zone, the --topology-label, the clique; only those some node has. */
export function groupings(
  nodes: readonly string[],
  labelsOf: (node: string) => Record<string, string> | undefined,
  topologyLabel?: string,
): Grouping[] {
  const labels = [ZONE_LABEL, ...(topologyLabel ? [topologyLabel] : []), CLIQUE_LABEL];
  return [...new Set(labels)].map((l) => groupBy(nodes, labelsOf, l)).filter((g) => g.groups.size > 0);
}

function merged(plans: SweepPlan[], scheme: SweepPlan['scheme']): SweepPlan {
  // Plans over disjoint node sets run side by side: round r of each is round r of the whole.
  const rounds = Math.max(0, ...plans.map((p) => p.rounds));
  const byRound: SweepPlan['pairs'][] = Array.from({ length: rounds }, () => []);
  for (const plan of plans) for (const p of plan.pairs) byRound[p.round]?.push(p);
  const pairs = byRound.flat().map((p, index) => ({ ...p, index }));
  return { scheme, pairs, rounds };
}

/** Every pair inside each group, the groups side by side. */
export function withinGroups(g: Grouping): SweepPlan {
  return merged(
    [...g.groups.values()].map((nodes) => allPairs(nodes)),
    'within-group',
  );
}

/** One node per group, every pair of them. */
export function representatives(g: Grouping): SweepPlan {
  const reps = [...g.groups.values()].map((nodes) => [...nodes].sort(byName)[0] as string);
  return { ...allPairs(reps), scheme: 'representatives' };
}

/**
 * Pairs across groups: each round of the groups' round-robin tournament matches group A with
 * group B, and pairs A's nodes with B's in a seeded order (min(|A|, |B|) pairs); every pair of
 * groups meets once, and no node is in two pairs of a round.
 */
export function acrossGroups(g: Grouping, seed: number): SweepPlan {
  const names = [...g.groups.keys()];
  const games = allPairs(names);
  const rounds: [string, string][][] = Array.from({ length: games.rounds }, () => []);
  for (const game of games.pairs) {
    const random = seeded(seed + game.index);
    const a = shuffled(g.groups.get(game.prefill) ?? [], random);
    const b = shuffled(g.groups.get(game.decode) ?? [], random);
    for (let i = 0; i < Math.min(a.length, b.length); i++)
      (rounds[game.round] as [string, string][]).push([a[i] as string, b[i] as string]);
  }
  const pairs: SweepPlan['pairs'] = [];
  rounds.forEach((list, round) => {
    for (const [prefill, decode] of list) pairs.push({ index: pairs.length, round, prefill, decode });
  });
  return { scheme: 'across-groups', pairs, rounds: rounds.filter((r) => r.length > 0).length };
}
