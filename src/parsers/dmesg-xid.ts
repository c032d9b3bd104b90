/**
 * The GPU end of the path (issue 38, principles 4 and 5): NVRM's word that a GPU is lost, at probe
 * (src/nvidia/arch/nvalloc/unix/src/osapi.c `The NVIDIA GPU %04x:%02x:%02x.%x` / `… installed in this system has`
 * / `fallen off the bus and is not responding to commands.`, kernel-open/nvidia/nv.c `The NVIDIA probe routine
 * failed for %d device(s).`) or at run time (osinit.c `GPU has fallen off the bus.`, Xid 79), and its Xid lines
 * (src/nvidia/src/kernel/gpu/rc/kernel_rc.c `NVRM: Xid (%s): %d, …` with ` caused by previous Xid %d` on a
 * preemptive removal, Xid 45) whose code is an NVLink error (src/common/sdk/nvidia/inc/nverror.h: NVLINK_ERROR
 * 74, NVLINK_*_ERROR 144–150). Other Xids are left alone. The probe's own refusals of one GPU count as lost too:
 * kernel-open/nvidia/nv-pci.c nv_pci_validate_bars `This PCI I/O region assigned to your NVIDIA device is
 * invalid` and nv_pci_probe `Can't find an IRQ for your NVIDIA card!` both end in `goto failed` (probe returns
 * -1, the GPU is not driven), and osinit.c `RmInitAdapter failed!` is the GPU failing its initialisation.
 */
export const NVLINK_XIDS: ReadonlySet<number> = new Set([74, 144, 145, 146, 147, 148, 149, 150]);
export const GPU_LOST =
  /fallen off the bus|NVIDIA probe routine failed|PCI I\/O region assigned to your NVIDIA device is invalid|Can't find an IRQ for your NVIDIA card|RmInitAdapter failed/;
/** An NVRM Xid line's own code (`NVRM: Xid (PCI:…): 79, …`), if it is one. */
export function ownXid(t: string): number | undefined {
  const n = /\bXid \([^)]*\): (\d+),/.exec(t)?.[1];
  return n === undefined ? undefined : Number(n);
}
/** An Xid line's codes: its own and, on a preemptive removal, the one it was `caused by previous Xid N`. */
export function xidCodes(t: string): number[] {
  const cause = /caused by previous Xid (\d+)/.exec(t)?.[1];
  return [ownXid(t), cause === undefined ? undefined : Number(cause)].filter((n) => n !== undefined);
}
