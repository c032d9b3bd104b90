import type { Expectation, MeasurementRow } from '../core/measurement.js';
import { type Check, check } from '../core/model.js';
import { formatBytes } from '../core/size.js';
import { fmtGBps, judgedGBps } from './bandwidth.js';
import { UNKNOWN_CROSS_NODE_FLOOR_GBPS } from './expectations.js';
import { judgeTransport } from './transports.js';

/**
 * The rules of `pair --in-place`: a small transfer between the live prefill
 * and decode pods proves the path (the transport UCX chose, the NIXL and UCX
 * the deployment runs) and that NIXL can register memory there; it cannot
 * show the bandwidth of GPU memory. So the transport and the registration are
 * judged as strictly as any pair, the bandwidth only against what a buffer of
 * that size shows on a working RDMA path. Pure: pair/in-place/ assembles.
 */

export interface InPlaceFacts {
  bytes: number;
  memory: 'DRAM' | 'VRAM';
  /** The two pods are on one node: an intra-node path is right there, RDMA is not needed. */
  sameNode: boolean;
  lanes: readonly string[];
  emulated: boolean;
  rows: readonly MeasurementRow[];
  /** A probe's own error, stage and message (`register`, `memory`, `agent`, …). */
  errors: readonly { role: string; stage: string; message: string }[];
  minGBps?: number | undefined;
  subject: string;
}

/** `pair.in-place`: what this run is and what it cannot show; never decides the verdict. */
export function scopeCheck(f: Pick<InPlaceFacts, 'bytes' | 'memory' | 'subject'>): Check {
  const what = f.memory === 'VRAM' ? 'GPU memory' : 'host memory (DRAM)';
  return check(
    'pair.in-place',
    'ok',
    `in-place: ${formatBytes(f.bytes)} of ${what} inside the live worker pods; proves the KV path and NIXL registration, not the full bandwidth of GPU memory`,
    { subject: f.subject, matters: false },
  );
}

/** `pair.registration`: NIXL registered the buffer in both pods (memlock, registration limits). */
export function registrationCheck(f: InPlaceFacts): Check {
  const failed = f.errors.find((e) => e.stage === 'register' || e.stage === 'memory');
  if (failed) {
    return check('pair.registration', 'fail', `${failed.role}: ${failed.message}`, {
      subject: f.subject,
      fix: 'raise the pod\u2019s locked-memory limit (ulimit -l, IPC_LOCK) or its RDMA resource: the worker registers its KV cache the same way',
    });
  }
  // A probe's `start` line comes before its agent and its registration: only data that moved
  // between the two buffers shows both were registered.
  if (f.rows.length === 0) {
    return check('pair.registration', 'skipped', 'no data moved, so the registration is not shown', {
      subject: f.subject,
    });
  }
  return check(
    'pair.registration',
    'ok',
    `NIXL registered ${formatBytes(f.bytes)} of ${f.memory} in both pods`,
    {
      subject: f.subject,
    },
  );
}

/** `pair.transport`: RDMA between pods on two nodes, as strictly as any pair; TCP is never trusted. */
export function inPlaceTransportCheck(f: InPlaceFacts): Check {
  const data = { lanes: f.lanes };
  if (f.lanes.length === 0) {
    return check(
      'pair.transport',
      f.rows.length ? 'warn' : 'skipped',
      f.rows.length
        ? 'UCX logged no lanes: which transport carried the data is unknown'
        : 'nothing moved, so no transport was chosen',
      {
        subject: f.subject,
        data,
        fix: 'the probe sets UCX_LOG_LEVEL=info; check the image\u2019s UCX logs to stderr',
      },
    );
  }
  const v = judgeTransport(f.lanes, f.sameNode ? 'any' : 'rdma', f.emulated);
  return check('pair.transport', v.status, v.detail, {
    subject: f.subject,
    data,
    ...(v.fix ? { fix: v.fix } : {}),
  });
}

/** What a buffer of this size is held to: --min-bandwidth, else the floor of any working RDMA link. */
export function inPlaceExpectation(minGBps: number | undefined): Expectation {
  return minGBps !== undefined
    ? { floorGBps: minGBps, source: `--min-bandwidth ${minGBps} GB/s` }
    : {
        floorGBps: UNKNOWN_CROSS_NODE_FLOOR_GBPS,
        source: `in-place: the floor of any working RDMA link (${UNKNOWN_CROSS_NODE_FLOOR_GBPS} GB/s); a small buffer shows no more`,
      };
}

/** `pair.bandwidth`: against what a buffer of this size can show, never the link's full rate. */
export function inPlaceBandwidthCheck(f: InPlaceFacts): Check {
  const figure = judgedGBps(f.rows);
  if (figure === undefined)
    return check('pair.bandwidth', 'skipped', 'nothing was measured (see pair.transfer)', {
      subject: f.subject,
    });
  const expected = inPlaceExpectation(f.minGBps);
  const at = f.rows.find((r) => r.gbps === figure) as MeasurementRow;
  const where = `${fmtGBps(figure)} GB/s at ${formatBytes(at.blockSize)} (in-place, ${f.memory})`;
  const data = { judgedGBps: figure, atBlockSize: at.blockSize, expected };
  if (figure < expected.floorGBps) {
    return check(
      'pair.bandwidth',
      'fail',
      `${where}: below ${fmtGBps(expected.floorGBps)} GB/s (${expected.source})`,
      {
        subject: f.subject,
        data,
        fix: 'see pair.transport: a slow small transfer is a slow or wrong path',
      },
    );
  }
  return check(
    'pair.bandwidth',
    'ok',
    `${where}: at least ${fmtGBps(expected.floorGBps)} GB/s (${expected.source}); the full bandwidth needs pair with free GPUs`,
    { subject: f.subject, data },
  );
}

/** `pair.cleanup`: no probe process is left in either pod (the reaper looked after the run). */
export function cleanupCheck(
  left: readonly { pod: string; left: number | undefined }[],
  subject: string,
): Check {
  const bad = left.filter((l) => l.left !== 0);
  if (bad.length === 0) {
    return check('pair.cleanup', 'ok', `no probe process left in ${left.map((l) => l.pod).join(' or ')}`, {
      subject,
    });
  }
  return check(
    'pair.cleanup',
    'fail',
    bad
      .map((b) =>
        b.left === undefined
          ? `${b.pod}: could not be checked`
          : `${b.pod}: ${b.left} probe process(es) still running`,
      )
      .join('; '),
    {
      subject,
      fix: 'kubectl exec into the pod and kill the processes whose command line holds itest-inplace-',
    },
  );
}

/**
 * `pair.memory`: how the worker's memory fared while the probe ran, as each pod's helper saw it
 * (its own cgroup, watched throughout): `ok` with the least that stayed free; `warn` when the
 * probe was stopped because the worker's use ate the headroom, or killed by the OOM killer
 * (the probe goes first: oom_score_adj 1000); `skipped` when a helper said nothing (it was
 * stopped, the connection was lost, or it could read no memory figure).
 */
export function memoryCheck(
  pods: readonly { pod: string; said?: { memory: 'ok' | 'guard' | 'oom'; detail: string } }[],
  subject: string,
): Check {
  const pressed = pods.filter((p) => p.said && p.said.memory !== 'ok');
  if (pressed.length) {
    return check('pair.memory', 'warn', pressed.map((p) => `${p.pod}: ${p.said?.detail}`).join('; '), {
      subject,
      fix: 'the worker runs close to its memory limit: run in place when it is less loaded, lower --in-place-size, or run pair on free GPUs',
    });
  }
  const silent = pods.filter((p) => !p.said);
  if (silent.length || pods.length === 0) {
    return check(
      'pair.memory',
      'skipped',
      `no memory account from ${silent.map((p) => p.pod).join(' or ') || 'the pods'} (the probe was stopped, the connection lost, or no memory figure could be read)`,
      { subject, matters: false },
    );
  }
  return check('pair.memory', 'ok', pods.map((p) => `${p.pod}: ${p.said?.detail}`).join('; '), {
    subject,
    matters: false,
  });
}
