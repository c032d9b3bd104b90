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
};
