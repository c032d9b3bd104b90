import { describe, expect, it } from 'vitest';
import type { KvRow } from '../core/measurement.js';
import { KV_SHARE_WARN, kvRowCheck } from './kv-row.js';

const kv = (gbps: number): KvRow => ({
  gbps,
  descBytes: 32768,
  descsPerRequest: 10240,
  requests: 1,
  layers: 80,
  kvHeads: 8,
  headSize: 128,
  blockTokens: 16,
  dtypeBytes: 2,
  tokens: 1024,
  source: 'default',
});
const rows = [
  { blockSize: 32768, batchSize: 1, gbps: 20 },
  { blockSize: 1 << 20, batchSize: 1, gbps: 44 },
  { blockSize: 64 << 20, batchSize: 1, gbps: 46 },
];

describe('pair.kv: the KV-shaped row beside the large-block peak', () => {
  it('is ok near the peak and names the share and what a request costs', () => {
    const c = kvRowCheck(kv(40), rows, 'a → b');
    expect(c?.status).toBe('ok');
    expect(c?.detail).toMatch(/^KV-shaped row 40\.0 GB\/s is 87% of the 46\.0 GB\/s peak at 64 MiB/);
    // 10240 x 32 KiB = 320 MiB per request: 8.4 ms at 40 GB/s, 7.3 ms at 46.
    expect(c?.detail).toContain("a request's 320 MiB: 8.4 ms, 7.3 ms at the peak");
    expect(c?.data).toMatchObject({ kvGBps: 40, peakGBps: 46 });
  });

  it('warns (never a pass) far below the peak: the per-descriptor cost bounds the KV transfer', () => {
    const c = kvRowCheck(kv(46 * KV_SHARE_WARN - 0.1), rows, 'a → b');
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(/per-descriptor cost, not the link, bounds the KV transfer/);
    expect(c?.fix).toMatch(/--block-size/);
    expect(kvRowCheck(kv(46 * KV_SHARE_WARN), rows, 'a → b')?.status).toBe('ok');
  });

  it('judges against the large-block peak, not a faster small row, and warns with no large row', () => {
    // A 4 KiB row faster than the large ones is not the peak the KV row is set beside.
    const odd = [...rows, { blockSize: 4096, batchSize: 1, gbps: 90 }];
    expect(kvRowCheck(kv(30), odd, 's')?.data).toMatchObject({ peakGBps: 46 });
    const small = kvRowCheck(kv(30), [{ blockSize: 4096, batchSize: 1, gbps: 5 }], 's');
    expect(small?.status).toBe('warn');
    expect(small?.detail).toMatch(/no row of 1 MiB or more/);
    expect(kvRowCheck(undefined, rows, 's')).toBeUndefined();
  });
});
