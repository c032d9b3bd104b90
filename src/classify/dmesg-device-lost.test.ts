import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 4 (a failure with no summary line): Broadcom's firmware channel refusing or timing out a
 * command (bnxt_re's qplib `QPLIB: cmdq[…]=… status/timedout`, then `Failed to allocate HW AH`), mlx5_load failing
 * (`mlx5_load:<line>:(pid <n>): Failed to alloc IRQs`) and mlx5's health recovery giving up (`health recovery flow
 * aborted, PCI reads still not working`) leave the device without working RDMA.
 */
const lines = (checks: Check[]) =>
  checks.filter((c) => c.id !== 'read.input').map((c) => `${c.status} ${c.id}`);
const read = (out: string) => lines(readPasted('dmesg', out, { expect: 'any' }).checks);

describe('dmesg: a device whose commands fail or that is lost', () => {
  it("bnxt_re's firmware channel refusing a command and the verb that then fails fail nic.command", () => {
    const out = `[  476.320742] bnxt_en 0000:3b:00.0: QPLIB: cmdq[0x1a2]=0x15 status 0x5
[  476.327103] infiniband bnxt_re1: Failed to allocate HW AH
`;
    expect(read(out)).toContain('fail nic.command');
  });

  it('a qplib command that timed out fails nic.command', () => {
    expect(
      read('[  102.405967] bnxt_en 0000:3b:00.1: QPLIB: cmdq[0x41d]=0x3 timedout (20000)msec\n'),
    ).toContain('fail nic.command');
  });

  it('a qplib command with status 0 is not a failure', () => {
    expect(read('[  10.000001] bnxt_en 0000:3b:00.1: QPLIB: cmdq[0x41d]=0x3 status 0x0\n')).not.toContain(
      'fail nic.command',
    );
  });

  it('mlx5_load failing, its line wrapped after "Failed", fails nic.driver', () => {
    const out = `[   27.158991] mlx5_core 0001:00:00.0: mlx5_load:1355:(pid 998): Failed
to alloc IRQs
`;
    expect(read(out)).toContain('fail nic.driver');
  });

  it("mlx5's health recovery giving up fails nic.driver", () => {
    const out =
      '[ 85.863494] mlx5_core 0004:01:00.1: mlx5_health_try_recover:338:(pid 2239): health recovery flow aborted, PCI reads still not working\n';
    expect(read(out)).toContain('fail nic.driver');
  });
});
