/** What the NIXL engines (nixlbench and our NIXL probe) share when run as two local processes. */

/** Iterations when --iters is not given: a tenth of nixlbench's 1000, enough for a local check. */
export const NIXL_DEFAULT_ITERS = 100;

/**
 * CUDA_VISIBLE_DEVICES for each side of a VRAM run. In SG pairwise both ranks
 * use their device 0, which is the same GPU unless the order differs; listing
 * the peer's GPU second keeps it visible, which cuda_ipc needs.
 */
export function visibleDevices(gpuCount: number): { initiator?: string; target?: string } {
  if (gpuCount < 2) return {};
  return { initiator: '0,1', target: '1,0' };
}
