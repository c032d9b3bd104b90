import type { ManifestCase } from './manifests.table.js';

/** Manifest batch m36 (issue 38). See manifests.table.ts and README.md. The expert verdict was written before `env` ran on each manifest. */
export const MANIFESTS_m36: ManifestCase[] = [];
