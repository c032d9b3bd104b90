import { describe, expect, it } from 'vitest';
import { makeReport } from '../src/core/report.js';
import { renderJson } from '../src/render/data.js';
import { renderHtml } from '../src/render/html/page.js';
import { renderJunit } from '../src/render/junit.js';
import { renderPrometheus } from '../src/render/prometheus.js';
import { renderText } from '../src/render/text.js';
import type { SweepPair, SweepResult } from '../src/sweep/model.js';
import { sweepChecks } from '../src/sweep/result.js';
import { parsePromText } from './helpers/prometheus-text.js';
import { sampleSweep } from './helpers/sweep-sample.js';

/**
 * One verdict for one sweep, whatever renders it. A sweep whose every pair passed
 * against its own nodes' line, but one of which ran on a node with half the fleet's
 * line rate and moved a tenth of the fleet's: only the fleet line-rate check
 * (judge/sweep.ts fleetLineCheck) fails. The report is UNTRUSTED (exit 1), and so
 * must be the text, the JSON, the JUnit, the metrics and the HTML page (which once
 * recomputed its headline from the pairs alone and said TRUSTED).
 */

function onlyTheFleetLineFails(): SweepResult {
  const base = sampleSweep();
  const pairs: SweepPair[] = base.pairs.map((p) => ({
    ...p,
    outcome: 'trusted',
    failure: null,
    detail: 'peak 45 GB/s over rdma (rc_mlx5)',
    peakGBps: 45,
    transport: 'rdma',
    namespace: p.namespace ?? `itest-pair-${p.runId}`,
    durationMs: p.durationMs || 4200,
    checks: [{ id: 'pair.bandwidth', status: 'ok', detail: 'peak 45 GB/s' }],
  }));
  // Its own nodes' line is 10 GB/s, so 5 GB/s passes its own bar; the fleet's is 50 GB/s.
  const slow = pairs[0] as SweepPair;
  pairs[0] = { ...slow, lineGBps: 10, floorGBps: 4, peakGBps: 5, detail: 'peak 5 GB/s over rdma (rc_mlx5)' };
  return {
    ...base,
    pairs,
    nodes: base.nodes.map((n) =>
      n.status === 'excluded' ? n : { ...n, status: 'ok', detail: '5 of 5 pairs trusted' },
    ),
    culprits: { nodes: [], links: [] },
  };
}

describe('the sweep verdict', () => {
  it('is the one the judge produced in every renderer: text, JSON, JUnit, metrics and HTML', () => {
    const result = onlyTheFleetLineFails();
    const checks = sweepChecks(result, []);
    // The premise: the pairs all passed, and the fleet line-rate check alone fails.
    expect(result.pairs.every((p) => p.outcome === 'trusted')).toBe(true);
    expect(checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['sweep.line-rate']);

    const report = makeReport(
      'sweep',
      checks,
      { sweep: result },
      'disaggregated KV transfer across these nodes',
    );
    expect(report.verdict.status).toBe('untrusted');

    const text = renderText(report, { color: false });
    expect(text).toMatch(/UNTRUSTED/);
    expect(text).not.toMatch(/(?<![A-Z])TRUSTED/);

    expect(JSON.parse(renderJson(report)).verdict.status).toBe('untrusted');

    const junit = renderJunit(report);
    expect(junit).toMatch(/<testcase[^>]*name="verdict"[^>]*>\s*<failure/);

    const metrics = parsePromText(renderPrometheus(result, { verdict: report.verdict.status }));
    // one series per state, 1 for the sweep's (render/prometheus.ts)
    const state = metrics.get('interconnect_sweep_state')?.samples.find((s) => s.value === 1);
    expect(state?.labels.state).toBe('untrusted');

    const html = renderHtml(result, report.verdict);
    const headline = /<p class="headline v-(\w+)"><span class="vd">(\w+)<\/span> ([^<]*)<\/p>/.exec(html);
    expect(headline?.slice(1, 3)).toEqual(['untrusted', 'UNTRUSTED']);
    // It says why: the fleet check's own finding, not "0 of 15 pairs failed".
    expect(headline?.[3]).toContain('judged at a 10 GB/s line');
  });
});
