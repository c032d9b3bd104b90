/**
 * The transfer engines, in `--engine auto`'s order of preference: one list for the report's
 * schema (measurement.ts), the flags and the registry (src/engines/ has one module each).
 * Apart from measurement.ts so that declaring flags (and `--help`) loads no zod.
 */
export const ENGINE_NAMES = ['nixlbench', 'nixl', 'ucx_perftest'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];
