import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * Issue 38, principle 4 ("a module that cannot load"): kernel/module/main.c logs `<module>: Unknown symbol <sym>
 * (err <n>)` and `<module>: disagrees about version of symbol <sym>` when a module built against another ib_core
 * is inserted; the module is not loaded, so the RDMA device it would give does not exist.
 */
const lines = (checks: Check[]) =>
  checks.filter((c) => c.id !== 'read.input').map((c) => `${c.status} ${c.id}`);

describe('dmesg: an RDMA driver module that cannot load', () => {
  it('an RDMA driver with unknown symbols fails nic.driver, saying it cannot load', () => {
    const out = `$ dmesg | tail -n 3
[  812.100001] bnxt_re: Unknown symbol ib_register_device (err -2)
[  812.100007] bnxt_re: Unknown symbol ib_umem_get (err -2)
[  812.100012] bnxt_re: Unknown symbol rdma_user_mmap_io (err -2)
`;
    const checks = readPasted('dmesg', out, { expect: 'any' }).checks;
    expect(lines(checks)).toContain('fail nic.driver');
    expect(checks.find((c) => c.id === 'nic.driver')?.detail).toMatch(/^bnxt_re cannot load \(line 2: /);
  });

  it('a symbol version mismatch of the software RoCE driver is the same failure', () => {
    const out = `[   33.000001] rdma_rxe: disagrees about version of symbol ib_device_put
[   33.000020] rdma_rxe: Unknown symbol ib_device_put (err -22)
`;
    expect(lines(readPasted('dmesg', out, { expect: 'any' }).checks)).toContain('fail nic.driver');
  });

  it('a module outside the RDMA stack with unknown symbols is not an RDMA driver failure', () => {
    const out = `[   40.000001] zfs: Unknown symbol spl_panic (err -2)
[   40.000100] mlx5_core 0000:41:00.0: firmware version: 28.39.2048
`;
    expect(lines(readPasted('dmesg', out, { expect: 'any' }).checks)).not.toContain('fail nic.driver');
  });
});
