/**
 * NIC driver lines of a kernel log that the timestamp readers of dmesg-peermem.ts do not cover
 * (references/read-evidence.md, "NIC driver lines without a timestamp, mlx4 carrier and PCIe bandwidth").
 */

import { BDF } from './dmesg-forms.js';
import { promptCommand } from './lines.js';

/** GPU, NIC and RDMA drivers whose own prints the dmesg readers take (their module names). */
const DRIVERS =
  '(?:mlx4_core|mlx4_en|mlx4_ib|mlx5_core|mlx5_ib|bnxt_en|bnxt_re|irdma|ice|efa|qede|qedr|ionic|nvidia)';

/**
 * A GPU, NIC or RDMA driver's own print prefix, which its lines keep when the log is pasted without the kernel's
 * timestamp (`dmesg -t`, a console copy, a page that dropped the stamps): dev_printk's `<driver> <pci address>[
 * <netdev>]: ` (include/linux/dev_printk.h, drivers/base/core.c: the driver name, then dev_name()), a driver's
 * `pr_fmt` `<driver>: ` (mlx4_core, mlx4_en's en_print `mlx4_en: <netdev>: `), mlx4_ib's `<mlx4_ib> ` and
 * ibdev_printk's `infiniband <dev>: ` (drivers/infiniband/core/device.c). One pattern for every dmesg reader.
 */
export const DRIVER_PRINT = new RegExp(
  String.raw`^(?:<(?:mlx4_ib|mlx5_ib)> |${DRIVERS}(?: ${BDF}(?: \S+)?)?: \S|infiniband [\w-]+: )`,
  'i',
);

/**
 * mlx4_en's carrier change (drivers/net/ethernet/mellanox/mlx4/en_netdev.c mlx4_en_linkstate:
 * `en_info(priv, "Link Up\n")` / `"Link Down\n"`, printed behind en_print's `mlx4_en: <netdev>: `).
 */
const MLX4_LINK = /\bmlx4_en: (\S+): Link (Up|Down)\s*$/i;

/** A NIC's PCIe link as the kernel reports it: the bandwidth it leaves the device, in Gb/s. */
export interface PcieLink {
  line: number;
  device: string;
  gbps: number;
  /** The link trained below what the device is capable of (`limited by …`, `device supports …`). */
  limited?: true;
}

/**
 * drivers/pci/pci.c __pcie_print_link_status: `%u.%03u Gb/s available PCIe bandwidth (%s x%d link)`, or
 * `…, limited by %s x%d link at %s (capable of %u.%03u Gb/s with %s x%d link)` when the slot holds it back.
 */
const PCIE_STATUS = new RegExp(
  String.raw`\b(?:mlx[45]_core|bnxt_en|ice|irdma|efa) (${BDF}): ([\d.]+) Gb\/s available PCIe bandwidth(, limited by)?`,
);
/**
 * mlx4's own report (drivers/net/ethernet/mellanox/mlx4/main.c mlx4_check_pcie_caps): `PCIe link speed is %s,
 * device supports %s` and `PCIe link width is x%d, device supports x%d`.
 */
const MLX4_SPEED = new RegExp(
  String.raw`\bmlx4_core (${BDF}): PCIe link speed is ([\d.]+) ?GT\/s, device supports ([\d.]+) ?GT\/s`,
);
const MLX4_WIDTH = new RegExp(
  String.raw`\bmlx4_core (${BDF}): PCIe link width is x(\d+), device supports x(\d+)`,
);

/** Gb/s of data per lane at a PCIe rate (drivers/pci/pci.h PCIE_SPEED2MBS_ENC: 8b/10b to 5 GT/s, 128b/130b after). */
function laneGbps(gts: number): number {
  return gts <= 5 ? gts * 0.8 : (gts * 128) / 130;
}

export interface NicPrints {
  links: { line: number; netdev: string; up: boolean }[];
  pcie: PcieLink[];
}

/**
 * A log's mlx4 carrier changes and NIC PCIe reports, on its kernel lines (a timestamp `kernel` matches, or a driver's
 * own print prefix): the carrier changes join the log's link events per net device (mlx4 names no PCI function).
 */
export function readNicPrints(
  lines: readonly { no: number; text: string }[],
  r: { links?: { line: number; device: string; up: boolean }[]; nic?: NicPrints },
  kernel: RegExp,
): void {
  const prints: NicPrints = { links: [], pcie: [] };
  const speeds = new Map<string, number[]>();
  for (const l of lines) {
    const t = l.text.trim();
    if (kernel.test(t) || DRIVER_PRINT.test(t)) readNicPrint(t, l.no, prints, speeds);
  }
  for (const e of prints.links) {
    r.links ??= [];
    r.links.push({ line: e.line, device: e.netdev, up: e.up });
  }
  if (prints.pcie.length) r.nic = prints;
}

function readNicPrint(t: string, no: number, into: NicPrints, speeds: Map<string, number[]>): boolean {
  const link = MLX4_LINK.exec(t);
  if (link) {
    into.links.push({ line: no, netdev: link[1] as string, up: /^up$/i.test(link[2] as string) });
    return true;
  }
  const status = PCIE_STATUS.exec(t);
  if (status) {
    into.pcie.push({
      line: no,
      device: status[1] as string,
      gbps: Number(status[2]),
      ...(status[3] ? { limited: true as const } : {}),
    });
    return true;
  }
  const speed = MLX4_SPEED.exec(t);
  if (speed) {
    speeds.set(speed[1] as string, [Number(speed[2]), Number(speed[3])]);
    return true;
  }
  const width = MLX4_WIDTH.exec(t);
  const at = width ? speeds.get(width[1] as string) : undefined;
  if (width && at) {
    const [gts, maxGts] = at as [number, number];
    const lanes = Number(width[2]);
    into.pcie.push({
      line: no,
      device: width[1] as string,
      gbps: Math.round(laneGbps(gts) * lanes * 1000) / 1000,
      ...(gts < maxGts || lanes < Number(width[3]) ? { limited: true as const } : {}),
    });
    return true;
  }
  return false;
}

/**
 * A kernel line that holds only its driver's device prefix (`mlx5_core 0000:d8:00.0:`, `infiniband mlx5_0:`): a mail
 * or a narrow terminal wrapped its message onto the next lines, which carry no timestamp of their own. They are
 * read back onto it (issue 38 principle 1), up to three, stopping at a blank or stamped line.
 */
const PREFIX_ONLY = new RegExp(String.raw`(?:\b${DRIVERS} ${BDF}|\binfiniband \S+?):\s*$`, 'i');
const STAMPED = /^\s*(?:\[\s*\d+\.\d+\]|[A-Z][a-z]{2} +\d+ \d\d:\d\d|\d{4}-\d\d-\d\d[T ])/;
export function unwrapMessages<L extends { no: number; text: string }>(lines: readonly L[]): L[] {
  const out: L[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as L;
    if (!PREFIX_ONLY.test(l.text)) {
      out.push(l);
      continue;
    }
    let text = l.text.trimEnd();
    let j = i + 1;
    for (; j < lines.length && j <= i + 3; j++) {
      const next = (lines[j] as L).text;
      if (next.trim() === '' || STAMPED.test(next) || promptCommand(next) !== undefined) break;
      text = `${text} ${next.trim()}`;
    }
    out.push({ ...l, text });
    i = j - 1;
  }
  return out;
}
