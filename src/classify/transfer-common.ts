import type { ExpectedLink } from '../judge/peers.js';
/** What the ranks should have crossed (--expect). */
export type Expect = ExpectedLink;
