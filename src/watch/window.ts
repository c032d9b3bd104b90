import type { KvFailure, KvWindow } from '../judge/kv-traffic.js';
import { FRAMEWORKS, type HistogramState, NIXL_COUNTERS, type Snapshot } from './frameworks.js';

/**
 * Two snapshots of one worker → its KV traffic in between. A value that went
 * down means the worker restarted: its increase is its new value, as PromQL's
 * increase() counts a reset (references/watch-metrics.md).
 */

export function increase(before: number | undefined, after: number | undefined): number | undefined {
  if (after === undefined) return undefined;
  if (before === undefined || after < before) return after;
  return after - before;
}

function histogramDelta(
  b: HistogramState | undefined,
  a: HistogramState | undefined,
): HistogramState | undefined {
  if (!a) return undefined;
  const reset = !b || a.count < b.count;
  const buckets = new Map<number, number>();
  for (const [le, n] of a.buckets) buckets.set(le, reset ? n : n - (b?.buckets.get(le) ?? 0));
  return {
    count: reset ? a.count : a.count - (b?.count ?? 0),
    sum: reset ? a.sum : a.sum - (b?.sum ?? 0),
    buckets,
  };
}

/**
 * The q-quantile of a histogram's observations, as PromQL's histogram_quantile:
 * linear inside the bucket that holds it, the lowest bucket starting at 0, and
 * the highest finite bound when it falls in +Inf. undefined with no observation.
 */
export function quantile(q: number, h: HistogramState | undefined): number | undefined {
  if (!h) return undefined;
  const bounds = [...h.buckets.keys()].sort((x, y) => x - y);
  const total = h.buckets.get(Number.POSITIVE_INFINITY) ?? h.count;
  if (total <= 0) return undefined;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const le of bounds) {
    const n = h.buckets.get(le) ?? 0;
    if (n >= rank) {
      if (!Number.isFinite(le)) return lower;
      const inBucket = n - below;
      return inBucket <= 0 ? le : lower + ((le - lower) * (rank - below)) / inBucket;
    }
    lower = Number.isFinite(le) ? le : lower;
    below = n;
  }
  return lower;
}

function nixlWindow(b: Snapshot | undefined, a: Snapshot, windowSeconds: number): KvWindow {
  const inc = (n: string) => increase(b?.counters.get(n), a.counters.get(n)) ?? 0;
  const sumOf = (names: readonly string[]) => names.reduce((t, n) => t + inc(n), 0);
  const timeUs = a.counters.has(NIXL_COUNTERS.timeUs) ? inc(NIXL_COUNTERS.timeUs) : undefined;
  const postUs = a.counters.has(NIXL_COUNTERS.postUs) ? inc(NIXL_COUNTERS.postUs) : undefined;
  return {
    framework: 'nixl',
    windowSeconds,
    transfers: sumOf(NIXL_COUNTERS.requests),
    bytes: sumOf(NIXL_COUNTERS.bytes),
    seconds: timeUs === undefined ? undefined : timeUs / 1e6,
    postSeconds: postUs === undefined ? undefined : postUs / 1e6,
    // v1.1.0's exporter has no failure counter (prometheus_exporter.cpp lines 208-213); 1.5 counts errors by status.
    failures: a.counters.has(NIXL_COUNTERS.errors)
      ? [{ metric: NIXL_COUNTERS.errors, what: 'NIXL errors', count: inc(NIXL_COUNTERS.errors) }]
      : [],
  };
}

/** The worker's window; `before` undefined means the counters started in the window (a new worker). */
export function windowOf(before: Snapshot | undefined, after: Snapshot, windowSeconds: number): KvWindow {
  // A framework with histograms (vLLM, SGLang), or NIXL's exporter, which has counters.
  const spec = FRAMEWORKS.find((f) => f.framework === after.framework);
  if (!spec) return nixlWindow(before, after, windowSeconds);
  const same = before?.framework === after.framework ? before : undefined;
  const h = (family: string | undefined) =>
    family === undefined
      ? undefined
      : histogramDelta(same?.histograms.get(family), after.histograms.get(family));
  const time = h(spec.time.family);
  const bytes = h(spec.bytes?.family);
  const post = h(spec.post?.family);
  const descs = h(spec.descriptors?.family);
  const failures: KvFailure[] = [];
  for (const [metric, what] of Object.entries(spec.failures)) {
    const n = increase(same?.counters.get(metric), after.counters.get(metric));
    if (n !== undefined) failures.push({ metric, what, count: n });
  }
  return {
    framework: after.framework,
    windowSeconds,
    transfers: time?.count ?? 0,
    bytes: bytes?.sum,
    seconds: time?.sum,
    postSeconds: post?.sum,
    descriptors: descs?.sum,
    sizeP50: quantile(0.5, bytes),
    sizeP90: quantile(0.9, bytes),
    timeP50: quantile(0.5, time),
    timeP90: quantile(0.9, time),
    failures,
  };
}
