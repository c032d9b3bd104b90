import type { NicPort } from './expected.js';
import { parseRate } from './expected.js';

/**
 * What the probe pods' logs say about coordination and failures. nixlbench's
 * start-up lines (benchmark/nixlbench/src/runtime/etcd/etcd_rt.cpp, main.cpp):
 *   ETCD Runtime: Registered as rank 0 item 1 of 2
 *   Init nixl worker, dev all rank 0, type initiator, hostname gpu-a
 *   All processes are ready to proceed
 * Lines may carry collector prefixes (kubectl --timestamps); the regexes are unanchored.
 */

export interface WorkerInit {
  rank: number;
  role: 'initiator' | 'target';
  hostname: string;
  device: string;
}

export function registrations(log: string): { rank: number; size: number }[] {
  return [...log.matchAll(/ETCD Runtime: Registered as rank (\d+) item \d+ of (\d+)/g)].map((m) => ({
    rank: Number(m[1]),
    size: Number(m[2]),
  }));
}

export function workerInits(log: string): WorkerInit[] {
  return [
    ...log.matchAll(/Init nixl worker, dev (\S+) rank (\d+), type (initiator|target), hostname (\S+)/g),
  ].map((m) => ({
    device: m[1] as string,
    rank: Number(m[2]),
    role: m[3] as WorkerInit['role'],
    hostname: m[4] as string,
  }));
}

/**
 * The process has joined the group: it registered with etcd, or got further
 * (a log cut before the start-up lines still shows the config block or table).
 */
export function hasRegistered(log: string): boolean {
  return /ETCD Runtime: Registered as rank|Init nixl worker|All processes are ready|NIXLBench Configuration|Block Size \(B\)/.test(
    log,
  );
}

/** ucx_perftest's server is up: it printed its banner or is waiting for the client. */
export function serverListening(log: string): boolean {
  return /Waiting for connection|interconnect-test: start ucx_perftest/.test(log);
}

/** Both ranks passed nixlbench's start barrier. */
export function peersConnected(log: string): boolean {
  return /All processes are ready to proceed|NIXLBench Configuration|Block Size \(B\)/.test(log);
}

/** The largest block size of a result row printed so far (first column of a table row); undefined if none. */
export function lastRowBlock(log: string): number | undefined {
  let last: number | undefined;
  let inTable = false;
  for (const line of log.split(/\r?\n/)) {
    if (/Block Size \(B\)/.test(line)) inTable = true;
    const m = /^(?:\S+Z )?(\d+)\s+(\d+)\s+\d/.exec(line.trim());
    if (inTable && m) last = Number(m[1]);
  }
  return last;
}

/**
 * The NIC ports the probe script listed before the test, one line each:
 *   interconnect-test: nic mlx5_0|1|4: ACTIVE|400 Gb/sec (4X NDR)|InfiniBand
 */
export function nicPorts(log: string): NicPort[] {
  const out: NicPort[] = [];
  for (const m of log.matchAll(/interconnect-test: nic ([^|\n]+)\|(\d+)\|([^|\n]*)\|([^|\n]*)\|([^|\n]*)/g)) {
    const rate = parseRate(m[4]);
    out.push({
      device: (m[1] as string).trim(),
      port: Number(m[2]),
      active: /ACTIVE/.test(m[3] as string),
      ...(rate !== undefined ? { rateGbps: rate } : {}),
      ...((m[5] as string).trim() ? { linkLayer: (m[5] as string).trim() } : {}),
    });
  }
  return out;
}

export type LogProblemKind =
  | 'stale-etcd'
  | 'etcd-unreachable'
  | 'backend-missing'
  | 'peer-missing'
  | 'peer-died'
  | 'unknown-flag'
  | 'tool-missing'
  | 'cuda'
  | 'consistency'
  | 'transfer'
  | 'ucx-transport'
  | 'server-unreachable';

export interface LogProblem {
  kind: LogProblemKind;
  /** The line that told us, trimmed. */
  evidence: string;
  detail: string;
  fix: string;
}

const RULES: ReadonlyArray<{ re: RegExp; kind: LogProblemKind; detail: string; fix: string }> = [
  {
    re: /Rank \d+ is greater than or equal to global size \d+|Registered as rank (\d{2,}|[2-9]) item \d+ of 2\b/,
    kind: 'stale-etcd',
    detail: 'nixlbench found stale keys of an earlier run in its etcd group',
    fix: 'rerun (each attempt uses a fresh --benchmark_group); with a shared --etcd-endpoints, clear it: etcdctl del xferbench --prefix',
  },
  {
    re: /Failed to acquire lock|the target uri is not valid|Failed to setup ETCD runtime/,
    kind: 'etcd-unreachable',
    detail: 'nixlbench could not reach etcd',
    fix: 'check --etcd-endpoints (it must resolve and accept connections from the probe pods) and that no NetworkPolicy blocks port 2379',
  },
  {
    re: /createBackend failed|unsupported backend|backend '\w+' not found/,
    kind: 'backend-missing',
    detail: 'NIXL could not load its UCX backend plugin',
    fix: 'the image lacks the UCX plugin or NIXL_PLUGIN_DIR points elsewhere: use the probe image from deploy/probe-image, or fix NIXL_PLUGIN_DIR/LD_LIBRARY_PATH',
  },
  {
    re: /peer rank \d+ key missing|peer liveness check failed/,
    kind: 'peer-died',
    detail: 'the peer process died during the test',
    fix: "look at the other pod's log and state (OOMKilled, evicted, crashed)",
  },
  {
    re: /Failed to synchronize at start barrier|Error in barrier wait|Failed to synchronize all processes/,
    kind: 'peer-missing',
    detail: "the peer never arrived at nixlbench's start barrier",
    fix: 'the other pod did not start or could not reach etcd; check its state and log, and that both pods reach the etcd Service',
  },
  {
    re: /unknown command line flag '?[\w-]+'?/,
    kind: 'unknown-flag',
    detail: "the image's nixlbench rejected a flag",
    fix: "pass --nixlbench-version with the image's real nixlbench version so only flags it accepts are used",
  },
  {
    re: /interconnect-test: (nixlbench|ucx_perftest) not found/,
    kind: 'tool-missing',
    detail: 'the image has no such benchmark binary',
    fix: 'use an image that has it: build deploy/probe-image for nixlbench, or --engine ucx_perftest with an image that has UCX',
  },
  {
    re: /CUDA: .*Error code|no CUDA-capable device|CUDA_ERROR_\w+|cudaErrorNoDevice/,
    kind: 'cuda',
    detail: 'the benchmark could not use the GPU',
    fix: 'check that the pod got a GPU (nvidia.com/gpu limit, device plugin, NVIDIA container runtime)',
  },
  {
    re: /Consistency check failed/,
    kind: 'consistency',
    detail: 'data arrived corrupted',
    fix: 'do not trust this fabric: check NIC firmware, GPUDirect (nvidia_peermem) and PCIe ACS settings',
  },
  {
    re: /Transfer failed|NIXL_ERR_REMOTE_DISCONNECT|NIXL_ERR_BACKEND|prepareSlot failed/,
    kind: 'transfer',
    detail: 'a transfer failed',
    fix: 'check UCX_NET_DEVICES (only NICs routable between the nodes), UCX_IB_GID_INDEX on RoCE, and UCX_TLS',
  },
  {
    re: /transport '[\w]+' is not available|no usable transports|Destination is unreachable/,
    kind: 'ucx-transport',
    detail: 'UCX found no usable transport between the peers',
    fix: 'check UCX_TLS and UCX_NET_DEVICES against the devices the pods really have (ucx_info -d)',
  },
  {
    re: /interconnect-test: server unreachable/,
    kind: 'server-unreachable',
    detail: 'the ucx_perftest client could not connect to the server',
    fix: 'check that the server pod runs and that pod-to-pod traffic on the test port is allowed (NetworkPolicy)',
  },
];

/** The first known failure a log shows, most specific first. */
export function logProblem(log: string): LogProblem | undefined {
  for (const r of RULES) {
    const m = r.re.exec(log);
    if (!m) continue;
    const lineStart = log.lastIndexOf('\n', m.index) + 1;
    const lineEnd = log.indexOf('\n', m.index);
    const evidence = log
      .slice(lineStart, lineEnd === -1 ? undefined : lineEnd)
      .trim()
      .slice(0, 200);
    return { kind: r.kind, evidence, detail: r.detail, fix: r.fix };
  }
  return undefined;
}

/** The last few non-empty lines, for a failure detail when no rule matches. */
export function tail(log: string, n = 3): string {
  return log
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-n)
    .join(' | ')
    .slice(0, 300);
}
