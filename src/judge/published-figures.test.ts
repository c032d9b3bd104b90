import { describe, expect, it } from 'vitest';
import { judgeBandwidth } from './bandwidth.js';
import { expectationFor, RDMA_FAIL_FRACTION, RDMA_WARN_FRACTION } from './expectations.js';
import { PUBLISHED_FIGURES, RDMA_CALIBRATION_MARGIN } from './published-figures.js';

// The RDMA bars against every published figure (references/expected-bandwidth.md, "Published
// figures"), through the judge `read` and `pair` use: healthy ones pass with margin, degraded fail.

const judged = (f: (typeof PUBLISHED_FIGURES)[number]) => {
  const expected = expectationFor({ mode: 'cross-node', lineRateGbps: f.lineGbps });
  return { expected, v: judgeBandwidth({ gbps: f.gbps, expected, link: 'cross-node', userFloor: false }) };
};

describe('the RDMA bars against published figures', () => {
  const healthy = PUBLISHED_FIGURES.filter((f) => f.healthy);
  const degraded = PUBLISHED_FIGURES.filter((f) => !f.healthy);

  it.each(healthy.map((f) => [`${f.tool}, ${f.link}`, f] as const))('passes healthy %s', (_name, f) => {
    const { expected, v } = judged(f);
    expect(v.status, `${f.gbps.toFixed(2)} GB/s (${f.source})`).toBe('ok');
    // Not on the bar: at least the margin above it.
    const share = f.gbps / (f.lineGbps / 8);
    expect(share - RDMA_WARN_FRACTION, f.source).toBeGreaterThanOrEqual(RDMA_CALIBRATION_MARGIN);
    expect(expected.warnGBps).toBeCloseTo((f.lineGbps / 8) * RDMA_WARN_FRACTION, 1);
  });

  it.each(degraded.map((f) => [`${f.tool}, ${f.link}`, f] as const))('fails degraded %s', (_name, f) => {
    const { v } = judged(f);
    expect(v.status, `${f.gbps.toFixed(2)} GB/s (${f.source})`).toBe('fail');
    expect(RDMA_FAIL_FRACTION - f.gbps / (f.lineGbps / 8), f.source).toBeGreaterThanOrEqual(
      RDMA_CALIBRATION_MARGIN,
    );
  });

  it('has at least 4 healthy figures at 100, 200 and 400 Gb/s, from more than one kind of tool', () => {
    for (const speed of [100, 200, 400]) {
      const at = healthy.filter((f) => f.lineGbps === speed && !/EFA/.test(f.link));
      expect(at.length, `${speed} Gb/s`).toBeGreaterThanOrEqual(4);
      expect(new Set(at.map((f) => f.tool.split(' ')[0])).size, `${speed} Gb/s`).toBeGreaterThan(1);
    }
    // EFA: four published figures, from more than one kind of tool (references/expected-bandwidth.md).
    const efa = healthy.filter((f) => /EFA/.test(f.link));
    expect(efa.length).toBeGreaterThanOrEqual(4);
    expect(new Set(efa.map((f) => f.tool.split(' ')[0])).size).toBeGreaterThan(1);
  });

  it('a one-at-a-time row and an in-flight row are held to one bar: the lowest healthy figure of either passes', () => {
    const lowest = (rows: string) =>
      Math.min(...healthy.filter((f) => f.rows === rows).map((f) => f.gbps / (f.lineGbps / 8)));
    expect(lowest('one-at-a-time')).toBeGreaterThanOrEqual(RDMA_WARN_FRACTION + RDMA_CALIBRATION_MARGIN);
    expect(lowest('in-flight')).toBeGreaterThanOrEqual(RDMA_WARN_FRACTION + RDMA_CALIBRATION_MARGIN);
  });
});
