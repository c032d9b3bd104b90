import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 4 (a failure with no summary line): kernel/watchdog.c's `BUG: soft lockup - CPU#<n> stuck
 * for <n>s!` and kernel/panic.c's `Kernel panic - not syncing:` are the kernel's own reports of a stuck CPU and of a
 * node going down; when the trace after them runs through the RDMA stack, RDMA is what hangs the node.
 */
const driver = (out: string) =>
  readPasted('dmesg', out, { expect: 'any' }).checks.find((c) => c.id === 'nic.driver');

describe('dmesg: lockups and panics inside the RDMA stack', () => {
  it('a soft lockup whose trace runs through ib_core and mlx5_ib fails nic.driver', () => {
    const out = `[9793445.031306] watchdog: BUG: soft lockup - CPU#44 stuck for 26s! [python3:73464]
[9793445.032792] Kernel panic - not syncing: softlockup: hung tasks
[9793445.036500] Call Trace:
[9793445.037339]  show_stack+0x52/0x5c
[9793445.039024]  panic+0x15c/0x33b
[9793445.046138] RIP: 0010:free_unref_page+0xff/0x190
[9793445.058344]  __ib_umem_release+0x57/0xb0 [ib_core]
[9793445.059916]  mlx5_ib_dereg_mr+0x2e9/0x440 [mlx5_ib]
`;
    const d = driver(out);
    expect(d?.status).toBe('fail');
    expect(d?.detail).toMatch(/inside ib_core \(line 1: watchdog: BUG: soft lockup/);
  });

  it('a panic whose trace runs through other modules only is left alone', () => {
    const out = `[  900.000001] Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)
[  900.000010] Call Trace:
[  900.000020]  mount_block_root+0x1f8/0x2b0
[  900.000030]  ext4_fill_super+0x3a1/0x1a00 [ext4]
`;
    expect(driver(out)?.status).not.toBe('fail');
  });
});
