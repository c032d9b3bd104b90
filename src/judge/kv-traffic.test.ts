import { describe, expect, it } from 'vitest';
import {
  assumedReference,
  type KvWindow,
  kvFailuresCheck,
  kvThroughputCheck,
  layoutNote,
  lineRateReference,
  rateAt,
} from './kv-traffic.js';

const ndr = lineRateReference(400);
const win = (over: Partial<KvWindow>): KvWindow => ({
  framework: 'vllm',
  windowSeconds: 300,
  transfers: 100,
  bytes: 100 * 70e6,
  seconds: 100 * 0.00175,
  failures: [],
  ...over,
});

describe('what a healthy fabric gives at a transfer size', () => {
  it('a large transfer approaches the link; a small one is bound by the per-transfer cost', () => {
    expect(rateAt(8e9, 42.5)).toBeGreaterThan(40);
    expect(rateAt(2e6, 42.5)).toBeLessThan(1.1);
  });
  it('--line-rate 400 is 40 GB/s at the healthy 80 % (RDMA_WARN_FRACTION); two rails double it', () => {
    expect(ndr.gbps).toBeCloseTo(40);
    expect(lineRateReference(400, 2).gbps).toBeCloseTo(80);
  });
});

describe('watch.kv_throughput', () => {
  it('40 GB/s per 70 MB transfer on 400G is ok', () => {
    expect(kvThroughputCheck('d', win({}), ndr).status).toBe('ok');
  });
  it('TCP speed (0.5 GB/s) where RDMA gives 19 GB/s at that size fails', () => {
    const c = kvThroughputCheck('d', win({ seconds: 100 * 0.14 }), ndr);
    expect(c.status).toBe('fail');
    expect(c.detail).toContain('TCP speed');
  });
  it('a small transfer at latency-bound speed is not called slow: it is ok when above TCP at its size', () => {
    const c = kvThroughputCheck('d', win({ bytes: 100 * 2.25e6, seconds: 100 * 0.001381 }), ndr);
    expect(c.status).toBe('ok');
  });
  it('a size where healthy and TCP give about the same is skipped: it cannot tell them apart', () => {
    const c = kvThroughputCheck('d', win({ bytes: 100 * 200e3, seconds: 100 * 0.002 }), ndr);
    expect(c.status).toBe('skipped');
    expect(c.detail).toContain('latency-bound');
  });
  it('below half of the healthy figure, with many tiny descriptors, is a warning that names the layout', () => {
    const c = kvThroughputCheck(
      'd',
      win({ bytes: 100 * 167e6, seconds: 100 * 0.0387, descriptors: 100 * 1785 }),
      ndr,
    );
    expect(c.status).toBe('warn');
    expect(c.detail).toContain('1785 descriptors of 91.4 KiB per transfer');
  });
  it('no transfer in the window is skipped, never a pass', () => {
    const c = kvThroughputCheck('d', win({ transfers: 0, bytes: 0, seconds: 0 }), ndr);
    expect(c.status).toBe('skipped');
    expect(c.detail).toContain('nothing to judge');
  });
  it('with no line rate known, above TCP is only a warning that asks for --line-rate', () => {
    const c = kvThroughputCheck('d', win({}), assumedReference());
    expect(c.status).toBe('warn');
    expect(c.fix).toContain('--line-rate');
  });
  it('reports bytes per second in its data', () => {
    expect(kvThroughputCheck('d', win({}), ndr).data?.bytesPerSecond).toBeCloseTo(40e9);
  });
});

describe('layoutNote', () => {
  it('posting most of the transfer time is named', () => {
    expect(layoutNote(win({ postSeconds: 100 * 0.0015 }))).toContain('posting takes 86 %');
  });
  it('large descriptors and short posts need no note', () => {
    expect(layoutNote(win({ descriptors: 100 * 56, postSeconds: 100 * 0.0003 }))).toBeUndefined();
  });
});

describe('watch.kv_failures', () => {
  it('any failure in the window fails, named with count, rate per minute and metric', () => {
    const c = kvFailuresCheck(
      'd',
      win({
        failures: [{ metric: 'vllm:nixl_num_failed_transfers_total', what: 'failed transfers', count: 3 }],
      }),
    );
    expect(c.status).toBe('fail');
    expect(c.detail).toBe(
      '3 failed transfers (0.60/min, vllm:nixl_num_failed_transfers_total) in the 300 s window',
    );
  });
  it('counters that did not move are ok; none exported is skipped', () => {
    expect(
      kvFailuresCheck('d', win({ failures: [{ metric: 'x', what: 'failed transfers', count: 0 }] })).status,
    ).toBe('ok');
    expect(kvFailuresCheck('d', win({ framework: 'nixl' })).status).toBe('skipped');
  });
});
