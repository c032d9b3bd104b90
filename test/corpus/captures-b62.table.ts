import type { Capture } from './captures.table.js';

/** Corpus batch b62 (issue 38). The expert reading of each capture was written before `read` ran on it. See README.md. */
export const CAPTURES_b62: Capture[] = [];
