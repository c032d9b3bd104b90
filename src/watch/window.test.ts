import type { V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/helpers/fixtures.js';
import { parsePrometheusText } from '../parsers/prometheus-text.js';
import { snapshotOf } from './frameworks.js';
import { systemPortOf } from './scrape.js';
import { increase, quantile, windowOf } from './window.js';

const snap = (scenario: string, file: string) =>
  snapshotOf(parsePrometheusText(readFixture('watch', 'scenarios', scenario, file)));

describe('increase', () => {
  it('is after - before, and after alone when the counter went down (a restart), as PromQL counts it', () => {
    expect(increase(10, 25)).toBe(15);
    expect(increase(25, 4)).toBe(4);
    expect(increase(undefined, 7)).toBe(7);
    expect(increase(3, undefined)).toBeUndefined();
  });
});

describe('quantile (histogram_quantile)', () => {
  const h = (pairs: [number, number][]) => ({
    count: pairs.at(-1)?.[1] ?? 0,
    sum: 0,
    buckets: new Map(pairs),
  });
  it('interpolates inside the bucket that holds the rank, the first bucket from 0', () => {
    expect(
      quantile(
        0.5,
        h([
          [1, 0],
          [2, 10],
          [Number.POSITIVE_INFINITY, 10],
        ]),
      ),
    ).toBe(1.5);
    expect(
      quantile(
        0.5,
        h([
          [4, 10],
          [Number.POSITIVE_INFINITY, 10],
        ]),
      ),
    ).toBe(2);
  });
  it('in the +Inf bucket it is the highest finite bound; with no observation, undefined', () => {
    expect(
      quantile(
        0.9,
        h([
          [1, 1],
          [Number.POSITIVE_INFINITY, 10],
        ]),
      ),
    ).toBe(1);
    expect(
      quantile(
        0.5,
        h([
          [1, 0],
          [Number.POSITIVE_INFINITY, 0],
        ]),
      ),
    ).toBeUndefined();
  });
});

describe('windowOf on the scenario expositions', () => {
  it("vLLM decode: the window's transfers, bytes, seconds and descriptors are the deltas", () => {
    const w = windowOf(
      snap('vllm-layout-bound', 'decode.before.txt'),
      snap('vllm-layout-bound', 'decode.after.txt') as never,
      300,
    );
    expect(w.transfers).toBe(2018);
    expect(w.bytes).toBeCloseTo(2018 * 167e6, -3);
    expect(w.seconds).toBeCloseTo(2018 * 0.0387, 6);
    expect(w.descriptors).toBe(2018 * 1785);
  });
  it('SGLang: MiB and milliseconds become bytes and seconds', () => {
    const w = windowOf(
      snap('sglang-healthy-rdma', 'prefill.before.txt'),
      snap('sglang-healthy-rdma', 'prefill.after.txt') as never,
      300,
    );
    expect(w.bytes).toBe(500 * 64 * 1024 * 1024);
    expect(w.seconds).toBeCloseTo(0.9, 9);
  });
});

describe('systemPortOf', () => {
  const pod = (c: object): V1Pod => ({ spec: { containers: [{ name: 'main', ...c }] } }) as V1Pod;
  it('the port named system, else DYN_SYSTEM_PORT, else 9090', () => {
    expect(
      systemPortOf(
        pod({
          ports: [{ name: 'system', containerPort: 8081 }],
          env: [{ name: 'DYN_SYSTEM_PORT', value: '7000' }],
        }),
      ),
    ).toBe(8081);
    expect(systemPortOf(pod({ env: [{ name: 'DYN_SYSTEM_PORT', value: '7000' }] }))).toBe(7000);
    expect(systemPortOf(pod({ env: [{ name: 'DYN_SYSTEM_PORT', value: '-1' }] }))).toBe(9090);
  });
});
