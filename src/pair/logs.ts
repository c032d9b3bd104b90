import type { Engine } from '../core/measurement.js';
import { type NicPort, parseRate } from '../judge/expectations.js';
import { ParseError } from '../parsers/errors.js';
import { type NixlProbeOutput, parseNixlProbe } from '../parsers/nixl-probe.js';
import { type NixlbenchFailure, type NixlbenchResult, parseNixlbench } from '../parsers/nixlbench.js';
import { parseUcxPerftest, type UcxPerftestResult } from '../parsers/ucx-perftest.js';

/**
 * Reading the probe pods' logs: the shared parsers do the tool output; this
 * adds the lines our probe script prints (interconnect-test: …) and what each
 * failure means for someone running `pair`.
 */

/** nixlbench's parse of a log, or undefined while the log holds nothing of nixlbench's yet. */
export function readNixlbench(log: string): NixlbenchResult | undefined {
  try {
    return parseNixlbench(log);
  } catch {
    return undefined;
  }
}

export function readPerftest(log: string, messageSize?: number): UcxPerftestResult | undefined {
  try {
    return parseUcxPerftest(log, messageSize === undefined ? {} : { messageSize });
  } catch {
    return undefined;
  }
}

/** What our probe script prints itself (`interconnect-test: …`), as opposed to the tool's output. */
const OWN_LINE = /^interconnect-test:/;

/**
 * Why a log that holds the tool's output cannot be read, or undefined: while
 * the log holds only our own lines (or nothing), there is nothing to read yet,
 * which is not a problem. A log with output the parser does not recognise is:
 * waiting on it would only end in a timeout.
 */
export function unreadableLog(engine: Engine, log: string, role?: string): string | undefined {
  if (engine === 'nixl') {
    // Our probe's lines are JSON; a line that claims to be one and is not is unreadable.
    const bad = parseNixlProbe(log).garbage[0];
    return bad ? `line ${bad.line} is not a valid nixl-probe line (${bad.problem})` : undefined;
  }
  // ucx_perftest's server (decode, across nodes) prints only "Waiting for connection...": the client measures.
  if (engine === 'ucx_perftest' && role === 'decode') return undefined;
  // Our lines blanked (line numbers kept), so the error quotes the tool's first line.
  const toolOnly = log
    .split('\n')
    .map((l) => (OWN_LINE.test(l.trim()) ? '' : l))
    .join('\n');
  if (toolOnly.trim() === '') return undefined;
  try {
    if (engine === 'nixlbench') parseNixlbench(toolOnly);
    else parseUcxPerftest(toolOnly);
    return undefined;
  } catch (err) {
    if (err instanceof ParseError) return err.message;
    throw err;
  }
}

/** The process joined the etcd group (or got further: a cut log still shows the config block or table). */
export function hasRegistered(r: NixlbenchResult | undefined): boolean {
  return !!r && (r.worldSize !== undefined || r.workers.length > 0 || r.runs.length > 0);
}

/** Both ranks passed the start barrier: "All processes are ready to proceed", or the initiator's table. */
export function peersConnected(log: string, r: NixlbenchResult | undefined): boolean {
  return /All processes are ready to proceed/.test(log) || (!!r && r.runs.length > 0);
}

/**
 * The NIC ports the probe script listed before the test, one line each:
 *   interconnect-test: nic mlx5_0|1|4: ACTIVE|400 Gb/sec (4X NDR)|InfiniBand
 */
export function nicPorts(log: string): NicPort[] {
  const out: NicPort[] = [];
  for (const m of log.matchAll(/interconnect-test: nic ([^|\n]+)\|(\d+)\|([^|\n]*)\|([^|\n]*)\|([^|\n]*)/g)) {
    const rate = parseRate(m[4]);
    const link = (m[5] as string).trim();
    out.push({
      device: (m[1] as string).trim(),
      port: Number(m[2]),
      active: /ACTIVE/.test(m[3] as string),
      ...(rate !== undefined ? { rateGbps: rate } : {}),
      ...(link ? { linkLayer: link } : {}),
    });
  }
  return out;
}

export interface Meaning {
  detail: string;
  fix: string;
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

/** Problems only our probe script reports (the tool is missing, the peer never came, the perftest server never answered). */
export function probeScriptProblem(
  log: string,
): (Meaning & { evidence: string; rendezvous?: boolean }) | undefined {
  const rdv = /interconnect-test: rendezvous timeout: (.*)/.exec(log);
  if (rdv) {
    return {
      evidence: rdv[0],
      rendezvous: true,
      detail: `the probe pods never met: ${rdv[1]}`,
      fix: /unreachable/.test(rdv[1] as string)
        ? "check that the probe pods reach the run's etcd Service on port 2379 (NetworkPolicy, DNS), or pass --etcd-endpoints"
        : 'look at the other pod: still pulling its image or unschedulable means raise --timeout or pre-pull the image; crashed means read its log',
    };
  }
  const missing = /interconnect-test: (nixlbench|ucx_perftest|python3) not found in image/.exec(log);
  if (missing) {
    return {
      evidence: missing[0],
      detail: `the image has no ${missing[1]} binary`,
      fix:
        missing[1] === 'nixlbench'
          ? 'build the probe image from deploy/probe-image and pass it with --image, or use --engine ucx_perftest'
          : missing[1] === 'python3'
            ? "--engine nixl runs our probe with the image's python3: use the deployment's Dynamo runtime image (--dgd, --recipe) or --engine nixlbench"
            : 'use an image that has UCX tools (ucx_perftest), e.g. the probe image from deploy/probe-image',
    };
  }
  const nixl = nixlProbeProblem(log);
  if (nixl) return nixl;
  if (/interconnect-test: server unreachable/.test(log)) {
    return {
      evidence: 'interconnect-test: server unreachable',
      detail: 'the ucx_perftest client could not connect to the server',
      fix: 'check that the server pod runs and that pod-to-pod traffic on the test port is allowed (NetworkPolicy)',
    };
  }
  // ucx_perftest's own check of -m (perftest_params.c): the UCX in the image has no module for that memory.
  const memory = /unsupported memory type: "(\w+)"/.exec(log);
  if (memory) {
    const gpu = memory[1] === 'cuda' || memory[1] === 'rocm';
    return {
      evidence: memory[0],
      detail: `the image's UCX cannot move ${memory[1]} memory (it was built without ${memory[1]} support), so ucx_perftest refused to start`,
      fix: gpu
        ? "use an image whose UCX has CUDA (the deployment's own runtime image), or --memory-type dram to test host memory only"
        : 'use --memory-type dram',
    };
  }
  const ucx = /transport '[\w]+' is not available|no usable transports|Destination is unreachable/.exec(log);
  if (ucx) {
    return {
      evidence: ucx[0],
      detail: 'UCX found no usable transport between the peers',
      fix: 'check UCX_TLS and UCX_NET_DEVICES against the devices the pods really have (ucx_info -d)',
    };
  }
  return undefined;
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
    fix: "give the worker IPC_LOCK (securityContext.capabilities.add) and an unlimited memlock limit (the container runtime's LimitMEMLOCK / ulimit -l); a non-root user needs IPC_LOCK to pin more than its memlock limit; the probe pods copy the worker's user and capabilities",
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

/** The probe's parse of a log (our JSON lines among UCX's), never throws. */
export function readNixlProbe(log: string): NixlProbeOutput {
  return parseNixlProbe(log);
}

/** The last few non-empty lines, for a failure detail when nothing specific matched. */
export function tail(log: string, n = 2): string {
  return log
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-n)
    .join(' | ')
    .slice(0, 240);
}

const LEG_LINE = /^interconnect-test: leg (\d+) /;

/**
 * A log cut into its legs. What comes before the first leg (NIC listing,
 * host) belongs to every leg; a log without leg lines is one leg.
 */
export function splitLegs(log: string): string[] {
  const lines = log.split('\n');
  const starts: number[] = [];
  lines.forEach((l, i) => {
    if (LEG_LINE.test(l.trim())) starts.push(i);
  });
  if (starts.length === 0) return [log];
  const head = lines.slice(0, starts[0]).join('\n');
  return starts.map((s, k) => {
    const body = lines.slice(s, starts[k + 1] ?? lines.length).join('\n');
    return head ? `${head}\n${body}` : body;
  });
}
