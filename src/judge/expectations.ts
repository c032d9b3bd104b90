import type { Expectation, PairMode } from '../core/measurement.js';

/**
 * What the fabric should give, and the thresholds a measurement is judged
 * against. references/expected-bandwidth.md documents every figure here.
 */

/** One RDMA port as the probe pod saw it in /sys/class/infiniband (see probe-script.ts). */
export interface NicPort {
  device: string;
  port: number;
  /** Line rate in Gb/s (`400 Gb/sec (4X NDR)` → 400). */
  rateGbps?: number;
  active: boolean;
  /** `InfiniBand` or `Ethernet` (RoCE). */
  linkLayer?: string;
}

/** Fractions of line rate. RDMA: one GPU's traffic over its NIC reaches 85–95 % when healthy. */
export const RDMA_WARN_FRACTION = 0.6;
export const RDMA_FAIL_FRACTION = 0.3;
/** NVLink through cuda_ipc from one process reaches well under the link's peak; PCIe P2P is far below. */
export const NVLINK_WARN_FRACTION = 0.25;
export const NVLINK_FAIL_FRACTION = 0.1;
/** A measurement this much above the physical limit is an error, not a fast link. */
export const CEILING_MARGIN = 1.15;
/** NIXL sets UCX_MAX_RMA_RAILS=2 unless the environment does: at most two NICs carry one transfer. */
export const DEFAULT_RAILS = 2;
/** With no line rate known: below this no RDMA link a disagg cluster uses (≥ 100 Gb/s) is healthy. */
export const UNKNOWN_CROSS_NODE_FLOOR_GBPS = 5;
/** With no NVLink generation known: below PCIe Gen4 x16 peer-to-peer (~25 GB/s), NVLink is surely not in use. */
export const UNKNOWN_INTRA_NODE_FLOOR_GBPS = 10;
/** Above this, two nodes cannot have exchanged data over any NIC pair sold today (2 × 800 Gb/s rails + margin). */
export const ABSOLUTE_CROSS_NODE_CEILING_GBPS = 250;
/** Above this a transfer between two GPUs is an HBM copy on one GPU. */
export const ABSOLUTE_INTRA_NODE_CEILING_GBPS = 1000;

/** `400 Gb/sec (4X NDR)` → 400; undefined when unreadable. */
export function parseRate(text: string | undefined): number | undefined {
  const m = /(\d+(?:\.\d+)?)\s*Gb\/sec/.exec(text ?? '');
  return m ? Number(m[1]) : undefined;
}

/** One NIC port a selection names: `mlx5_0:1` → mlx5_0 port 1; `mlx5_0` → mlx5_0, any port (port undefined). */
export interface PortSpec {
  device: string;
  port?: number;
}

/** `mlx5_0:1,mlx5_3` → [{mlx5_0, 1}, {mlx5_3}]; undefined for `all`, empty or unset. */
export function parsePortList(list: string | undefined): PortSpec[] | undefined {
  if (!list || list.trim() === '' || list.trim() === 'all') return undefined;
  const out: PortSpec[] = [];
  for (const item of list.split(',')) {
    const [device, port] = item.trim().split(':');
    if (!device) continue;
    const n = Number(port);
    out.push(port !== undefined && Number.isInteger(n) && n > 0 ? { device, port: n } : { device });
  }
  return out.length ? out : undefined;
}

/** Device names UCX_NET_DEVICES selects (`mlx5_0:1,mlx5_3:1` → mlx5_0, mlx5_3); undefined for `all` or unset. */
export function selectedDevices(ucxNetDevices: string | undefined): Set<string> | undefined {
  const specs = parsePortList(ucxNetDevices);
  return specs ? new Set(specs.map((s) => s.device)) : undefined;
}

/**
 * The ports a NIXL `--device_list` lets UCX use. NIXL's UCX backend turns each
 * name into `<name>:1` and sets UCX_NET_DEVICES to that list whatever the
 * environment says (ai-dynamo/nixl src/plugins/ucx/ucx_utils.cpp:475-483,
 * `modifyAlways`), so `mlx5_0` means port 1 of mlx5_0 and the list replaces
 * UCX_NET_DEVICES. We also accept `mlx5_0:1`, the UCX spelling.
 */
export function deviceListPorts(deviceList: string | undefined): PortSpec[] | undefined {
  return parsePortList(deviceList)?.map((s) => ({ device: s.device, port: s.port ?? 1 }));
}

function matches(p: NicPort, specs: readonly PortSpec[]): boolean {
  return specs.some((s) => s.device === p.device && (s.port === undefined || s.port === p.port));
}

/**
 * The ports UCX may use: active, with a known rate, and selected by the
 * device list when one is given (it replaces UCX_NET_DEVICES), else by
 * UCX_NET_DEVICES when it is set.
 */
export function portsInUse(
  ports: readonly NicPort[],
  ucxNetDevices?: string,
  deviceList?: string,
): NicPort[] {
  const sel = deviceListPorts(deviceList) ?? parsePortList(ucxNetDevices);
  return ports.filter((p) => p.active && p.rateGbps !== undefined && (!sel || matches(p, sel)));
}

/**
 * NVLink bandwidth per GPU, one direction, GB/s, by GPU product (the
 * `nvidia.com/gpu.product` node label of GPU feature discovery). PCIe-only
 * products are left out: they have no NVLink to expect.
 */
const NVLINK: ReadonlyArray<{ re: RegExp; gbps: number; name: string }> = [
  { re: /\bG?B[23]00\b/i, gbps: 900, name: 'NVLink 5' },
  { re: /\bH800\b/i, gbps: 200, name: 'NVLink 4 (H800)' },
  { re: /\bH100[-_ ]NVL\b/i, gbps: 300, name: 'NVLink bridge (H100 NVL)' },
  { re: /\b(GH200|H200|H20|H100[-_ ](SXM|80GB[-_ ]HBM3))/i, gbps: 450, name: 'NVLink 4' },
  { re: /\bA800[-_ ]SXM/i, gbps: 200, name: 'NVLink 3 (A800)' },
  { re: /\bA100[-_ ]SXM/i, gbps: 300, name: 'NVLink 3' },
  { re: /\bV100[-_ ]SXM/i, gbps: 150, name: 'NVLink 2' },
];

export function nvlinkFor(gpuProduct: string | undefined): { gbps: number; name: string } | undefined {
  if (!gpuProduct) return undefined;
  const hit = NVLINK.find((n) => n.re.test(gpuProduct));
  return hit ? { gbps: hit.gbps, name: hit.name } : undefined;
}

export interface ExpectationInput {
  /** `unknown`: `read` of a table that does not say where its ranks ran. */
  mode: PairMode | 'unknown';
  /** `--min-bandwidth`, GB/s. */
  minBandwidth?: number | undefined;
  /** Ports each side saw; the slower side bounds the link. */
  nics?: { prefill: readonly NicPort[]; decode: readonly NicPort[] } | undefined;
  ucxNetDevices?: string | undefined;
  /** NIXL's --device_list (pair --device-list): only these NICs carry the transfer. */
  deviceList?: string | undefined;
  /** UCX_MAX_RMA_RAILS when set. */
  maxRails?: number | undefined;
  gpuProduct?: string | undefined;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The best single port of one side, Gb/s, and how many ports it has. */
function bestPort(ports: readonly NicPort[]): { gbps: number; count: number; label: string } | undefined {
  if (ports.length === 0) return undefined;
  const best = [...ports].sort((a, b) => (b.rateGbps ?? 0) - (a.rateGbps ?? 0))[0] as NicPort;
  return { gbps: best.rateGbps ?? 0, count: ports.length, label: `${best.device} ${best.rateGbps} Gb/s` };
}

/** What the measured bandwidth is judged against. */
export function expectationFor(input: ExpectationInput): Expectation {
  const crossNode = input.mode === 'cross-node';
  let line: { gbps: number; source: string; ceiling: number } | undefined;
  if (crossNode && input.nics) {
    const a = bestPort(portsInUse(input.nics.prefill, input.ucxNetDevices, input.deviceList));
    const b = bestPort(portsInUse(input.nics.decode, input.ucxNetDevices, input.deviceList));
    if (a && b) {
      const slower = a.gbps <= b.gbps ? a : b;
      const rails = Math.min(input.maxRails ?? DEFAULT_RAILS, a.count, b.count);
      const gbps = slower.gbps / 8;
      line = {
        gbps,
        source: `NIC line rate ${slower.gbps} Gb/s (${slower.label})`,
        ceiling: gbps * rails * CEILING_MARGIN,
      };
    }
  } else if (input.mode === 'intra-node' || input.mode === 'local') {
    const nv = nvlinkFor(input.gpuProduct);
    if (nv)
      line = {
        gbps: nv.gbps,
        source: `${nv.name} ${nv.gbps} GB/s per direction (${input.gpuProduct})`,
        ceiling: nv.gbps * CEILING_MARGIN,
      };
  }
  const absoluteCeiling = crossNode ? ABSOLUTE_CROSS_NODE_CEILING_GBPS : ABSOLUTE_INTRA_NODE_CEILING_GBPS;
  const unknown = input.mode === 'unknown';
  const ceilingGBps = round2(line ? Math.min(line.ceiling, absoluteCeiling) : absoluteCeiling);

  if (input.minBandwidth !== undefined) {
    return {
      ...(line ? { lineGBps: round2(line.gbps) } : {}),
      floorGBps: input.minBandwidth,
      ceilingGBps,
      source: `--min-bandwidth ${input.minBandwidth} GB/s`,
    };
  }
  if (line) {
    const [warnF, failF] = crossNode
      ? [RDMA_WARN_FRACTION, RDMA_FAIL_FRACTION]
      : [NVLINK_WARN_FRACTION, NVLINK_FAIL_FRACTION];
    return {
      lineGBps: round2(line.gbps),
      floorGBps: round2(line.gbps * failF),
      warnGBps: round2(line.gbps * warnF),
      ceilingGBps,
      source: line.source,
    };
  }
  return {
    // A link of unknown kind gets the lower floor: it may be a network one.
    floorGBps: crossNode || unknown ? UNKNOWN_CROSS_NODE_FLOOR_GBPS : UNKNOWN_INTRA_NODE_FLOOR_GBPS,
    ceilingGBps,
    source: unknown
      ? 'neither the link nor its line rate known'
      : crossNode
        ? 'no NIC line rate known'
        : 'no NVLink generation known',
  };
}
