import type { Capture } from './captures.table.js';

/** Corpus batch b65 (issue 38). See captures.table.ts and README.md. The expert verdict was written before `read` ran on each capture. */

export const CAPTURES_b65: Capture[] = [];
