/**
 * The stampless shape of a GPU or RDMA NIC driver's own kernel line (issue 38, principle 1). Sources in
 * references/read-evidence.md ("DMA that fails in the kernel log", b52).
 */

/** A GPU or RDMA NIC driver and its PCI function at the start of a line: how `dev_*()` prints, stamp or not. */
const DRIVER = '(?:mlx5_core|mlx4_core|bnxt_en|bnxt_re|irdma|ice|efa|qede|qedr|ionic|nvidia)';
const BDF = String.raw`[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d`;

/**
 * A kernel line pasted without its timestamp (`dmesg | grep -i mlx` copied from a page that dropped the
 * stamps, a `dmesg -t`): `<driver> <PCI function>[ <netdev>]: <message>`, which is how `dev_info()`/`dev_err()`
 * print (include/linux/dev_printk.h, the driver name then dev_name()). Only GPU and RDMA NIC drivers are taken.
 */
export const DRIVER_LINE = new RegExp(String.raw`^${DRIVER} ${BDF}(?: \S+)?: \S`, 'i');
