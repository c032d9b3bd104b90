import type { Check, Report } from '../core/model.js';
import type { SectionsOf } from '../core/report.js';
import { terminalSafe as safe } from '../core/terminal.js';
import { paint, type Style, statusLabel, verdictLabel } from './style.js';

function groupOf(c: Check): string {
  return c.id.split('.')[0] ?? c.id;
}

/** The text renderer for people: sections, then checks grouped by their id's first segment, then the verdict. */
export function renderText(report: Report, style: Style, sections: SectionsOf = () => []): string {
  const out: string[] = [];
  for (const s of sections(report)) {
    out.push(paint(style, 'bold', safe(s.title)));
    for (const l of s.lines) out.push(`  ${safe(l)}`);
    out.push('');
  }
  const groups = new Map<string, Check[]>();
  for (const c of report.checks) {
    const g = groupOf(c);
    const list = groups.get(g) ?? [];
    list.push(c);
    groups.set(g, list);
  }
  for (const [group, checks] of groups) {
    out.push(paint(style, 'bold', group));
    for (const c of checks) {
      const subject = c.subject ? `${paint(style, 'dim', safe(c.subject))}  ` : '';
      out.push(`  ${statusLabel(style, c.status)} ${safe(c.id)}  ${subject}${safe(c.detail)}`);
      if (c.fix && (c.status === 'fail' || c.status === 'warn')) {
        out.push(`          ${paint(style, 'dim', `fix: ${safe(c.fix)}`)}`);
      }
    }
    out.push('');
  }
  const v = report.verdict;
  const { ok, warn, fail, skipped } = v.counts;
  out.push(
    `${paint(style, 'bold', 'Verdict:')} ${verdictLabel(style, v.status, v.scope)}  ${paint(style, 'dim', `(${ok} ok, ${warn} warn, ${fail} fail, ${skipped} skipped)`)}`,
  );
  out.push(safe(v.summary));
  return `${out.join('\n')}\n`;
}
