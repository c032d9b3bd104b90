import { type Check, check } from '../core/model.js';
import type { DmesgPeermemResult } from '../parsers/dmesg-peermem.js';

/**
 * DMA the kernel says failed (issue 38, principle 4: a failure with no summary line after it; parsers/dmesg-dma.ts):
 * a buffer the NIC could not pin to register is RDMA that fails on it (KV buffers, host or GPU, are registered
 * the same way); an IOMMU page fault of a GPU or an RDMA NIC is a transfer of that device the IOMMU refused,
 * which is what peer-to-peer and GPUDirect RDMA transfers hit when the IOMMU is not in passthrough. Both fail.
 */
export function dmaFaults(r: DmesgPeermemResult): Check[] {
  const out: Check[] = [];
  const strip = (t: string) => t.replace(/^(?:\[[^\]]*\]\s*|[A-Z][a-z]{2} +\d+ [\d:]+ \S+ kernel:\s*)/, '');
  const register = (r.dma ?? []).filter((d) => d.kind === 'register');
  const first = register[0];
  if (first) {
    const devices = [...new Set(register.flatMap((d) => d.device ?? []))];
    out.push(
      check(
        'nic.register',
        'fail',
        `${devices.length ? devices.join(', ') : 'the NIC'} could not pin a buffer to register it (${register.length} line(s), first at line ${first.line}: ${strip(first.text)}): RDMA on that memory fails`,
        {
          ...(devices.length ? { subject: devices.join(', ') } : {}),
          fix: "check the process's locked-memory limit (`ulimit -l`), and for GPU buffers the peer-memory module (`nvidia_peermem`) or DMA-BUF registration; an IOMMU fault beside it points at the IOMMU",
          data: { devices },
        },
      ),
    );
  }
  const iommu = (r.dma ?? []).filter((d) => d.kind === 'iommu');
  for (const gpu of [true, false]) {
    const mine = iommu.filter((d) => (d.driver === 'nvidia') === gpu);
    const one = mine[0];
    if (!one) continue;
    const devices = [...new Set(mine.flatMap((d) => d.device ?? []))];
    out.push(
      check(
        gpu ? 'gpu.iommu' : 'nic.iommu',
        'fail',
        `the IOMMU refused DMA of ${gpu ? 'GPU' : one.driver} ${devices.join(', ')} (${mine.length} IO_PAGE_FAULT line(s), first at line ${one.line}: ${strip(one.text)}): ${gpu ? 'peer-to-peer and GPUDirect RDMA transfers of that GPU fail' : 'RDMA transfers of that NIC fail'}`,
        {
          subject: devices.join(', '),
          fix: 'put the IOMMU in passthrough for these devices (`iommu=pt`, `amd_iommu=pt`) or disable it for GPU/NIC peer traffic, and check PCIe ACS on the path between the GPU and the NIC',
          data: { devices, driver: one.driver },
        },
      ),
    );
  }
  return out;
}
