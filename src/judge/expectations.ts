import type { Expectation, PairMode } from '../core/measurement.js';
import { expectedRate, type NicPort } from './siblings.js';

/**
 * What the fabric should give, and the thresholds a measurement is judged
 * against. references/expected-bandwidth.md documents every figure here.
 */

export type { NicPort } from './siblings.js';

/**
 * Fractions of the capacity of the rails used (rails × line rate), calibrated on
 * published figures (judge/published-figures.ts, references/expected-bandwidth.md):
 * healthy links read 85–98 % of line (nixlbench one transfer at a time 85.2 % on
 * 400G; NCCL, ib_write_bw, ucx_perftest and libfabric with many in flight 87–98 %),
 * each at least 5 points above the warn bar; degraded ones (a port at half speed
 * 50 %, a GPU behind PCIe Gen4 57 %, host staging, TCP) at least 5 points under the
 * fail bar. One bar for rows one at a time and rows in flight: the lowest healthy
 * figure of either kind passes it (the nixl probe's Python one-at-a-time rows are
 * not judged when its in-flight row is there).
 */
export const RDMA_WARN_FRACTION = 0.8;
export const RDMA_FAIL_FRACTION = 0.7;
/**
 * Fractions of the healthy single-copy NVLink figure of the product (one
 * process pair, one copy engine: NVLINK below). PCIe P2P, the usual wrong
 * path, is under 15 % of it on Hopper.
 */
export const NVLINK_WARN_FRACTION = 0.7;
export const NVLINK_FAIL_FRACTION = 0.4;
/**
 * One copy between two GPUs reaches this share of NVLink's per-direction
 * figure: 376 of 450 GB/s on HGX H100 (p2pBandwidthLatencyTest, unidirectional
 * P2P writes, NVIDIA/nccl#1264). Products with no public single-copy figure
 * get the same share of theirs (references/expected-bandwidth.md).
 */
export const NVLINK_SINGLE_COPY_SHARE = 376 / 450;
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
const NVLINK: ReadonlyArray<{ re: RegExp; gbps: number; name: string; measured?: number }> = [
  { re: /\bG?B[23]00\b/i, gbps: 900, name: 'NVLink 5' },
  { re: /\bH800\b/i, gbps: 200, name: 'NVLink 4 (H800)' },
  { re: /\bH100[-_ ]NVL\b/i, gbps: 300, name: 'NVLink bridge (H100 NVL)' },
  { re: /\b(GH200|H200|H20|H100[-_ ](SXM|80GB[-_ ]HBM3))/i, gbps: 450, name: 'NVLink 4', measured: 376 },
  { re: /\bA800[-_ ]SXM/i, gbps: 200, name: 'NVLink 3 (A800)' },
  { re: /\bA100[-_ ]SXM/i, gbps: 300, name: 'NVLink 3' },
  { re: /\bV100[-_ ]SXM/i, gbps: 150, name: 'NVLink 2' },
];

/**
 * A MIG slice: GPU feature discovery's `single` strategy names the product
 * `<GPU>-MIG-<profile>` (e.g. `NVIDIA-A100-SXM4-40GB-MIG-1g.5gb`). P2P between
 * MIG instances is not supported, so a slice has no NVLink to expect
 * (references/gpu-isolation.md).
 */
export function isMigProduct(gpuProduct: string | undefined): boolean {
  return /-MIG-\d+g\./i.test(gpuProduct ?? '');
}

/** NVLink of a GPU product: per-direction figure, name, and the healthy single-copy figure (GB/s). */
export function nvlinkFor(
  gpuProduct: string | undefined,
): { gbps: number; name: string; healthyGBps: number; measured: boolean } | undefined {
  if (!gpuProduct || isMigProduct(gpuProduct)) return undefined;
  const hit = NVLINK.find((n) => n.re.test(gpuProduct));
  if (!hit) return undefined;
  const healthyGBps = hit.measured ?? Math.round(hit.gbps * NVLINK_SINGLE_COPY_SHARE);
  return { gbps: hit.gbps, name: hit.name, healthyGBps, measured: hit.measured !== undefined };
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
  /** The GPUs are MIG slices (a `nvidia.com/mig-*` resource, or a MIG product): no NVLink to expect. */
  mig?: boolean | undefined;
  /** `read --line-rate`, Gb/s per port: replaces what the pods saw. */
  lineRateGbps?: number | undefined;
  /**
   * Rails that carried the transfer (`read --rails`, the NICs NIXL registered
   * on EFA): the bar is their sum. 1 when not known: NIXL with UCX registers
   * GPU memory on the GPU's closest NIC.
   */
  rails?: number | undefined;
  /** A cross-node pair inside one multi-node NVLink domain (judge/nvlink-domain.ts): judged as NVLink. */
  nvlinkDomain?: boolean | undefined;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The best port one side may use, at the rate it should run (its siblings' when it trained below them). */
function bestPort(
  inUse: readonly NicPort[],
  all: readonly NicPort[],
): { gbps: number; count: number; label: string } | undefined {
  if (inUse.length === 0) return undefined;
  const rated = inUse.map((p) => ({ p, e: expectedRate(p, all) }));
  const best = rated.sort((a, b) => b.e.gbps - a.e.gbps)[0] as (typeof rated)[number];
  const label = best.e.slowBy
    ? `${best.p.device} trained to ${best.p.rateGbps} Gb/s, held to its ${best.e.slowBy.count} siblings' ${best.e.gbps}`
    : `${best.p.device} ${best.e.gbps} Gb/s`;
  return { gbps: best.e.gbps, count: inUse.length, label };
}

function railsText(rails: number, gbps: number): string {
  return rails === 1 ? `${gbps} Gb/s` : `${rails} rails × ${gbps} Gb/s`;
}

type Line = { gbps: number; source: string; ceiling: number; warnF: number; failF: number; base: number };

/** The RDMA line of a cross-node test: --line-rate, else the ports the pods saw. */
function rdmaLine(input: ExpectationInput): Line | undefined {
  const rails = Math.max(1, Math.floor(input.rails ?? 1));
  const make = (portGbps: number, source: string, ports: number): Line => {
    const perPort = portGbps / 8;
    const capacity = perPort * rails;
    const ceilingRails = Math.max(rails, Math.min(input.maxRails ?? DEFAULT_RAILS, ports));
    return {
      gbps: capacity,
      base: capacity,
      source,
      ceiling: perPort * ceilingRails * CEILING_MARGIN,
      warnF: RDMA_WARN_FRACTION,
      failF: RDMA_FAIL_FRACTION,
    };
  };
  if (input.lineRateGbps !== undefined) {
    return make(input.lineRateGbps, `--line-rate ${railsText(rails, input.lineRateGbps)}`, rails);
  }
  if (!input.nics) return undefined;
  const { prefill, decode } = input.nics;
  const a = bestPort(portsInUse(prefill, input.ucxNetDevices, input.deviceList), prefill);
  const b = bestPort(portsInUse(decode, input.ucxNetDevices, input.deviceList), decode);
  if (!a || !b) return undefined;
  const slower = a.gbps <= b.gbps ? a : b;
  return make(
    slower.gbps,
    `NIC line rate ${railsText(rails, slower.gbps)} (${slower.label})`,
    Math.min(a.count, b.count),
  );
}

function nvlinkLine(gpuProduct: string | undefined, domain = false): Line | undefined {
  // One NVLink domain of GB200/GB300 NVL72 trays is NVLink 5, whatever the product label says.
  const nv = nvlinkFor(gpuProduct) ?? (domain ? nvlinkFor('GB200') : undefined);
  if (!nv) return undefined;
  return {
    gbps: nv.gbps,
    base: nv.healthyGBps,
    source: `${nv.name} ${nv.gbps} GB/s per direction, one copy ${nv.measured ? 'measured at' : 'expected near'} ${nv.healthyGBps} GB/s (${gpuProduct})`,
    ceiling: nv.gbps * CEILING_MARGIN,
    warnF: NVLINK_WARN_FRACTION,
    failF: NVLINK_FAIL_FRACTION,
  };
}

/** What the measured bandwidth is judged against. */
export function expectationFor(input: ExpectationInput): Expectation {
  const domain = input.mode === 'cross-node' && input.nvlinkDomain === true;
  const crossNode = input.mode === 'cross-node' && !domain;
  const mig = input.mode !== 'cross-node' && (input.mig === true || isMigProduct(input.gpuProduct));
  const line = domain
    ? nvlinkLine(input.gpuProduct, true)
    : crossNode
      ? rdmaLine(input)
      : (input.mode === 'intra-node' || input.mode === 'local') && !mig
        ? nvlinkLine(input.gpuProduct)
        : undefined;
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
    return {
      lineGBps: round2(line.gbps),
      floorGBps: round2(line.base * line.failF),
      warnGBps: round2(line.base * line.warnF),
      ceilingGBps,
      source: line.source,
    };
  }
  return {
    // A link of unknown kind gets the lower floor: it may be a network one. So does a MIG slice:
    // with no P2P, UCX stages GPU memory through the host.
    floorGBps: crossNode || unknown || mig ? UNKNOWN_CROSS_NODE_FLOOR_GBPS : UNKNOWN_INTRA_NODE_FLOOR_GBPS,
    ceilingGBps,
    source: unknown
      ? 'neither the link nor its line rate known'
      : crossNode
        ? 'no NIC line rate known'
        : mig
          ? 'MIG slices: no NVLink expected (P2P between MIG instances is not supported)'
          : 'no NVLink generation known',
  };
}
