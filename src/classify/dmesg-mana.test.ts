import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 3 (what the paste's context says): Azure MANA's Ethernet driver `mana` carries the device
 * that mana_ib's RDMA verbs run on, as bnxt_en does for bnxt_re; its hardware channel timing out means the device
 * cannot create queues, as mlx5's or Broadcom's command timeouts do.
 */
const failed = (out: string) =>
  readPasted('dmesg', out, { expect: 'any' })
    .checks.filter((c) => c.status === 'fail')
    .map((c) => c.id);

describe('dmesg: Azure MANA hardware-channel timeouts', () => {
  it('HWC: Request timed out and a failed mana message fail the device', () => {
    const out = `[  528.610840] mana 39d4:00:02.0: HWC: Request timed out!
[  528.614452] mana 39d4:00:02.0: Failed to send mana message: -110, 0x0
[  528.618326] mana 39d4:00:02.0 enP14804s2: Failed to create WQ object: -110
`;
    expect(failed(out).length).toBeGreaterThan(0);
  });

  it("MANA's ordinary vPort lines are not a failure", () => {
    const out = `[   10.000001] mana 7870:00:00.0: Microsoft Azure Network Adapter protocol version: 0.1.1
[   10.000002] mana 7870:00:00.0 enP30832s1: Configured vPort 0 PD 18 DB 16
`;
    expect(failed(out)).toEqual([]);
  });
});
