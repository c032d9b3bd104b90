import { type BlockCut, endOfBlocks } from './block-cut.js';
import { ParseError } from './errors.js';
import { annotateDevices } from './ib-device.js';
import {
  type CommonPortField,
  type IbDevice,
  type IbPort,
  setCommonPortField,
  sysfsRate,
} from './ib-port.js';
import { cleanLines, isElision, promptCommand } from './lines.js';

/**
 * `ibstatus` (rdma-core infiniband-diags/scripts/ibstatus): prints sysfs for each
 * port, "Infiniband device '<dev>' port <n> status:" then "state: 4: ACTIVE",
 * "phys state: 5: LinkUp", "rate: 200 Gb/sec (4X HDR)", "link_layer:", LIDs in hex.
 * The rate string carries width and lane speed, so 2X ports are told apart.
 */
export interface IbstatusResult {
  devices: IbDevice[];
  /**
   * The script's own failures (`fatal` in the ibstatus script): "Fatal error: device
   * '*': sys files not found (/sys/class/infiniband/…/ports)" when no RDMA device
   * exists at all, or a named device it cannot find.
   */
  errors: { line: number; text: string; device?: string }[];
  /**
   * The paste's last line is the start of another device's `Infiniband device '…' port N status:` line, cut
   * (`I`, `Infiniband device 'mlx5_2' po`): that device and any after it are not shown (principle 2).
   */
  endsInsideNext?: { line: number; text: string };
  /**
   * The paste's last line is a strict prefix of one of a port block's field names, cut before its `:` (`rat`,
   * `link_la`): the port's remaining fields, and any device after it, are not shown (principle 2).
   */
  endsInsideField?: { line: number; text: string };
  /** The paste ends inside its last port block, before a field the script prints after the last one shown (endOfBlocks). */
  endsInside?: BlockCut;
}

const TOOL = 'ibstatus';

/**
 * A port field as only ibstatus prints it: the sysfs file's name in lower case and its value as the script shows
 * it (`state: 4: ACTIVE`, `base lid: 0x30c`, `rate: 100 Gb/sec (4X EDR)`), unlike ibstat's `State: Active` /
 * `Base lid: 780` or ibv_devinfo's `state: PORT_ACTIVE (4)` / `sm_lid:`.
 */
const OWN_VALUE: Readonly<Record<string, RegExp>> = {
  'default gid': /^[0-9a-f]{4}(?::[0-9a-f]{4}){7}$/i,
  'base lid': /^0x[0-9a-f]+$/i,
  'sm lid': /^0x[0-9a-f]+$/i,
  state: /^\d+: [A-Z_]+$/,
  'phys state': /^\d+: \w+/,
  rate: /^[\d.]+ Gb\/sec\b/,
};

/** The device of a port block whose `Infiniband device '…' port N status:` line is not in the paste. */
export const DEVICE_NOT_SHOWN = '(device not shown)';

/** ibstatus's key spellings (sysfs file names) of the common port fields. */
const FIELDS: Readonly<Record<string, CommonPortField>> = {
  state: 'state',
  'phys state': 'physState',
  'base lid': 'lid',
  'sm lid': 'smLid',
  link_layer: 'linkLayer',
};

const indentOf = (s: string) => (/^\s*/.exec(s)?.[0] ?? '').length;

export function parseIbstatus(text: string): IbstatusResult {
  const lines = cleanLines(text);
  const devices: IbDevice[] = [];
  let elided = false;
  let fieldIndent = 0;
  const errors: IbstatusResult['errors'] = [];
  let port: IbPort | undefined;
  let stray: { no: number; text: string } | undefined;
  /** The keys each port block shows, in order of the paste, and the line number of the last line read into one. */
  const keys = new Map<IbPort, string[]>();
  let lastPortLine = 0;
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '' || promptCommand(line.text) !== undefined) continue;
    // An author's `...` outdented from the block's fields ends the block (issue 38, P2): the fields after it are
    // of a port whose status line may be among the lines left out, never the port above it. At the fields'
    // indentation it stands for some of that port's fields.
    if (isElision(t)) {
      if (indentOf(line.text) < fieldIndent) port = undefined;
      elided = true;
      continue;
    }
    const fatal = /^Fatal error:\s*(?:device '([^']*)':\s*)?(.*)$/.exec(t);
    if (fatal) {
      errors.push({ line: line.no, text: t, ...(fatal[1] ? { device: fatal[1] } : {}) });
      continue;
    }
    const head = /^Infiniband device '([^']+)' port (\d+) status:$/i.exec(t);
    if (head) {
      const name = head[1] as string;
      let device = devices.find((d) => d.name === name);
      if (!device) {
        device = { name, ports: [] };
        devices.push(device);
      }
      port = { device: name, port: Number(head[2]), state: 'not-shown' };
      device.ports.push(port);
      keys.set(port, []);
      lastPortLine = line.no;
      continue;
    }
    const kv = /^([a-z_ ]+?):\s*(.*)$/i.exec(t);
    if (
      kv &&
      !port &&
      (devices.length === 0 || elided) &&
      OWN_VALUE[kv[1] as string]?.test((kv[2] as string).trim())
    ) {
      // The paste starts inside a port block, its `Infiniband device '…' port N status:` line cut above: the
      // fields shown are that port's, of a device that is not shown (issue 38, P1), as ibv_devinfo's HCA_NOT_SHOWN.
      const device: IbDevice = devices.find((d) => d.name === DEVICE_NOT_SHOWN) ?? {
        name: DEVICE_NOT_SHOWN,
        ports: [],
      };
      if (!devices.includes(device)) devices.push(device);
      port = { device: device.name, port: 1, state: 'not-shown', implicit: true };
      device.ports.push(port);
      keys.set(port, []);
    }
    if (!kv || !port) {
      stray ??= { no: line.no, text: t };
      continue;
    }
    const value = (kv[2] as string).trim();
    const key = (kv[1] as string).toLowerCase();
    keys.get(port)?.push(key);
    fieldIndent = indentOf(line.text);
    lastPortLine = line.no;
    const common = FIELDS[key];
    if (common) setCommonPortField(port, common, value);
    else if (key === 'rate') Object.assign(port, sysfsRate(value));
  }
  if (devices.length === 0 && errors.length === 0) {
    const first = stray ?? lines.find((l) => l.text.trim() !== '');
    if (!first) throw new ParseError(TOOL, 'the input is empty');
    throw new ParseError(TOOL, 'no "Infiniband device \'<dev>\' port <n> status:" block found', {
      line: first.no,
      text: first.text,
    });
  }
  annotateDevices(devices);
  const last = [...lines].reverse().find((l) => l.text.trim() !== '' && !isElision(l.text));
  const cut = last && devices.length > 0 && headPrefix(last.text.trim()) ? last : undefined;
  const inField = !cut && last && port && fieldPrefix(last.text.trim()) ? last : undefined;
  const endsInside = endOfStatus(devices, keys, last?.no === lastPortLine ? port : undefined);
  return {
    devices,
    errors,
    ...(cut ? { endsInsideNext: { line: cut.no, text: cut.text.trim() } } : {}),
    ...(inField ? { endsInsideField: { line: inField.no, text: inField.text.trim() } } : {}),
    ...(endsInside ? { endsInside } : {}),
  };
}

/**
 * The paste ends inside its last port block (endOfBlocks; the script's port_status prints its seven lines
 * unconditionally, `unknown` for a sysfs file it cannot read). ibstatus prints no device header, a header
 * line per port instead, so every block before the last device's must be whole (a selection trims each
 * alike). `link_layer`, the line an older script may not have printed, is optional: a block that ends at
 * `rate` is read whole.
 */
function endOfStatus(
  devices: readonly IbDevice[],
  keys: ReadonlyMap<IbPort, string[]>,
  /** The port whose block holds the paste's last line, if any. */
  endsIn: IbPort | undefined,
): BlockCut | undefined {
  const device = devices.at(-1);
  if (!device) return undefined;
  return endOfBlocks(
    {
      device,
      ports: device.ports.map((p) => ({ port: p, keys: keys.get(p) ?? [] })),
      endsInLastPort: endsIn !== undefined && endsIn === device.ports.at(-1),
      before: devices.slice(0, -1).flatMap((d) => d.ports.map((p) => keys.get(p) ?? [])),
    },
    { port: [...FIELD_NAMES.slice(0, -1), 'link_layer?'] },
    (key) => key,
  );
}

/** ibstatus's port field names, in the order the script prints them. */
const FIELD_NAMES = ['default gid', 'base lid', 'sm lid', 'state', 'phys state', 'rate', 'link_layer'];

/** A strict, non-empty prefix of a port field name with no `:` yet (a paste cut inside that line). */
function fieldPrefix(t: string): boolean {
  const low = t.toLowerCase();
  return (
    low !== '' && !low.includes(':') && FIELD_NAMES.some((f) => f.length > low.length && f.startsWith(low))
  );
}

/** A strict prefix of ibstatus's `Infiniband device '<dev>' port <n> status:` line (a paste cut inside it). */
function headPrefix(t: string): boolean {
  const head = "infiniband device '";
  const low = t.toLowerCase();
  if (low.length <= head.length) return head.startsWith(low);
  if (!low.startsWith(head)) return false;
  return /^[^']*(?:'(?: (?:p(?:o(?:r(?:t(?: \d*(?: (?:s(?:t(?:a(?:t(?:u(?:s)?)?)?)?)?)?)?)?)?)?)?)?)?)?$/.test(
    low.slice(head.length),
  );
}
