import { formatDuration } from '../core/duration.js';
import type { Expectation, MeasurementRow } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';
import { formatBytes } from '../core/size.js';
import { judgedGBps, bandwidthCheck as pairBandwidthCheck } from './bandwidth.js';
import { ABSOLUTE_INTRA_NODE_CEILING_GBPS, expectationFor } from './expectations.js';

/**
 * The rules of `pair --local` (two processes on this host). A GPU-to-GPU run
 * is judged exactly as the cluster's intra-node pair; a host-memory (DRAM)
 * run says nothing of a link, so it is judged only against --min-bandwidth.
 * Pure: pair/local/report.ts hands in what ran and assembles the report.
 */

export type LocalMemory = 'DRAM' | 'VRAM';

/**
 * What the peak is judged against. A GPU-to-GPU run gets the cluster's
 * intra-node expectation (NVLink generation of the GPU model, or a floor no
 * NVLink path falls under); a host-memory run is judged only against
 * --min-bandwidth, since a memory copy on this host says nothing of a link.
 */
export function localExpectation(f: {
  memory: LocalMemory;
  minGBps?: number | undefined;
  gpuModel?: string | undefined;
}): Expectation | undefined {
  if (f.memory === 'VRAM') {
    return expectationFor({
      mode: 'intra-node',
      ...(f.minGBps !== undefined ? { minBandwidth: f.minGBps } : {}),
      ...(f.gpuModel ? { gpuProduct: f.gpuModel } : {}),
    });
  }
  return f.minGBps === undefined
    ? undefined
    : { floorGBps: f.minGBps, source: `--min-bandwidth ${f.minGBps} GB/s` };
}

export interface LocalTransfer {
  outcome: 'completed' | 'failed' | 'timeout' | 'hung-after-results';
  problem?: string | undefined;
  /** The engine, for the fix of a failed run. */
  engine: string;
  subject: string;
  /** What moved, for people: `5 sizes`, `3 block sizes`. */
  what: string;
  /** The sizes measured, for people: `4 KiB–64 MiB`. */
  span: string;
  timeoutMs: number;
  /** Between what the data moved, for people (default `two processes`). */
  between?: string;
}

/** `pair.transfer`: did the two processes move every size and exit. */
export function transferCheck(t: LocalTransfer): Check {
  const subject = t.subject;
  if (t.outcome === 'completed') {
    return check(
      'pair.transfer',
      'ok',
      `${t.what} (${t.span}) moved between ${t.between ?? 'two processes'}; both exited 0`,
      {
        subject,
      },
    );
  }
  if (t.outcome === 'hung-after-results') {
    return check(
      'pair.transfer',
      'warn',
      `all results were printed, then a process hung and was stopped: ${t.problem ?? ''}`.trim(),
      {
        subject,
        fix: 'a known nixlbench shutdown hang (ai-dynamo/nixl#1999); the numbers stand, but check the NIXL version',
      },
    );
  }
  if (t.outcome === 'timeout') {
    return check(
      'pair.transfer',
      'fail',
      `did not finish within ${formatDuration(t.timeoutMs)} (--timeout)${t.problem ? `: ${t.problem}` : ''}`,
      { subject, fix: 'raise --timeout, or measure fewer --sizes / --iters' },
    );
  }
  return check('pair.transfer', 'fail', t.problem ?? 'the transfer failed', {
    subject,
    fix: `rerun and read the ${t.engine} error above; UCX_LOG_LEVEL=debug shows more`,
  });
}

function gb(n: number): string {
  return n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export interface LocalBandwidth {
  rows: readonly MeasurementRow[];
  memory: LocalMemory;
  expected: Expectation | undefined;
  subject: string;
}

/**
 * `pair.bandwidth` of a local run. A GPU-to-GPU run is judged exactly as the
 * cluster's intra-node pair (against the NVLink expectation); a host-memory
 * run only against --min-bandwidth. Both judge the same figure: the best row
 * of 1 MiB or more, where a link's rate shows.
 */
export function localBandwidthCheck(f: LocalBandwidth): Check {
  const { rows, expected, subject } = f;
  const figure = judgedGBps(rows);
  if (figure === undefined) {
    return check('pair.bandwidth', 'skipped', 'nothing was measured (see pair.transfer)', { matters: false });
  }
  if (f.memory === 'VRAM' && expected) return pairBandwidthCheck(figure, expected, 'intra-node', subject);
  const at = rows.find((r) => r.gbps === figure) as MeasurementRow;
  const where = `${gb(figure)} GB/s at ${formatBytes(at.blockSize)}`;
  const data = { judgedGBps: figure, atBlockSize: at.blockSize, ...(expected ? { expected } : {}) };
  // No two processes on one host move more than the fastest GPU link: above it is an artefact, in every mode.
  if (figure > ABSOLUTE_INTRA_NODE_CEILING_GBPS) {
    return check(
      'pair.bandwidth',
      'fail',
      `${where} is above any memory or GPU link (${ABSOLUTE_INTRA_NODE_CEILING_GBPS} GB/s): a measurement artefact, not a transfer`,
      {
        subject,
        fix: 'the tool misreported this size (a size past its limit?): rerun with smaller --sizes',
        data,
      },
    );
  }
  if (!expected) {
    return check('pair.bandwidth', 'ok', `${where} (no --min-bandwidth floor given)`, { subject, data });
  }
  if (figure < expected.floorGBps) {
    return check(
      'pair.bandwidth',
      'fail',
      `${where}, below the floor of ${expected.floorGBps} GB/s (${expected.source})`,
      {
        subject,
        fix: 'see pair.transport for the path UCX took, and check what else loads this host',
        data,
      },
    );
  }
  return check('pair.bandwidth', 'ok', `${where} meets ${expected.floorGBps} GB/s (${expected.source})`, {
    subject,
    data,
  });
}
