import type { ExpectedLink } from '../judge/peers.js';

/** Helpers shared by the transfer checks: the capture type and --expect, both the judge's own. */
export { isNixl, type TransferCapture as Parsed } from '../judge/run.js';
/** What the ranks should have crossed (--expect). */
export type Expect = ExpectedLink;
