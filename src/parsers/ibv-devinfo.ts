import { type BlockCut, endOfBlocks } from './block-cut.js';
import { ParseError } from './errors.js';
import { annotateDevices } from './ib-device.js';
import {
  type CommonPortField,
  devinfoLaneSpeed,
  devinfoWidth,
  type IbDevice,
  type IbPort,
  setCommonPortField,
  withRate,
} from './ib-port.js';
import { dataLines, type Line, promptCommand } from './lines.js';

/**
 * `ibv_devinfo`, `ibv_devinfo -v` and `ibv_devinfo -l` (rdma-core
 * libibverbs/examples/devinfo.c). Blocks are found by "hca_id:" and "port:"
 * lines, not by indentation, so the plain, -v/-vv and older layouts (some OFED
 * builds print a "Device ports:" line before the ports) read alike.
 */
export interface IbvDevinfoResult {
  devices: IbDevice[];
  /** Device names from `ibv_devinfo -l` ("2 HCAs found:" then one tab-indented name per line). */
  listed?: string[];
  /** The count `-l` states ("2 HCAs found:"): names beyond those `listed` are not shown (the paste ends first). */
  listedCount?: number;
  /**
   * "Failed to open device" lines: a device the verbs library sees but cannot open.
   * Inside a pod this is a device whose /dev/infiniband/uverbsN is not mounted
   * (hustcat/k8s-rdma-device-plugin#8); devinfo.c prints no name with it.
   */
  openFailures: number;
  /** "No IB devices found" (or "0 HCAs found:"): the verbs library sees no device at all. */
  noDevices: boolean;
  /** The output came from -v: width, lane speed and physical state are known. */
  verbose: boolean;
  /**
   * "Failed to get IB devices list: Function not implemented" (devinfo.c perror after
   * ibv_get_device_list fails): the verbs library could not even list devices — no
   * ib_uverbs/RDMA core in this kernel or no /sys/class/infiniband_verbs in this container.
   */
  listError?: string;
  /**
   * "libibverbs: Warning: …" lines: a kernel verbs device with no userspace provider
   * ("no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0")
   * or a provider/kernel ABI mismatch. With "No IB devices found" they say why.
   */
  warnings: string[];
  errors: { line: number; text: string }[];
  /** The paste ends inside its last port block, or after it before the ports its device declares (endOfDevinfo). */
  endsInside?: BlockCut;
}

const TOOL = 'ibv_devinfo';

/**
 * An output kept as shell comments (issue 38, principle 1): a setup script that records what `ibv_devinfo` printed puts
 * `# ` before every line. When a line only ibv_devinfo prints (its `hca_id:` line, or a port block's `port:` number,
 * `PORT_` state or `phys_port_cnt:` when the copy starts below the device's header) is itself behind a `#`, the comment
 * marks are the script's: each line loses its `#` and one space after it (as topo's, parsers/nvidia-smi-topo.ts uncomment).
 */
const OWN_LINE =
  /^\s*#\s*(?:hca_id:\s*\S|phys_port_cnt:\s+\d+\s*$|port:\s+\d+\s*$|state:\s+PORT_[A-Z_]+ \(\d\)\s*$)/;
function uncomment(lines: Line[]): Line[] {
  if (!lines.some((l) => OWN_LINE.test(l.text))) return lines;
  return lines.map((l) => (/^\s*#/.test(l.text) ? { ...l, text: l.text.replace(/^\s*# ?/, '') } : l));
}

export function parseIbvDevinfo(text: string): IbvDevinfoResult {
  const lines = uncomment(dataLines(text));
  const devices: IbDevice[] = [];
  const errors: { line: number; text: string }[] = [];
  let listed: string[] | undefined;
  let listedCount: number | undefined;
  let inList = false;
  let openFailures = 0;
  let noDevices = false;
  let verbose = false;
  let listError: string | undefined;
  const warnings: string[] = [];
  let device: IbDevice | undefined;
  let port: IbPort | undefined;
  let stray: { no: number; text: string } | undefined;
  const declared = new Map<IbDevice, number>();
  /** Each `key: value` line read into a device, with its port's index there (-1: the device's own lines). */
  const seen: Seen[] = [];

  for (const line of lines) {
    const t = line.text.trim();
    // devinfo.c prints the count, then exactly that many names, one per line: a blank line between them is the
    // page's spacing (a double-spaced copy), not the end of the list, until the count is read.
    if (t === '') {
      if ((listed?.length ?? 0) >= (listedCount ?? 0)) inList = false;
      continue;
    }
    if (promptCommand(line.text) !== undefined) continue;
    const list = /^(\d+) HCAs? found:$/.exec(t);
    if (list) {
      listed = [];
      listedCount = Number(list[1]);
      inList = true;
      if (list[1] === '0') noDevices = true;
      continue;
    }
    if (inList && /^[\w.-]+$/.test(t) && (listed?.length ?? 0) < (listedCount ?? 0)) {
      listed?.push(t);
      continue;
    }
    inList = false;
    if (/^Failed to open device$/.test(t)) {
      openFailures++;
      errors.push({ line: line.no, text: t });
      continue;
    }
    if (/^No IB devices found$/.test(t)) {
      noDevices = true;
      continue;
    }
    const listFail = /^Failed to get IB devices list:?\s*(.*)$/.exec(t);
    if (listFail) {
      listError = listFail[1] || 'unknown error';
      errors.push({ line: line.no, text: t });
      continue;
    }
    if (/^libibverbs: Warning:/.test(t)) {
      warnings.push(t.replace(/^libibverbs: Warning:\s*/, ''));
      continue;
    }
    if (/^Failed to |^IB device '.*' wasn't found|^Invalid port requested/.test(t)) {
      errors.push({ line: line.no, text: t });
      continue;
    }
    const kv = /^([A-Za-z_][A-Za-z_ ]*?):\s*(.*)$/.exec(t);
    if (!kv) {
      if (!device && !/^[A-Z_0-9 ]+$/.test(t)) stray ??= { no: line.no, text: t };
      continue;
    }
    const key = (kv[1] as string).toLowerCase();
    const value = (kv[2] as string).trim();
    if (key === 'hca_id') {
      device = { name: value, ports: [] };
      devices.push(device);
      port = undefined;
      continue;
    }
    if (!device) {
      const headless = startHeadless(key, value);
      if (headless) {
        device = headless.device;
        devices.push(device);
        if (headless.port) port = headless.port;
        if (headless.verbose) verbose = true;
      }
    }
    if (!device) {
      stray ??= { no: line.no, text: t };
      continue;
    }
    if (key === 'port' && /^\d+$/.test(value)) {
      port = { device: device.name, port: Number(value), state: 'not-shown' };
      device.ports.push(port);
      seen.push({ no: line.no, device, port: device.ports.length - 1, key });
      continue;
    }
    if (
      PORT_STATE_KEYS.test(key) &&
      /^[A-Z_]+ \(\d+\)$/.test(value) &&
      (!port || (port.implicit && key === 'state' && port.state !== 'not-shown'))
    ) {
      // A filtered `ibv_devinfo -v` (`| grep -E 'hca_id|state|…'`) keeps a port's state lines but not its
      // `port:` line: a port of this device, its number not shown (issue 38, P1).
      port = { device: device.name, port: (port?.port ?? 0) + 1, state: 'not-shown', implicit: true };
      device.ports.push(port);
    }
    seen.push({ no: line.no, device, port: port ? device.ports.length - 1 : -1, key });
    if (!port) {
      if (key === 'fw_ver') device.firmware = value;
      else if (key === 'node_guid') device.nodeGuid = value;
      else if (key === 'sys_image_guid') device.systemImageGuid = value;
      else if (key === 'vendor_part_id') device.model = value;
      else if (key === 'vendor_id') device.vendorId = value;
      else if (key === 'hw_ver') device.hwVersion = value;
      else if (key === 'transport') device.transport = value.replace(/\s*\(\d+\)$/, '');
      else if (key === 'max_mr_size') verbose = true;
      else if (key === 'phys_port_cnt' && /^\d+$/.test(value)) declared.set(device, Number(value));
      continue;
    }
    if (setPortField(port, key, value)) verbose = true;
  }
  for (const d of devices) d.ports = d.ports.map(withRate);
  // Only a device none of whose port blocks is shown carries its declared count: its ports are "not shown".
  for (const [d, n] of declared) if (d.ports.length === 0 && n > 0) d.portCount = n;
  annotateDevices(devices);
  if (devices.length === 0 && !listed && !noDevices && openFailures === 0 && listError === undefined) {
    const first = stray ?? lines.find((l) => l.text.trim() !== '');
    if (!first) throw new ParseError(TOOL, 'the input is empty');
    throw new ParseError(TOOL, 'no "hca_id:" block, "HCAs found" list or "No IB devices found" line', {
      line: first.no,
      text: first.text,
    });
  }
  const endsInside = endOfDevinfo(devices, seen, declared, lines);
  return {
    devices,
    ...(endsInside ? { endsInside } : {}),
    ...(listed ? { listed, listedCount: listedCount ?? listed.length } : {}),
    openFailures,
    noDevices,
    verbose,
    ...(listError !== undefined ? { listError } : {}),
    warnings,
    errors,
  };
}

interface Seen {
  no: number;
  device: IbDevice;
  port: number;
  key: string;
}

/**
 * The lines devinfo.c print_hca_cap prints for a device before its ports (L556-570 at rdma-core 691953d:
 * `fw_ver` only when the device has one, `board_id` only when sysfs does) and for each port (L660-670);
 * with -v (`max_mr_size` in the header) the port lines it adds (L674-699: `port_cap_flags2` in newer
 * versions, `effective_speed` where the query answers, `phys_state` on InfiniBand transport only). Lines
 * older builds may leave out are optional here (`transport`; `link_layer`, absent from the old librxe's,
 * fixture rxe0-old-librxe-vendor-0-no-link-layer.txt), so no whole block of theirs reads as cut. The
 * `GID[…]` lines after them are no `key:` line and end no block here.
 */
const DEVICE_ORDER = [
  'transport?',
  'fw_ver?',
  'node_guid',
  'sys_image_guid',
  'vendor_id',
  'vendor_part_id',
  'hw_ver',
  'board_id?',
  'phys_port_cnt',
];
const PORT_ORDER = ['state', 'max_mtu', 'active_mtu', 'sm_lid', 'port_lid', 'port_lmc', 'link_layer?'];
const VERBOSE_PORT_ORDER = [
  ...PORT_ORDER,
  'max_msg_sz',
  'port_cap_flags',
  'port_cap_flags2?',
  'max_vl_num',
  'bad_pkey_cntr',
  'qkey_viol_cntr',
  'sm_sl',
  'pkey_tbl_len',
  'gid_tbl_len',
  'subnet_timeout',
  'init_type_reply',
  'active_width',
  'active_speed',
  'effective_speed?',
  'phys_state?',
];

/**
 * The paste ends inside its last device's last port block, or after it before the ports the device's
 * `phys_port_cnt:` declares (endOfBlocks). `ibv_devinfo -i N` prints one port whatever the count: a prompt
 * that shows `-i`/`--ib-port` leaves the count out.
 */
function endOfDevinfo(
  devices: readonly IbDevice[],
  seen: readonly Seen[],
  declared: ReadonlyMap<IbDevice, number>,
  lines: readonly Line[],
): BlockCut | undefined {
  const device = devices.at(-1);
  const last = [...lines].reverse().find((l) => l.text.trim() !== '');
  if (!device || !last) return undefined;
  const mine = seen.filter((x) => x.device === device);
  const header = mine.filter((x) => x.port < 0).map((x) => x.key);
  const onePort = lines.some((l) => /(?:^|\s)(?:-i|--ib-port)\b/.test(promptCommand(l.text) ?? ''));
  const count = declared.get(device);
  return endOfBlocks(
    {
      device,
      header,
      ports: device.ports.map((p, i) => ({
        port: p,
        keys: mine.filter((x) => x.port === i && x.key !== 'port').map((x) => x.key),
      })),
      endsInLastPort: mine.at(-1)?.no === last.no && mine.at(-1)?.port === device.ports.length - 1,
      ...(count !== undefined && !onePort ? { declared: count } : {}),
    },
    { header: DEVICE_ORDER, port: header.includes('max_mr_size') ? VERBOSE_PORT_ORDER : PORT_ORDER },
    (key) => key,
  );
}

/** ibv_devinfo's key spellings (libibverbs devinfo.c) of the common port fields; phys_state only -v prints. */
/** Device attributes only `ibv_devinfo -v` prints (libibverbs/examples/devinfo.c print_hca_cap, before the ports). */
const DEVICE_CAP_KEYS =
  /^(?:max_[a-z_]+|page_size_cap|device_cap_flags|device_cap_exp_flags|atomic_cap|local_ca_ack_delay)$/;

/**
 * The device a line starts when the paste has shown no `hca_id:` line yet (issue 38, P1): the paste starts inside a
 * device's block, whose name is not shown. A `port:` line starts a port block of that device; a port's state line
 * with neither (a fragment of `ibv_devinfo -v`) one port, not numbered; a header line (transport … phys_port_cnt)
 * the device whose header it is, which it still describes (vendor_id 0x1d0f is Amazon's EFA); a device attribute
 * of `-v` (max_qp, atomic_cap …) a device shown only in part. A tail of MTU/LID lines alone says nothing: undefined.
 */
function startHeadless(
  key: string,
  value: string,
): { device: IbDevice; port?: IbPort; verbose?: true } | undefined {
  const device: IbDevice = { name: HCA_NOT_SHOWN, ports: [] };
  if (key === 'port' && /^\d+$/.test(value)) return { device };
  if (PORT_STATE_KEYS.test(key) && /^[A-Z_]+ \(\d+\)$/.test(value)) {
    const port: IbPort = { device: device.name, port: 1, state: 'not-shown', implicit: true };
    device.ports.push(port);
    return { device, port };
  }
  if (DEVICE_HEADER_KEYS.test(key)) return { device };
  if (DEVICE_CAP_KEYS.test(key)) return { device, verbose: true };
  return undefined;
}

/**
 * The lines of a device's header, printed after `hca_id:` and before its first `port:` (libibverbs devinfo.c
 * print_hca_cap: transport, fw_ver, node_guid, sys_image_guid, vendor_id, vendor_part_id, hw_ver, board_id,
 * phys_port_cnt).
 */
const DEVICE_HEADER_KEYS =
  /^(?:transport|fw_ver|node_guid|sys_image_guid|vendor_id|vendor_part_id|hw_ver|board_id|phys_port_cnt)$/;

/** A port block's state keys (libibverbs devinfo.c print_hca_cap: `state:\tPORT_ACTIVE (4)`, with -v `phys_state:\tLINK_UP (5)`). */
const PORT_STATE_KEYS = /^(?:state|phys_state)$/;

/** The device name given to a port block whose `hca_id:` line is not in the paste. */
export const HCA_NOT_SHOWN = '(hca_id not shown)';

const FIELDS: Readonly<Record<string, CommonPortField>> = {
  state: 'state',
  sm_lid: 'smLid',
  port_lid: 'lid',
  link_layer: 'linkLayer',
  phys_state: 'physState',
};

/** Sets a port field; returns true for fields only -v prints. */
function setPortField(port: IbPort, key: string, value: string): boolean {
  const common = FIELDS[key];
  if (common) {
    setCommonPortField(port, common, value);
    return common === 'physState';
  }
  switch (key) {
    case 'active_width': {
      const w = devinfoWidth(value);
      if (w !== undefined) port.width = w;
      return true;
    }
    case 'active_speed': {
      // Per lane: "50.0 Gbps (64)"; a down port prints "invalid speed (0)".
      const s = devinfoLaneSpeed(value);
      if (s !== undefined) port.laneGbps = s;
      return true;
    }
    default:
      return false;
  }
}
