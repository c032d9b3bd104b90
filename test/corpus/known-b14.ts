/**
 * Disagreements on corpus batches b14 and later, each with its cause, in the terms of known-b2.ts:
 * TOOL (a reader missing one of issue 38's principles P1–P5) or READING (the expert's verdict, kept
 * as written, rests on a convention or on context outside the paste). Listed after the run; the
 * readings were committed before it.
 */
export const KNOWN_DISAGREEMENTS_B14: Record<string, string> = {
  // b14
  // b15
  // b16
  // b16
  // b17
  'nvlink/awsome-dt-efa-cheatsheet-p4de-gpu0-12x25-only.txt':
    'READING: the paste holds one whole GPU (all 12 links up); the expert used the platform fact that A100-SXM4 boards carry 4 or 8 GPUs to call the rest "not shown", which the paste itself does not say',
  // b18
  'ibstat/deepep-268-cx7-ib-400-mlx5_1-cut.txt':
    'TOOL P2: the last CA is cut after `Physical state: LinkUp`; read passes it as a usable port although its rate, link layer and LID are not shown, and the CAs after it are not shown either',
  'ibv_devinfo/deepep-397-gt-prompt-cx7-dell-active-cut-at-mtu.txt':
    'TOOL P2: cut at max_mtu, the port passes as usable with its link layer "unknown"; the cut (link layer, LID, the other HCAs) is not reported as not shown',
};
