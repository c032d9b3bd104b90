import type { NixlbenchFailure, NixlbenchResult } from '../../parsers/nixlbench.js';
import { parseNixlbench } from '../../parsers/nixlbench.js';
import { tryParse, unparsable } from '../logs.js';
import type { LogReading, Meaning, PodRole, ToolFailure } from '../types.js';

/** nixlbench's parse of a log, or undefined while the log holds nothing of nixlbench's yet. */
export function readNixlbench(log: string): NixlbenchResult | undefined {
  return tryParse(() => parseNixlbench(log));
}

/** The process joined the etcd group (or got further: a cut log still shows the config block or table). */
export function hasRegistered(r: NixlbenchResult | undefined): boolean {
  return !!r && (r.worldSize !== undefined || r.workers.length > 0 || r.runs.length > 0);
}

/** Both ranks passed the start barrier: "All processes are ready to proceed", or the initiator's table. */
export function peersConnected(log: string, r: NixlbenchResult | undefined): boolean {
  return /All processes are ready to proceed/.test(log) || (!!r && r.runs.length > 0);
}

/** What each nixlbench failure means, and what to do about it. */
export const NIXLBENCH_FAILURE: Readonly<Record<NixlbenchFailure, Meaning>> = {
  'etcd-stale': {
    detail: 'nixlbench found stale keys of an earlier run in its etcd group',
    fix: 'rerun (each attempt uses a fresh --benchmark_group); with a shared --etcd-endpoints on a nixlbench older than 0.5, clear it: etcdctl del xferbench --prefix',
  },
  'etcd-unreachable': {
    detail: 'nixlbench could not reach etcd',
    fix: 'check --etcd-endpoints (it must resolve and accept connections from the probe pods) and that no NetworkPolicy blocks port 2379',
  },
  'etcd-setup': {
    detail: 'nixlbench could not set up its etcd runtime',
    fix: 'check that etcd is reachable from the probe pods on port 2379',
  },
  'backend-unavailable': {
    detail: 'NIXL could not load its UCX backend plugin',
    fix: 'the image lacks the UCX plugin or NIXL_PLUGIN_DIR points elsewhere: use the probe image from deploy/probe-image, or fix NIXL_PLUGIN_DIR/LD_LIBRARY_PATH',
  },
  'peer-timeout': {
    detail: "the peer never arrived at nixlbench's start barrier",
    fix: 'the other pod did not start in time or could not reach etcd: check its state and log',
  },
  'peer-died': {
    detail: 'the peer process died during the test',
    fix: "look at the other pod's state and log (OOMKilled, evicted, crashed)",
  },
  'transfer-error': {
    detail: 'a transfer failed',
    fix: 'check UCX_NET_DEVICES (only NICs routable between the nodes), UCX_IB_GID_INDEX on RoCE, and UCX_TLS',
  },
  consistency: {
    detail: 'data arrived corrupted',
    fix: 'do not trust this fabric: check NIC firmware, GPUDirect (nvidia_peermem) and PCIe ACS settings',
  },
  cuda: {
    detail: 'the benchmark could not use the GPU',
    fix: 'check that the pod got a GPU (nvidia.com/gpu limit, device plugin, NVIDIA container runtime)',
  },
  'invalid-options': {
    detail: "the image's nixlbench rejected its options",
    fix: "pass --nixlbench-version with the image's real nixlbench version so only flags it accepts are used",
  },
  interrupted: { detail: 'nixlbench was interrupted', fix: 'rerun' },
  'runtime-timeout': {
    detail: "nixlbench's runtime timed out talking to its peer",
    fix: 'check that the pods can reach each other (NetworkPolicy, hostNetwork)',
  },
};

/** The failure nixlbench reported in this log, with its meaning. */
export function nixlbenchFailure(log: string): ToolFailure | undefined {
  const failure = readNixlbench(log)?.failure;
  if (!failure) return undefined;
  const m = NIXLBENCH_FAILURE[failure.kind];
  return {
    text: failure.text,
    detail: m.detail,
    fix: m.fix,
    peer: failure.kind === 'peer-timeout' ? 'missing' : failure.kind === 'peer-died' ? 'died' : undefined,
  };
}

function seg(v: string | undefined): 'VRAM' | 'DRAM' | undefined {
  return v === 'VRAM' || v === 'DRAM' ? v : undefined;
}

/** One pod's log: lanes, the rank table (the first log with one carries the result), who was rank 0. */
export function readNixlbenchLog(log: string, _role: PodRole): LogReading | undefined {
  const r = readNixlbench(log);
  if (!r) return undefined;
  const initiator = r.workers.find((w) => w.role === 'initiator' && w.hostname)?.hostname;
  const target = r.workers.find((w) => w.role !== 'initiator' && w.hostname)?.hostname;
  const i = seg(r.initiatorSegType);
  const t = seg(r.targetSegType);
  return {
    lanes: [...r.lanes],
    protocols: [...r.ucx.protocols],
    sameNode: [...r.ucx.endpoints, ...r.ucx.protocols].some((e) => e.scope === 'intra-node'),
    emulated: r.emulated,
    initiator: r.workers.some((w) => w.role === 'initiator') || undefined,
    hosts: { ...(initiator ? { initiator } : {}), ...(target ? { target } : {}) },
    versions: {},
    result:
      r.rows.length > 0
        ? {
            rows: r.rows.map((x) => ({
              blockSize: x.blockSize,
              batchSize: x.batchSize,
              gbps: x.gbps,
              ...(x.avgLatUs !== undefined ? { avgLatUs: x.avgLatUs } : {}),
            })),
            opType: r.opType,
            ...(i && t ? { memory: { initiator: i, target: t } } : {}),
          }
        : undefined,
  };
}

export function nixlbenchUnreadable(log: string): string | undefined {
  return unparsable(log, parseNixlbench);
}
