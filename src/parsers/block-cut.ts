import type { IbDevice, IbPort } from './ib-port.js';

/**
 * Where a paste of ibstat, ibstatus or ibv_devinfo stops inside a device's output (issue 38, P2): inside
 * port `port`'s block before `before`, or, with `between`, after that block whole, before the port blocks
 * the device's own count promises. What the tool prints after the cut (that port's other lines, the
 * device's other ports, the devices after it) is not shown.
 */
export interface BlockCut {
  device: string;
  port: number;
  before: string;
  between?: true;
}

/** How a reader names the cut: "it ends inside port 1 of mlx5_0, before its `Physical state:` line". */
export function blockCutText(e: BlockCut): string {
  return e.between
    ? `it ends after port ${e.port} of ${e.device}, before ${e.before}`
    : `it ends inside port ${e.port} of ${e.device}, before ${e.before}`;
}

/**
 * The lines a tool prints for one block, whole and in this order, as their keys (lower case, before the
 * `:`); a key ending in `?` is one the tool prints only sometimes (an optional field, an older version).
 */
export type LineOrder = readonly string[];

/** What a parser saw of the paste's last device, in the order of the paste. */
export interface ShownDevice {
  device: IbDevice;
  /** The keys of the device's own lines before its first port block, or undefined where the tool prints none. */
  header?: readonly string[];
  /** Its port blocks, each with the keys it shows. */
  ports: readonly { port: IbPort; keys: readonly string[] }[];
  /** The paste's last line (a prompt, a note, an error or a `...` is not) is a line of the last port block. */
  endsInLastPort: boolean;
  /** The number of ports the device's header declares (ibstat `Number of ports:`, ibv_devinfo `phys_port_cnt:`). */
  declared?: number;
  /**
   * Where the tool prints no device header (ibstatus: a header line per port), the keys of the paste's port
   * blocks before this device's: a selection (`ibstatus | grep -A4 device`) trims each alike, so each must be whole.
   */
  before?: readonly (readonly string[])[];
}

/**
 * The tools print every block whole and in a fixed order (infiniband-diags ibstat.c ca_dump/port_dump,
 * the ibstatus script's port_status, libibverbs devinfo.c print_hca_cap). A paste whose last port block
 * shows its lines whole from the first, then stops before a line the tool always prints after them, ends
 * inside that block; one whose last block is whole but whose device declares more ports than it shows
 * ends between them. Both only when everything before it in that device is shown whole too (the device's
 * header lines, its earlier ports, numbered from 1), so a selection (`ibv_devinfo | grep -e hca_id -e
 * state`, `ibstat | grep -A4 Port`) never reads as a cut, and only when the paste's last line is the
 * block's (a paste that ends at the next prompt, or with a note, ends where its author chose).
 */
export function endOfBlocks(
  shown: ShownDevice,
  order: { header?: LineOrder; port: LineOrder },
  label: (key: string) => string,
): BlockCut | undefined {
  const last = shown.ports.at(-1);
  if (!shown.endsInLastPort || !last || last.port.implicit) return undefined;
  if (order.header && nextUnshown(order.header, shown.header ?? []) !== null) return undefined;
  const earlier = shown.ports.slice(0, -1);
  if (!shown.ports.every((p, i) => p.port.port === i + 1 && !p.port.implicit)) return undefined;
  if (
    [...(shown.before ?? []), ...earlier.map((p) => p.keys)].some((k) => nextUnshown(order.port, k) !== null)
  )
    return undefined;
  const at = { device: shown.device.name, port: last.port.port };
  const next = nextUnshown(order.port, last.keys);
  if (next) return { ...at, before: `its \`${label(next)}:\` line` };
  if (next === null && shown.declared !== undefined && shown.declared > shown.ports.length)
    return {
      ...at,
      before: `port ${shown.ports.length + 1} (it declares ${shown.declared} ports)`,
      between: true,
    };
  return undefined;
}

/**
 * The first line `order` always prints that `keys` (a block as shown, keys outside `order` left out) does
 * not show, when `keys` show the block whole from its first line up to there: a block cut there. Null when
 * the block is whole; undefined when it skips a line between two it shows or shows them out of order
 * (a selection, or a layout `order` does not know: never read as a cut).
 */
function nextUnshown(order: LineOrder, keys: readonly string[]): string | null | undefined {
  const names = order.map((k) => k.replace(/\?$/, ''));
  const required = order.map((k) => !k.endsWith('?'));
  let at = 0;
  for (const key of keys) {
    const i = names.indexOf(key, at);
    if (i < 0) {
      if (names.includes(key)) return undefined;
      continue;
    }
    if (required.slice(at, i).some(Boolean)) return undefined;
    at = i + 1;
  }
  const missing = required.indexOf(true, at);
  return missing < 0 ? null : names[missing];
}
