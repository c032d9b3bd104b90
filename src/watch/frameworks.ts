import { ToolError } from '../core/errors.js';
import type { KvFramework } from '../judge/kv-traffic.js';
import type { Exposition, Family } from '../parsers/prometheus-text.js';

/**
 * Which samples of a worker's exposition carry its KV transfers, per
 * framework, with the factor that turns each into bytes or seconds
 * (references/watch-metrics.md has file and line for every name).
 */

export interface HistogramSpec {
  family: string;
  /** Multiply the observed values (sum and bucket bounds) by this to get bytes or seconds. */
  scale: number;
}

export interface FrameworkSpec {
  framework: KvFramework;
  /** Its transfers: count and time (seconds after scale). */
  time: HistogramSpec;
  bytes?: HistogramSpec;
  post?: HistogramSpec;
  descriptors?: HistogramSpec;
  /** Failure counters: sample name → what it counts. */
  failures: Record<string, string>;
}

export const VLLM: FrameworkSpec = {
  framework: 'vllm',
  time: { family: 'vllm:nixl_xfer_time_seconds', scale: 1 },
  bytes: { family: 'vllm:nixl_bytes_transferred', scale: 1 },
  post: { family: 'vllm:nixl_post_time_seconds', scale: 1 },
  descriptors: { family: 'vllm:nixl_num_descriptors', scale: 1 },
  failures: {
    'vllm:nixl_num_failed_transfers_total': 'failed transfers',
    'vllm:nixl_num_failed_notifications_total': 'failed notifications',
    'vllm:nixl_num_kv_expired_reqs_total': 'expired KV leases',
  },
};

/** SGLang's "MB" is MiB and its "GB" GiB (req_time_stats.py lines 865-870). */
export const SGLANG: FrameworkSpec = {
  framework: 'sglang',
  time: { family: 'sglang:kv_transfer_latency_ms', scale: 1e-3 },
  bytes: { family: 'sglang:kv_transfer_total_mb', scale: 1024 * 1024 },
  failures: {
    'sglang:num_transfer_failed_reqs_total': 'failed transfers',
    'sglang:num_bootstrap_failed_reqs_total': 'failed bootstraps',
  },
};

export const FRAMEWORKS: readonly FrameworkSpec[] = [VLLM, SGLANG];

/** NIXL's own exporter: counters only (prometheus_exporter.cpp lines 123-145), microseconds. */
export const NIXL_COUNTERS = {
  bytes: ['agent_tx_bytes_total', 'agent_rx_bytes_total'],
  requests: ['agent_tx_requests_num_total', 'agent_rx_requests_num_total'],
  timeUs: 'agent_xfer_time_total',
  postUs: 'agent_xfer_post_time_total',
  /** NIXL 1.5 adds error counters by status (not in v1.1.0, which Dynamo's vLLM image ships). */
  errors: 'agent_errors_total',
} as const;

/** A histogram's cumulative state, summed over its series (engines, ranks), already scaled. */
export interface HistogramState {
  count: number;
  sum: number;
  /** Upper bound → cumulative count (Infinity for +Inf). */
  buckets: Map<number, number>;
}

/** What one scrape of one worker holds for the KV path: cumulative values. */
export interface Snapshot {
  framework: KvFramework;
  histograms: Map<string, HistogramState>;
  counters: Map<string, number>;
}

function familyOfSample(x: Exposition, sample: string): Family | undefined {
  for (const f of x.families.values()) if (f.samples.some((s) => s.name === sample)) return f;
  return undefined;
}

function sumSamples(x: Exposition, sample: string): number | undefined {
  let total: number | undefined;
  for (const f of x.families.values())
    for (const s of f.samples) if (s.name === sample) total = (total ?? 0) + s.value;
  return total;
}

function histogram(x: Exposition, spec: HistogramSpec): HistogramState | undefined {
  const f = x.families.get(spec.family);
  if (!f || f.samples.length === 0) return undefined;
  if (f.type !== 'histogram') {
    throw new ToolError(
      `${spec.family} is a ${f.type}, not a histogram: this framework version exports the last value only, with no sum or count to take a rate of`,
      {
        fix: 'upgrade the serving framework (SGLang made these histograms in PR #19009), or judge the fabric with interconnect-test pair',
      },
    );
  }
  const state: HistogramState = { count: 0, sum: 0, buckets: new Map() };
  for (const s of f.samples) {
    if (s.name === `${spec.family}_count`) state.count += s.value;
    else if (s.name === `${spec.family}_sum`) state.sum += s.value * spec.scale;
    else if (s.name === `${spec.family}_bucket`) {
      const le = Number(s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : s.labels.le);
      if (Number.isNaN(le)) continue;
      const bound = Number.isFinite(le) ? le * spec.scale : le;
      state.buckets.set(bound, (state.buckets.get(bound) ?? 0) + s.value);
    }
  }
  if (state.buckets.size === 0) {
    throw new ToolError(`${spec.family} is a histogram with no _bucket samples: not a whole exposition`, {
      fix: 'give the unmodified body of the worker\'s /metrics (a histogram always has its le="+Inf" bucket)',
    });
  }
  return state;
}

/** The framework a worker's exposition shows KV transfer metrics of, with its snapshot; undefined when none. */
export function snapshotOf(x: Exposition): Snapshot | undefined {
  for (const spec of FRAMEWORKS) {
    const specs = [spec.time, spec.bytes, spec.post, spec.descriptors].filter((s) => s !== undefined);
    const present =
      specs.some((s) => x.families.get(s.family)?.samples.length) ||
      Object.keys(spec.failures).some((n) => familyOfSample(x, n));
    if (!present) continue;
    const histograms = new Map<string, HistogramState>();
    for (const s of specs) {
      const h = histogram(x, s);
      if (h) histograms.set(s.family, h);
    }
    const counters = new Map<string, number>();
    for (const name of Object.keys(spec.failures)) {
      const v = sumSamples(x, name);
      if (v !== undefined) counters.set(name, v);
    }
    return { framework: spec.framework, histograms, counters };
  }
  const nixl = [...NIXL_COUNTERS.bytes, ...NIXL_COUNTERS.requests, NIXL_COUNTERS.timeUs];
  if (nixl.some((n) => familyOfSample(x, n))) {
    const counters = new Map<string, number>();
    for (const n of [...nixl, NIXL_COUNTERS.postUs, NIXL_COUNTERS.errors]) {
      const v = sumSamples(x, n);
      if (v !== undefined) counters.set(n, v);
    }
    return { framework: 'nixl', histograms: new Map(), counters };
  }
  return undefined;
}

/** Names what an exposition without any KV metric does export, for the "exports none" line. */
export function exporterOf(x: Exposition): string {
  const prefixes = new Set<string>();
  for (const name of x.families.keys()) {
    const m = /^([a-z]+)[:_]/.exec(name);
    if (m?.[1] && !['process', 'python', 'go', 'promhttp'].includes(m[1])) prefixes.add(m[1]);
  }
  return prefixes.size ? [...prefixes].sort().join(', ') : 'only process metrics';
}
