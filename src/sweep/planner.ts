import { formatDuration } from '../core/duration.js';
import { ToolError } from '../core/errors.js';
import { plural } from '../core/verdict.js';
import { type AdaptiveInput, defaultMaxRounds, nextRound } from './adaptive.js';
import { type Candidates, TYPICAL_PAIR_MS } from './candidates.js';
import { AUTO_ABOVE, type SweepConfig } from './config.js';
import type { Scheme } from './model.js';
import { allPairs, matchings, ring, roles, type SweepPlan } from './schemes.js';
import { acrossGroups, type Grouping, groupings, representatives, withinGroups } from './topology.js';

/**
 * The sweep's pure planner API: the scheme a sweep runs (the default by node count), its plan
 * over the candidates, and for `auto` the adaptive planner's input and its first round. Other
 * parts (the runner, the bench, a simulated fleet) call only these.
 */

/** The default seed: the same plan every night unless --seed changes it. */
export const DEFAULT_SEED = 1;
/** How many perfect matchings `--scheme matching` draws by default. */
export const DEFAULT_MATCHINGS = 3;

/** The scheme a sweep runs: --scheme, else ring up to AUTO_ABOVE nodes and auto above. */
export function resolveScheme(scheme: Scheme | undefined, nodes: number): Scheme {
  return scheme ?? (nodes > AUTO_ABOVE ? 'auto' : 'ring');
}

/** The candidates' groupings (zone, --topology-label, clique), from their node labels. */
export function groupingsOf(cand: Candidates, topologyLabel?: string): Grouping[] {
  const labels = new Map(cand.views.map((v) => [v.name, v.labels]));
  return groupings(cand.included, (n) => labels.get(n), topologyLabel);
}

/** The grouping a topology scheme plans by: --topology-label, else the zone. */
function groupingFor(scheme: Scheme, cand: Candidates, config: SweepConfig): Grouping {
  const all = groupingsOf(cand, config.topologyLabel);
  const want = config.topologyLabel ?? all[0]?.label;
  const g = all.find((x) => x.label === want);
  if (!g || g.groups.size < (scheme === 'within-group' ? 1 : 2)) {
    throw new ToolError(
      `--scheme ${scheme} plans by node label, and ${want ? `the nodes carry ${g ? `only one value of ${want}` : `no ${want} label`}` : 'the nodes carry no topology.kubernetes.io/zone, nvidia.com/gpu.clique or other topology label'}`,
      {
        fix: 'pass --topology-label with a label the nodes carry (kubectl get nodes -L topology.kubernetes.io/zone), or use --scheme ring, matching or auto',
      },
    );
  }
  return g;
}

/** The adaptive planner's input for these candidates and settings. */
export function autoInput(cand: Candidates, config: SweepConfig): AdaptiveInput {
  return {
    nodes: cand.included,
    groupings: groupingsOf(cand, config.topologyLabel),
    seed: config.seed ?? DEFAULT_SEED,
    ...(config.budget?.pairs !== undefined ? { budgetPairs: config.budget.pairs } : {}),
  };
}

/** The plan for a scheme; for `auto`, its screening round (the rest follows from the results). */
export function planFor(scheme: Scheme, cand: Candidates, config: SweepConfig): SweepPlan {
  const seed = config.seed ?? DEFAULT_SEED;
  switch (scheme) {
    case 'ring':
      return ring(cand.included);
    case 'all-pairs':
      return allPairs(cand.included);
    case 'matching':
      return matchings(cand.included, config.matchings ?? DEFAULT_MATCHINGS, seed);
    case 'within-group':
      return withinGroups(groupingFor(scheme, cand, config));
    case 'across-groups':
      return acrossGroups(groupingFor(scheme, cand, config), seed);
    case 'representatives':
      return representatives(groupingFor(scheme, cand, config));
    case 'auto': {
      const first = nextRound(autoInput(cand, config), []);
      const pairs = (first?.pairs ?? []).map((p, index) => ({
        index,
        round: 0,
        prefill: p.prefill,
        decode: p.decode,
      }));
      return { scheme: 'auto', pairs, rounds: pairs.length ? 1 : 0 };
    }
    case 'role':
      if (!cand.prefill || !cand.decode) {
        throw new ToolError('--scheme role pairs the prefill and decode nodes of a DynamoGraphDeployment', {
          fix: 'pass --dgd NAME (and -n NAMESPACE)',
        });
      }
      return roles(cand.prefill, cand.decode);
  }
}

/**
 * What `auto` will do past its screening round, for the plan people read first: how many
 * rounds at most, and what that costs at one pair's time per wave.
 */
export function autoPlanLines(plan: SweepPlan, cand: Candidates, config: SweepConfig): string[] {
  const n = cand.included.length;
  const most = defaultMaxRounds(n);
  const pairMs = Math.min(TYPICAL_PAIR_MS, config.pair.timeoutMs);
  const waves = Math.ceil(plan.pairs.length / Math.max(1, config.maxParallel));
  const groups = groupingsOf(cand, config.topologyLabel)
    .map((g) => `${g.label} (${plural(g.groups.size, 'group')})`)
    .join(', ');
  const budget = config.budget
    ? `; --budget ${[config.budget.pairs !== undefined ? plural(config.budget.pairs, 'pair') : '', config.budget.ms ? formatDuration(config.budget.ms) : ''].filter(Boolean).join(', ')}`
    : '';
  return [
    `auto: screening round of ${plural(plan.pairs.length, 'pair')} (a seeded perfect matching, --seed ${config.seed ?? DEFAULT_SEED}); a healthy fleet is certified by it, about ${formatDuration(waves * pairMs)}`,
    `then only the suspects: each against nodes that passed, failed links re-run, lone cross-group failures probed; at most ${plural(most, 'round')} in all (3 + 2·log2 N), each a few pairs${budget}`,
    `groups for infrastructure faults: ${groups || 'none (no zone, rack or clique label on these nodes)'}`,
  ];
}
