import { LANE_GBPS, laneName, parseNumber } from './units.js';

/**
 * The port model shared by the ibstat, ibstatus and ibv_devinfo parsers, so one
 * classifier judges all three. Field meanings: rdma-core infiniband-diags/ibstat.c, the
 * ibstatus script (sysfs /sys/class/infiniband/<dev>/ports/<p>/…), libibverbs
 * ibv_devinfo; the readings of the real captures in test/fixtures/node/<tool>/INDEX.md.
 */

/** 'not-shown': the port's block printed no state line (a trimmed or filtered capture): never read as down. */
export type PortState = 'down' | 'init' | 'armed' | 'active' | 'active-defer' | 'unknown' | 'not-shown';
export type PhysState =
  | 'sleep'
  | 'polling'
  | 'disabled'
  | 'training'
  | 'link-up'
  | 'link-error-recovery'
  | 'phy-test'
  | 'no-state-change'
  | 'unknown';
/** 'Unspecified': ibv_devinfo "Unspecified", ibstat/sysfs "Unknown" (EFA, usNIC): neither IB nor RoCE. */
export type LinkLayer = 'InfiniBand' | 'Ethernet' | 'Unspecified';

export type DeviceKind =
  /** Soft-RoCE, the rdma_rxe driver: RoCE emulated in the kernel over any netdev. */
  | 'soft-roce'
  /** SoftiWARP, the siw driver: iWARP emulated over kernel TCP sockets. */
  | 'soft-iwarp'
  /** No PCI vendor and no firmware: a software device of another kind (old librxe, pib). */
  | 'software'
  /** AWS Elastic Fabric Adapter: SRD, no LID, no subnet manager. */
  | 'efa'
  | 'hardware';

export interface IbPort {
  device: string;
  port: number;
  state: PortState;
  physState?: PhysState;
  linkLayer?: LinkLayer;
  /** Effective rate in Gb/s: lanes × per-lane speed when both are known, else as printed. */
  rateGbps?: number;
  /** Active lanes (1, 2, 4, 8, 12). */
  width?: number;
  /** Per-lane speed in Gb/s (25 = EDR, 50 = HDR, 100 = NDR, 200 = XDR). */
  laneGbps?: number;
  /** IB speed name of the lane rate (EDR, HDR, NDR, …); on Ethernet ports only a label. */
  speed?: string;
  lid?: number;
  smLid?: number;
  /** What the device is (set by annotateDevices in ib-device.ts). */
  kind?: DeviceKind;
  /** The SR-IOV Virtual Function the device is, when it is one ("ConnectX-6 Virtual Function"). */
  vf?: string;
  /** The Ethernet device the port is bound to, when the tool prints it (`rdma link` `netdev %s`). */
  netdev?: string;
  /** No "Port N:" header was shown (a filter kept only the port's fields): numbered by order, as ibstat prints them. */
  implicit?: boolean;
  /** The paste ends inside this port's line: the fields after the cut are not shown. */
  cut?: true;
  /**
   * The tool shows the port is not InfiniBand though not its link layer (`rdma link` prints a LID
   * for InfiniBand ports only): it needs no LID, whatever else is not shown.
   */
  notInfiniBand?: true;
}

export interface IbDevice {
  name: string;
  /** ibstat "CA type" (MT4129) or ibv_devinfo vendor_part_id (4129). */
  model?: string;
  firmware?: string;
  nodeGuid?: string;
  /**
   * ibstat "System image GUID" / ibv_devinfo sys_image_guid: one value for every RDMA device of one
   * physical adapter (its ports exposed as separate PCI functions share it; IBTA SystemImageGUID).
   */
  systemImageGuid?: string;
  /** ibv_devinfo vendor_id ("0x02c9"). */
  vendorId?: string;
  /** ibv_devinfo hw_ver ("0xEFA0") or ibstat "Hardware version". */
  hwVersion?: string;
  /** ibv_devinfo transport ("InfiniBand", "iWARP", "unspecified"). */
  transport?: string;
  kind?: DeviceKind;
  vf?: string;
  /** ibstat "Number of ports" / ibv_devinfo phys_port_cnt: how many ports the device has, shown or not. */
  portCount?: number;
  ports: IbPort[];
}

/** Every port of every device, flat. */
export function portsOf(devices: readonly IbDevice[]): IbPort[] {
  return devices.flatMap((d) => d.ports);
}

/**
 * Logical port state from any of the three spellings:
 * ibstat "Active" (infiniband-diags ibstat.c), ibstatus "4: ACTIVE" (sysfs),
 * ibv_devinfo "PORT_ACTIVE (4)" (devinfo.c port_state_str).
 */
export function portState(raw: string): PortState {
  const t = raw
    .trim()
    .replace(/^\d+:\s*/, '')
    .replace(/\s*\(\d+\)$/, '')
    .toUpperCase();
  if (/^(PORT_)?ACTIVE_DEFER$/.test(t)) return 'active-defer';
  if (/^(PORT_)?ACTIVE$/.test(t)) return 'active';
  if (/^(PORT_)?DOWN$/.test(t)) return 'down';
  if (/^(PORT_)?INIT(IALIZ(E|ING))?$/.test(t)) return 'init';
  if (/^(PORT_)?ARMED$/.test(t)) return 'armed';
  // A strict prefix of a state word (`Act`, `PORT_DO`) or nothing is a paste cut mid-line: no tool prints it.
  if (t === '' || STATE_WORDS.some((w) => w.startsWith(t) && w !== t)) return 'not-shown';
  return 'unknown';
}

const STATE_WORDS = [
  'ACTIVE',
  'PORT_ACTIVE',
  'ACTIVE_DEFER',
  'DOWN',
  'PORT_DOWN',
  'INIT',
  'INITIALIZE',
  'PORT_INIT',
  'ARMED',
  'PORT_ARMED',
];

/**
 * Physical state: ibstat "LinkUp"/"Polling"/"Disabled"/"PortConfigurationTraining",
 * ibstatus "5: LinkUp", ibv_devinfo -v "LINK_UP (5)", "PORT_CONFIGURATION TRAINNING (4)" [sic].
 */
export function physState(raw: string): PhysState {
  const t = raw
    .trim()
    .replace(/^\d+:\s*/, '')
    .replace(/\s*\(\d+\)$/, '')
    .toUpperCase()
    .replace(/[\s_]/g, '');
  const map: Record<string, PhysState> = {
    SLEEP: 'sleep',
    POLLING: 'polling',
    DISABLED: 'disabled',
    PORTCONFIGURATIONTRAINING: 'training',
    PORTCONFIGURATIONTRAINNING: 'training',
    LINKUP: 'link-up',
    LINKERRORRECOVERY: 'link-error-recovery',
    PHYTEST: 'phy-test',
    NOSTATECHANGE: 'no-state-change',
  };
  return map[t] ?? 'unknown';
}

const PHYS_WORDS = [
  'SLEEP',
  'POLLING',
  'DISABLED',
  'PORTCONFIGURATIONTRAINING',
  'LINKUP',
  'LINKERRORRECOVERY',
  'PHYTEST',
  'NOSTATECHANGE',
];

/** A value cut mid-word: a strict, non-empty prefix of a physical-state word (after its `N: ` number). */
function isPhysStatePrefix(raw: string): boolean {
  const t = raw
    .trim()
    .replace(/^\d+:\s*/, '')
    .toUpperCase()
    .replace(/[\s_]/g, '');
  return t !== '' && PHYS_WORDS.some((w) => w.startsWith(t) && w !== t);
}

export function linkLayer(raw: string): LinkLayer | undefined {
  const t = raw.trim().toLowerCase();
  // The ibstatus script prints "IB" when a port has no link_layer file (scripts/ibstatus L34).
  if (t === 'infiniband' || t === 'ib') return 'InfiniBand';
  if (t === 'ethernet') return 'Ethernet';
  if (t === 'unspecified' || t === 'unknown') return 'Unspecified';
  return undefined;
}

/** A LID as printed: decimal (ibstat, ibv_devinfo) or hex "0x33bf" (ibstatus). */
export function parseLid(raw: string): number | undefined {
  const t = raw.trim();
  if (/^0x[0-9a-f]+$/i.test(t)) return Number.parseInt(t, 16);
  if (/^\d+$/.test(t)) return Number(t);
  return undefined;
}

/** The port fields every IB tool prints, by our name; each parser maps its own key spelling onto these. */
export type CommonPortField = 'state' | 'physState' | 'lid' | 'smLid' | 'linkLayer';

/**
 * A poster's mark after a printed value (`Link layer: Ethernet  ❌`, `State: Down  <-- this one`, `# the rail`):
 * no IB tool prints a symbol, an arrow or a comment after a port field (ibstat.c, devinfo.c, the sysfs files
 * ibstatus cats), so from whitespace and such a mark on the line is the poster's, not the value (issue 38 P1).
 */
const POSTER_MARK = /\s+(?:\p{Extended_Pictographic}|\p{So}|<[-=]+|[←⬅]|#|\/\/).*$/u;

/** Sets one of the common fields from its printed value; an unreadable LID or link layer stays undefined. */
export function setCommonPortField(port: IbPort, field: CommonPortField, printed: string): void {
  const raw = printed.replace(POSTER_MARK, '');
  switch (field) {
    case 'state':
      port.state = portState(raw);
      return;
    case 'physState':
      // A strict prefix of a physical-state word (`3: Disable`, `LinkU`) is never printed (ibstat.c
      // port_phy_state_str[], the sysfs phys_state file, devinfo.c port_phy_state_str): the paste ends
      // inside this line, so the state is not shown, as for a `State:` cut mid-word (portState).
      if (isPhysStatePrefix(raw)) port.cut = true;
      else port.physState = physState(raw);
      return;
    case 'lid':
    case 'smLid': {
      const lid = parseLid(raw);
      if (lid !== undefined) port[field] = lid;
      return;
    }
    case 'linkLayer': {
      const ll = linkLayer(raw);
      if (ll) port.linkLayer = ll;
      return;
    }
  }
}

/**
 * ibstatus/sysfs rate "200 Gb/sec (4X HDR)", "100 Gb/sec (2X HDR)", "10 Gb/sec (4X)",
 * "56 Gb/sec (4X FDR)". The name in brackets is an IB lane name even on Ethernet ports.
 */
export function sysfsRate(raw: string): Pick<IbPort, 'rateGbps' | 'width' | 'laneGbps' | 'speed'> {
  const m = /^([\d.]+)\s*Gb\/sec(?:\s*\((\d+)X(?:\s+([A-Z0-9]+))?\))?/.exec(raw.trim());
  if (!m) return {};
  const rate = parseNumber(m[1]);
  const width = m[2] ? Number(m[2]) : undefined;
  const speed = m[3];
  const lane = speed ? LANE_GBPS[speed] : width && rate !== undefined ? rate / width : undefined;
  return {
    ...(rate !== undefined ? { rateGbps: rate } : {}),
    ...(width !== undefined ? { width } : {}),
    ...(lane !== undefined ? { laneGbps: lane } : {}),
    ...(speed ? { speed } : lane !== undefined && laneName(lane) ? { speed: laneName(lane) } : {}),
  };
}

/** ibv_devinfo -v "active_width: 4X (2)" → 4; "invalid width" → undefined. */
export function devinfoWidth(raw: string): number | undefined {
  const m = /^(\d+)X\b/.exec(raw.trim());
  return m ? Number(m[1]) : undefined;
}

/** ibv_devinfo -v "active_speed: 50.0 Gbps (64)" → 50 per lane; "invalid speed (0)" → undefined. */
export function devinfoLaneSpeed(raw: string): number | undefined {
  const m = /^([\d.]+)\s*Gbps\b/.exec(raw.trim());
  return m ? parseNumber(m[1]) : undefined;
}

/** Fills rate from width × lane speed, and the speed name, when both are known. */
export function withRate(port: IbPort): IbPort {
  if (port.width !== undefined && port.laneGbps !== undefined) {
    const name = laneName(port.laneGbps);
    return { ...port, rateGbps: port.width * port.laneGbps, ...(name ? { speed: name } : {}) };
  }
  return port;
}
