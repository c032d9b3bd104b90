import type { Capture, Expert } from './captures.table.js';
import { REREAD_A } from './reread-b1-b13-A.js';
import { REREAD_B } from './reread-b1-b13-B.js';

/**
 * The blind second reading of batches b1–b13 (test/corpus/README.md, "Two readings"): those batches
 * were first read under the older, looser definitions; a second reader, shown only each capture,
 * its tool and the flags a user passes, read them again under the current ones.
 */
export const REREAD: Record<string, { expert: Expert; why: string }> = { ...REREAD_A, ...REREAD_B };

/** The reading a capture is scored against: the second reading where there is one, else its own. */
export function currentReading(c: Capture): { expert: Expert; why: string } {
  return REREAD[c.file] ?? { expert: c.expert, why: c.why };
}
