/**
 * Kernel log lines that say a GPU's or an RDMA NIC's DMA failed, with no summary line after them (issue 38,
 * principle 4). Sources in references/read-evidence.md ("DMA that fails in the kernel log", b52).
 */

import { BDF } from './dmesg-forms.js';

/** The GPU and RDMA NIC drivers whose devices' IOMMU faults are read (`dev_*()` prints the driver, then the PCI function). */
const DRIVER = '(?:mlx5_core|mlx4_core|bnxt_en|bnxt_re|irdma|ice|efa|qede|qedr|ionic|nvidia)';

export interface DmaFault {
  line: number;
  /**
   * `register`: the NIC could not pin a user buffer to register it (mlx5_ib's `umem get failed`, ib_umem_get's
   * `failed to get user pages`); `iommu`: the IOMMU refused a DMA of a GPU or NIC (AMD-Vi `IO_PAGE_FAULT`).
   */
  kind: 'register' | 'iommu';
  /** The RDMA device (`mlx5_0`) or PCI function the line names, when it names one. */
  device?: string;
  /** The driver that owns the device, for an IOMMU fault (`nvidia`, `mlx5_core`). */
  driver?: string;
  text: string;
}

/**
 * mlx5_ib's failure to pin the pages of a memory region (drivers/infiniband/hw/mlx5/mr.c mr_umem_get /
 * mlx5_ib_reg_user_mr: `mlx5_ib_warn(dev, "umem get failed (%ld)\n", PTR_ERR(umem))`, printed behind
 * `mlx5_warn:<dev>:<function>:<line>:(pid <n>): ` or `<dev>:<function>:<line>:(pid <n>): `, newer kernels
 * `infiniband <dev>: <function>:<line>:(pid <n>): `), and the umem core's `ib_umem_get: failed to get user pages`
 * (MLNX_OFED's drivers/infiniband/core/umem.c): the buffer could not be registered, so RDMA on it fails.
 */
const REGISTER =
  /(?:\binfiniband (\S+?): |\b(?:mlx5_warn|mlx5_err|mlx5_dbg):(\w+):|\b(mlx5_\d+):)?\w+:\d+:\(pid \d+\): umem get failed\b|\bib_umem_get: failed to get user pages\b/;
/**
 * The AMD IOMMU refusing a device's DMA (drivers/iommu/amd/iommu.c amd_iommu_report_page_fault: `pci_err(pdev,
 * "Event logged [IO_PAGE_FAULT domain=0x%04x address=0x%llx flags=0x%04x]\n", …)` behind `AMD-Vi: `, so the line
 * starts with the owning driver and the PCI function): a GPU's or NIC's transfer to an address the IOMMU has not
 * mapped for it, which is what peer-to-peer and GPUDirect RDMA transfers hit when the IOMMU is not in passthrough.
 */
const IOMMU = new RegExp(
  String.raw`\b(${DRIVER}) (${BDF}): (?:\S+: )?AMD-Vi: Event logged \[IO_PAGE_FAULT\b`,
  'i',
);

export function dmaFault(text: string): Omit<DmaFault, 'line'> | undefined {
  const reg = REGISTER.exec(text);
  if (reg) {
    const device = reg[1] ?? reg[2] ?? reg[3];
    return { kind: 'register', ...(device ? { device } : {}), text };
  }
  const io = IOMMU.exec(text);
  if (io) return { kind: 'iommu', driver: (io[1] as string).toLowerCase(), device: io[2] as string, text };
  return undefined;
}

/** Records the line's DMA failure on the result, if it is one; true when it was. */
export function pushDma(r: { dma?: DmaFault[] }, line: number, text: string): boolean {
  const fault = dmaFault(text);
  if (!fault) return false;
  r.dma ??= [];
  r.dma.push({ line, ...fault });
  return true;
}
