import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { rollUp } from '../core/verdict.js';
import { readPasted } from '../read/tools.js';

/**
 * DMA the kernel says failed, with no summary after it (issue 38, principle 4; parsers/dmesg-dma.ts): mlx5_ib's
 * `umem get failed` and ib_umem_get's `failed to get user pages` (a buffer the NIC could not pin to register)
 * fail `nic.register`; the AMD IOMMU's `IO_PAGE_FAULT` logged by a GPU's or RDMA NIC's driver (a transfer of that
 * device the IOMMU refused) fails `gpu.iommu` / `nic.iommu`.
 */
const read = (out: string) => readPasted('dmesg', out, { expect: 'any' }).checks;
const of = (c: Check[], id: string) => c.filter((x) => x.id === id).map((x) => `${x.status} ${x.detail}`);

describe('dmesg: DMA that failed', () => {
  it('mlx5_ib could not pin the pages of a region: nic.register fails, naming the device', () => {
    const c = read(
      [
        '[ 812.100001] ib_umem_get: failed to get user pages, nr_pages=256',
        '[ 812.100002] mlx5_1:mr_umem_get:702:(pid 4242): umem get failed (-14)',
        '',
      ].join('\n'),
    );
    expect(of(c, 'nic.register')).toHaveLength(1);
    expect(of(c, 'nic.register')[0]).toMatch(/^fail mlx5_1 could not pin a buffer to register it \(2 line/);
    expect(rollUp(c).status).toBe('untrusted');
  });

  it('the older `mlx5_warn:<dev>:` prefix and the newer `infiniband <dev>:` one are the same failure', () => {
    const older = read(
      '[ 1.000001] mlx5_warn:mlx5_3:mlx5_ib_reg_user_mr:1418:(pid 77): umem get failed (-12)\n',
    );
    const newer = read('[ 1.000001] infiniband mlx5_4: mr_umem_get:880:(pid 77): umem get failed (-12)\n');
    expect(of(older, 'nic.register')[0]).toMatch(/^fail mlx5_3 /);
    expect(of(newer, 'nic.register')[0]).toMatch(/^fail mlx5_4 /);
  });

  it("the AMD IOMMU refusing a GPU's DMA, in syslog's form: gpu.iommu fails for that GPU", () => {
    const c = read(
      [
        'Mar  2 10:00:01 node7 kernel: nvidia 0000:41:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0010 address=0x80001000 flags=0x0020]',
        'Mar  2 10:00:01 node7 kernel: nvidia 0000:41:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0010 address=0x80002000 flags=0x0020]',
        '',
      ].join('\n'),
    );
    expect(of(c, 'gpu.iommu')).toEqual([
      expect.stringMatching(/^fail the IOMMU refused DMA of GPU 0000:41:00\.0 \(2 IO_PAGE_FAULT/),
    ]);
    expect(of(c, 'nic.iommu')).toEqual([]);
  });

  it("the same fault logged by an RDMA NIC's driver fails nic.iommu; another device's (xhci) is not this reader's", () => {
    const nic = read(
      '[    9.500000] mlx5_core 0000:c1:00.1: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x002a address=0x0 flags=0x0000]\n',
    );
    expect(of(nic, 'nic.iommu')[0]).toMatch(/^fail the IOMMU refused DMA of mlx5_core 0000:c1:00\.1/);
    const usb = read(
      '[    9.500000] xhci_hcd 0000:02:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x000f address=0xff00 flags=0x0000]\n',
    );
    expect([...of(usb, 'nic.iommu'), ...of(usb, 'gpu.iommu')]).toEqual([]);
  });
});
