import { fmtSize } from '../judge/bandwidth.js';
import type { ExpectedLink } from '../judge/peers.js';
import type { NixlbenchResult } from '../parsers/nixlbench.js';
import type { UcxPerftestResult } from '../parsers/ucx-perftest.js';

/** Helpers shared by the transfer checks. */
export type Parsed = NixlbenchResult | UcxPerftestResult;
/** What the ranks should have crossed (--expect): the judge's own type. */
export type Expect = ExpectedLink;

export function isNixl(p: Parsed): p is NixlbenchResult {
  return 'runs' in p;
}

/** A block size for people (`64 MiB`, `1 MB`), or `unknown size`. */
export function size(bytes: number | undefined): string {
  return bytes === undefined ? 'unknown size' : fmtSize(bytes);
}
