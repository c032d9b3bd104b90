import { MANIFESTS, type ManifestCase } from './manifests.table.js';
import { MANIFESTS_m6 } from './manifests-m6.table.js';
import { MANIFESTS_m7 } from './manifests-m7.table.js';
import { MANIFESTS_m8 } from './manifests-m8.table.js';
import { MANIFESTS_m9 } from './manifests-m9.table.js';
import { MANIFESTS_m10 } from './manifests-m10.table.js';
import { MANIFESTS_m11 } from './manifests-m11.table.js';
import { MANIFESTS_m12 } from './manifests-m12.table.js';
import { MANIFESTS_m13 } from './manifests-m13.table.js';
import { MANIFESTS_m14 } from './manifests-m14.table.js';
import { MANIFESTS_m15 } from './manifests-m15.table.js';
import { MANIFESTS_m16 } from './manifests-m16.table.js';
import { MANIFESTS_m17 } from './manifests-m17.table.js';
import { MANIFESTS_m18 } from './manifests-m18.table.js';
import { MANIFESTS_m19 } from './manifests-m19.table.js';
import { MANIFESTS_m20 } from './manifests-m20.table.js';
import { MANIFESTS_m21 } from './manifests-m21.table.js';
import { MANIFESTS_m22 } from './manifests-m22.table.js';
import { MANIFESTS_m23 } from './manifests-m23.table.js';
import { MANIFESTS_m24 } from './manifests-m24.table.js';
import { MANIFESTS_m25 } from './manifests-m25.table.js';
import { MANIFESTS_m26 } from './manifests-m26.table.js';
import { MANIFESTS_m27 } from './manifests-m27.table.js';
import { MANIFESTS_m28 } from './manifests-m28.table.js';
import { MANIFESTS_m29 } from './manifests-m29.table.js';
import { MANIFESTS_m30 } from './manifests-m30.table.js';
import { MANIFESTS_m31 } from './manifests-m31.table.js';
import { MANIFESTS_m32 } from './manifests-m32.table.js';
import { MANIFESTS_m33 } from './manifests-m33.table.js';
import { MANIFESTS_m34 } from './manifests-m34.table.js';
import { MANIFESTS_m35 } from './manifests-m35.table.js';
import { MANIFESTS_m36 } from './manifests-m36.table.js';

/** Every manifest of the env corpus: the first table (m1–m5) and the later batches (issue 38). */
export const ALL_MANIFESTS: ManifestCase[] = [
  ...MANIFESTS,
  ...MANIFESTS_m6,
  ...MANIFESTS_m7,
  ...MANIFESTS_m8,
  ...MANIFESTS_m9,
  ...MANIFESTS_m10,
  ...MANIFESTS_m11,
  ...MANIFESTS_m12,
  ...MANIFESTS_m13,
  ...MANIFESTS_m14,
  ...MANIFESTS_m15,
  ...MANIFESTS_m16,
  ...MANIFESTS_m17,
  ...MANIFESTS_m18,
  ...MANIFESTS_m19,
  ...MANIFESTS_m20,
  ...MANIFESTS_m21,
  ...MANIFESTS_m22,
  ...MANIFESTS_m23,
  ...MANIFESTS_m24,
  ...MANIFESTS_m25,
  ...MANIFESTS_m26,
  ...MANIFESTS_m27,
  ...MANIFESTS_m28,
  ...MANIFESTS_m29,
  ...MANIFESTS_m30,
  ...MANIFESTS_m31,
  ...MANIFESTS_m32,
  ...MANIFESTS_m33,
  ...MANIFESTS_m34,
  ...MANIFESTS_m35,
  ...MANIFESTS_m36,
];
