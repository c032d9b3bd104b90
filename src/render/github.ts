import type { Check, Report } from '../core/model.js';
import { locationOf } from './sarif.js';

/**
 * A report as GitHub Actions workflow commands: `::error file=F,line=N,title=ID::message` for a
 * fail, `::warning …` for a warning, `::notice …` for a skipped check that matters, then the
 * verdict as one notice (GitHub Docs, "Workflow commands for GitHub Actions": "Setting an error
 * message", `::error file={name},line={line},title={title}::{message}`). Values are escaped as
 * the runner's toolkit does (actions/toolkit packages/core/src/command.ts at a9442516: escapeData `%`, CR,
 * LF; escapeProperty also `:` and `,`). Pure; the caller redacts the text it writes.
 */

const COMMAND = { fail: 'error', warn: 'warning', skipped: 'notice' } as const;

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function line(c: Check & { status: 'fail' | 'warn' | 'skipped' }): string {
  const at = locationOf(c);
  const props = [
    ...(at ? [`file=${escapeProperty(at.file)}`, `line=${at.line}`] : []),
    `title=${escapeProperty(c.subject ? `${c.id} (${c.subject})` : c.id)}`,
  ];
  const message = `${c.detail}${c.fix ? `\nfix: ${c.fix}` : ''}`;
  return `::${COMMAND[c.status]} ${props.join(',')}::${escapeData(message)}`;
}

export function renderGithub(report: Report): string {
  const lines = report.checks
    .filter(
      (c): c is Check & { status: 'fail' | 'warn' | 'skipped' } =>
        c.status === 'fail' || c.status === 'warn' || (c.status === 'skipped' && c.matters !== false),
    )
    .map(line);
  lines.push(
    `::notice title=${escapeProperty(`interconnect-test ${report.command}: ${report.verdict.status}`)}::${escapeData(report.verdict.summary)}`,
  );
  return `${lines.join('\n')}\n`;
}
