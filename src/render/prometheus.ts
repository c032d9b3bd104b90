import type { ClusterIdentity } from '../core/cluster-identity.js';
import { type VerdictStatus, VerdictStatusSchema } from '../core/model.js';
import { GB } from '../parsers/units.js';
import {
  NODE_VALUE,
  type NodeStatus,
  NodeStatusSchema,
  PairOutcomeSchema,
  type SweepPair,
  type SweepResult,
  VERDICT_VALUE,
} from '../sweep/model.js';

export interface PrometheusOptions {
  /** The sweep's overall verdict (the report's verdict.status); adds interconnect_sweep_verdict. */
  verdict?: VerdictStatus;
  /**
   * The end of the run when `startedAt` cannot be read (never in a runner's result): the
   * command passes the report's time. Without either there is no last-run timestamp.
   */
  now?: Date;
  /** Which cluster: a `cluster` label on every sample, and interconnect_sweep_info's labels. */
  cluster?: ClusterIdentity;
}

type Labels = Record<string, string>;
interface Sample {
  labels: Labels;
  value: number;
}
interface Family {
  name: string;
  help: string;
  samples: Sample[];
}

/** A label value as the format wants it: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text: only backslash and line feed are escaped there. */
export function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** A sample value as Go's strconv.ParseFloat reads it, with the format's NaN, +Inf and -Inf. */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}

function sampleLine(name: string, s: Sample): string {
  const pairs = Object.entries(s.labels).map(([k, v]) => `${k}="${escapeLabelValue(v)}"`);
  return `${name}${pairs.length ? `{${pairs.join(',')}}` : ''} ${formatValue(s.value)}`;
}

function block(f: Family): string {
  return [
    `# HELP ${f.name} ${escapeHelp(f.help)}`,
    `# TYPE ${f.name} gauge`,
    ...f.samples.map((s) => sampleLine(f.name, s)),
  ]
    .map((l) => `${l}\n`)
    .join('');
}

/**
 * A state as one series per possible state, 1 for the one it is in and 0 for the others
 * (the kube-state-metrics shape, `kube_pod_status_phase{phase}`): `== 1` selects the state by
 * its name, and no two states share a number.
 */
function stateSamples(labels: Labels, states: readonly string[], current: string): Sample[] {
  return states.map((state) => ({ labels: { ...labels, state }, value: state === current ? 1 : 0 }));
}

/** GB/s (10^9 B/s, every `GBps` field) in bytes per second, the base unit Prometheus wants. */
function bytesPerSecond(gbps: number): number {
  return Math.round(gbps * GB);
}

/**
 * One pair per (prefill, decode): a label set may appear only once in a family, and the
 * Pushgateway refuses a whole push with a duplicate. Should a plan ever hold the same
 * direction twice, the worse outcome stands for it (the later one on a tie).
 */
function distinctPairs(pairs: readonly SweepPair[]): SweepPair[] {
  const byKey = new Map<string, SweepPair>();
  for (const p of pairs) {
    const key = `${p.prefill}\u0000${p.decode}`;
    const seen = byKey.get(key);
    if (!seen || VERDICT_VALUE[p.outcome] <= VERDICT_VALUE[seen.outcome]) byKey.set(key, p);
  }
  return [...byKey.values()];
}

/** One value per node name; the worse standing wins should a name repeat. */
function distinctNodes(nodes: SweepResult['nodes']): { name: string; status: NodeStatus }[] {
  const byName = new Map<string, NodeStatus>();
  for (const n of nodes) {
    const seen = byName.get(n.name);
    if (seen === undefined || NODE_VALUE[n.status] <= NODE_VALUE[seen]) byName.set(n.name, n.status);
  }
  return [...byName].map(([name, status]) => ({ name, status }));
}

/** Unix seconds of the end of the run: startedAt + durationMs, else `now`; none when neither is known. */
function endSeconds(result: SweepResult, now: Date | undefined): Sample[] {
  const start = Date.parse(result.startedAt);
  const end = Number.isFinite(start) ? start + result.durationMs : now?.getTime();
  return end === undefined || !Number.isFinite(end) ? [] : [{ labels: {}, value: end / 1000 }];
}

/** Each rail's figure of each pair (the engine measured rails): the per-rail series. */
function railFamilies(result: SweepResult): Family[] {
  return [
    {
      name: 'interconnect_rail_bandwidth_bytes_per_second',
      help: "One GPU↔NIC rail's KV-transfer bandwidth in a node pair of the last sweep, bytes per second; only rails that produced a row.",
      samples: distinctPairs(result.pairs).flatMap((p) =>
        (p.rails ?? []).flatMap((r) =>
          r.gbps === null
            ? []
            : [
                {
                  labels: {
                    prefill: p.prefill,
                    decode: p.decode,
                    gpu: String(r.gpu),
                    nic: r.nic ?? 'unknown',
                  },
                  value: bytesPerSecond(r.gbps),
                },
              ],
        ),
      ),
    },
  ];
}

/** The nodes and links the isolation named: 1 for each culprit, 0 for every other included node. */
function isolationFamilies(result: SweepResult): Family[] {
  const culprits = new Set(result.culprits.nodes.map((c) => c.node));
  return [
    {
      name: 'interconnect_node_isolated',
      help: 'Whether the last sweep isolated the node as the culprit of its failed pairs: 1 isolated, 0 not.',
      samples: result.matrix.nodes.map((n) => ({ labels: { node: n }, value: culprits.has(n) ? 1 : 0 })),
    },
    {
      name: 'interconnect_link_isolated',
      help: 'A single bad link the last sweep named (it failed while both its nodes passed elsewhere): always 1.',
      samples: distinctLinks(result.culprits.links).map((l) => ({ labels: { a: l.a, b: l.b }, value: 1 })),
    },
  ];
}

function distinctLinks(links: readonly { a: string; b: string }[]): { a: string; b: string }[] {
  const byKey = new Map<string, { a: string; b: string }>();
  for (const l of links) {
    const [a, b] = l.a < l.b ? [l.a, l.b] : [l.b, l.a];
    byKey.set(`${a}\u0000${b}`, { a, b });
  }
  return [...byKey.values()];
}

/** The comparison with `--baseline` (sweep/regression.ts), when the sweep had one. */
function regressionFamilies(result: SweepResult): Family[] {
  const r = result.regressions;
  if (!r) return [];
  const rail = (l: { rail: number | null }) => (l.rail === null ? 'all' : String(l.rail));
  return [
    {
      name: 'interconnect_link_baseline_ratio',
      help: 'A link (or one rail of it) against the baseline run: now / before; rail="all" is the pair\'s peak.',
      samples: r.links.map((l) => ({
        labels: { a: l.a, b: l.b, rail: rail(l) },
        value: l.beforeGBps > 0 ? Math.round((l.nowGBps / l.beforeGBps) * 1000) / 1000 : 1,
      })),
    },
    {
      name: 'interconnect_link_regressed',
      help: 'Whether a link (or rail) fell by more than --regression against the baseline run: 1 regressed, 0 not.',
      samples: r.links.map((l) => ({
        labels: { a: l.a, b: l.b, rail: rail(l) },
        value: l.regressed ? 1 : 0,
      })),
    },
    {
      name: 'interconnect_node_regressed',
      help: "Whether most of a node's links fell by more than --regression against the baseline run: 1 regressed, 0 not.",
      samples: r.nodes.map((n) => ({ labels: { node: n.node }, value: n.regressed ? 1 : 0 })),
    },
    {
      name: 'interconnect_sweep_regression_fraction',
      help: 'The --regression share the last sweep compared with (0.2: a drop of more than 20 %).',
      samples: [{ labels: {}, value: r.fraction }],
    },
  ];
}

/** The families of a sweep, in the order they are written. */
function families(result: SweepResult, opts: PrometheusOptions): Family[] {
  const pairs = distinctPairs(result.pairs);
  const out: Family[] = [
    {
      name: 'interconnect_pair_bandwidth_bytes_per_second',
      help: 'Peak KV-transfer bandwidth of a node pair in the last sweep, bytes per second; only pairs that measured something.',
      samples: pairs.flatMap((p) =>
        p.peakGBps === null
          ? []
          : [
              {
                labels: {
                  prefill: p.prefill,
                  decode: p.decode,
                  engine: p.engine ?? result.settings.engine,
                  transport: p.transport ?? 'unknown',
                },
                value: bytesPerSecond(p.peakGBps),
              },
            ],
      ),
    },
    {
      name: 'interconnect_pair_state',
      help: `Outcome of a node pair in the last sweep: 1 for its state, 0 for the others (${PairOutcomeSchema.options.join(', ')}).`,
      samples: pairs.flatMap((p) =>
        stateSamples({ prefill: p.prefill, decode: p.decode }, PairOutcomeSchema.options, p.outcome),
      ),
    },
    {
      name: 'interconnect_node_state',
      help: `Standing of a node in the last sweep: 1 for its state, 0 for the others (${NodeStatusSchema.options.join(', ')}).`,
      samples: distinctNodes(result.nodes).flatMap((n) =>
        stateSamples({ node: n.name }, NodeStatusSchema.options, n.status),
      ),
    },
    {
      name: 'interconnect_pair_outlier_ratio',
      help: "A pair that passed but ran more than --outlier below the fleet's median for its path: its figure as a share of that median (only outlier pairs).",
      samples: pairs.flatMap((p) =>
        p.outlier ? [{ labels: { prefill: p.prefill, decode: p.decode }, value: p.outlier.share }] : [],
      ),
    },
    {
      name: 'interconnect_sweep_pairs',
      help: 'Pairs of the last sweep by outcome.',
      samples: PairOutcomeSchema.options.map((o) => ({
        labels: { outcome: o },
        value: result.pairs.filter((p) => p.outcome === o).length,
      })),
    },
    {
      name: 'interconnect_sweep_nodes',
      help: 'Nodes of the last sweep by standing.',
      samples: NodeStatusSchema.options.map((s) => ({
        labels: { status: s },
        value: result.nodes.filter((n) => n.status === s).length,
      })),
    },
  ];
  out.push(...railFamilies(result), ...isolationFamilies(result), ...regressionFamilies(result));
  if (opts.verdict) {
    out.push({
      name: 'interconnect_sweep_state',
      help: `Verdict of the last sweep as a whole: 1 for its state, 0 for the others (${VerdictStatusSchema.options.join(', ')}).`,
      samples: stateSamples({}, VerdictStatusSchema.options, opts.verdict),
    });
  }
  if (opts.cluster) {
    out.push({
      name: 'interconnect_sweep_info',
      help: 'Which cluster the last sweep ran on: its kubeconfig context and API server (no credentials); always 1.',
      samples: [
        {
          labels: { context: opts.cluster.context ?? '', server: opts.cluster.server ?? '' },
          value: 1,
        },
      ],
    });
  }
  out.push(
    {
      name: 'interconnect_sweep_duration_seconds',
      help: 'Wall-clock duration of the last sweep, seconds.',
      samples: [{ labels: {}, value: result.durationMs / 1000 }],
    },
    {
      name: 'interconnect_sweep_last_run_timestamp_seconds',
      help: 'End of the last sweep (start + duration), Unix seconds.',
      samples: endSeconds(result, opts.now),
    },
  );
  return out;
}

/** The sweep in the Prometheus text format 0.0.4; families without a sample are left out. */
export function renderPrometheus(result: SweepResult, opts: PrometheusOptions = {}): string {
  const cluster = opts.cluster?.name;
  return families(result, opts)
    .filter((f) => f.samples.length > 0)
    .map((f) =>
      cluster === undefined
        ? f
        : { ...f, samples: f.samples.map((s) => ({ ...s, labels: { cluster, ...s.labels } })) },
    )
    .map(block)
    .join('');
}
