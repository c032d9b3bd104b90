import type { Capture } from './captures.table.js';

/**
 * Corpus batch b68 (issue 38). Each file is one contiguous part of one public source at the commit or address
 * named, copied byte for byte. The expert reading of each capture was written before `read` ran on it. See README.md.
 */
export const CAPTURES_b68: Capture[] = [];
