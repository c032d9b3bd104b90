import type { EngineName } from '../../core/engine-names.js';
import { allEngines, getEngine } from '../../engines/registry.js';
import type { Meaning } from '../../engines/types.js';
import { type NicPort, parseRate } from '../../judge/expectations.js';
import { sysfsRate } from '../../parsers/ib-port.js';

/**
 * Reading the probe pods' logs: the shared parsers do the tool output; this
 * adds the lines our probe script prints (interconnect-test: …) and what each
 * failure means for someone running `pair`.
 */

/**
 * Why a log that holds the tool's output cannot be read, or undefined: while
 * the log holds only our own lines (or nothing), there is nothing to read yet,
 * which is not a problem. A log with output the parser does not recognise is:
 * waiting on it would only end in a timeout.
 */
export function unreadableLog(engine: EngineName, log: string, role?: string): string | undefined {
  return getEngine(engine).logs.unreadable(log, role);
}

/**
 * The NIC ports the probe script listed before the test, one line each:
 *   interconnect-test: nic mlx5_0|1|4: ACTIVE|400 Gb/sec (4X NDR)|InfiniBand|MT4129
 * (the last field, the device's sysfs hca_type, is empty where the driver has none
 * and absent from logs of older probes).
 */
export function nicPorts(log: string): NicPort[] {
  const out: NicPort[] = [];
  for (const m of log.matchAll(
    /interconnect-test: nic ([^|\n]+)\|(\d+)\|([^|\n]*)\|([^|\n]*)\|([^|\n]*)(?:\|([^|\n]*))?/g,
  )) {
    const rate = parseRate(m[4]);
    // The sysfs rate names width and lane speed too (`100 Gb/sec (2X HDR)`): the sibling rule compares them.
    const { width, laneGbps } = sysfsRate(m[4] as string);
    const link = (m[5] as string).trim();
    // An optional sixth field: the adapter model (sysfs hca_type), when the probe prints it.
    const model = m[6]?.trim();
    out.push({
      device: (m[1] as string).trim(),
      port: Number(m[2]),
      active: /ACTIVE/.test(m[3] as string),
      ...(rate !== undefined ? { rateGbps: rate } : {}),
      ...(width !== undefined ? { width } : {}),
      ...(laneGbps !== undefined ? { laneGbps } : {}),
      ...(link ? { linkLayer: link } : {}),
      ...(model ? { model } : {}),
    });
  }
  return out;
}

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
  const tools = allEngines().map((e) => e.logs.missingTool);
  const missing = new RegExp(
    `interconnect-test: (${tools.map((t) => t.tool).join('|')}) not found in image`,
  ).exec(log);
  if (missing) {
    return {
      evidence: missing[0],
      detail: `the image has no ${missing[1]} binary`,
      fix: tools.find((t) => t.tool === missing[1])?.fix ?? '',
    };
  }
  for (const e of allEngines()) {
    const own = e.logs.ownProblem?.(log);
    if (own) return own;
  }
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
