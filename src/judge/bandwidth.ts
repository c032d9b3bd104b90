import type { Expectation, MeasurementRow, PairMode } from '../core/measurement.js';
import { type Check, type CheckStatus, check } from '../core/model.js';
import { formatBytes } from '../core/size.js';
import { ABSOLUTE_CROSS_NODE_CEILING_GBPS, ABSOLUTE_INTRA_NODE_CEILING_GBPS } from './expectations.js';

/**
 * The one bandwidth judge. `read nixlbench|ucx_perftest` and `pair` (cluster
 * and --local GPU-to-GPU) both hand it the figure they measured and the
 * expectation of judge/expectations.ts (expectationFor), so the same figure on the
 * same link gets the same verdict. Pure. references/expected-bandwidth.md
 * gives every threshold and references/judge.md the rules below.
 *
 * 1. Above the absolute ceiling of the link kind (cross-node 250 GB/s, two
 *    800G rails and margin; GPU to GPU 1000 GB/s, beyond NVLink 5): fail, no
 *    link carries that, it is a copy inside one GPU or a loopback.
 * 2. Above the ceiling derived from the line rate (line × rails × 1.15): warn,
 *    the link cannot carry it, but the line rate we were given may be wrong.
 * 3. Below the floor: fail (a warning when only small, latency-bound blocks
 *    were measured and the floor is not the user's own --min-bandwidth).
 * 4. Below the warning band of a known line rate: warn.
 * 5. No line rate known and no --min-bandwidth: warn, the figure cannot be
 *    judged against the link.
 * 6. Otherwise ok.
 */

/** Where the two ends were: two nodes, two GPUs of one node, or not known (`read` of a bare table). */
export type Link = 'cross-node' | 'intra-node' | 'nvlink-domain' | 'unknown';

/** Rows with blocks at least this large show link bandwidth; small blocks are latency-bound. */
export const LARGE_BLOCK = 1 << 20;

/** A ceiling no link of that kind can exceed, whatever its line rate. */
export const ABSOLUTE_CEILING_GBPS: Readonly<Record<Link, number>> = {
  'cross-node': ABSOLUTE_CROSS_NODE_CEILING_GBPS,
  'intra-node': ABSOLUTE_INTRA_NODE_CEILING_GBPS,
  // Two nodes of one multi-node NVLink domain: a GPU link, not a network one (judge/nvlink-domain.ts).
  'nvlink-domain': ABSOLUTE_INTRA_NODE_CEILING_GBPS,
  unknown: ABSOLUTE_INTRA_NODE_CEILING_GBPS,
};

export interface Row {
  blockSize?: number | undefined;
  gbps: number;
  /** Transfers kept in flight at once; absent: one at a time. */
  inFlight?: number | undefined;
}

/**
 * The row judged: the best one of ≥ `large` bytes (1 MiB by default, where link rate shows), else the best
 * of all. A caller that knows the path streams at line rate from a smaller size passes it (RDMA: 64 KiB).
 * When large rows with several transfers in flight exist (the nixl probe's in-flight row),
 * the best of those: serving keeps several KV transfers posted at once, and one transfer at a
 * time leaves the link idle between a completion and the next post (the host's time, not the
 * link's), so a healthy link reads lower on it (references/expected-bandwidth.md). The
 * one-at-a-time rows stay in the table for latency.
 */
export function judgedRow<R extends Row>(
  rows: readonly R[],
  large = LARGE_BLOCK,
  opts: { collapse?: boolean } = {},
): { row: R; smallOnly: boolean; fellFrom?: R } | undefined {
  if (rows.length === 0) return undefined;
  const big = rows.filter((r) => r.blockSize !== undefined && r.blockSize >= large);
  const inFlight = big.filter((r) => (r.inFlight ?? 1) > 1);
  // A sweep that collapses after its best row is judged by its slowest large size (COLLAPSE_SHARE). Not for a
  // host-memory copy inside one host (opts.collapse false): blocks that fit the CPU caches run faster than those
  // that do not, with no link involved.
  const family = inFlight.length > 0 ? rows.filter((r) => (r.inFlight ?? 1) > 1) : rows;
  const fall =
    opts.collapse === false
      ? undefined
      : collapseAfterPeak(
          family.filter((r) => r.blockSize !== undefined),
          (r) => r.blockSize ?? 0,
          (r) => r.gbps,
          large,
        );
  if (fall) return { row: fall.low, smallOnly: false, fellFrom: fall.peak };
  const pick = inFlight.length > 0 ? inFlight : big.length > 0 ? big : rows;
  const row = pick.reduce((a, b) => (b.gbps > a.gbps ? b : a));
  return { row, smallOnly: big.length === 0 && rows.some((r) => r.blockSize !== undefined) };
}

/** The fall a judged figure comes after: the best row's figure and size, and the judged (slowest) size. */
export interface Fall {
  fromGBps: number;
  fromBytes: number;
  toBytes: number;
}

/** judgedRow's collapse as judgeBandwidth's `fell`, when there is one. */
export function fallOf(picked: { row: Row; fellFrom?: Row } | undefined): Fall | undefined {
  const from = picked?.fellFrom;
  if (!from || from.blockSize === undefined || picked?.row.blockSize === undefined) return undefined;
  return { fromGBps: from.gbps, fromBytes: from.blockSize, toBytes: picked.row.blockSize };
}

/**
 * Under this share of a sweep's best row, a larger size's figure is a collapse, not noise: run-to-run
 * noise moves a row by tens of per cent, never by half. A path that slows down at the large sizes that
 * carry KV (a slower protocol or path taking over, staging through host memory, a PCIe or NVLink
 * fallback) is judged by its slowest large size, never by the best row before it.
 */
export const COLLAPSE_SHARE = 0.5;

/**
 * The sweep's best row of at least `from` bytes (smaller ones are latency-bound: a fast one there is an
 * artefact, not the path's figure) and its slowest row of at least `large` bytes after it, when that is
 * under COLLAPSE_SHARE of it.
 */
export function collapseAfterPeak<R>(
  rows: readonly R[],
  size: (r: R) => number,
  gbps: (r: R) => number,
  large: number,
  from = large,
): { peak: R; low: R } | undefined {
  const bandwidthBound = rows.filter((x) => size(x) >= from);
  if (bandwidthBound.length === 0) return undefined;
  const peak = bandwidthBound.reduce((a, b) => (gbps(b) > gbps(a) ? b : a));
  const after = rows.filter((x) => size(x) >= large && size(x) > size(peak));
  if (after.length === 0) return undefined;
  const low = after.reduce((a, b) => (gbps(b) < gbps(a) ? b : a));
  return gbps(low) < COLLAPSE_SHARE * gbps(peak) ? { peak, low } : undefined;
}

/** The words naming a collapse: from the best row to the slowest large size after it. */
export function collapseText(peakGBps: number, peakBytes: number, lowGBps: number, lowBytes: number): string {
  return `falls from ${fmtGBps(peakGBps)} GB/s at ${formatBytes(peakBytes)} to ${fmtGBps(lowGBps)} GB/s at ${formatBytes(lowBytes)} (under half: a slower path takes over at the large sizes KV moves)`;
}

export function fmtGBps(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export interface BandwidthInput {
  /** GB/s (10^9 bytes/s) of the judged row. */
  gbps: number;
  blockSize?: number | undefined;
  /** Only blocks under 1 MiB were measured. */
  smallOnly?: boolean | undefined;
  expected: Expectation;
  link: Link;
  /** The floor is the user's own --min-bandwidth. */
  userFloor: boolean;
  /**
   * A figure that several links carry at once (nccl-tests busbw: a node's NICs together) has its own
   * ceiling, derived from what the capture shows; `what` names it. Default: ABSOLUTE_CEILING_GBPS[link].
   */
  ceiling?: { gbps: number; what: string } | undefined;
  /** The figure is the slowest large size after a collapse from a better row (collapseAfterPeak). */
  fell?: Fall | undefined;
}

export interface BandwidthVerdict {
  status: CheckStatus;
  detail: string;
  fix?: string;
  data: Record<string, unknown>;
}

const BELOW_FLOOR_FIX: Readonly<Record<Link, string>> = {
  'cross-node':
    'GPUDirect RDMA is likely not in use (data staged through host memory) or UCX fell back to TCP: check nvidia_peermem/DMA-BUF, the RDMA resource, UCX_TLS and UCX_NET_DEVICES (run `interconnect-test node` on both nodes)',
  'intra-node':
    'NVLink is likely not in use: check nvidia-smi topo -m, that UCX_TLS includes cuda_ipc and that both GPUs are visible to the process',
  'nvlink-domain':
    'multi-node NVLink is likely not in use: check that UCX_TLS includes cuda_ipc, UCX_CUDA_IPC_ENABLE_MNNVL=y, both pods hold the ComputeDomain (IMEX) channel, and the probe allocated fabric-handle memory (pair.allocation)',
  unknown:
    'no GPUDirect RDMA, a TCP or staged path, or no NVLink: check UCX_TLS, UCX_NET_DEVICES, nvidia_peermem/DMA-BUF and /dev/infiniband',
};

const ABOVE_CEILING_FIX: Readonly<Record<Link, string>> = {
  'cross-node': 'check that the two ranks really ran on two nodes and that the table belongs to this run',
  'intra-node': 'check that the two ranks used two different GPUs',
  'nvlink-domain': 'check that the two ranks really ran on two nodes and used two different GPUs',
  unknown: 'check the two ranks ran on different GPUs (and, for a network test, different nodes)',
};

const FALL_FIX =
  'the path changes at the large sizes: rerun the sizes either side of the fall and compare what changes there (protocol or algorithm, GPUDirect or staged through host memory, port errors and PFC pauses, the PCIe link)';

/** The one judge: a figure against its expectation; after a collapse (`fell`) at least a warning, and named. */
export function judgeBandwidth(input: BandwidthInput): BandwidthVerdict {
  const v = judgeLevel(input);
  const f = input.fell;
  if (!f) return v;
  return {
    status: v.status === 'ok' || v.status === 'skipped' ? 'warn' : v.status,
    detail: `${collapseText(f.fromGBps, f.fromBytes, input.gbps, f.toBytes)}; ${v.detail}`,
    fix: v.status === 'fail' && v.fix ? `${v.fix}; ${FALL_FIX}` : FALL_FIX,
    data: { ...v.data, fellFromGBps: f.fromGBps, fellFromBlockSize: f.fromBytes },
  };
}

function judgeLevel(input: BandwidthInput): BandwidthVerdict {
  const { gbps, expected: exp, link } = input;
  const at = input.blockSize !== undefined ? ` at ${formatBytes(input.blockSize)}` : '';
  const line =
    exp.lineGBps !== undefined
      ? ` (${Math.round((100 * gbps) / exp.lineGBps)}% of ${exp.lineGBps} GB/s line rate)`
      : '';
  const g = `${fmtGBps(gbps)} GB/s${at}${line}`;
  const data: Record<string, unknown> = {
    judgedGBps: gbps,
    ...(input.blockSize !== undefined ? { atBlockSize: input.blockSize } : {}),
    link,
    ...exp,
  };
  const absolute = input.ceiling?.gbps ?? ABSOLUTE_CEILING_GBPS[link];
  if (gbps > absolute) {
    const what = input.ceiling?.what ?? `any ${link === 'cross-node' ? 'network' : 'GPU'} link`;
    return {
      status: 'fail',
      detail: `${g} is above ${what} (${fmtGBps(absolute)} GB/s): a copy inside one GPU, a loopback or a measurement artefact, not a link`,
      fix: ABOVE_CEILING_FIX[link],
      data,
    };
  }
  if (exp.ceilingGBps !== undefined && gbps > exp.ceilingGBps) {
    return {
      status: 'warn',
      detail: `${g} is above what the link can carry (${exp.ceilingGBps} GB/s, ${exp.source}): a loopback or measurement error, not a pass`,
      fix: ABOVE_CEILING_FIX[link],
      data,
    };
  }
  if (gbps < exp.floorGBps && input.smallOnly === true && !input.userFloor) {
    // Blocks under 1 MiB are latency-bound (per-message overhead, not the wire): a low figure there says
    // nothing about the link, so it is not held to a bandwidth floor.
    return {
      status: 'skipped',
      detail: `${g}, but only blocks under 1 MiB were measured: latency-bound, so the bandwidth floor of ${exp.floorGBps} GB/s is not applied and the link is not judged`,
      fix: 'measure blocks of 1 MiB and more (nixlbench --max_block_size 67108864, ucx_perftest -s 4194304) to judge bandwidth',
      data,
    };
  }
  if (gbps < exp.floorGBps) {
    const small = input.smallOnly === true;
    return {
      status: 'fail',
      detail: `${g} is below the floor of ${exp.floorGBps} GB/s (${exp.source})${small ? '; only blocks under 1 MiB were measured' : ''}`,
      fix: BELOW_FLOOR_FIX[link],
      data,
    };
  }
  if (exp.warnGBps !== undefined && gbps < exp.warnGBps) {
    return {
      status: 'warn',
      detail: `${g} is below ${exp.warnGBps} GB/s, the expected share of the link (${exp.source})`,
      fix: 'check the GPU↔NIC PCIe path (same NUMA node/switch), link width, and rail selection (UCX_NET_DEVICES)',
      data,
    };
  }
  if (exp.lineGBps === undefined && !input.userFloor) {
    return {
      status: 'warn',
      detail: `${g} is above the floor of ${exp.floorGBps} GB/s but cannot be judged against the link (${exp.source})`,
      fix: 'pass --min-bandwidth GB/s (see references/expected-bandwidth.md for each link)',
      data,
    };
  }
  return {
    status: 'ok',
    detail: `${g} meets ${exp.warnGBps ?? exp.floorGBps} GB/s (${exp.source})${input.smallOnly ? '; only blocks under 1 MiB were measured' : ''}`,
    data,
  };
}

/** The figure judged: the best large-block row (≥ 1 MiB, where link rate shows), else the overall peak. */
export function judgedGBps(rows: readonly MeasurementRow[]): number | undefined {
  return judgedRow(rows)?.row.gbps;
}

/** The link a pair's mode tests: two nodes, or two GPUs of one host (a --local run included). */
export function linkOfMode(mode: PairMode): Link {
  return mode === 'cross-node' ? 'cross-node' : 'intra-node';
}

/**
 * `pair.bandwidth`: the one judge's verdict (judgeBandwidth above), the same
 * `read nixlbench|ucx_perftest` gives the same figure. `userFloor` defaults to
 * whether the expectation came from --min-bandwidth.
 */
export function bandwidthCheck(
  gbps: number | undefined,
  exp: Expectation,
  mode: PairMode,
  subject: string,
  opts: { userFloor?: boolean; blockSize?: number; smallOnly?: boolean; link?: Link; fell?: Fall } = {},
): Check {
  if (gbps === undefined) {
    return check('pair.bandwidth', 'fail', 'no result rows: the transfer never produced a number', {
      subject,
      fix: 'see pair.run for why',
      data: { judgedGBps: null, ...exp },
    });
  }
  const v = judgeBandwidth({
    gbps,
    blockSize: opts.blockSize,
    smallOnly: opts.smallOnly,
    expected: exp,
    link: opts.link ?? linkOfMode(mode),
    userFloor: opts.userFloor ?? exp.source.startsWith('--min-bandwidth'),
    fell: opts.fell,
  });
  return check('pair.bandwidth', v.status, v.detail, {
    subject,
    ...(v.fix ? { fix: v.fix } : {}),
    data: v.data,
  });
}

/** `pair.bandwidth` of a run's rows: the judged row (judgedRow) against the expectation. */
export function rowsBandwidthCheck(
  rows: readonly MeasurementRow[],
  exp: Expectation,
  mode: PairMode,
  subject: string,
  userFloor: boolean,
  link?: Link,
  opts: { hostCopy?: boolean } = {},
): Check {
  const picked = judgedRow(rows, LARGE_BLOCK, { collapse: opts.hostCopy !== true });
  const fell = fallOf(picked);
  return bandwidthCheck(picked?.row.gbps, exp, mode, subject, {
    userFloor,
    ...(link ? { link } : {}),
    ...(fell ? { fell } : {}),
    ...(picked ? { blockSize: picked.row.blockSize, smallOnly: picked.smallOnly } : {}),
  });
}
