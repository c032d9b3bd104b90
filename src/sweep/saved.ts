import { type ClusterIdentity, ClusterIdentitySchema } from '../core/cluster-identity.js';
import { ToolError } from '../core/errors.js';
import { type Check, CheckSchema, type Report, SCHEMA_VERSION, VerdictStatusSchema } from '../core/model.js';
import { redactText } from '../core/redact.js';
import { makeReport } from '../core/report.js';
import { type SweepResult, SweepResultSchema } from './model.js';
import { regressionChecks } from './regression.js';
import { sweepChecks } from './result.js';

/**
 * A saved report read back (`sweep report FILE`): a `sweep -o json` report or run file, a bare
 * sweep result, or a `pair -o json` report. A sweep's checks and verdict are computed again by
 * the same code the sweep used (sweepChecks, regressionChecks, rollUp), from the saved result;
 * a pair's saved checks are rolled up again (its raw measurements stay in the pair's judge).
 * A file from a newer schema, or one this version cannot read, is one line naming the reason.
 */

/** What a sweep's verdict is about (its summary line names it). */
export const SWEEP_SUBJECT = 'disaggregated KV transfer across these nodes';

export type Saved =
  | {
      kind: 'sweep';
      result: SweepResult;
      run: { runId: string; dryRun: boolean } | undefined;
      cluster: ClusterIdentity | undefined;
      /** The verdict the file says it had, when it is a report; null for a bare result. */
      savedVerdict: string | null;
      generatedAt: string | undefined;
    }
  | { kind: 'pair'; report: Report; savedVerdict: string };

const FIX =
  'pass a report written by interconnect-test sweep -o json (or a --results-dir run file), or pair -o json';

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  return first ? `${first.path.map(String).join('.') || '(top level)'}: ${first.message}` : 'unreadable';
}

/**
 * Every string of a saved file through core/redact.ts's redactText, before anything renders it:
 * a file written by an older version, or edited by hand, may hold a token a detail quoted.
 */
function redactStrings(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactStrings);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactStrings(v)]));
  return value;
}

/** The saved JSON text, read into what `sweep report` renders; one ToolError line when it is not one. */
export function parseSaved(text: string, source: string): Saved {
  let value: unknown;
  try {
    value = redactStrings(JSON.parse(text));
  } catch {
    throw new ToolError(`${source}: not JSON`, { fix: FIX });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ToolError(`${source}: not a saved report (a JSON object is expected)`, { fix: FIX });
  }
  const obj = value as Record<string, unknown>;
  const version = obj.schemaVersion;
  if (version !== undefined && (typeof version !== 'number' || version > SCHEMA_VERSION)) {
    throw new ToolError(
      `${source}: schemaVersion ${JSON.stringify(version)} is newer than this interconnect-test reads (${SCHEMA_VERSION})`,
      { fix: 'render it with the interconnect-test that wrote it, or a newer one' },
    );
  }
  if (obj.command === 'pair') return parsePair(obj, source);
  if (obj.command !== undefined && obj.command !== 'sweep') {
    throw new ToolError(`${source}: a ${String(obj.command)} report, not a sweep or pair result`, {
      fix: FIX,
    });
  }
  const inner = obj.command === 'sweep' ? obj.sweep : value;
  const r = SweepResultSchema.safeParse(inner);
  if (!r.success) {
    throw new ToolError(
      `${source}: not a sweep result this version reads (${firstIssue(r.error)}${version === undefined ? '' : `, schemaVersion ${version}`})`,
      { fix: `${FIX}; or render it with the interconnect-test that wrote it` },
    );
  }
  const run = obj.run as { runId?: unknown; dryRun?: unknown } | undefined;
  const cluster = ClusterIdentitySchema.safeParse(obj.cluster);
  const verdict = (obj.verdict as { status?: unknown } | undefined)?.status;
  return {
    kind: 'sweep',
    result: r.data,
    run: run && typeof run.runId === 'string' ? { runId: run.runId, dryRun: run.dryRun === true } : undefined,
    cluster: cluster.success ? cluster.data : undefined,
    savedVerdict: VerdictStatusSchema.safeParse(verdict).success ? (verdict as string) : null,
    generatedAt: typeof obj.generatedAt === 'string' ? obj.generatedAt : undefined,
  };
}

function parsePair(obj: Record<string, unknown>, source: string): Saved {
  const checks = CheckSchema.array().safeParse(obj.checks);
  const verdict = VerdictStatusSchema.safeParse((obj.verdict as { status?: unknown } | undefined)?.status);
  if (!checks.success || !verdict.success) {
    const why = !checks.success ? `checks.${firstIssue(checks.error)}` : 'verdict.status missing';
    throw new ToolError(`${source}: not a pair report this version reads (${why})`, { fix: FIX });
  }
  const { checks: _c, verdict: _v, schemaVersion: _s, tool: _t, command: _cmd, generatedAt, ...extra } = obj;
  const at = typeof generatedAt === 'string' ? new Date(generatedAt) : new Date(0);
  const report = makeReport('pair', checks.data, extra, undefined, () => at);
  // A pair's verdict is about its one link, as pair writes it; keep the saved summary's subject.
  return { kind: 'pair', report, savedVerdict: verdict.data };
}

/** The sweep's checks from its saved result, by the sweep's own code: its verdict follows from them. */
export function sweepChecksOf(saved: Extract<Saved, { kind: 'sweep' }>): Check[] {
  const excluded = saved.result.nodes
    .filter((n) => n.status === 'excluded')
    .map((n) => ({ node: n.name, reason: n.detail }));
  const checks = sweepChecks(saved.result, excluded, saved.run?.dryRun ?? false);
  if (!saved.result.regressions || saved.run?.dryRun) return checks;
  // As the sweep placed them: the comparison's checks before the per-pair ones.
  const at = checks.findIndex((c) => c.id === 'sweep.pair');
  const cut = at < 0 ? checks.length : at;
  return [...checks.slice(0, cut), ...regressionChecks(saved.result.regressions), ...checks.slice(cut)];
}
