import { describe, expect, it } from 'vitest';
import { ToolError } from '../core/errors.js';
import { localBandwidthCheck } from '../judge/local.js';
import { assertSizes } from './limits.js';
import { getEngine } from './registry.js';

describe('sizes an engine cannot take', () => {
  it('ucx_perftest refuses 4 GiB and more, naming the limit (its size wraps at 32 bits)', () => {
    const perftest = getEngine('ucx_perftest');
    expect(() => assertSizes(perftest, [65536, 2 ** 31])).not.toThrow();
    let err: unknown;
    try {
      assertSizes(perftest, [65536, 2 ** 32, 2 ** 33]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toBe(
      '--sizes 4 GiB,8 GiB: ucx_perftest measures messages under 4 GiB only (larger sizes wrap and report impossible figures)',
    );
  });

  it('NIXL engines have no limit of their own', () => {
    expect(() => assertSizes(getEngine('nixl'), [2 ** 34])).not.toThrow();
    expect(() => assertSizes(getEngine('nixlbench'), [2 ** 34])).not.toThrow();
  });
});

describe('a local run above any physical link fails, in host memory too', () => {
  const rows = (gbps: number) => [{ blockSize: 2 ** 32, batchSize: 1, gbps }];
  it('6.8 million GB/s (the wrapped 4 GiB row) is a fail, never an ok without a floor', () => {
    const c = localBandwidthCheck({
      rows: rows(6_800_000),
      memory: 'DRAM',
      expected: undefined,
      subject: 'x',
    });
    expect(c.status).toBe('fail');
    expect(c.detail).toMatch(/is above any memory or GPU link \(1000 GB\/s\): a measurement artefact/);
  });
  it('a plausible host-memory figure without a floor stays ok', () => {
    expect(
      localBandwidthCheck({ rows: rows(12), memory: 'DRAM', expected: undefined, subject: 'x' }).status,
    ).toBe('ok');
  });
});
