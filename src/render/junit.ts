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

function testcase(c: Check, suite: string, failOn: 'fail' | 'warn'): string {
  const name = c.subject ? `${c.id} [${c.subject}]` : c.id;
  const open = `    <testcase classname="${xml(suite)}" name="${xml(name)}">`;
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
  const suites = [...groups].map(([name, checks]) => {
    const failures = checks.filter(failed).length;
    const skipped = checks.filter((c) => c.status === 'skipped').length;
    const cases = checks.map((c) => testcase(c, name, failOn)).join('\n');
    return `  <testsuite name="${xml(name)}" tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}" timestamp="${xml(report.generatedAt)}">\n${cases}\n  </testsuite>`;
  });
  const total = [...groups.values()].reduce((n, cs) => n + cs.length, 0);
  const failures = [...groups.values()].flat().filter(failed).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="interconnect-test ${xml(report.command)}" tests="${total}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}
