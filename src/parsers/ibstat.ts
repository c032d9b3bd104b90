import { type BlockCut, endOfBlocks } from './block-cut.js';
import { ParseError } from './errors.js';
import { annotateDevices } from './ib-device.js';
import { type CommonPortField, type IbDevice, type IbPort, setCommonPortField } from './ib-port.js';
import { type IbstatList, parseIbstatList } from './ibstat-list.js';
import { cleanLines, isElision, promptCommand } from './lines.js';
import { parseNumber } from './units.js';

/**
 * `ibstat` (infiniband-diags, rdma-core infiniband-diags/ibstat.c): one
 * "CA '<name>'" block per device, "Port N:" blocks inside. Indentation is tabs
 * in real output but pastes show spaces, so blocks are found by their headers,
 * not by indentation. Unknown extra lines (newer rdma-core prints "Effective
 * speed:") are ignored.
 */
export interface IbstatResult {
  devices: IbDevice[];
  /**
   * "ibpanic: … stat of IB device 'mlx5_8' failed" and similar: ibstat aborts on a
   * device it cannot open (Azure accelerated-networking NIC, hot-unplugged VF) after
   * printing the good ones, exit 255 (leptonai/gpud fixture, azhpc-diagnostics#59).
   */
  errors: { line: number; text: string }[];
  /** The author's elisions (`...`, `[snip]`): what they stand for (CAs, ports, lines) is not shown (principle 2). */
  elided?: { line: number; text: string }[];
  /** `ibstat -l` or `ibstat -p`: CA names or port GUIDs, no port block (ibstat-list.ts). */
  list?: IbstatList;
  /** The paste ends inside this port block, or between two ports of its last CA (endOfPaste). */
  endsInside?: BlockCut;
  /** A port block that skips lines ibstat prints between two it shows: the poster kept some lines only (selectionOf). */
  selected?: { device: string; port: number; missing: string[] };
}

const TOOL = 'ibstat';

/** The device name given to a port block whose `CA '<name>'` line is not in the paste. */
export const CA_NOT_SHOWN = '(CA not shown)';

export function parseIbstat(text: string): IbstatResult {
  const lines = cleanLines(text);
  const devices: IbDevice[] = [];
  const errors: { line: number; text: string }[] = [];
  const elided: { line: number; text: string }[] = [];
  let device: IbDevice | undefined;
  let port: IbPort | undefined;
  /** The current port block's `Port GUID:` value as pasted. */
  let guid: string | undefined;
  let stray: { no: number; text: string } | undefined;
  /** The keys an implicit (header-less) port already has: a second State starts the next port. */
  let seen: Record<string, true> = {};
  /** The keys each port block shows, in order of the paste (selectionOf). */
  const keys = new Map<IbPort, string[]>();
  /** The keys of each CA's own lines, and its `Number of ports:` (endOfPaste). */
  const header = new Map<IbDevice, string[]>();
  const declared = new Map<IbDevice, number>();
  /** The line number of the last line read into a port block, and that port. */
  let lastPortLine: { port: IbPort; no: number } | undefined;

  for (const line of lines) {
    const t = line.text.trim();
    if (t === '' || promptCommand(line.text) !== undefined) continue;
    if (isElision(t)) {
      elided.push({ line: line.no, text: t });
      continue;
    }
    // ibstat prints `CA '%s'` and nothing after it (ibstat.c ca_dump): text after the closing quote, a stray
    // second quote included, is the poster's note on the line (`CA 'mlx4_0' <-- first HCA`), not output (P1).
    // `ibstat <ca> <port>` heads its one port with `CA: '%s'` (ibstat.c main), flush left like the port (b53).
    const ca = /^CA:? '([^'\s]+)''?(?:\s.*)?$/.exec(t);
    if (ca) {
      device = { name: ca[1] as string, ports: [] };
      devices.push(device);
      port = undefined;
      seen = {};
      continue;
    }
    if (/^ibpanic:|^ibwarn:|^ibstat: /.test(t)) {
      errors.push({ line: line.no, text: t });
      continue;
    }
    const portHead = /^Port (\d+):$/.exec(t);
    if (portHead && !device) {
      // A port block pasted without its `CA '<name>'` line: read, its device not shown.
      device = { name: CA_NOT_SHOWN, ports: [] };
      devices.push(device);
    }
    if (portHead && device) {
      port = { device: device.name, port: Number(portHead[1]), state: 'not-shown' };
      device.ports.push(port);
      guid = undefined;
      lastPortLine = { port, no: line.no };
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z ]*?):\s*(.*)$/.exec(t);
    if (!kv || !device) {
      stray ??= { no: line.no, text: t };
      continue;
    }
    const key = (kv[1] as string).toLowerCase();
    const value = (kv[2] as string).trim();
    if (PORT_KEYS.has(key) && (!port || (port.implicit && key in seen))) {
      // A port's lines with no "Port N:" header: a filter kept them (`ibstat | grep -E 'CA |State|Rate'`).
      // ibstat prints a CA's ports in order from 1, so the k-th State line is port k.
      port = { device: device.name, port: device.ports.length + 1, state: 'not-shown', implicit: true };
      device.ports.push(port);
      seen = {};
      guid = undefined;
    }
    if (port) {
      if (port.implicit) seen[key] = true;
      keys.set(port, [...(keys.get(port) ?? []), key]);
      lastPortLine = { port, no: line.no };
      if (key === 'port guid') guid = value;
      setPortField(port, key, value);
      continue;
    }
    header.set(device, [...(header.get(device) ?? []), key]);
    if (key === 'number of ports' && /^\d+$/.test(value)) declared.set(device, Number(value));
    else if (key === 'ca type') device.model = value;
    else if (key === 'firmware version') device.firmware = value;
    else if (key === 'node guid') device.nodeGuid = value;
    else if (key === 'system image guid') device.systemImageGuid = value;
    else if (key === 'hardware version') device.hwVersion = value;
  }
  if (devices.length === 0 && errors.length === 0) {
    const list = parseIbstatList(lines);
    if (list) return { devices, errors, list };
    const first = stray ?? lines.find((l) => l.text.trim() !== '');
    if (!first) throw new ParseError(TOOL, 'the input is empty');
    throw new ParseError(TOOL, 'no "CA \'<name>\'" block found', { line: first.no, text: first.text });
  }
  annotateDevices(devices);
  const lastLine = [...lines].reverse().find((l) => l.text.trim() !== '');
  const endsInside = endOfPaste(devices, port, guid, {
    keys,
    header,
    declared,
    endsInLast:
      lastPortLine !== undefined && lastPortLine.no === lastLine?.no ? lastPortLine.port : undefined,
  });
  const selected = selectionOf(devices, keys);
  return {
    devices,
    errors,
    ...(elided.length > 0 ? { elided } : {}),
    ...(endsInside ? { endsInside } : {}),
    ...(selected ? { selected } : {}),
  };
}

/**
 * Whether the paste ends inside its last port block. ibstat prints every port block whole and in one
 * order, `Port GUID: 0x%016x` (16 hex digits, every version) then `Link layer:` (every version that
 * prints it: infiniband-diags ibstat.c port_dump). So the last block, with its `Port N:` header, ends
 * early when its GUID has fewer than 16 digits (the paste stops inside that line), or when it has no
 * `Link layer:` line although another port of the paste has one. A block without its GUID line proves
 * nothing (a poster keeps the lines that matter: `ibstat | grep -A4 Port`), nor one a filter kept
 * without its header (implicit), nor an old ibstat's, which prints no link layer at all.
 */
function endOfPaste(
  devices: readonly IbDevice[],
  last: IbPort | undefined,
  guid: string | undefined,
  seen: {
    keys: ReadonlyMap<IbPort, string[]>;
    header: ReadonlyMap<IbDevice, string[]>;
    declared: ReadonlyMap<IbDevice, number>;
    /** The port whose block holds the paste's last line, if any. */
    endsInLast: IbPort | undefined;
  },
): IbstatResult['endsInside'] {
  if (!last || last.implicit) return undefined;
  const at = (before: string) => ({ device: last.device, port: last.port, before });
  if (guid !== undefined && /^0x[0-9a-f]{0,15}$/i.test(guid)) return at('the end of its `Port GUID:` line');
  const printsLinkLayer = devices.some((d) => d.ports.some((p) => p !== last && p.linkLayer !== undefined));
  if (last.linkLayer === undefined && printsLinkLayer) return at('its `Link layer:` line');
  const device = devices.at(-1);
  if (!device) return undefined;
  const declared = seen.declared.get(device);
  return endOfBlocks(
    {
      device,
      header: seen.header.get(device) ?? [],
      ports: device.ports.map((p) => ({ port: p, keys: seen.keys.get(p) ?? [] })),
      endsInLastPort: seen.endsInLast !== undefined && seen.endsInLast === device.ports.at(-1),
      ...(declared !== undefined ? { declared } : {}),
    },
    { header: CA_ORDER, port: BLOCK_ORDER },
    label,
  );
}

/**
 * ibstat prints every line of a port block, in this order, whatever the port's state (ibstat.c port_dump;
 * `Link layer:` last, in the versions that print it). A block with its `Port N:` header that shows two of
 * them but not its `Physical state:` or `Rate:` line between (`State: Down` then `Link layer: Ethernet`, nothing else) is
 * the poster's selection of the output, not the output: the ports and CAs the poster left out are not shown,
 * so the block cannot stand for the whole node (issue 38 P2). Only those two lines count: they say the
 * port's health, so no one trims them as noise, while the identifiers (LIDs, GUIDs) are often blanked for
 * privacy and LMC or the capability mask dropped as noise from an otherwise whole paste.
 */
const PORT_ORDER = [
  'state',
  'physical state',
  'rate',
  'base lid',
  'lmc',
  'sm lid',
  'capability mask',
  'port guid',
  'link layer',
];
const HEALTH: Readonly<Record<string, string>> = { 'physical state': 'Physical state', rate: 'Rate' };

function selectionOf(
  devices: readonly IbDevice[],
  keys: ReadonlyMap<IbPort, string[]>,
): IbstatResult['selected'] {
  for (const p of devices.flatMap((d) => d.ports)) {
    const shown = (keys.get(p) ?? []).map((k) => PORT_ORDER.indexOf(k)).filter((i) => i >= 0);
    if (p.implicit || shown.length < 2) continue;
    const between = PORT_ORDER.slice(Math.min(...shown), Math.max(...shown) + 1);
    const missing = between.filter((k) => HEALTH[k] !== undefined && !keys.get(p)?.includes(k));
    if (missing.length > 0)
      return { device: p.device, port: p.port, missing: missing.map((k) => HEALTH[k] ?? k) };
  }
  return undefined;
}

/**
 * The lines ibstat prints for a CA before its ports (ibstat.c ca_dump) and for each port (port_dump), for
 * endOfBlocks: `Effective speed:` only where the verbs query answers, `Link layer:` only in the versions that
 * print it (a block without it beside one with it is endOfPaste's).
 */
const CA_ORDER = [
  'ca type',
  'number of ports',
  'firmware version',
  'hardware version',
  'node guid',
  'system image guid',
];
const BLOCK_ORDER = [
  ...PORT_ORDER.slice(0, 3),
  'effective speed?',
  ...PORT_ORDER.slice(3, -1),
  'link layer?',
];
/** ibstat's spelling of a key (`SM lid`, `Port GUID`). */
const label = (key: string) =>
  key
    .replace(/^\w/, (c) => c.toUpperCase())
    .replace(/^Lmc$/, 'LMC')
    .replace(/^Sm /, 'SM ')
    .replace(/guid$/, 'GUID');

/** Keys that only a port block has (ibstat.c port_dump): seen without a "Port N:" header they start one. */
const PORT_KEYS: ReadonlySet<string> = new Set(PORT_ORDER);

/** ibstat's key spellings (infiniband-diags ibstat.c) of the common port fields. */
const FIELDS: Readonly<Record<string, CommonPortField>> = {
  state: 'state',
  'physical state': 'physState',
  'base lid': 'lid',
  'sm lid': 'smLid',
  'link layer': 'linkLayer',
};

function setPortField(port: IbPort, key: string, value: string): void {
  const common = FIELDS[key];
  if (common) setCommonPortField(port, common, value);
  else if (key === 'rate') {
    // Integer Gb/s, "2.5" for 1x SDR, "<n> (FDR10)"; meaningless while the port is down.
    const n = parseNumber(value.split(/\s/)[0]);
    if (n !== undefined) port.rateGbps = n;
  }
}
