import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';

/**
 * A GPU or RDMA NIC driver's kernel line pasted without its timestamp (`dmesg | grep -i mlx` from a page that
 * dropped the stamps, `dmesg -t`): `dev_err()` prints the driver and the PCI function before the message
 * (include/linux/dev_printk.h), so the line is a kernel line, read and judged, never refused (issue 38, principle 1).
 */
describe('dmesg: a driver line without its timestamp', () => {
  it('is a kernel line: no exit 2, the peer-memory module not shown', () => {
    const c = readPasted(
      'dmesg',
      "mlx4_core 0000:03:00.0: Driver doesn't support SRIOV configuration via sysfs.\n",
      {
        expect: 'any',
      },
    ).checks;
    expect(c.map((x) => `${x.id} ${x.status}`)).toEqual(['gdr.peermem skipped']);
  });

  it('a line of some other program is still not taken for one', () => {
    expect(() => readPasted('dmesg', 'hello 0000:03:00.0: not a driver\n', { expect: 'any' })).toThrow();
  });
});
