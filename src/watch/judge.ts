import { type Check, check } from '../core/model.js';
import {
  type HistoryLink,
  historyReference,
  type KvFramework,
  type KvReference,
  type KvWindow,
  kvFailuresCheck,
  kvThroughputCheck,
} from '../judge/kv-traffic.js';
import type { Exposition } from '../parsers/prometheus-text.js';
import { exporterOf, type Snapshot, snapshotOf } from './frameworks.js';
import { windowOf } from './window.js';

/** One worker as `watch` saw it: where it runs and what it exported at each end of the window. */
export interface WorkerReading {
  /** The pod name (live) or the file name (offline). */
  name: string;
  role?: 'prefill' | 'decode' | undefined;
  node?: string | undefined;
  /** The exposition at the start of the window; undefined when `after` already holds the window's increases (PromQL). */
  before?: Exposition | undefined;
  after: Exposition;
}

export interface WorkerResult {
  worker: string;
  role?: 'prefill' | 'decode' | undefined;
  node?: string | undefined;
  framework?: KvFramework | undefined;
  window?: KvWindow | undefined;
}

/**
 * Where each framework observes its transfers (references/watch-metrics.md):
 * vLLM on the decode worker (it pulls with NIXL READ), SGLang on the prefill
 * worker; NIXL's own exporter on whichever agent initiated.
 */
const RECORDED_ON: Record<KvFramework, 'prefill' | 'decode' | undefined> = {
  vllm: 'decode',
  sglang: 'prefill',
  nixl: undefined,
};

const NAMES: Record<KvFramework, string> = {
  vllm: "vLLM's NIXL connector",
  sglang: "SGLang's disaggregation collector",
  nixl: "NIXL's telemetry exporter",
};

function subjectOf(r: WorkerReading): string {
  return `${r.name}${r.role && r.role !== r.name ? ` (${r.role})` : ''}`;
}

function metricsCheck(r: WorkerReading): Check {
  return check(
    'watch.kv_metrics',
    'skipped',
    `exports none of the KV transfer metrics of vLLM's NIXL connector, SGLang's disaggregation collector or NIXL's telemetry (it exports: ${exporterOf(r.after)})`,
    {
      subject: subjectOf(r),
      fix: 'vLLM with NixlConnector (--kv-transfer-config), SGLang with histogram KV metrics (PR #19009, --enable-metrics), or NIXL_TELEMETRY_ENABLE=y with NIXL_TELEMETRY_EXPORTER=prometheus',
    },
  );
}

/** Judges every worker's window; the checks, and the figures for the report. */
export function judgeWorkers(
  readings: readonly WorkerReading[],
  ref: KvReference,
  windowSeconds: number,
  history: readonly HistoryLink[] = [],
): { checks: Check[]; workers: WorkerResult[] } {
  const checks: Check[] = [];
  const workers: WorkerResult[] = [];
  let anyTraffic = false;
  const quiet: Check[] = [];
  for (const r of readings) {
    const after = snapshotOf(r.after);
    const base: WorkerResult = { worker: r.name, role: r.role, node: r.node };
    if (!after) {
      checks.push(metricsCheck(r));
      workers.push(base);
      continue;
    }
    const before: Snapshot | undefined = r.before ? snapshotOf(r.before) : undefined;
    const w = windowOf(before, after, windowSeconds);
    workers.push({ ...base, framework: w.framework, window: w });
    const subject = subjectOf(r);
    checks.push(kvFailuresCheck(subject, w));
    const recordedOn = RECORDED_ON[w.framework];
    // The last pair/sweep between this worker's node and the other role's nodes, where there is one.
    const peers = readings.filter((p) => p.role && p.role !== r.role && p.node).map((p) => p.node as string);
    const own = historyReference(history, r.node, peers) ?? ref;
    if (w.transfers > 0) {
      anyTraffic = true;
      checks.push(kvThroughputCheck(subject, w, own));
    } else if (recordedOn && r.role && r.role !== recordedOn) {
      checks.push(
        check(
          'watch.kv_throughput',
          'skipped',
          `${NAMES[w.framework]} records transfers on the ${recordedOn} worker, not here`,
          {
            subject,
            matters: false,
            data: { framework: w.framework },
          },
        ),
      );
    } else {
      quiet.push(kvThroughputCheck(subject, w, own));
    }
  }
  // A worker with no transfer beside one with traffic is quiet, not unjudged; with none anywhere, nothing is judged.
  checks.push(...quiet.map((c) => (anyTraffic ? { ...c, matters: false } : c)));
  return { checks, workers };
}
