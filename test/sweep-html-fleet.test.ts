import { describe, expect, it } from 'vitest';
import { renderHtml } from '../src/render/html/page.js';
import type { SweepResult } from '../src/sweep/model.js';
import { fleetSweep } from '../src/tools/sweep-fleet.js';
import { fleet1000, sampleSweep, sweepVerdict } from './helpers/sweep-sample.js';

/**
 * The sweep HTML report's markup at fleet scale and for results newer than the page: what
 * to fix, a ring as a list, a grid per rack, regressions. test/sweep-html.test.ts opens the
 * same pages in Chromium.
 */

describe('renderHtml at fleet scale (the markup)', () => {
  it('draws a status or a finding newer than the page under its own name', () => {
    const base = sampleSweep();
    const odd = {
      ...base,
      nodes: base.nodes.map((n) =>
        n.name === 'node-2'
          ? {
              ...n,
              status: 'outlier' as SweepResult['nodes'][number]['status'],
              detail: '38% below the fleet median',
            }
          : n,
      ),
      culprits: {
        ...base.culprits,
        infra: [
          {
            label: 'rack',
            a: 'leaf-01',
            b: 'leaf-02',
            links: [
              ['node-0', 'node-8'],
              ['node-1', 'node-9'],
            ],
            detail: 'every pair between the two leaves failed; both passed inside',
          },
        ],
      } as SweepResult['culprits'],
    };
    const html = renderHtml(odd, sweepVerdict(odd));
    expect(html).toContain('<h3>Outlier nodes (1)</h3>');
    // names wrap at their dashes on a phone (<wbr>)
    expect(html).toContain('<b>node-<wbr>2</b>: 38% below the fleet median');
    expect(html).toContain('<h3>Infrastructure faults (1)</h3>');
    expect(html).toContain(
      '<b>Between rack leaf-01 and leaf-02</b>: every pair between the two leaves failed; both passed inside (2 failing pairs: node-0 ↔ node-8, node-1 ↔ node-9)',
    );
    expect(html).toContain('<span class="badge st-outlier">outlier</span>');
  });

  it('lists a ring as pairs, the worst first, instead of an empty grid', () => {
    const ring = fleetSweep({ nodes: 16, scheme: 'ring', badNodes: [4], badLinks: [[9, 10]] });
    const html = renderHtml(ring, sweepVerdict(ring));
    expect(html).not.toContain('<table class="heat');
    expect(html).toContain(
      'ring: 16 pairs fill 13% of the 16 × 16 grid, so they are listed instead of an empty grid.',
    );
    const order = [...html.matchAll(/<tr data-pair="(\d+)" data-band="(\w+)"/g)].map((m) => m[2]);
    expect(order).toHaveLength(16);
    // the node's two pairs and the link first, every good one after them
    expect(order.slice(0, 3)).toEqual(['bad', 'bad', 'bad']);
    expect(order.slice(3).every((b) => b !== 'bad')).toBe(true);
  });

  it('beyond 64 nodes draws one grid per rack when the racks are small enough, the failing one open', () => {
    const big = fleetSweep({ nodes: 96, scheme: 'all-pairs', zones: 2, racksPerZone: 3, badNodes: [20] });
    const html = renderHtml(big, sweepVerdict(big));
    const grids = [...html.matchAll(/<details class="group-grid" data-group="([^"]+)"( open)?>/g)];
    // the worst first: the culprit's rack, open; then the others, folded
    expect(grids.map((m) => [m[1], m[2] === ' open'])[0]).toEqual(['leaf-001', true]);
    expect(grids.slice(1).every((m) => m[2] !== ' open')).toBe(true);
    expect(grids.map((m) => m[1]).sort()).toEqual([
      'leaf-000',
      'leaf-001',
      'leaf-002',
      'leaf-100',
      'leaf-101',
      'leaf-102',
    ]);
  });

  it('lists the regressions against the baseline in what to fix', () => {
    const fleet = fleet1000();
    const html = renderHtml(fleet, sweepVerdict(fleet)).replaceAll('<wbr>', '');
    expect(html).toContain('<h3>Regressions against 2026-11-29T02:30:00.000Z (2)</h3>');
    expect(html).toMatch(
      // the shared domain suffix is dropped from the name shown (the detail keeps it)
      /<b>Node gpu-h100-642<\/b>: gpu-h100-642\.cluster\.local fell 4\d% against/,
    );
    expect(html).toMatch(
      /<b>Link gpu-h100-300\.cluster\.local ↔ gpu-h100-301\.cluster\.local<\/b>: .* fell 4\d% against/,
    );
  });
});
