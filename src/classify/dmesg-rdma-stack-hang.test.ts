import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 4 (a failure with no summary line): kernel/hung_task.c's `INFO: task <comm>:<pid> blocked
 * for more than <n> seconds.` is a thread stuck where its call trace shows, and a crash or hang whose trace runs
 * through the RDMA stack (ib_core, rdma_cm, the verbs providers) breaks RDMA as one inside the NIC driver does.
 */
const lines = (checks: Check[]) =>
  checks.filter((c) => c.id !== 'read.input').map((c) => `${c.status} ${c.id}`);

describe('dmesg: hangs and crashes inside the RDMA stack', () => {
  it('a hung task stuck in a NIC driver fails nic.driver', () => {
    const out = `[  300.100000] INFO: task kworker/2:1:90 blocked for more than 122 seconds.
[  300.100010]       Not tainted 6.1.0 #1
[  300.100020] Call Trace:
[  300.100030]  <TASK>
[  300.100040]  __mutex_lock.constprop.0+0x216/0x400
[  300.100050]  bnxt_re_query_port+0x5c/0x120 [bnxt_re]
[  300.100060]  ib_query_port+0x16f/0x1f0 [ib_core]
`;
    const checks = readPasted('dmesg', out, { expect: 'any' }).checks;
    expect(lines(checks)).toContain('fail nic.driver');
    expect(checks.find((c) => c.id === 'nic.driver')?.detail).toMatch(/inside bnxt_re \(line 1: INFO: task/);
  });

  it('an Oops whose trace runs through rdma_cm fails nic.driver', () => {
    const out = `[  450.000001] BUG: kernel NULL pointer dereference, address: 00000000000000c8
[  450.000010] Oops: 0000 [#1] SMP PTI
[  450.000020] RIP: 0010:rdma_resolve_route+0x2e/0x90 [rdma_cm]
[  450.000030] Call Trace:
[  450.000040]  process_one_work+0x1a1/0x360
`;
    expect(lines(readPasted('dmesg', out, { expect: 'any' }).checks)).toContain('fail nic.driver');
  });

  it('a WARNING whose `at` ends the wrapped line and whose RIP is in ib_core fails nic.driver', () => {
    const out = `[  102.400000] WARNING: CPU: 4 PID: 70 at
drivers/infiniband/core/verbs.c:2656 __ib_drain_sq+0x143/0x190 [ib_core]
[  102.400100] RIP: 0010:__ib_drain_sq+0x143/0x190 [ib_core]
`;
    expect(lines(readPasted('dmesg', out, { expect: 'any' }).checks)).toContain('fail nic.driver');
  });

  it('a hung task whose trace runs through other modules only is left alone', () => {
    const out = `[  900.000001] INFO: task jbd2/sda1-8:400 blocked for more than 120 seconds.
[  900.000010] Call Trace:
[  900.000020]  jbd2_journal_commit_transaction+0x3a1/0x1a00 [jbd2]
[  900.000030] mlx5_core 0000:41:00.0: firmware version: 28.39.2048
`;
    expect(lines(readPasted('dmesg', out, { expect: 'any' }).checks)).not.toContain('fail nic.driver');
  });
});
