import { describe, expect, it } from 'vitest';
import { judgedGBps, judgedRow } from './bandwidth.js';

const MiB = 1 << 20;

describe('judgedRow: the row a link is judged on', () => {
  it('takes the in-flight row of a large block, even where a one-at-a-time row read faster', () => {
    // One-at-a-time rows keep their latency; the link's bandwidth comes from the row with transfers queued.
    const rows = [
      { blockSize: 4096, batchSize: 1, gbps: 1.2, avgLatUs: 3.4 },
      { blockSize: 64 * MiB, batchSize: 1, gbps: 44, avgLatUs: 1525 },
      { blockSize: 64 * MiB, batchSize: 1, gbps: 43, inFlight: 4 },
    ];
    expect(judgedRow(rows)).toEqual({ row: rows[2], smallOnly: false });
    expect(judgedGBps(rows)).toBe(43);
  });

  it('takes the best of several in-flight rows', () => {
    const rows = [
      { blockSize: 16 * MiB, batchSize: 1, gbps: 40, inFlight: 4 },
      { blockSize: 64 * MiB, batchSize: 1, gbps: 47, inFlight: 4 },
      { blockSize: 64 * MiB, batchSize: 1, gbps: 48 },
    ];
    expect(judgedRow(rows)?.row).toBe(rows[1]);
  });

  it('ignores an in-flight row of small blocks (latency-bound) and a depth of 1', () => {
    const rows = [
      { blockSize: 8192, batchSize: 1, gbps: 9, inFlight: 4 },
      { blockSize: 1 * MiB, batchSize: 1, gbps: 20, inFlight: 1 },
      { blockSize: 2 * MiB, batchSize: 1, gbps: 22 },
    ];
    expect(judgedRow(rows)?.row).toBe(rows[2]);
  });

  it('without an in-flight row (nixlbench, ucx_perftest, an older probe) takes the best large row, as before', () => {
    const rows = [
      { blockSize: 4096, batchSize: 1, gbps: 30 },
      { blockSize: 8 * MiB, batchSize: 1, gbps: 41 },
      { blockSize: 64 * MiB, batchSize: 1, gbps: 42.6 },
    ];
    expect(judgedRow(rows)?.row).toBe(rows[2]);
    expect(judgedRow([{ blockSize: 4096, gbps: 3 }])).toEqual({
      row: { blockSize: 4096, gbps: 3 },
      smallOnly: true,
    });
  });
});
