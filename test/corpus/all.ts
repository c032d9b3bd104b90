import { CAPTURES, type Capture } from './captures.table.js';
import { CAPTURES_b2 } from './captures-b2.table.js';
import { CAPTURES_b3 } from './captures-b3.table.js';
import { CAPTURES_b4 } from './captures-b4.table.js';
import { CAPTURES_b5 } from './captures-b5.table.js';
import { CAPTURES_b6 } from './captures-b6.table.js';
import { CAPTURES_b7 } from './captures-b7.table.js';
import { CAPTURES_b8 } from './captures-b8.table.js';
import { CAPTURES_b9 } from './captures-b9.table.js';
import { CAPTURES_b10 } from './captures-b10.table.js';
import { CAPTURES_b11 } from './captures-b11.table.js';
import { CAPTURES_b12 } from './captures-b12.table.js';
import { CAPTURES_b13 } from './captures-b13.table.js';
import { CAPTURES_b14 } from './captures-b14.table.js';
import { CAPTURES_b15 } from './captures-b15.table.js';
import { CAPTURES_b16 } from './captures-b16.table.js';
import { CAPTURES_b17 } from './captures-b17.table.js';
import { CAPTURES_b18 } from './captures-b18.table.js';
import { CAPTURES_b19 } from './captures-b19.table.js';
import { CAPTURES_b20 } from './captures-b20.table.js';
import { CAPTURES_b21 } from './captures-b21.table.js';
import { CAPTURES_b22 } from './captures-b22.table.js';
import { CAPTURES_b23 } from './captures-b23.table.js';
import { CAPTURES_b24 } from './captures-b24.table.js';
import { CAPTURES_b25 } from './captures-b25.table.js';
import { CAPTURES_b26 } from './captures-b26.table.js';
import { CAPTURES_b27 } from './captures-b27.table.js';
import { CAPTURES_b28 } from './captures-b28.table.js';
import { CAPTURES_b29 } from './captures-b29.table.js';
import { CAPTURES_b30 } from './captures-b30.table.js';
import { CAPTURES_b31 } from './captures-b31.table.js';
import { CAPTURES_b32 } from './captures-b32.table.js';
import { CAPTURES_b33 } from './captures-b33.table.js';
import { CAPTURES_b34 } from './captures-b34.table.js';
import { CAPTURES_b35 } from './captures-b35.table.js';
import { CAPTURES_b36 } from './captures-b36.table.js';
import { CAPTURES_b37 } from './captures-b37.table.js';
import { CAPTURES_b38 } from './captures-b38.table.js';
import { CAPTURES_b39 } from './captures-b39.table.js';
import { CAPTURES_b40 } from './captures-b40.table.js';
import { CAPTURES_b41 } from './captures-b41.table.js';
import { CAPTURES_b42 } from './captures-b42.table.js';
import { CAPTURES_b43 } from './captures-b43.table.js';
import { CAPTURES_b44 } from './captures-b44.table.js';
import { CAPTURES_b45 } from './captures-b45.table.js';
import { CAPTURES_b46 } from './captures-b46.table.js';
import { CAPTURES_b47 } from './captures-b47.table.js';
import { CAPTURES_b48 } from './captures-b48.table.js';
import { CAPTURES_b49 } from './captures-b49.table.js';
import { CAPTURES_b50 } from './captures-b50.table.js';
import { CAPTURES_b51 } from './captures-b51.table.js';
import { CAPTURES_b52 } from './captures-b52.table.js';
import { CAPTURES_b53 } from './captures-b53.table.js';
import { CAPTURES_b54 } from './captures-b54.table.js';
import { CAPTURES_b55 } from './captures-b55.table.js';
import { CAPTURES_b56 } from './captures-b56.table.js';
import { CAPTURES_b57 } from './captures-b57.table.js';
import { CAPTURES_b58 } from './captures-b58.table.js';
import { CAPTURES_b59 } from './captures-b59.table.js';
import { CAPTURES_b60 } from './captures-b60.table.js';
import { CAPTURES_b61 } from './captures-b61.table.js';
import { CAPTURES_b62 } from './captures-b62.table.js';
import { CAPTURES_b63 } from './captures-b63.table.js';
import { CAPTURES_b64 } from './captures-b64.table.js';
import { CAPTURES_b65 } from './captures-b65.table.js';
import { CAPTURES_b66 } from './captures-b66.table.js';
import { CAPTURES_b67 } from './captures-b67.table.js';
import { CAPTURES_b68 } from './captures-b68.table.js';

/** Every capture of the read corpus: the first batch and the later ones (issue 38). */
export const ALL_CAPTURES: Capture[] = [
  ...CAPTURES,
  ...CAPTURES_b2,
  ...CAPTURES_b3,
  ...CAPTURES_b4,
  ...CAPTURES_b5,
  ...CAPTURES_b6,
  ...CAPTURES_b7,
  ...CAPTURES_b8,
  ...CAPTURES_b9,
  ...CAPTURES_b10,
  ...CAPTURES_b11,
  ...CAPTURES_b12,
  ...CAPTURES_b13,
  ...CAPTURES_b14,
  ...CAPTURES_b15,
  ...CAPTURES_b16,
  ...CAPTURES_b17,
  ...CAPTURES_b18,
  ...CAPTURES_b19,
  ...CAPTURES_b20,
  ...CAPTURES_b21,
  ...CAPTURES_b22,
  ...CAPTURES_b23,
  ...CAPTURES_b24,
  ...CAPTURES_b25,
  ...CAPTURES_b26,
  ...CAPTURES_b27,
  ...CAPTURES_b28,
  ...CAPTURES_b32,
  ...CAPTURES_b29,
  ...CAPTURES_b30,
  ...CAPTURES_b31,
  ...CAPTURES_b33,
  ...CAPTURES_b34,
  ...CAPTURES_b35,
  ...CAPTURES_b36,
  ...CAPTURES_b37,
  ...CAPTURES_b38,
  ...CAPTURES_b39,
  ...CAPTURES_b40,
  ...CAPTURES_b41,
  ...CAPTURES_b42,
  ...CAPTURES_b43,
  ...CAPTURES_b44,
  ...CAPTURES_b45,
  ...CAPTURES_b46,
  ...CAPTURES_b47,
  ...CAPTURES_b48,
  ...CAPTURES_b49,
  ...CAPTURES_b50,
  ...CAPTURES_b51,
  ...CAPTURES_b52,
  ...CAPTURES_b53,
  ...CAPTURES_b54,
  ...CAPTURES_b55,
  ...CAPTURES_b56,
  ...CAPTURES_b57,
  ...CAPTURES_b58,
  ...CAPTURES_b59,
  ...CAPTURES_b60,
  ...CAPTURES_b61,
  ...CAPTURES_b62,
  ...CAPTURES_b63,
  ...CAPTURES_b64,
  ...CAPTURES_b65,
  ...CAPTURES_b66,
  ...CAPTURES_b67,
  ...CAPTURES_b68,
];
