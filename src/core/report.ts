import { systemClock } from './clock.js';
import { type Check, type Report, SCHEMA_VERSION } from './model.js';
import { redactDeep } from './redact.js';
import { rollUp, type Subject } from './verdict.js';

/** A block of command-specific lines printed before the checks (a services table, a measurement). */
export interface Section {
  title: string;
  lines: string[];
}

export type SectionsOf = (report: Report) => Section[];

/**
 * Builds the versioned report every renderer reads. THE chokepoint of the one redaction for
 * reports: its checks and extra parts pass `redactDeep` (in place), so every output rendered
 * from a report (text, JSON, YAML, JUnit, HTML, metrics, history, and formats yet to come)
 * carries no secret.
 */
export function makeReport(
  command: string,
  checks: Check[],
  extra: Record<string, unknown> = {},
  what?: Subject,
  now: () => Date = () => new Date(systemClock.now()),
): Report {
  redactDeep(checks);
  redactDeep(extra);
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
