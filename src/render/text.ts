import path from 'node:path';
import { ClusterIdentitySchema, describeCluster } from '../core/cluster-identity.js';
import type { Check, Report } from '../core/model.js';
import type { SectionsOf } from '../core/report.js';
import { terminalSafe as safe } from '../core/terminal.js';
import { paint, type Style, statusLabel, verdictLabel } from './style.js';

/**
 * How the report fits a terminal: `width` (its columns) wraps `fix:` lines and the
 * verdict summary at word boundaries, each line kept under it; `cwd` shortens a
 * subject that is a path under it to one relative to it. Neither is given off a
 * terminal (a pipe, a file, the goldens): then nothing is wrapped or shortened.
 */
export interface Layout {
  width?: number | undefined;
  cwd?: string | undefined;
}

function groupOf(c: Check): string {
  return c.id.split('.')[0] ?? c.id;
}

/**
 * `text` in lines under `width` columns, breaking at spaces: the first line after
 * `first`, the others after `rest` (spaces). A word longer than a line stays whole.
 */
export function wrapWords(text: string, width: number | undefined, first: string, rest: string): string[] {
  if (!width || first.length + text.length < width) return [`${first}${text}`];
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(' ')) {
    if (!empty && line.length + 1 + word.length >= width) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/**
 * A subject that is an absolute path under `cwd` (or one with `#document/service`
 * after it, as env's are), relative to it; anything else as it is.
 */
export function shortSubject(subject: string, cwd: string | undefined): string {
  if (!cwd || !path.isAbsolute(subject)) return subject;
  const hash = subject.indexOf('#');
  const file = hash < 0 ? subject : subject.slice(0, hash);
  const rel = path.relative(cwd, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return subject;
  return `${rel}${hash < 0 ? '' : subject.slice(hash)}`;
}

const FIX_INDENT = '          ';

/** The text renderer for people: sections, then checks grouped by their id's first segment, then the verdict. */
export function renderText(
  report: Report,
  style: Style,
  sections: SectionsOf = () => [],
  layout: Layout = {},
): string {
  const out: string[] = [];
  // Which cluster the report is about, first (a sweep's `cluster` object).
  const cluster = ClusterIdentitySchema.safeParse(report.cluster);
  if (cluster.success) out.push(paint(style, 'bold', safe(describeCluster(cluster.data))), '');
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
      const subject = c.subject ? `${paint(style, 'dim', safe(shortSubject(c.subject, layout.cwd)))}  ` : '';
      out.push(`  ${statusLabel(style, c.status)} ${safe(c.id)}  ${subject}${safe(c.detail)}`);
      if (c.fix && (c.status === 'fail' || c.status === 'warn')) {
        const lines = wrapWords(`fix: ${safe(c.fix)}`, layout.width, FIX_INDENT, `${FIX_INDENT}     `);
        for (const l of lines)
          out.push(`${l.slice(0, FIX_INDENT.length)}${paint(style, 'dim', l.slice(FIX_INDENT.length))}`);
      }
    }
    out.push('');
  }
  const v = report.verdict;
  const { ok, warn, fail, skipped } = v.counts;
  out.push(
    `${paint(style, 'bold', 'Verdict:')} ${verdictLabel(style, v.status, v.scope)}  ${paint(style, 'dim', `(${ok} ok, ${warn} warn, ${fail} fail, ${skipped} skipped)`)}`,
  );
  out.push(...wrapWords(safe(v.summary), layout.width, '', ''));
  return `${out.join('\n')}\n`;
}
