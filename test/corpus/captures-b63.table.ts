import type { Capture } from './captures.table.js';

/** Corpus batch b63 (issue 38). The expert reading of each capture was written before `read` ran on it. See README.md. */
export const CAPTURES_b63: Capture[] = [];
