import { type Check, check } from '../core/model.js';
import { KV_FAIL_BELOW_GBPS } from '../judge/port-speeds.js';
import type { DmesgPeermemResult } from '../parsers/dmesg-peermem.js';

/**
 * A NIC's PCIe link as the kernel reports it (issue 38, principle 5: severity follows the consequence). A link
 * that leaves the device less than the bandwidth an RDMA port needs for KV transfer (under 50 Gb/s, the
 * ports' own fail line, judge/port-speeds.ts) caps every transfer through that NIC under the 5 GB/s cross-node
 * floor, whatever its port negotiates: a failure. A link trained below what the device can do (`limited by`,
 * mlx4's `device supports`) but still above that line: a warning (a slot or riser holding the card back).
 */
export function nicPcie(r: DmesgPeermemResult): Check[] {
  const out: Check[] = [];
  for (const p of r.nic?.pcie ?? []) {
    const gbytes = Math.round((p.gbps / 8) * 10) / 10;
    const data = { device: p.device, gbps: p.gbps, ...(p.limited ? { limited: true } : {}) };
    if (p.gbps < KV_FAIL_BELOW_GBPS)
      out.push(
        check(
          'nic.pcie',
          'fail',
          `the NIC's PCIe link leaves it ${p.gbps} Gb/s (${gbytes} GB/s, line ${p.line}): every transfer through it stays under the 5 GB/s cross-node KV floor`,
          {
            subject: p.device,
            fix: 'seat the NIC in a PCIe Gen3 x16 (or faster) slot wired to its CPU, or carry KV on another NIC; `lspci -vv` LnkSta shows the trained link',
            data,
          },
        ),
      );
    else if (p.limited)
      out.push(
        check(
          'nic.pcie',
          'warn',
          `the NIC's PCIe link trained below what the device can do: ${p.gbps} Gb/s available (line ${p.line})`,
          {
            subject: p.device,
            fix: 'check the slot width and generation (BIOS, riser) against the card; `lspci -vv` LnkCap/LnkSta',
            data,
          },
        ),
      );
  }
  return out;
}
