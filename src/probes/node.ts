import type { Check, Report } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { Section } from '../core/report.js';
import { makeReport } from '../core/report.js';
import { plural } from '../core/verdict.js';
import { localNixlPython } from '../engines/nixl-python.js';
import { compareTargets } from './compare.js';
import { type Interpreted, interpret, type ProbeEntry } from './interpret.js';
import { NODE_PROBES, nodeProbes, READERS, type Reader } from './node-set.js';
import { type ProbeSpec, runProbeSet } from './run.js';
import { describeTarget, type Resolved, type Target } from './targets.js';

export interface ProbeRunSettings {
  concurrency: number;
  timeoutMs: number;
  signal?: AbortSignal;
  progress?: Progress;
}

/** One probed pod or host as the report shows it (`targets[]`). */
export interface TargetReport {
  kind: Target['kind'];
  host?: string;
  pod?: string;
  namespace?: string;
  node?: string;
  container?: string;
  role?: Target['role'];
  image?: string;
  /** Section title: where the probes ran. */
  where: string;
  probes: Record<string, ProbeEntry>;
}

/** Puts the pod or host first in each check's subject (the classifiers set device-level subjects). */
export function withSubject(checks: readonly Check[], label: string): Check[] {
  return checks.map((c) => ({ ...c, subject: c.subject ? `${label} ${c.subject}` : label }));
}

function targetReport(t: Target, probes: Record<string, ProbeEntry>): TargetReport {
  // The pod IP and container spec are for in-place's own use, never part of a report.
  const { runner: _runner, label: _label, ip: _ip, spec: _spec, ...rest } = t;
  return { ...rest, where: describeTarget(t), probes };
}

/** Runs one probe set on every target, one target at a time, and interprets the outputs. */
export async function probeTargets(
  targets: readonly Target[],
  specsFor: readonly ProbeSpec[] | ((t: Target) => readonly ProbeSpec[]),
  readers: Readonly<Record<string, Reader>>,
  s: ProbeRunSettings,
): Promise<{ target: Target; result: Interpreted }[]> {
  const out: { target: Target; result: Interpreted }[] = [];
  for (const t of targets) {
    s.progress?.step(`probing ${describeTarget(t)}`);
    const specs = typeof specsFor === 'function' ? specsFor(t) : specsFor;
    const outcomes = await runProbeSet(t.runner, specs, {
      concurrency: s.concurrency,
      timeoutMs: s.timeoutMs,
      ...(s.signal ? { signal: s.signal } : {}),
      onDone: (o) =>
        s.progress?.update(`${o.tool} ${o.notFound ? 'missing' : o.timedOut ? 'timed out' : 'done'}`),
    });
    const result = interpret(specs, readers, outcomes, s.timeoutMs);
    s.progress?.done(`${outcomes.filter((o) => o.ran).length} of ${plural(outcomes.length, 'probe')} ran`);
    out.push({ target: t, result });
  }
  return out;
}

/**
 * `node`: the read-only probe set on each target, each target's checks with the
 * pod or host as subject, then (for two or more) the comparison checks.
 */
export async function probeNodes(
  targets: readonly Target[],
  s: ProbeRunSettings,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ targets: TargetReport[]; checks: Check[] }> {
  // On this host, the python `pair --local` would run (the one with NIXL), not just python3.
  const specs = (t: Target) => (t.kind === 'local' ? nodeProbes(localNixlPython(env)) : NODE_PROBES);
  const results = await probeTargets(targets, specs, READERS, s);
  const checks = results.flatMap(({ target, result }) => withSubject(result.checks, target.label));
  checks.push(
    ...compareTargets(
      results.map(({ target, result }) => ({
        label: target.label,
        role: target.role,
        node: target.node,
        parsed: result.parsed,
      })),
    ),
  );
  return { targets: results.map(({ target, result }) => targetReport(target, result.probes)), checks };
}

function commandOf(e: ProbeEntry): string {
  if (e.label) return e.label;
  return e.argv[0] === 'sh' && e.argv[1] === '-c' ? `sh -c '${e.argv[2]}'` : e.argv.join(' ');
}

/** Text sections: per target, what ran, what was missing, what failed or timed out. */
export function targetSections(targets: readonly TargetReport[], leftOut: readonly string[] = []): Section[] {
  const sections = targets.map((t) => {
    const entries = Object.values(t.probes);
    const ran = entries.filter((e) => e.ran && !e.timedOut && !e.error).map(commandOf);
    const missing = entries.filter((e) => e.notFound).map((e) => e.argv[0] as string);
    const problems = entries
      .filter((e) => !e.notFound && (e.timedOut || e.error))
      .map((e) => `${commandOf(e)}: ${e.error ?? 'timed out'}`);
    const lines = [`ran: ${ran.join(', ') || '(nothing)'}`];
    if (missing.length) lines.push(`missing: ${[...new Set(missing)].join(', ')}`);
    for (const p of problems) lines.push(`no result: ${p}`);
    return { title: t.where, lines };
  });
  if (leftOut.length) sections.push({ title: 'not probed', lines: [...leftOut] });
  return sections;
}

/** The whole `node` report: targets[] (with probes) and cluster beside checks and verdict, and its text sections. */
export async function nodeReport(
  resolved: Resolved,
  s: ProbeRunSettings,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ report: Report; sections: () => Section[] }> {
  const { targets, checks } = await probeNodes(resolved.targets, s, env);
  const leftOut = resolved.leftOut.map((l) => `${l.pod} (${l.role}) ${l.why}`);
  const report = makeReport(
    'node',
    checks,
    {
      targets,
      ...(resolved.cluster ? { cluster: resolved.cluster } : {}),
      ...(resolved.leftOut.length ? { leftOut: resolved.leftOut } : {}),
    },
    'the fabric for disaggregated serving',
  );
  return { report, sections: () => targetSections(targets, leftOut) };
}
