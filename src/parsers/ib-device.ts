import type { DeviceKind, IbDevice } from './ib-port.js';

export type { DeviceKind };

/**
 * What an RDMA device is, from what ibstat / ibstatus / ibv_devinfo print about it.
 * Sources (references/rdma-devices.md): the Linux soft drivers' vendor ids (rxe
 * `RXE_VENDOR_ID = 0XFFFFFF` in drivers/infiniband/sw/rxe/rxe_param.h, siw
 * `SIW_VENDOR_ID 0x626d74` in drivers/infiniband/sw/siw/siw.h), rdma-core's
 * provider match tables (providers/rxe/rxe.c `VERBS_NAME_MATCH("rxe")`,
 * providers/efa/efa.c vendor 0x1d0f parts 0xefa0-0xefa4, providers/mlx4/mlx4.c and
 * providers/mlx5/mlx5.c for the Virtual Function device ids).
 */

const RXE_VENDOR_ID = 0xffffff;
const SIW_VENDOR_ID = 0x626d74;
const AMAZON_VENDOR_ID = 0x1d0f;
/** EFA PCI device ids 0xefa0-0xefa4 as ibv_devinfo's decimal vendor_part_id (rdma-core providers/efa/efa.c L22-26). */
const EFA_PARTS = new Set([0xefa0, 0xefa1, 0xefa2, 0xefa3, 0xefa4]);

/**
 * Mellanox/NVIDIA SR-IOV Virtual Function device ids, decimal as ibv_devinfo's
 * vendor_part_id and ibstat's "CA type: MT<id>" print them (rdma-core
 * providers/mlx4/mlx4.c L67-69, providers/mlx5/mlx5.c L70-90).
 */
const VF_PARTS: Readonly<Record<number, string>> = {
  4098: 'ConnectX-2 Virtual Function',
  4100: 'ConnectX-3 Virtual Function',
  4114: 'Connect-IB Virtual Function',
  4116: 'ConnectX-4 Virtual Function',
  4118: 'ConnectX-4 Lx Virtual Function',
  4120: 'ConnectX-5 Virtual Function',
  4122: 'ConnectX-5 Ex Virtual Function',
  4124: 'ConnectX-6 Virtual Function',
  4126: 'ConnectX family mlx5Gen Virtual Function',
  41683: 'BlueField ConnectX-5 Virtual Function',
};

/** "MT4124" (ibstat CA type) or "4124" (ibv_devinfo vendor_part_id) → 4124. */
function partNumber(model: string | undefined): number | undefined {
  const m = /^(?:MT)?(\d+)$/i.exec(model?.trim() ?? '');
  return m ? Number(m[1]) : undefined;
}

function vendorNumber(vendorId: string | undefined): number | undefined {
  const t = vendorId?.trim() ?? '';
  return /^0x[0-9a-f]+$/i.test(t) ? Number.parseInt(t, 16) : undefined;
}

/** A soft driver's name inside a device name: rxe0, rxe_eth0, eth0_rxe, siw0, siw_lo (`rdma link add NAME type rxe|siw`). */
function nameHas(name: string, driver: string): boolean {
  return new RegExp(`(^|[_-])${driver}(\\d|[_-]|$)`, 'i').test(name);
}

/**
 * What a device name alone says: a soft driver's name (rxe, siw, and pib, the out-of-tree pseudo
 * InfiniBand HCA whose devices are pib_0, pib_1: nminoru/pib) is software RDMA whatever else is printed.
 */
export function softwareByName(name: string): DeviceKind | undefined {
  if (nameHas(name, 'siw')) return 'soft-iwarp';
  if (nameHas(name, 'rxe')) return 'soft-roce';
  if (nameHas(name, 'pib')) return 'software';
  return undefined;
}

/**
 * Device names the kernel gives only to an RDMA hardware driver, whatever vendor id or firmware it reports: the
 * NetEffect/Intel NE020 iWARP RNIC (iw_nes, `nes%d`, node type RDMA_NODE_RNIC, in the kernel until 5.3) prints
 * vendor_id 0x0000 and no fw_ver in ibv_devinfo, which the zeroed-vendor rule below would take for software.
 */
const HARDWARE_NAME = /^nes\d+$/;

export function deviceKind(d: IbDevice): DeviceKind {
  const vendor = vendorNumber(d.vendorId);
  const part = partNumber(d.model);
  if (
    vendor === AMAZON_VENDOR_ID ||
    /^efa_?\d+$/i.test(d.name) ||
    (part !== undefined && EFA_PARTS.has(part) && vendor === undefined) ||
    /^0xefa[0-9a-f]$/i.test(d.hwVersion ?? '')
  )
    return 'efa';
  // ibstat of EFA under a persistent name (rdmap16s27): no CA type, no firmware, link layer
  // "Unknown" (efa_port_link_layer is unspecified; sysfs prints Unknown).
  if (
    d.model === '' &&
    d.firmware === '' &&
    d.ports.length > 0 &&
    d.ports.every((p) => p.linkLayer === 'Unspecified')
  )
    return 'efa';
  if (vendor === SIW_VENDOR_ID) return 'soft-iwarp';
  if (vendor === RXE_VENDOR_ID) return 'soft-roce';
  const byName = softwareByName(d.name);
  if (byName) return byName;
  if (HARDWARE_NAME.test(d.name)) return 'hardware';
  // Real HCAs always carry a PCI vendor id and a firmware version.
  if (vendor === 0 && (d.firmware === undefined || /^0(\.0)*$/.test(d.firmware))) return 'software';
  // ibstat prints "CA type:" and "Firmware version:" empty for a device with no hardware behind it;
  // with an Ethernet link layer that is rxe or siw under another name (EFA's link layer is unspecified).
  if (
    d.model === '' &&
    d.firmware === '' &&
    d.ports.length > 0 &&
    d.ports.every((p) => p.linkLayer === 'Ethernet')
  )
    return 'software';
  return 'hardware';
}

/** "ConnectX-6 Virtual Function" when the device is an SR-IOV VF, else undefined. */
export function virtualFunction(d: IbDevice): string | undefined {
  const part = partNumber(d.model);
  return part === undefined ? undefined : VF_PARTS[part];
}

/**
 * Sets each device's kind (and its VF name) on it and its ports, so a port judged on
 * its own (judgePort) knows what it belongs to; plain hardware is left unmarked.
 * Called by each parser on what it read.
 */
export function annotateDevices(devices: IbDevice[]): void {
  for (const d of devices) {
    const kind = deviceKind(d);
    const vf = virtualFunction(d);
    if (kind === 'hardware' && !vf) continue;
    const mark = { ...(kind !== 'hardware' ? { kind } : {}), ...(vf ? { vf } : {}) };
    Object.assign(d, mark);
    d.ports = d.ports.map((p) => ({ ...p, ...mark }));
  }
}
