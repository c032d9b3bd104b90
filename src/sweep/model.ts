import { z } from 'zod';
import { EngineSchema, RailResultSchema, TransportKindSchema } from '../core/measurement.js';
import { CheckSchema, VerdictStatusSchema } from '../core/model.js';
import { PAIR_FAILURES, PAIR_OUTCOMES } from '../judge/sweep.js';

/**
 * The `sweep` result: many `pair` runs over a set of nodes, a node × node
 * matrix, and the culprits. It travels as the extra keys of a Report (command
 * `sweep`), beside the sweep's own checks and verdict; every renderer (text,
 * JSON, JUnit, Prometheus, HTML) is a pure function of it.
 */

export const SCHEMES = [
  'ring',
  'all-pairs',
  'role',
  'matching',
  'within-group',
  'across-groups',
  'representatives',
  'auto',
] as const;
export const SchemeSchema = z.enum(SCHEMES);
export type Scheme = z.infer<typeof SchemeSchema>;

/** What became of one planned pair. `not-run`: never scheduled (budget, Ctrl-C, an earlier error). */
export const PairOutcomeSchema = z.enum(PAIR_OUTCOMES);
export type PairOutcome = z.infer<typeof PairOutcomeSchema>;

export const SweepPairSchema = z.object({
  /** Position in the plan, from 0. */
  index: z.number().int().nonnegative(),
  /** The round it ran in, from 0; pairs of one round share no node. */
  round: z.number().int().nonnegative(),
  /** The node that played prefill and the one that played decode. */
  prefill: z.string(),
  decode: z.string(),
  outcome: PairOutcomeSchema,
  /** One line: the pair's verdict summary, or why it did not run. */
  detail: z.string(),
  /** The pair's first check to fix, when it has one. */
  fix: z.string().optional(),
  /**
   * Why it failed, in the terms culprit isolation uses: `fabric` (measured, and too slow, TCP,
   * or broken mid-transfer), `unscheduled` (a pod never ran: capacity, taints, pulls), `setup`
   * (our own objects, RBAC, the API server), or null when it passed.
   */
  failure: z.enum(PAIR_FAILURES).nullable(),
  runId: z.string(),
  namespace: z.string().nullable(),
  engine: EngineSchema.nullable(),
  /** Peak GB/s (10^9 B/s) over every leg's rows; null when nothing was measured. */
  peakGBps: z.number().nonnegative().nullable(),
  transport: TransportKindSchema.nullable(),
  /** The expected line rate and the floor the judge used, GB/s. */
  lineGBps: z.number().positive().nullable(),
  floorGBps: z.number().nonnegative().nullable(),
  /** Start of the pair → its verdict, and the teardown after it (ms). */
  durationMs: z.number().nonnegative(),
  /** The pair's own checks (ids as `pair` writes them). */
  checks: z.array(CheckSchema),
  /**
   * Set when the pair passed but sits more than --outlier below the fleet's median for its path
   * (judge/outliers.ts): its own status in the matrix, the metrics and the HTML.
   */
  outlier: z.object({ medianGBps: z.number().positive(), share: z.number().nonnegative() }).optional(),
  /** Under --scheme auto: what the pair was run for (screen, confirm, retest, probe). */
  stage: z.enum(['screen', 'confirm', 'retest', 'probe']).optional(),
  /** Each GPU↔NIC rail it crossed, when the engine measured rails (core/measurement.ts RailResult). */
  rails: z.array(RailResultSchema).optional(),
});
export type SweepPair = z.infer<typeof SweepPairSchema>;

/** A node's standing in the sweep. */
export const NodeStatusSchema = z.enum([
  'ok', // every pair it was in passed
  'culprit', // every pair it was in failed on the fabric, while its partners passed elsewhere
  'suspect', // some of its pairs failed, not enough to blame it alone
  'outlier', // its pairs passed, but more than --outlier below the fleet's median, with different partners
  'unverified', // its pairs warned or did not run, or --scheme auto left it undecided
  'excluded', // could not take a probe pod: listed with the reason, never a failure
]);
export type NodeStatus = z.infer<typeof NodeStatusSchema>;

export const SweepNodeSchema = z.object({
  name: z.string(),
  status: NodeStatusSchema,
  /** One line: why excluded, or what its pairs showed. */
  detail: z.string(),
  /** Counts of the pairs it was in, by outcome. */
  pairs: z.object({
    trusted: z.number().int(),
    unverified: z.number().int(),
    untrusted: z.number().int(),
    notRun: z.number().int(),
  }),
});
export type SweepNode = z.infer<typeof SweepNodeSchema>;

export const CulpritsSchema = z.object({
  /** Nodes to take out of service first. */
  nodes: z.array(z.object({ node: z.string(), detail: z.string() })),
  /** Single bad links: a pair failed while both its nodes passed with other partners. */
  links: z.array(z.object({ a: z.string(), b: z.string(), detail: z.string() })),
  /** Pairs that fail only between two groups (zones, racks, cliques): the fabric between them. */
  infra: z
    .array(
      z.object({
        label: z.string(),
        a: z.string(),
        b: z.string(),
        links: z.array(z.tuple([z.string(), z.string()])),
        detail: z.string(),
      }),
    )
    .optional(),
  /** Degraded, not broken: nodes and pairs more than --outlier below the fleet's median. */
  outliers: z
    .array(
      z.object({
        node: z.string().optional(),
        a: z.string().optional(),
        b: z.string().optional(),
        detail: z.string(),
      }),
    )
    .optional(),
  /** What --scheme auto could not decide within its budget: a node or a link, and why. */
  undecided: z.array(z.object({ subject: z.string(), why: z.string() })).optional(),
});
export type Culprits = z.infer<typeof CulpritsSchema>;

/** The settings a sweep ran with, as people and the HTML report show them. */
export const SweepSettingsSchema = z.object({
  scheme: SchemeSchema,
  engine: z.string(),
  /** How the nodes were chosen: `-l gpu=h100`, `--nodes a,b`, `--dgd ns/name`. */
  selection: z.string(),
  maxParallel: z.number().int().positive(),
  /** The whole sweep's limit and each pair's, ms. */
  timeoutMs: z.number().int().positive(),
  pairTimeoutMs: z.number().int().positive(),
  minBandwidthGBps: z.number().nonnegative().nullable(),
  sizes: z.array(z.number().int().positive()).optional(),
  /** The plan's seed (matching, across-groups, auto), the grouping label, the outlier share, the budget. */
  seed: z.number().int().optional(),
  topologyLabel: z.string().optional(),
  outlierFraction: z.number().positive().lt(1).optional(),
  budget: z
    .object({ pairs: z.number().int().positive().optional(), ms: z.number().int().positive().optional() })
    .optional(),
});
export type SweepSettings = z.infer<typeof SweepSettingsSchema>;

/**
 * Where a node sits, from its labels: `topology.kubernetes.io/zone`, a rack or leaf label
 * (TOPOLOGY_RACK_LABELS, or the one a plan names), `nvidia.com/gpu.clique` (NVLink domain).
 * The HTML groups nodes by them; absent when the node has no such label.
 */
export const NodeTopologySchema = z.object({
  zone: z.string().optional(),
  rack: z.string().optional(),
  clique: z.string().optional(),
});
export type NodeTopology = z.infer<typeof NodeTopologySchema>;

/** One link or rail compared with the baseline (sweep/regression.ts; the rule is judge/regression.ts). */
export const LinkRegressionSchema = z.object({
  /** The link's two nodes, in name order (a link is compared whichever way it ran). */
  a: z.string(),
  b: z.string(),
  /** The rail's GPU index, or null for the pair's peak over all its rails. */
  rail: z.number().int().nonnegative().nullable(),
  beforeGBps: z.number().nonnegative(),
  nowGBps: z.number().nonnegative(),
  /** (before − now) / before: 0.25 is a quarter lower; negative when it got faster. */
  drop: z.number(),
  regressed: z.boolean(),
});
export type LinkRegression = z.infer<typeof LinkRegressionSchema>;

export const NodeRegressionSchema = z.object({
  node: z.string(),
  /** The median of its compared links, before and now. */
  beforeGBps: z.number().nonnegative(),
  nowGBps: z.number().nonnegative(),
  drop: z.number(),
  /** Its links compared, and how many of them regressed. */
  links: z.number().int().nonnegative(),
  regressedLinks: z.number().int().nonnegative(),
  regressed: z.boolean(),
});
export type NodeRegression = z.infer<typeof NodeRegressionSchema>;

/** This sweep against an earlier one (`--baseline FILE|last`). */
export const RegressionsSchema = z.object({
  baseline: z.object({
    /** The file it was read from, as given or resolved from `last`. */
    source: z.string(),
    startedAt: z.string(),
    runId: z.string().nullable(),
  }),
  /** `--regression`: a drop of more than this share of the baseline is a regression. */
  fraction: z.number().positive().lt(1),
  /** Every link (and rail) measured in both runs, regressed or not. */
  links: z.array(LinkRegressionSchema),
  /** Every node with a compared link. */
  nodes: z.array(NodeRegressionSchema),
});
export type Regressions = z.infer<typeof RegressionsSchema>;

export const SweepResultSchema = z.object({
  settings: SweepSettingsSchema,
  /** Every node considered, in matrix order (excluded ones last). */
  nodes: z.array(SweepNodeSchema),
  pairs: z.array(SweepPairSchema),
  rounds: z.number().int().nonnegative(),
  /**
   * The node × node matrix over the included nodes: rows are prefill, columns decode;
   * `cells[i][j]` is the index into `pairs` of the pair that ran prefill=nodes[i],
   * decode=nodes[j], or null. Each pair fills one cell (all-pairs alternates who plays
   * prefill, so its pairs fall on both sides of the diagonal); the mirror cell stays null.
   */
  matrix: z.object({ nodes: z.array(z.string()), cells: z.array(z.array(z.number().int().nullable())) }),
  culprits: CulpritsSchema,
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
  /** Node → where it sits (its zone, rack and clique labels), for the nodes that carry any. */
  topology: z.record(z.string(), NodeTopologySchema).optional(),
  /** The comparison with `--baseline`, when one was given and found. */
  regressions: RegressionsSchema.optional(),
});
export type SweepResult = z.infer<typeof SweepResultSchema>;

/** A `sweep` report: the usual Report keys plus `sweep`. */
export const SweepReportSchema = z.object({
  command: z.literal('sweep'),
  generatedAt: z.string(),
  checks: z.array(CheckSchema),
  verdict: z.object({ status: VerdictStatusSchema, summary: z.string() }).passthrough(),
  sweep: SweepResultSchema,
});
export type SweepReport = z.infer<typeof SweepReportSchema>;

/** The Content-Type of the sweep's metrics (render/prometheus.ts), as scrapers and the Pushgateway expect it. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * A rank of each outcome and standing, higher is better: which one stands when a name repeats
 * (render/prometheus.ts). The metrics carry states as labels (interconnect_pair_state), not these.
 */
export const VERDICT_VALUE: Record<PairOutcome, number> = {
  trusted: 2,
  unverified: 1,
  untrusted: 0,
  'not-run': -1,
};
export const NODE_VALUE: Record<NodeStatus, number> = {
  ok: 2,
  outlier: 1,
  unverified: 1,
  suspect: 0,
  culprit: 0,
  excluded: -1,
};
