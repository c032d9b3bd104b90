import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clusterIdentity } from '../src/core/cluster-identity.js';
import { renderPrometheus } from '../src/render/prometheus.js';
import { describeNeeding } from './helpers/preconditions.js';
import { sampleSweepWithHistory } from './helpers/sweep-sample.js';
import { toolPath, tools } from './helpers/tools.js';

/**
 * deploy/monitoring: the alerting rules pass `promtool check rules` and their own
 * `promtool test rules` file, and every metric the rules and the Grafana dashboard read is
 * one the sweep writes (src/render/prometheus.ts), so a renamed family breaks this test
 * rather than a silent alert.
 */

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'monitoring');
const RULES = join(DIR, 'rules.yaml');

/** A sweep that writes every family: rails, isolation, a baseline comparison, the verdict, the cluster. */
function everyFamily(): string {
  return renderPrometheus(sampleSweepWithHistory(), {
    verdict: 'untrusted',
    cluster: clusterIdentity({ context: 'gpu-prod-east', server: 'https://10.0.0.1:6443' }),
  });
}

const PUSHED = new Set(
  everyFamily()
    .split('\n')
    .filter((l) => l.startsWith('# TYPE '))
    .map((l) => l.split(' ')[2] as string),
);

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'inf',
  'nan',
  // aggregations, which may be followed by `by (…)` rather than their argument
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'stddev',
  'stdvar',
  'count',
  'count_values',
  'bottomk',
  'topk',
  'quantile',
]);

/** The metric names a PromQL expression selects: identifiers outside strings, label sets and groupings, not called. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|`[^`]*`|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '$1')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\$\{?\w+\}?/g, '');
  const out: string[] = [];
  for (const m of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = m[0];
    const after = bare.slice((m.index ?? 0) + name.length).trimStart();
    if (after.startsWith('(') || KEYWORDS.has(name.toLowerCase())) continue;
    if (/^\d/.test(name)) continue;
    out.push(name);
  }
  return out;
}

function unknownIn(exprs: readonly string[]): string[] {
  return [...new Set(exprs.flatMap(metricNames))].filter((n) => !PUSHED.has(n));
}

describe('the metric names deploy/monitoring reads', () => {
  it('reads names out of PromQL and refuses one the sweep does not push', () => {
    expect(
      metricNames('max by (node) (interconnect_node_isolated{job="x"}) == 1 and on (a) foo_bar[5m]'),
    ).toEqual(['interconnect_node_isolated', 'foo_bar']);
    expect(metricNames('time() - interconnect_sweep_last_run_timestamp_seconds > 26 * 3600')).toEqual([
      'interconnect_sweep_last_run_timestamp_seconds',
    ]);
    expect(unknownIn(['interconnect_node_isolated == 1', 'interconnect_nodes_isolated == 1'])).toEqual([
      'interconnect_nodes_isolated',
    ]);
  });

  it('every alerting rule reads only metrics the sweep pushes', () => {
    const rules = parse(readFileSync(RULES, 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const exprs = rules.groups.flatMap((g) => g.rules.map((r) => r.expr));
    expect(exprs.length).toBeGreaterThanOrEqual(6);
    expect(unknownIn(exprs)).toEqual([]);
    const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert));
    // the four: a node isolated, a link regressed, the nightly sweep missing or failed
    for (const a of [
      'InterconnectNodeIsolated',
      'InterconnectLinkRegressed',
      'InterconnectSweepMissing',
      'InterconnectSweepFailed',
    ])
      expect(alerts).toContain(a);
  });

  it("every Grafana panel's expression reads only metrics the sweep pushes", () => {
    const dash = JSON.parse(readFileSync(join(DIR, 'dashboard.json'), 'utf8')) as {
      uid: string;
      panels: { title: string; targets: { expr: string }[] }[];
    };
    // the live KV panels read what kv-rules.yaml records (test/watch-prometheus.test.ts tests those rules)
    const kv = parse(readFileSync(join(DIR, 'kv-rules.yaml'), 'utf8')) as {
      groups: { rules: { record?: string }[] }[];
    };
    const recorded = new Set(kv.groups.flatMap((g) => g.rules.flatMap((r) => (r.record ? [r.record] : []))));
    const live = dash.panels.filter((p) =>
      p.targets.every((t) => metricNames(t.expr).every((n) => recorded.has(n))),
    );
    expect(live.map((p) => p.title)).toEqual([
      'Live KV transfer speed per worker',
      'Live KV transfer failures per worker',
    ]);
    const exprs = dash.panels.filter((p) => !live.includes(p)).flatMap((p) => p.targets.map((t) => t.expr));
    expect(exprs.length).toBeGreaterThanOrEqual(10);
    expect(unknownIn(exprs)).toEqual([]);
    // every family the sweep pushes shows somewhere on the dashboard
    const read = new Set(exprs.flatMap(metricNames));
    expect([...PUSHED].filter((n) => !read.has(n))).toEqual([]);
  });
});

describeNeeding([tools('promtool')], 'promtool on the alerting rules', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const promtool = (...args: string[]) =>
    spawnSync(toolPath('promtool'), args, { cwd: DIR, encoding: 'utf8' });

  it('promtool check rules passes', () => {
    const r = promtool('check', 'rules', 'rules.yaml');
    expect(r.stdout + r.stderr).toContain('SUCCESS: 7 rules found');
    expect(r.status).toBe(0);
  });

  it('promtool test rules passes its unit tests (alerts that fire, and those that must not)', () => {
    const r = promtool('test', 'rules', 'rules.test.yaml');
    expect(r.stdout + r.stderr).toContain('SUCCESS');
    expect(r.status).toBe(0);
  });

  it('the unit tests catch a rule that no longer fires', () => {
    const dir = mkdtempSync(join(tmpdir(), 'itest-rules-'));
    dirs.push(dir);
    copyFileSync(join(DIR, 'rules.test.yaml'), join(dir, 'rules.test.yaml'));
    writeFileSync(
      join(dir, 'rules.yaml'),
      readFileSync(RULES, 'utf8').replace(
        'interconnect_node_isolated == 1',
        'interconnect_node_isolated == 2',
      ),
    );
    const r = spawnSync(toolPath('promtool'), ['test', 'rules', 'rules.test.yaml'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('InterconnectNodeIsolated');
  });
});
