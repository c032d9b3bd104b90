import { describe, expect, it } from 'vitest';
import { readTestData } from '../../test/helpers/fixtures.js';
import { parseNixlProbe } from './nixl-probe.js';

// Real captures of our probe with the nixl 1.5.1 wheel (test/data/nixl-probe/README.md).
const initiator = readTestData('nixl-probe', 'dram-write-loopback-initiator.txt');
const target = readTestData('nixl-probe', 'dram-write-loopback-target.txt');
// The probe with its KV row, warm-up, ≥ 1 s / 1 GiB per row and data check (same README).
const kvInitiator = readTestData('nixl-probe', 'kv-write-loopback-initiator.txt');
const kvTarget = readTestData('nixl-probe', 'kv-write-loopback-target.txt');

describe('parseNixlProbe', () => {
  it("finds our events behind a partial UCX log line (UCX's C stdio chunks end mid-line on a pipe)", () => {
    const out = parseNixlProbe(readTestData('nixl-probe', 'stdout-ucx-log-interleaved-initiator.txt'));
    expect(out.garbage).toEqual([]);
    expect(out.measurements.map((m) => [m.kind, m.blockSize, m.op])).toEqual([
      ['sweep', 4096, 'WRITE'],
      ['kv', 32768, 'WRITE'],
    ]);
    expect(out.done).toMatchObject({ measurements: 2, verified: true });
    expect(out.connected).toMatchObject({ peer: 'interconnect-test-target' });
  });

  it("reads the initiator's measurements, start line and UCX lanes from a real run", () => {
    const r = parseNixlProbe(initiator);
    expect(r.garbage).toEqual([]);
    expect(r.errors).toEqual([]);
    expect(r.start).toMatchObject({ role: 'initiator', nixlVersion: '1.5.1', memory: 'DRAM', op: 'WRITE' });
    expect(r.connected).toMatchObject({ peer: 'interconnect-test-target', peerAddress: '127.0.0.1' });
    expect(r.measurements.map((m) => m.blockSize)).toEqual([
      4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576,
    ]);
    expect(r.measurements.every((m) => m.batchSize === 1 && m.iters === 100)).toBe(true);
    expect(Math.max(...r.measurements.map((m) => m.gbps))).toBe(9.719663871730438);
    expect(r.done).toMatchObject({ measurements: 9, verified: null });
    expect(r.ucxVersion).toBe('1.23.0');
    // The endpoint line says rma_am(tcp/lo), but the protocol table of the WRITE toward the
    // target (intra-node cfg#1, `remote memory write by ucp_put*`) says zero-copy over cma.
    expect(r.lanes).toEqual(['cma/memory']);
    expect(r.transports).toEqual(['cma']);
    expect(r.emulated).toBe(false);
  });

  it("reads the target's ready port and its verified done line, with no measurements", () => {
    const r = parseNixlProbe(target);
    expect(r.ready).toMatchObject({ port: 15555, agent: 'interconnect-test-target' });
    expect(r.measurements).toEqual([]);
    expect(r.done).toMatchObject({ role: 'target', verified: true });
  });

  it('falls back to the endpoint lines without protocol tables, and picks the READ table for a READ', () => {
    const ep =
      '[1.0] [h:1:0]      ucp_worker.c:1997 UCX  INFO    a intra-node cfg#1 rma_am(tcp/lo)  amo_am(tcp/lo)  am(tcp/lo cma/memory)  ka(tcp/lo)';
    const start = (op: string) =>
      `{"probe":"nixl-probe","v":1,"event":"start","role":"initiator","agent":"a","host":"h","pid":1,"nixlVersion":"1.5.1","python":"3.11","memory":"DRAM","memorySource":"host","device":null,"op":"${op}","blockSizes":[4096],"batchSizes":[1]}`;
    const bare = parseNixlProbe([start('WRITE'), ep].join('\n'));
    expect(bare.lanes).toEqual(['tcp/lo', 'cma/memory']);
    expect(bare.emulated).toBe(true);
    const table = (op: string, proto: string, lane: string) =>
      [
        '[2.0] [h:1:1]   +--------+-------------+------------+',
        '[2.0] [h:1:1]   | a intra-node cfg#1                 |',
        `[2.0] [h:1:1]   | ${op} |`,
        '[2.0] [h:1:1]   +--------+-------------+------------+',
        '[2.0] [h:1:1]   | Range  | Description | Config     |',
        '[2.0] [h:1:1]   +--------+-------------+------------+',
        `[2.0] [h:1:1]   | 0..inf | ${proto} | ${lane} |`,
        '[2.0] [h:1:1]   +--------+-------------+------------+',
      ].join('\n');
    const read = parseNixlProbe(
      [
        start('READ'),
        ep,
        table('remote memory write by ucp_put* from host memory to host', 'zero-copy', 'cma/memory'),
        table(
          'remote memory read by ucp_get*(multi) into host memory from host',
          'software emulation',
          'tcp/lo',
        ),
      ].join('\n'),
    );
    expect(read.lanes).toEqual(['tcp/lo']);
    expect(read.emulated).toBe(true);
  });

  it('puts lines that claim to be the probe but are broken or off-schema in garbage, with line numbers', () => {
    const r = parseNixlProbe(
      [
        'some UCX noise',
        '{"probe":"nixl-probe","v":1,"event":"measurement","role":"initiator"', // cut off
        '{"probe":"nixl-probe","v":1,"event":"measurement","role":"initiator","op":"WRITE","blockSize":-4,"batchSize":1,"iters":1,"warmup":0,"seconds":1,"gbps":1,"avgLatUs":1}',
        '{"probe":"nixl-probe","v":1,"event":"teleport","role":"initiator"}',
        '{"probe":"nixl-probe","v":1,"event":"error","role":"target","stage":"version","message":"NIXL 0.1.1 is too old"}',
        '{"other":"json"}',
      ].join('\n'),
    );
    expect(r.garbage.map((g) => g.line)).toEqual([2, 3, 4]);
    expect(r.garbage[0]?.problem).toBe('not valid JSON');
    expect(r.garbage[1]?.problem).toMatch(/^blockSize: /);
    expect(r.measurements).toEqual([]);
    expect(r.errors).toEqual([
      expect.objectContaining({ stage: 'version', message: 'NIXL 0.1.1 is too old' }),
    ]);
  });

  it('reads the KV row, the warm-up, the time/bytes rule and the data check of every row (real run)', () => {
    const r = parseNixlProbe(kvInitiator);
    expect(r.garbage).toEqual([]);
    expect(r.start).toMatchObject({ minSeconds: 1, minBytes: 1 << 30 });
    const sweep = r.measurements.filter((m) => m.kind === 'sweep');
    expect(sweep.map((m) => m.blockSize)).toEqual([
      4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576,
    ]);
    for (const m of r.measurements) {
      // Warmed up, and timed until 1 s or 1 GiB, whichever came first; never cut by the budget.
      expect(m.warmup).toBeGreaterThanOrEqual(1);
      if (m.enough === 'seconds') expect(m.seconds).toBeGreaterThanOrEqual(1);
      else expect(m).toMatchObject({ enough: 'bytes', bytes: 1 << 30 });
      expect(m.bytes).toBe(m.blockSize * m.batchSize * m.iters * (m.kind === 'kv' ? 2 : 1));
      // Every byte the row's descriptors moved was copied back and compared.
      expect(m.check?.bytes).toBe(m.blockSize * m.batchSize * (m.kind === 'kv' ? 2 : 1));
    }
    const kv = r.measurements.find((m) => m.kind === 'kv');
    expect(kv).toMatchObject({
      row: 9,
      blockSize: 32768,
      batchSize: 64,
      iters: 167,
      warmup: 1,
      notifs: 336,
      check: { bytes: 4194304, chunks: 1 },
      kv: { layers: 4, blocks: 8, requests: 2, descsPerRequest: 64, descBytes: 32768, source: 'default' },
    });
    expect(r.done).toMatchObject({ measurements: 10, verified: true });
    // The target compared every row after the WRITEs and got every KV notification.
    expect(parseNixlProbe(kvTarget).done).toMatchObject({ verified: true, checkedRows: 10, kvNotifs: 336 });
  });
});
