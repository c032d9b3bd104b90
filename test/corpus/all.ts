import { CAPTURES, type Capture } from './captures.table.js';
import { CAPTURES_b2 } from './captures-b2.table.js';
import { CAPTURES_b3 } from './captures-b3.table.js';

/** Every capture of the read corpus: the first batch and the later ones (issue 38). */
export const ALL_CAPTURES: Capture[] = [...CAPTURES, ...CAPTURES_b2, ...CAPTURES_b3];
