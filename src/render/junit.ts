import { ClusterIdentitySchema } from '../core/cluster-identity.js';
import { exitCodeFor } from '../core/exit.js';
import type { Check, Report } from '../core/model.js';

function xml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** A check's own time in seconds (its data's durationMs, a pair's run), else 0. */
function seconds(c: Check): number {
  const ms = c.data?.durationMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms / 1000 : 0;
}

/** The figures CI dashboards chart, as JUnit properties: peak, line rate and floor in GB/s. */
const FIGURES = ['peakGBps', 'lineGBps', 'floorGBps'] as const;

function properties(props: [string, string][], indent: string): string {
  if (props.length === 0) return '';
  const lines = props.map(([k, v]) => `${indent}  <property name="${xml(k)}" value="${xml(v)}"/>`);
  return `${indent}<properties>\n${lines.join('\n')}\n${indent}</properties>`;
}

function caseProperties(c: Check): string {
  const props: [string, string][] = FIGURES.flatMap((k) => {
    const v = c.data?.[k];
    return typeof v === 'number' ? [[k, String(v)] as [string, string]] : [];
  });
  return props.length ? `\n${properties(props, '      ')}\n    ` : '';
}

/** The report's cluster (core/cluster-identity.ts) as suite properties: which cluster this is about. */
function reportProperties(report: Report): [string, string][] {
  const c = ClusterIdentitySchema.safeParse(report.cluster);
  if (!c.success) return [];
  return [
    ['cluster.name', c.data.name],
    ...(c.data.context ? [['cluster.context', c.data.context] as [string, string]] : []),
    ...(c.data.server ? [['cluster.server', c.data.server] as [string, string]] : []),
  ];
}

function testcase(c: Check, suite: string, failOn: 'fail' | 'warn'): string {
  const name = c.subject ? `${c.id} [${c.subject}]` : c.id;
  const open = `    <testcase classname="${xml(suite)}" name="${xml(name)}" time="${seconds(c)}">${caseProperties(c)}`;
  const detail = c.fix ? `${c.detail}\nfix: ${c.fix}` : c.detail;
  switch (c.status) {
    case 'ok':
      return `${open}<system-out>${xml(c.detail)}</system-out></testcase>`;
    case 'fail':
      return `${open}<failure message="${xml(c.detail)}" type="fail">${xml(detail)}</failure></testcase>`;
    case 'warn':
      // Under --fail-on warn a warning fails the run, so it fails its test case too; otherwise
      // it is no CI failure, but it must be visible.
      return failOn === 'warn'
        ? `${open}<failure message="${xml(c.detail)}" type="warn">${xml(detail)}</failure></testcase>`
        : `${open}<system-out>WARN: ${xml(detail)}</system-out></testcase>`;
    case 'skipped':
      return `${open}<skipped message="${xml(c.detail)}"/></testcase>`;
  }
}

/**
 * JUnit XML for CI systems: one testsuite per check group, plus the verdict as its own
 * testcase. The gate that decides the exit code (`--fail-on`) decides what fails here too.
 */
export function renderJunit(report: Report, failOn: 'fail' | 'warn' = 'fail'): string {
  const failed = (c: Check) => c.status === 'fail' || (failOn === 'warn' && c.status === 'warn');
  const groups = new Map<string, Check[]>();
  for (const c of report.checks) {
    const g = `interconnect-test.${report.command}.${c.id.split('.')[0]}`;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  const verdict: Check = {
    id: 'verdict',
    status: exitCodeFor(report.verdict.status, failOn) === 0 ? 'ok' : 'fail',
    detail: `${report.verdict.status}: ${report.verdict.summary}`,
  };
  groups.set(`interconnect-test.${report.command}`, [verdict]);
  const props = properties(reportProperties(report), '    ');
  const suites = [...groups].map(([name, checks]) => {
    const failures = checks.filter(failed).length;
    const skipped = checks.filter((c) => c.status === 'skipped').length;
    const time = checks.reduce((t, c) => t + seconds(c), 0);
    const cases = checks.map((c) => testcase(c, name, failOn)).join('\n');
    return `  <testsuite name="${xml(name)}" tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${Math.round(time * 1000) / 1000}" timestamp="${xml(report.generatedAt)}">\n${props ? `${props}\n` : ''}${cases}\n  </testsuite>`;
  });
  const total = [...groups.values()].reduce((n, cs) => n + cs.length, 0);
  const failures = [...groups.values()].flat().filter(failed).length;
  const time = Math.round([...groups.values()].flat().reduce((t, c) => t + seconds(c), 0) * 1000) / 1000;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="interconnect-test ${xml(report.command)}" tests="${total}" failures="${failures}" time="${time}">\n${suites.join('\n')}\n</testsuites>\n`;
}
