/** Manifests where `env` and the expert (written first) still disagree, each with why (filled in after the run). */
export const KNOWN_MANIFEST_DISAGREEMENTS: Record<string, string> = {};
