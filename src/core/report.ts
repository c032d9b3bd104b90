import { type Check, type Report, SCHEMA_VERSION } from './model.js';
import { rollUp } from './verdict.js';

/** Builds the versioned report every renderer reads. */
export function makeReport(
  command: string,
  checks: Check[],
  extra: Record<string, unknown> = {},
  what?: string,
  now: () => Date = () => new Date(),
): Report {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: 'interconnect-test',
    command,
    generatedAt: now().toISOString(),
    checks,
    verdict: rollUp(checks, what),
    ...extra,
  };
}
