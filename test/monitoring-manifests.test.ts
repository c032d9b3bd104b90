import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  DASHBOARD_CONFIGMAP_FILE,
  dashboardConfigMap,
  PROMETHEUS_RULE_FILE,
  prometheusRule,
} from '../src/tools/monitoring-manifests.js';

/**
 * deploy/monitoring beyond the metric names (test/monitoring.test.ts): the PrometheusRule and
 * the dashboard ConfigMap match the raw files, every alert has a runbook in docs/ and a
 * promtool test where it fires, the dashboard is scoped by cluster, merges the queries of a
 * table, shows states as words, and type-checks against Grafana's own dashboard schema.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = join(ROOT, 'deploy', 'monitoring');
const read = (f: string) => readFileSync(join(DIR, f), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  annotations: Record<string, string>;
}
const rules = (parse(read('rules.yaml')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

interface Target {
  expr: string;
  legendFormat?: string;
  format?: string;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  targets: Target[];
  transformations?: { id: string }[];
  fieldConfig?: { defaults?: { mappings?: { type: string; options: Record<string, { text?: string }> }[] } };
}
const dashboardText = read('dashboard.json');
const dashboard = JSON.parse(dashboardText) as {
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown }[] };
};

describe('the Kubernetes objects beside the raw files', () => {
  it('prometheusrule.yaml is rules.yaml as a PrometheusRule, and current', () => {
    expect(read(PROMETHEUS_RULE_FILE)).toBe(prometheusRule(read('rules.yaml')));
    const cr = parse(read(PROMETHEUS_RULE_FILE)) as { apiVersion: string; kind: string; spec: unknown };
    expect(cr.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(cr.kind).toBe('PrometheusRule');
    expect(cr.spec).toEqual({ groups: (parse(read('rules.yaml')) as { groups: unknown }).groups });
  });

  it('dashboard-configmap.yaml carries dashboard.json for the Grafana sidecar, and is current', () => {
    expect(read(DASHBOARD_CONFIGMAP_FILE)).toBe(dashboardConfigMap(dashboardText));
    const cm = parse(read(DASHBOARD_CONFIGMAP_FILE)) as {
      kind: string;
      metadata: { labels: Record<string, string> };
      data: Record<string, string>;
    };
    expect(cm.kind).toBe('ConfigMap');
    expect(cm.metadata.labels.grafana_dashboard).toBe('1');
    expect(JSON.parse(cm.data['interconnect-test-sweep.json'] ?? '')).toEqual(dashboard);
  });
});

describe('alerts', () => {
  /** GitHub's heading anchors: lower case, spaces to dashes, punctuation dropped. */
  const anchors = new Set(
    readFileSync(join(ROOT, 'docs', 'runbooks.md'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map((l) =>
        l
          .slice(3)
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
  );

  it('every alert has a runbook_url into docs/runbooks.md, at a heading that exists', () => {
    expect(rules.length).toBe(7);
    for (const r of rules) {
      const url = r.annotations.runbook_url ?? '';
      expect(url, r.alert).toBe(`docs/runbooks.md#${r.alert.toLowerCase()}`);
      expect(anchors.has(url.split('#')[1] ?? ''), r.alert).toBe(true);
    }
  });

  it('promtool test rules has a case where each alert fires', () => {
    const tests = parse(read('rules.test.yaml')) as {
      tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const fired = new Set(
      tests.tests.flatMap((t) =>
        t.alert_rule_test.filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname),
      ),
    );
    expect(rules.map((r) => r.alert).filter((a) => !fired.has(a))).toEqual([]);
  });
});

describe('the dashboard', () => {
  const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));

  it('has a cluster variable, and every series it reads is scoped by it', () => {
    const v = dashboard.templating.list.find((x) => x.name === 'cluster');
    expect(v?.type).toBe('query');
    expect(JSON.stringify(v?.query)).toContain('label_values(');
    for (const e of exprs) {
      for (const m of e.matchAll(/\binterconnect_[a-z_]+(\{[^}]*\})?/g)) {
        expect(m[1] ?? '', `${e}`).toContain('cluster=~"$cluster"');
      }
    }
  });

  it('a table with more than one query merges them (Grafana shows one frame at a time otherwise)', () => {
    const tables = dashboard.panels.filter((p) => p.type === 'table' && p.targets.length > 1);
    expect(tables.length).toBeGreaterThan(0);
    for (const p of tables) expect(p.transformations?.[0]?.id, p.title).toBe('merge');
  });

  it('state panels show words: value mappings on a stat, the state label in a table', () => {
    const reading = dashboard.panels.filter((p) => p.targets.some((t) => /_state\b/.test(t.expr)));
    expect(reading.length).toBeGreaterThanOrEqual(2);
    for (const p of reading) {
      if (p.type === 'stat') {
        const texts = (p.fieldConfig?.defaults?.mappings ?? []).flatMap((m) =>
          Object.values(m.options).map((o) => o.text),
        );
        expect(texts.sort(), p.title).toEqual(['trusted', 'untrusted', 'unverified']);
      } else {
        expect(p.type, p.title).toBe('table');
        // `== 1` keeps each series with its `state` label: the table's state column is the word.
        for (const t of p.targets) expect(t.expr, p.title).toMatch(/^interconnect_\w+_state\{[^}]*\} == 1$/);
      }
    }
  });

  it("type-checks against Grafana's dashboard schema (@grafana/schema's generated types)", () => {
    expect(grafanaSchemaErrors(dashboardText)).toEqual([]);
  });

  it('the schema check catches a malformed panel', () => {
    const broken = JSON.parse(dashboardText) as { panels: Record<string, unknown>[] };
    (broken.panels[0] as Record<string, unknown>).gridPos = { x: '0', y: 0, w: 4, h: 4 };
    delete (broken.panels[1] as Record<string, unknown>).type;
    const errors = grafanaSchemaErrors(JSON.stringify(broken));
    expect(errors.join('\n')).toMatch(/Type 'string' is not assignable to type 'number'/);
    expect(errors.join('\n')).toMatch(/Property 'type' is missing/);
  });
});

/**
 * Grafana's types with each `declare enum` as the union of its values (JSON holds values,
 * and a TypeScript string enum accepts only its members) and `Enum.Member` as the value.
 */
function enumsAsUnions(dts: string): string {
  const members = new Map<string, string>();
  const out = dts.replace(/export declare enum (\w+) \{([^}]*)\}/g, (_m, name: string, body: string) => {
    const values = [...body.matchAll(/(\w+)\s*=\s*("[^"]*"|'[^']*'|-?\d+)/g)].map(([, k, v]) => {
      members.set(`${name}.${k}`, v as string);
      return v as string;
    });
    return `export type ${name} = ${values.join(' | ')};`;
  });
  return out.replace(/\b\w+\.\w+\b/g, (m) => members.get(m) ?? m);
}

/** The TypeScript errors of `const d: Dashboard = <the JSON>` against Grafana's types. */
function grafanaSchemaErrors(json: string): string[] {
  const files = new Map([
    [
      '/schema/grafana.d.ts',
      enumsAsUnions(readFileSync(join(ROOT, 'test/fixtures/grafana/dashboard-types.gen.d.ts'), 'utf8')),
    ],
    [
      '/schema/check.ts',
      `import type { Dashboard } from './grafana';\nexport const d: Dashboard = ${json};\n`,
    ],
  ]);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    lib: ['lib.es2022.d.ts'],
    skipDefaultLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const base = { ...host };
  host.fileExists = (f) => files.has(f) || base.fileExists(f);
  host.directoryExists = (d) => d === '/schema' || (base.directoryExists?.(d) ?? false);
  host.readFile = (f) => files.get(f) ?? base.readFile(f);
  host.getSourceFile = (f, lang) => {
    const text = files.get(f);
    return text === undefined ? base.getSourceFile(f, lang) : ts.createSourceFile(f, text, lang);
  };
  const program = ts.createProgram(['/schema/check.ts'], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}
