import type { Capture } from './captures.table.js';

/** Corpus batch b59 (issue 38): see README.md. The expert reading of each capture was written before `read` ran on it. */
export const CAPTURES_b59: Capture[] = [];
