import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 3 (what the paste's context says): ib_mthca is the InfiniHost HCAs' verbs driver
 * (drivers/infiniband/hw/mthca, module ib_mthca), so an Oops whose first module frame is in it is a crash inside
 * an RDMA device driver, as one in mlx4_ib or mlx5_ib is.
 */
describe('dmesg: the InfiniHost driver ib_mthca is an RDMA device driver', () => {
  it('an arm64 Oops with its pc in ib_mthca fails nic.driver', () => {
    const out = `[    6.258309] ib_mthca 0000:01:00.0: HCA FW version 5.1.000 is old (5.3.000 is current).
[    6.399038] Unable to handle kernel NULL pointer dereference at virtual address 0000000000000010
[    6.453819] Internal error: Oops: 0000000096000004 [#1] SMP
[    6.486670] Workqueue: ib-comp-unb-wq ib_cq_poll_work [ib_core]
[    6.499624] pc : mthca_poll_cq+0x4f0/0x9a0 [ib_mthca]
`;
    const d = readPasted('dmesg', out, { expect: 'any' }).checks.find((c) => c.id === 'nic.driver');
    expect(d?.status).toBe('fail');
    expect(d?.detail).toMatch(/inside ib_mthca/);
  });

  it('ib_mthca in lsmod is a hardware RDMA driver, not software RDMA only', () => {
    const lsmod = `Module                  Size  Used by
ib_mthca              143360  0
ib_uverbs             184320  1 ib_mthca
ib_core               442368  2 ib_mthca,ib_uverbs
`;
    const checks = readPasted('lsmod', lsmod, { expect: 'any' }).checks;
    expect(checks.find((c) => c.id === 'rdma.hardware')?.status).not.toBe('fail');
  });
});
