import type { Report } from '../core/model.js';
import type { Section } from '../core/report.js';
import { EnvReportPartSchema, type EnvService, type TransportVar } from './schema.js';
import { describeKv } from './serving-engine.js';

/** The per-service table printed before the checks. */

const SOURCE_LABEL: Record<string, string> = {
  envFrom: 'envFrom',
  'graph-env': 'graph env',
  'service-envs': 'service envs',
  'container-env': 'container env',
  valueFrom: 'valueFrom',
  'shell-export': 'shell export',
  'shell-inline': 'shell inline',
};

function roleLabel(s: EnvService): string {
  if (s.roleFrom === 'name') return `${s.role} (by name)`;
  if (s.roleFrom === 'graph') return s.role === 'agg' ? 'agg' : 'worker (role unknown)';
  return s.role;
}

function varText(name: string, v: TransportVar): [string, string] {
  const value =
    v.visible && v.value !== undefined ? `${name}=${v.value}` : `${name} ← ${v.ref ?? 'not visible'}`;
  let from = SOURCE_LABEL[v.source] ?? v.source;
  if (v.overridden?.length)
    from += `, overrides ${v.overridden.map((o) => SOURCE_LABEL[o.source] ?? o.source).join(', ')}`;
  return [value, from];
}

function serviceLines(s: EnvService, nameWidth: number, roleWidth: number, disagg: boolean): string[] {
  const head = `${s.name.padEnd(nameWidth)}  ${roleLabel(s).padEnd(roleWidth)}  `;
  const pad = ' '.repeat(head.length);
  const rows = Object.entries(s.transportVars).map(([n, v]) => varText(n, v));
  const width = Math.max(0, ...rows.map((r) => r[0].length));
  const body = rows.map(([value, from]) => `${value.padEnd(width)}  (${from})`);
  if (s.role === 'frontend' || s.role === 'other') {
    if (body.length === 0)
      body.push(s.role === 'frontend' ? 'no transport variables needed' : 'not a serving worker');
  } else {
    if (body.length === 0) body.push('no transport variables set');
    // In an aggregated graph no KV moves between workers: what is "missing" matters to nobody.
    if (disagg && s.missingCritical.length) body.push(`missing: ${s.missingCritical.join(', ')}`);
  }
  return body.map((l, k) => `${k === 0 ? head : pad}${l}`.trimEnd());
}

export function envSections(report: Report): Section[] {
  const parsed = EnvReportPartSchema.safeParse(report);
  if (!parsed.success) return [];
  const { graphs, services, skipped } = parsed.data;
  const sections: Section[] = [];
  // Each graph's services, found by one lookup (a filter over every service for every graph was
  // quadratic: minutes for a tree of thousands of recipes; issue 40 item 13).
  const key = (x: { file: string; doc: number; deployment: string }) =>
    `${x.file}\u0000${x.doc}\u0000${x.deployment}`;
  const byGraph = new Map<string, EnvService[]>();
  for (const s of services) {
    const list = byGraph.get(key(s));
    if (list) list.push(s);
    else byGraph.set(key(s), [s]);
  }
  for (const g of graphs) {
    const own = byGraph.get(key(g)) ?? [];
    const mode = g.mode === 'none' ? 'no serving workers' : g.mode;
    const engine = g.engine
      ? `, ${g.engine}${g.kv && g.mode === 'disaggregated' ? ` KV ${describeKv(g.kv)}${g.kv.defaulted ? ' (engine default)' : ''}` : ''}`
      : '';
    const paired = g.pairedWith?.length ? `, paired with ${g.pairedWith.join(', ')}` : '';
    const version = g.kind === 'DynamoGraphDeployment' ? ` ${g.apiVersion.split('/').pop()}` : '';
    const nameWidth = Math.max(...own.map((s) => s.name.length));
    const roleWidth = Math.max(...own.map((s) => roleLabel(s).length));
    sections.push({
      title: `${g.file}#${g.deployment}  (${g.kind}${version}, ${mode}${engine}${paired})`,
      lines: [
        ...(g.partial ? [`${g.partial}: listed, not judged`] : []),
        ...own.flatMap((s) => serviceLines(s, nameWidth, roleWidth, g.mode === 'disaggregated')),
      ],
    });
  }
  if (skipped.length) {
    sections.push({
      title: 'Skipped',
      lines: skipped.map(
        (s) => `${s.file}${s.doc ? `#${s.doc}` : s.line > 1 ? `:${s.line}` : ''}  ${s.kind}  ${s.why}`,
      ),
    });
  }
  return sections;
}
