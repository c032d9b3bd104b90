import { type Check, check } from '../core/model.js';
import { formatBytes } from '../core/size.js';

/** Means and quantiles: formatBytes' measured form. */
const MEASURED = { measured: true } as const;

import { fmtGBps } from './bandwidth.js';
import { RDMA_WARN_FRACTION } from './expectations.js';
import { KV_SHARE_WARN } from './kv-row.js';

/**
 * `watch`: a live deployment's own KV transfers, over a window, judged
 * against what a healthy fabric gives at the same transfer size.
 * references/watch-metrics.md says where each figure comes from.
 */

export type KvFramework = 'vllm' | 'sglang' | 'nixl';

/** One failure counter's increase over the window. */
export interface KvFailure {
  /** The sample name (`vllm:nixl_num_failed_transfers_total`). */
  metric: string;
  /** What it counts, in words (`failed transfers`). */
  what: string;
  count: number;
}

/** One worker's KV traffic in the window: deltas of the framework's counters and histograms. */
export interface KvWindow {
  framework: KvFramework;
  windowSeconds: number;
  /** Successful transfers in the window (histogram count delta). */
  transfers: number;
  /** Bytes they moved, and the seconds they took (sum deltas); undefined where not exported. */
  bytes?: number | undefined;
  seconds?: number | undefined;
  postSeconds?: number | undefined;
  descriptors?: number | undefined;
  /** From the bucket deltas (bytes; seconds). */
  sizeP50?: number | undefined;
  sizeP90?: number | undefined;
  timeP50?: number | undefined;
  timeP90?: number | undefined;
  failures: KvFailure[];
}

/** What a healthy fabric gives a large transfer between these workers, and where that figure comes from. */
export interface KvReference {
  gbps: number;
  source: string;
  /** true when no line rate or history is known: only the slowest RDMA link a disagg cluster uses. */
  assumed?: boolean;
}

/**
 * A transfer's time runs from its post to the status poll that first sees it
 * done (NIXL `nixl_agent.cpp` v1.1.0 lines 1027, 1149), and vLLM polls once
 * per engine step: a healthy transfer still pays a fixed cost on top of
 * size / bandwidth. 2 ms is a short engine step; the vLLM log lines of
 * issue #41230 (1.4 ms for 2.25 MB) show polls that fast.
 */
export const KV_PER_TRANSFER_COST_S = 0.002;
/**
 * What TCP (or host staging) gives a KV transfer: 0.5 GB/s over UCX's tcp
 * transport and 1 GB/s with host staging (ai-dynamo/nixl #1642 and #1695,
 * references/expected-bandwidth.md). At or below this speed on a fabric that
 * should carry RDMA, the KV path is on TCP.
 */
export const TCP_GBPS = 1;
/** Within this factor of TCP's figure at the same size, a transfer ran at TCP speed. */
export const TCP_MARGIN = 1.5;
/** Where a healthy fabric gives less than this multiple of TCP's figure at a size, the size cannot tell them apart. */
export const DISTINGUISHABLE = 2;
/**
 * With no line rate or history: the slowest RDMA link a disaggregated
 * deployment uses, 100 Gb/s (12.5 GB/s), at the healthy share of line rate
 * (references/expected-bandwidth.md, "When no line rate is known").
 */
export const ASSUMED_MIN_LINE_GBPS = 100;
/** Bytes per descriptor below which the descriptors, not the link, bound a transfer (the per-descriptor cost of pair.kv). */
export const SMALL_DESCRIPTOR_BYTES = 256 * 1024;

/** The reference from --line-rate (Gb/s per port) and rails: a healthy link gives RDMA_WARN_FRACTION of it. */
export function lineRateReference(lineRateGbps: number, rails = 1): KvReference {
  return {
    gbps: ((lineRateGbps * rails) / 8) * RDMA_WARN_FRACTION,
    source: `--line-rate ${lineRateGbps} Gb/s${rails > 1 ? ` × ${rails} rails` : ''} at ${Math.round(RDMA_WARN_FRACTION * 100)} %`,
  };
}

/** One link `pair` or `sweep` measured: its large-block peak between nodes a and b. */
export interface HistoryLink {
  a: string;
  b: string;
  gbps: number;
  source: string;
}

/**
 * The healthy figure for a worker on `node` talking to workers on `peers`:
 * the slowest link measured between them (either direction), so a worker is
 * never held to a faster link than it may be using. undefined when none was.
 */
export function historyReference(
  links: readonly HistoryLink[],
  node: string | undefined,
  peers: readonly string[],
): KvReference | undefined {
  if (!node) return undefined;
  const hit = links.filter(
    (l) => (l.a === node && peers.includes(l.b)) || (l.b === node && peers.includes(l.a)),
  );
  if (hit.length === 0) return undefined;
  const slowest = hit.reduce((x, y) => (y.gbps < x.gbps ? y : x));
  return {
    gbps: slowest.gbps,
    source: `${slowest.source}: ${fmtGBps(slowest.gbps)} GB/s between ${slowest.a} and ${slowest.b}`,
  };
}

export function assumedReference(): KvReference {
  return {
    ...lineRateReference(ASSUMED_MIN_LINE_GBPS),
    source: `no line rate known: the slowest RDMA link a disaggregated deployment uses (${ASSUMED_MIN_LINE_GBPS} Gb/s)`,
    assumed: true,
  };
}

/** GB/s a transfer of `bytes` gets over a link of `gbps`: size / (fixed cost + size / bandwidth). */
export function rateAt(bytes: number, gbps: number): number {
  return bytes / (KV_PER_TRANSFER_COST_S + bytes / (gbps * 1e9)) / 1e9;
}

function fmtMs(s: number): string {
  const ms = s * 1e3;
  return ms >= 10 ? ms.toFixed(0) : ms.toFixed(2);
}

/** Per-transfer figures of a window with traffic and both sums. */
export interface KvFigures {
  gbps: number;
  meanBytes: number;
  meanSeconds: number;
  expectedGBps: number;
  tcpGBps: number;
}

export function kvFigures(w: KvWindow, ref: KvReference): KvFigures | undefined {
  if (w.transfers <= 0 || !w.bytes || !w.seconds || w.seconds <= 0) return undefined;
  const meanBytes = w.bytes / w.transfers;
  return {
    gbps: w.bytes / w.seconds / 1e9,
    meanBytes,
    meanSeconds: w.seconds / w.transfers,
    expectedGBps: rateAt(meanBytes, ref.gbps),
    tcpGBps: rateAt(meanBytes, TCP_GBPS),
  };
}

/** Why the descriptors or the post time, not the link, bound the transfers, when they do. */
export function layoutNote(w: KvWindow): string | undefined {
  const notes: string[] = [];
  if (w.descriptors && w.bytes && w.transfers > 0) {
    const perDesc = w.bytes / w.descriptors;
    if (perDesc < SMALL_DESCRIPTOR_BYTES) {
      notes.push(
        `${Math.round(w.descriptors / w.transfers)} descriptors of ${formatBytes(perDesc, MEASURED)} per transfer: the per-descriptor cost bounds it`,
      );
    }
  }
  if (w.postSeconds && w.seconds && w.postSeconds / w.seconds >= 0.5) {
    notes.push(
      `posting takes ${Math.round((w.postSeconds / w.seconds) * 100)} % of the transfer time (${fmtMs(w.postSeconds / w.transfers)} ms each)`,
    );
  }
  return notes.length ? notes.join('; ') : undefined;
}

function quantiles(w: KvWindow): string {
  const parts: string[] = [];
  if (w.sizeP50 !== undefined && w.sizeP90 !== undefined)
    parts.push(`size p50 ${formatBytes(w.sizeP50, MEASURED)}, p90 ${formatBytes(w.sizeP90, MEASURED)}`);
  if (w.timeP50 !== undefined && w.timeP90 !== undefined)
    parts.push(`time p50 ${fmtMs(w.timeP50)} ms, p90 ${fmtMs(w.timeP90)} ms`);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/**
 * `watch.kv_throughput`: per-transfer GB/s (bytes / seconds over the window)
 * against what a healthy fabric gives at the mean transfer size. At or near
 * TCP's figure for that size: fail. Below KV_SHARE_WARN of the healthy
 * figure: warn, with the layout note when descriptors or posting explain it.
 * A size where healthy and TCP give about the same (latency-bound) is
 * skipped: it cannot tell the fabric apart. No traffic: skipped.
 */
export function kvThroughputCheck(subject: string, w: KvWindow, ref: KvReference): Check {
  const id = 'watch.kv_throughput';
  if (w.transfers <= 0) {
    return check(
      id,
      'skipped',
      `no KV transfer in the ${Math.round(w.windowSeconds)} s window: nothing to judge`,
      {
        subject,
        fix: 'watch while the deployment serves traffic, or lengthen --window',
        data: { framework: w.framework, transfers: 0 },
      },
    );
  }
  const f = kvFigures(w, ref);
  if (!f) {
    return check(
      id,
      'skipped',
      `${w.transfers} transfers, but ${w.framework} exported no byte and time sums for them`,
      {
        subject,
        data: { framework: w.framework, transfers: w.transfers },
      },
    );
  }
  const bytesPerSecond = f.gbps * 1e9;
  const data = {
    framework: w.framework,
    transfers: w.transfers,
    bytes: w.bytes,
    seconds: w.seconds,
    bytesPerSecond,
    meanBytes: f.meanBytes,
    expectedBytesPerSecond: f.expectedGBps * 1e9,
    tcpBytesPerSecond: f.tcpGBps * 1e9,
    reference: ref,
    ...(w.descriptors !== undefined ? { descriptors: w.descriptors } : {}),
    ...(w.postSeconds !== undefined ? { postSeconds: w.postSeconds } : {}),
  };
  const head = `${w.transfers} transfers of ${formatBytes(f.meanBytes, MEASURED)} at ${fmtGBps(f.gbps)} GB/s each${quantiles(w)}`;
  const healthy = `a healthy fabric gives ${fmtGBps(f.expectedGBps)} GB/s at this size (${ref.source}), TCP ${fmtGBps(f.tcpGBps)} GB/s`;
  if (f.expectedGBps < DISTINGUISHABLE * f.tcpGBps) {
    return check(
      id,
      'skipped',
      `${head}: latency-bound at this size, where ${healthy}: it cannot tell RDMA from TCP`,
      {
        subject,
        fix: 'judge the fabric with interconnect-test pair, which moves large blocks',
        data,
      },
    );
  }
  if (f.gbps <= TCP_MARGIN * f.tcpGBps) {
    return check(id, 'fail', `${head}: TCP speed, where ${healthy}`, {
      subject,
      fix: 'the KV path fell back to TCP or host staging: check UCX_TLS, the RDMA devices in the pod and GPUDirect (interconnect-test node --dgd)',
      data,
    });
  }
  const note = layoutNote(w);
  if (f.gbps < KV_SHARE_WARN * f.expectedGBps) {
    return check(id, 'warn', `${head}: below half of what ${healthy}${note ? `; ${note}` : ''}`, {
      subject,
      fix: note
        ? 'larger KV blocks mean fewer, larger descriptors (vLLM --block-size); check NIXL has its progress thread'
        : 'measure the link between these nodes with interconnect-test pair',
      data,
    });
  }
  if (ref.assumed) {
    return check(id, 'warn', `${head}: above TCP, but ${healthy}; the link's own rate is not known`, {
      subject,
      fix: 'pass --line-rate <Gb/s> (the NIC port rate) to judge against this fabric',
      data,
    });
  }
  return check(id, 'ok', `${head}; ${healthy}${note ? `; ${note}` : ''}`, { subject, data });
}

/** `watch.kv_failures`: any failed transfer, notification, bootstrap or expired KV lease in the window, named with count and rate. */
export function kvFailuresCheck(subject: string, w: KvWindow): Check {
  const id = 'watch.kv_failures';
  const seen = w.failures.filter((f) => f.count > 0);
  const data = { framework: w.framework, failures: w.failures, windowSeconds: w.windowSeconds };
  if (w.failures.length === 0) {
    return check(id, 'skipped', `${w.framework} exports no failure counter here: failures cannot be seen`, {
      subject,
      data,
    });
  }
  if (seen.length === 0) {
    const names = w.failures.map((f) => f.what).join(', ');
    return check(id, 'ok', `no ${names} in the ${Math.round(w.windowSeconds)} s window`, { subject, data });
  }
  const perMin = (n: number) => (n / w.windowSeconds) * 60;
  const list = seen.map((f) => `${f.count} ${f.what} (${perMin(f.count).toFixed(2)}/min, ${f.metric})`);
  return check(id, 'fail', `${list.join('; ')} in the ${Math.round(w.windowSeconds)} s window`, {
    subject,
    fix: 'read the worker log around these failures (kubectl logs); a transport failure points at the fabric, an expired KV lease at a decode worker too slow to read it',
    data,
  });
}
