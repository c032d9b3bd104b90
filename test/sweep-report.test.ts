import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterIdentity } from '../src/core/cluster-identity.js';
import { makeReport } from '../src/core/report.js';
import { renderJson } from '../src/render/data.js';
import { saveRun } from '../src/sweep/history.js';
import type { SweepResult } from '../src/sweep/model.js';
import { sweepChecks } from '../src/sweep/result.js';
import { SWEEP_SUBJECT } from '../src/sweep/saved.js';
import { reportSchemaOf } from '../src/tools/schema.js';

type ZodLike = { safeParse(v: unknown): { error?: { issues: unknown[] } } };

import { fleetSweep } from '../src/tools/sweep-fleet.js';
import { runCli } from './helpers/cli.js';
import { parsePromText, sampleValue } from './helpers/prometheus-text.js';

/**
 * `sweep report FILE`: a nightly's saved run file (written by the sweep's own saveRun) rendered
 * again to every format, offline, with the verdict the night had; older and newer files read or
 * refused with one line.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const cluster = clusterIdentity(
  { context: 'admin@gpu-east', server: 'https://admin:s3cret@10.0.0.1:6443' },
  'gpu-east',
);

/** A 16-node nightly with a bad node and a bad link, kept the way `sweep --results-dir` keeps it. */
async function nightly(mutate: (r: SweepResult) => void = () => {}): Promise<{ file: string; json: string }> {
  const result = fleetSweep({
    nodes: 16,
    scheme: 'all-pairs',
    zones: 2,
    racksPerZone: 2,
    badNodes: [5],
    badLinks: [[2, 9]],
  });
  result.startedAt = '2026-11-30T02:30:00.000Z';
  mutate(result);
  const report = makeReport(
    'sweep',
    sweepChecks(
      result,
      result.nodes.filter((n) => n.status === 'excluded').map((n) => ({ node: n.name, reason: n.detail })),
    ),
    { cluster, sweep: result, run: { runId: 'k3x9', dryRun: false } },
    SWEEP_SUBJECT,
    () => new Date('2026-11-30T03:01:00.000Z'),
  );
  const dir = mkdtempSync(join(tmpdir(), 'itest-report-'));
  dirs.push(dir);
  const json = renderJson(report);
  const file = await saveRun(dir, { ...report, sweep: result, run: { runId: 'k3x9' } }, json, 60, 'gpu-east');
  return { file, json };
}

describe('sweep report renders a saved nightly to every format with the saved verdict', () => {
  it('json: the same checks and verdict, recomputed from the saved result', async () => {
    const { file, json } = await nightly();
    expect(file).toMatch(/sweep-20261130T023000Z-gpu-east-k3x9\.json$/);
    const saved = JSON.parse(json);
    expect(saved.verdict.status).toBe('untrusted');
    const r = await runCli(['sweep', 'report', file, '-o', 'json']);
    expect(r.code).toBe(1);
    const again = JSON.parse(r.stdout);
    // The published contract (references/sweep.schema.json), strictly: no field it does not declare.
    const strict = (reportSchemaOf('sweep.schema.json') as unknown as { strict(): ZodLike }).strict();
    expect(strict.safeParse(again).error?.issues ?? []).toEqual([]);
    expect(again.verdict).toEqual(saved.verdict);
    expect(again.checks).toEqual(saved.checks);
    expect(again.cluster).toEqual({
      name: 'gpu-east',
      context: 'admin@gpu-east',
      server: 'https://10.0.0.1:6443',
    });
    expect(r.stderr).not.toContain('saved verdict');
  });

  it('text, yaml, junit, html and prometheus each carry the saved verdict and the cluster', async () => {
    const { file } = await nightly();
    const text = await runCli(['sweep', 'report', file]);
    expect(text.code).toBe(1);
    expect(text.stdout.split('\n')[0]).toBe(
      'cluster gpu-east (context admin@gpu-east, https://10.0.0.1:6443)',
    );
    expect(text.stdout).toMatch(/Verdict: UNTRUSTED/);
    const yaml = await runCli(['sweep', 'report', file, '-o', 'yaml']);
    expect(yaml.stdout).toMatch(/^ {2}status: untrusted$/m);
    const junit = await runCli(['sweep', 'report', file, '-o', 'junit']);
    expect(junit.code).toBe(0);
    expect(junit.stdout).toMatch(/name="verdict" time="0"><failure message="untrusted:/);
    expect(junit.stdout).toContain('<property name="cluster.name" value="gpu-east"/>');
    const html = await runCli(['sweep', 'report', file, '-o', 'html']);
    expect(html.stdout).toMatch(
      /<title>interconnect-test sweep of gpu-east, 2026-11-30T02:30:00.000Z<\/title>/,
    );
    expect(html.stdout).toContain('<span class="vd">UNTRUSTED</span>');
    const prom = await runCli(['sweep', 'report', file, '-o', 'prometheus']);
    const fams = parsePromText(prom.stdout);
    expect(sampleValue(fams, 'interconnect_sweep_state', { cluster: 'gpu-east', state: 'untrusted' })).toBe(
      1,
    );
    for (const out of [text, yaml, junit, html, prom]) expect(out.stdout).not.toContain('s3cret');
  });

  it('a pair report re-rolls its saved checks; html is refused with one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'itest-report-'));
    dirs.push(dir);
    const file = join(dir, 'pair.json');
    const pair = makeReport('pair', [
      { id: 'pair.bandwidth', status: 'warn', detail: '40.0 GB/s is below 42.5 GB/s', subject: 'a → b' },
    ]);
    writeFileSync(file, renderJson(pair));
    const r = await runCli(['sweep', 'report', file, '-o', 'json']);
    expect(JSON.parse(r.stdout).verdict).toEqual(pair.verdict);
    const html = await runCli(['sweep', 'report', file, '-o', 'html']);
    expect(html.code).toBe(2);
    expect(html.stderr.trim().split('\n')).toHaveLength(1);
    expect(html.stderr).toMatch(/-o html draws a sweep; this is a pair report/);
  });

  it('every output goes through the redaction: a token in a saved detail never prints', async () => {
    const token = `hf_${'a'.repeat(30)}`;
    const { file } = await nightly((r) => {
      (r.pairs[0] as SweepResult['pairs'][number]).detail = `pod said HF_TOKEN=${token}`;
    });
    for (const o of ['text', 'json', 'html', 'junit']) {
      const r = await runCli(['sweep', 'report', file, '-o', o]);
      expect(r.stdout, o).not.toContain(token);
    }
  });

  it('--baseline compares with an earlier run and says when the verdict moved', async () => {
    const before = await nightly();
    const now = await nightly((r) => {
      for (const p of r.pairs)
        if (p.peakGBps !== null && p.outcome === 'trusted') p.peakGBps = Math.round(p.peakGBps * 6) / 10;
    });
    const r = await runCli(['sweep', 'report', now.file, '-o', 'json', '--baseline', before.file]);
    const out = JSON.parse(r.stdout);
    expect(out.checks.some((c: { id: string }) => c.id === 'sweep.regressed')).toBe(true);
    expect(out.sweep.regressions.baseline.source).toBe(before.file);
  });
});

describe('saved files from other versions', () => {
  it('an older file without the newer optional keys (cluster, topology, run) is read', async () => {
    const { file, json } = await nightly();
    const old = JSON.parse(json);
    delete old.cluster;
    delete old.run;
    delete old.sweep.topology;
    writeFileSync(file, JSON.stringify(old));
    const r = await runCli(['sweep', 'report', file, '-o', 'json']);
    expect(JSON.parse(r.stdout).verdict.status).toBe('untrusted');
    // A bare sweep result (what --baseline also reads) is one too.
    writeFileSync(file, JSON.stringify(old.sweep));
    expect((await runCli(['sweep', 'report', file])).stdout).toMatch(/Verdict: UNTRUSTED/);
  });

  it('a newer schemaVersion, a result missing a field, or a node report: one line each, exit 2', async () => {
    const { file, json } = await nightly();
    const cases: [(o: Record<string, unknown>) => unknown, RegExp][] = [
      [
        (o) => ({ ...o, schemaVersion: 2 }),
        /schemaVersion 2 is newer than this interconnect-test reads \(1\)/,
      ],
      [
        (o) => {
          const s = o.sweep as SweepResult;
          delete (s.pairs[0] as Partial<SweepResult['pairs'][number]>).outcome;
          return o;
        },
        /not a sweep result this version reads \(pairs\.0\.outcome: .*schemaVersion 1\)/,
      ],
      [(o) => ({ ...o, command: 'node' }), /a node report, not a sweep or pair result/],
    ];
    for (const [change, line] of cases) {
      writeFileSync(file, JSON.stringify(change(JSON.parse(json))));
      const r = await runCli(['sweep', 'report', file]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(line);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    writeFileSync(file, 'not json');
    expect((await runCli(['sweep', 'report', file])).stderr).toMatch(/: not JSON/);
  });

  it('a live sweep refuses a report-only format with one line', async () => {
    const r = await runCli(['sweep', '--nodes', 'a,b', '-o', 'html', '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/output/);
    expect(readFileSync).toBeDefined();
  });
});

describe('a results directory stands for its newest run', () => {
  it('sweep report DIR renders the run `last` names; an empty directory is one line', async () => {
    const { file } = await nightly();
    const dir = join(file, '..');
    const r = await runCli(['sweep', 'report', dir, '-o', 'html']);
    expect(r.stdout).toContain('<span class="vd">UNTRUSTED</span>');
    const empty = mkdtempSync(join(tmpdir(), 'itest-report-'));
    dirs.push(empty);
    const e = await runCli(['sweep', 'report', empty]);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/no run kept there yet/);
  });
});
