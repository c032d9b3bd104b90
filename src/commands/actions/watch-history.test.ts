import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleSweep, sampleSweepReport } from '../../../test/helpers/sweep-sample.js';
import { historyReference } from '../../judge/kv-traffic.js';
import { readHistory } from './watch-history.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'watch-history-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('watch --history', () => {
  it("reads a sweep report's measured pairs, and a results dir's last run", async () => {
    const sweep = sampleSweep();
    const measured = sweep.pairs.filter((p) => p.peakGBps && p.peakGBps > 0);
    writeFileSync(
      path.join(tmp, 'sweep-20261130T023000Z-ab12cd34.json'),
      JSON.stringify(sampleSweepReport(sweep)),
    );
    writeFileSync(path.join(tmp, 'last'), 'sweep-20261130T023000Z-ab12cd34.json\n');
    for (const spec of [path.join(tmp, 'sweep-20261130T023000Z-ab12cd34.json'), tmp]) {
      const links = await readHistory(spec, '/');
      expect(links.map((l) => [l.a, l.b, l.gbps])).toEqual(
        measured.map((p) => [p.prefill, p.decode, p.peakGBps]),
      );
    }
  });

  it('a pair report gives its one link; anything else is one line naming the file', async () => {
    const pair = path.join(tmp, 'pair.json');
    writeFileSync(
      pair,
      JSON.stringify({
        command: 'pair',
        generatedAt: '2026-12-01T00:00:00Z',
        measurement: { peakGBps: 41.2, nodes: { prefill: 'gpu-a', decode: 'gpu-b' } },
      }),
    );
    expect(await readHistory(pair, '/')).toEqual([
      { a: 'gpu-a', b: 'gpu-b', gbps: 41.2, source: 'pair of 2026-12-01' },
    ]);
    const node = path.join(tmp, 'node.json');
    writeFileSync(node, JSON.stringify({ command: 'node' }));
    await expect(readHistory(node, '/')).rejects.toThrow(`--history ${node}: holds no measured pair`);
    await expect(readHistory(path.join(tmp, 'none.json'), '/')).rejects.toThrow(/ENOENT/);
  });

  it("the reference for a worker is the slowest link measured between its node and the other role's nodes", () => {
    const links = [
      { a: 'gpu-a', b: 'gpu-b', gbps: 41, source: 'sweep' },
      { a: 'gpu-c', b: 'gpu-a', gbps: 30, source: 'sweep' },
      { a: 'gpu-d', b: 'gpu-e', gbps: 5, source: 'sweep' },
    ];
    expect(historyReference(links, 'gpu-a', ['gpu-b', 'gpu-c'])?.gbps).toBe(30);
    expect(historyReference(links, 'gpu-a', ['gpu-b'])?.source).toBe(
      'sweep: 41.0 GB/s between gpu-a and gpu-b',
    );
    expect(historyReference(links, 'gpu-a', ['gpu-e'])).toBeUndefined();
  });
});
