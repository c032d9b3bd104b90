import type { KvRow } from '../../core/measurement.js';
import { type NixlProbeOutput, parseNixlProbe } from '../../parsers/nixl-probe.js';
import { MEMLOCK_FIX } from '../hints.js';
import type { Allocation, LogReading, Meaning, PodRole, Row } from '../types.js';

/**
 * The initiator's rows: the sweep's (one descriptor list of `batchSize` blocks each), the
 * in-flight row (`inFlight` transfers of the largest block at once) and, apart, the KV-shaped row (a measurement with `kind: "kv"`), which is never a sweep row.
 */
export function nixlRows(out: NixlProbeOutput | undefined): { rows: Row[]; kv?: KvRow } {
  const ms = out?.measurements ?? [];
  // The in-flight row carries its depth and no latency: its time per transfer is a throughput figure.
  const rows = ms
    .filter((m) => m.kind !== 'kv')
    .map((m) =>
      m.kind === 'inflight' && (m.inFlight ?? 1) > 1
        ? { blockSize: m.blockSize, batchSize: m.batchSize, gbps: m.gbps, inFlight: m.inFlight }
        : { blockSize: m.blockSize, batchSize: m.batchSize, gbps: m.gbps, avgLatUs: m.avgLatUs },
    );
  const k = ms.find((m) => m.kind === 'kv' && m.kv);
  if (!k?.kv || k.kv.requests < 1 || k.kv.descsPerRequest < 1) return { rows };
  const s = k.kv;
  const kv: KvRow = {
    gbps: k.gbps,
    avgLatUs: k.avgLatUs,
    descBytes: s.descBytes,
    descsPerRequest: s.descsPerRequest,
    requests: s.requests,
    layers: s.layers,
    kvHeads: s.kvHeads,
    headSize: s.headSize,
    blockTokens: s.blockTokens,
    dtypeBytes: s.dtypeBytes,
    tokens: s.tokens,
    source: s.source,
    seconds: k.seconds,
    ...(k.notifs !== undefined ? { notifs: k.notifs } : {}),
    ...(k.bytes !== undefined ? { bytes: k.bytes } : {}),
  };
  return { rows, kv };
}

/** The probe's parse of a log (our JSON lines among UCX's), never throws. */
export function readNixlProbe(log: string): NixlProbeOutput {
  return parseNixlProbe(log);
}

/** Our probe's lines are JSON; a line that claims to be one and is not is unreadable. */
export function nixlUnreadable(log: string): string | undefined {
  const bad = parseNixlProbe(log).garbage[0];
  return bad ? `line ${bad.line} is not a valid nixl-probe line (${bad.problem})` : undefined;
}

/** The initiator's `done` after its rows (legs after the first print theirs again). */
export function nixlResultsComplete(log: string): boolean {
  const r = readNixlProbe(log);
  return r.done !== undefined && r.done.role === 'initiator' && r.measurements.length > 0;
}

/** The exchange and first transfer that went through only after retries: how many tries, how long, the last error. */
function retriedOf(r: NixlProbeOutput): NonNullable<Allocation['retried']> {
  const out: NonNullable<Allocation['retried']> = [];
  for (const e of r.retries) {
    if (e.event !== 'retried') continue;
    const last = r.retries.filter((x) => x.event === 'retry' && x.what === e.what).at(-1);
    out.push({
      what: e.what,
      attempts: e.attempts,
      seconds: e.seconds,
      ...(last?.event === 'retry' ? { lastError: last.error } : {}),
    });
  }
  return out;
}

/** One pod's log: the probe's start line says its role, host and NIXL version; the initiator's rows are the result. */
export function readNixlLog(log: string, _role: PodRole): LogReading {
  const r = readNixlProbe(log);
  const self = r.start?.role;
  const peer = r.connected?.peerMemory ?? undefined;
  return {
    lanes: [...r.lanes],
    protocols: [...r.protocols],
    sameNode: r.sameNode,
    emulated: r.emulated,
    initiator: self === 'initiator' || undefined,
    hosts: r.start
      ? self === 'initiator'
        ? { initiator: r.start.host }
        : self === 'target'
          ? { target: r.start.host }
          : {}
      : {},
    versions: {
      ...(r.start?.nixlVersion ? { nixl: r.start.nixlVersion } : {}),
      ...(r.ucxVersion ? { ucx: r.ucxVersion } : {}),
    },
    ...(r.start
      ? {
          allocation: {
            source: r.start.memorySource,
            ...(r.start.fabric ? { fabric: r.start.fabric } : {}),
            ...(retriedOf(r).length ? { retried: retriedOf(r) } : {}),
          },
        }
      : {}),
    result:
      self === 'initiator' && r.measurements.length > 0
        ? {
            ...nixlRows(r),
            opType: r.measurements[0]?.op,
            ...(r.start && peer ? { memory: { initiator: r.start.memory, target: peer } } : {}),
          }
        : undefined,
  };
}

/** What each error stage of our NIXL probe (templates/nixl-probe.py) means, and its fix. */
const NIXL_STAGE: Readonly<Record<string, Meaning>> = {
  import: {
    detail: "python3 in the image cannot import NIXL's Python package",
    fix: "run in the deployment's own Dynamo runtime image (--dgd or --recipe), or --engine nixlbench",
  },
  version: {
    detail: "the image's NIXL is older than the probe's API (the listen thread came in 0.2.0)",
    fix: 'use an image with NIXL ≥ 0.2.0 (the Dynamo runtime images have it), or --engine nixlbench',
  },
  memory: {
    detail: 'the probe could not allocate its buffer',
    fix: 'VRAM needs a GPU in the pod (nvidia.com/gpu) and torch or libcuda in the image; --memory-type dram tests host memory',
  },
  agent: {
    detail: 'NIXL could not create its agent with the UCX backend',
    fix: 'the image lacks the UCX plugin or NIXL_PLUGIN_DIR points elsewhere: run `interconnect-test nixl` in the worker pod',
  },
  register: {
    detail:
      'NIXL could not register (pin) the buffer: the KV transfer of this deployment would fail the same way',
    fix: `pinning is bounded by RLIMIT_MEMLOCK unless the process holds CAP_IPC_LOCK, which only a root user gets from IPC_LOCK; the Dynamo runtime images run as uid 1000, and the probe pods copy the worker's user and capabilities: ${MEMLOCK_FIX}`,
  },
  resolve: {
    detail: "the initiator could not resolve the target pod's Service",
    fix: 'check cluster DNS from the scratch namespace',
  },
  metadata: {
    detail: "the peers exchanged metadata, but the target's buffer is too small",
    fix: 'rerun; if it repeats, report it (the probe sizes both buffers alike)',
  },
  timeout: {
    detail: 'the NIXL metadata exchange or a transfer did not finish in time',
    fix: 'check that pod-to-pod traffic on the NIXL listen port is allowed (NetworkPolicy) and that UCX_NET_DEVICES names NICs routable between the nodes',
  },
  peer: {
    detail: 'the initiator fell silent mid-sweep',
    fix: "look at the other pod's state and log (OOMKilled, evicted, crashed)",
  },
  transfer: {
    detail: 'a NIXL transfer failed',
    fix: 'check UCX_NET_DEVICES (only NICs routable between the nodes), UCX_IB_GID_INDEX on RoCE, and UCX_TLS',
  },
  notif: {
    detail: "the KV row's transfers finished, but not all of their notifications reached the target",
    fix: 'a lost NIXL notification leaves a prefill worker holding KV blocks until its timeout: check the UCX version on both sides and UCX_TLS (notifications travel as active messages)',
  },
  verify: {
    detail: 'the bytes that arrived are not the bytes sent',
    fix: 'do not trust this fabric: check NIC firmware, GPUDirect (nvidia_peermem) and PCIe ACS settings',
  },
  interrupted: { detail: 'the probe was stopped by a signal', fix: 'rerun' },
  nixl: {
    detail: 'a NIXL call failed',
    fix: "read the message; run `interconnect-test nixl` in the worker pod to check the image's NIXL",
  },
};

/** The first error our NIXL probe reported in this log, as a problem with its fix. */
export function nixlProbeProblem(log: string): (Meaning & { evidence: string }) | undefined {
  const e = parseNixlProbe(log).errors[0];
  if (!e) return undefined;
  const m = NIXL_STAGE[e.stage] ?? (NIXL_STAGE.nixl as Meaning);
  return {
    evidence: `${e.stage}: ${e.message}`.slice(0, 240),
    detail: `${m.detail} (nixl probe, ${e.role})`,
    fix: m.fix,
  };
}
