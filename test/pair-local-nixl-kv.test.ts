import { expect, it } from 'vitest';
import { readNixlLog } from '../src/engines/nixl/logs.js';
import { nixlProbePath } from '../src/engines/nixl-probe.js';
import { parseNixlProbe } from '../src/parsers/nixl-probe.js';
import { type RunningProc, spawnLauncher } from '../src/procs/launcher.js';
import { listensOn } from '../src/procs/listen.js';
import { freePort } from '../src/procs/ports.js';
import { pollUntil } from '../src/procs/wait.js';
import { nixl, nixlPythonPaths } from './helpers/nixl.js';
import { describeNeeding } from './helpers/preconditions.js';

// Real NIXL (the nixl wheel from PyPI, scripts/nixl-venv.sh) between two local processes, DRAM:
// the KV-shaped row (per-layer, per-block descriptor lists posted with a notification), the
// warm-up and the >= 1 s / 1 GiB rule of every row, and the bytes compared after every row.

const python = nixlPythonPaths().current;
// A small KV shape (2 layers, 4 blocks: 16 descriptors a request, 3 requests in flight), two sweep rows.
const ARGS = [
  '--memory',
  'DRAM',
  '--start-block',
  '4096',
  '--max-block',
  '8192',
  '--iters',
  '20',
  '--warmup',
  '2',
  '--min-seconds',
  '0.3',
  // 1 TiB: far more than any machine moves in 0.3 s, so the time rule ends every row here on any
  // machine (a fast one moved the default 1 GiB of 8 KiB rows in under 0.3 s and ended on bytes).
  '--min-bytes',
  String(2 ** 40),
  '--kv-layers',
  '2',
  '--kv-tokens',
  '64',
  '--kv-requests',
  '3',
  '--timeout',
  '20',
];

interface Pair {
  target: RunningProc;
  initiator: RunningProc;
  exits: { target: number | null; initiator: number | null };
}

async function probePair(
  op: 'READ' | 'WRITE',
  env: { target?: object; initiator?: object } = {},
  extra: string[] = [],
): Promise<Pair> {
  const port = await freePort();
  const base = { ...process.env, NO_COLOR: '1' };
  const target = await spawnLauncher.start({
    name: 'target',
    argv: [python, nixlProbePath(), '--role', 'target', '--listen-port', String(port), ...ARGS, ...extra],
    env: { ...base, ...env.target },
  });
  await pollUntil(async () => (await listensOn(target.pid, port)) || undefined, {
    intervalMs: 50,
    timeoutMs: 30_000,
  });
  const initiator = await spawnLauncher.start({
    name: 'initiator',
    argv: [
      python,
      nixlProbePath(),
      '--role',
      'initiator',
      '--peer',
      '127.0.0.1',
      '--peer-port',
      String(port),
      '--op',
      op,
      ...ARGS,
      ...extra,
    ],
    env: { ...base, ...env.initiator },
  });
  const [i, t] = await Promise.all([initiator.exited, target.exited]);
  return { target, initiator, exits: { initiator: i.code, target: t.code } };
}

const out = (p: RunningProc) => parseNixlProbe(p.lines().join('\n'));

describeNeeding(
  [nixl('current')],
  'the nixl probe: KV row, warm-up, time rule, data check (real NIXL)',
  () => {
    it('READs a KV row of multi-descriptor requests with notifications, every row warmed up and >= the time rule', async () => {
      const p = await probePair('READ');
      expect(p.exits).toEqual({ initiator: 0, target: 0 });
      const i = out(p.initiator);
      const t = out(p.target);
      expect(i.errors).toEqual([]);
      expect(i.measurements.map((m) => m.kind)).toEqual(['sweep', 'sweep', 'inflight', 'kv']);
      for (const m of i.measurements) {
        expect(m.warmup).toBeGreaterThanOrEqual(1);
        // --min-seconds 0.3 comes long before --min-bytes 1 TiB: every row ran at least 0.3 s.
        expect(m).toMatchObject({ enough: 'seconds' });
        expect(m.seconds).toBeGreaterThanOrEqual(0.3);
        expect(m.iters).toBeGreaterThanOrEqual(1);
        // The initiator READ the target's pattern and compared a sample of it after the row.
        // Every byte the row moved was copied back and compared.
        const copies = m.kind === 'kv' ? 3 : m.kind === 'inflight' ? 4 : 1;
        expect(m.check?.bytes).toBe(m.blockSize * m.batchSize * copies);
      }
      const kv = i.measurements.find((m) => m.kind === 'kv');
      // 2 layers x K,V x 4 blocks of 16 tokens = 16 descriptors of 8 x 128 x 16 x 2 B = 32 KiB a request.
      expect(kv).toMatchObject({
        blockSize: 32768,
        batchSize: 16,
        kv: { descsPerRequest: 16, requests: 3, blocks: 4, source: 'default' },
      });
      // One notification per request per round, warm-up included; every one reached the target.
      expect(kv?.notifs).toBe(3 * ((kv?.iters ?? 0) + (kv?.warmup ?? 0)));
      expect(t.done).toMatchObject({ op: 'READ', kvNotifs: kv?.notifs, verified: null });
      expect(i.done).toMatchObject({ verified: true, measurements: 4 });
    });

    it('ends a row on --min-bytes when that comes first: at least the bytes asked for, before the seconds', async () => {
      // 4 MiB is a few dozen 128 KiB rounds; 60 s is longer than the whole run's --timeout.
      const p = await probePair('WRITE', {}, ['--min-seconds', '60', '--min-bytes', String(4 << 20)]);
      expect(p.exits).toEqual({ initiator: 0, target: 0 });
      const i = out(p.initiator);
      expect(i.errors).toEqual([]);
      expect(i.measurements).toHaveLength(4);
      for (const m of i.measurements) {
        expect(m, `${m.kind} ${m.blockSize}`).toMatchObject({ enough: 'bytes' });
        expect(m.bytes).toBeGreaterThanOrEqual(4 << 20);
        expect(m.seconds).toBeLessThan(60);
      }
    });

    it('keeps 4 transfers of the largest block in flight, counts transfers, checks every byte, and names the depth', async () => {
      const p = await probePair('WRITE');
      expect(p.exits).toEqual({ initiator: 0, target: 0 });
      const i = out(p.initiator);
      expect(i.start).toMatchObject({ inFlight: 4 });
      const row = i.measurements.find((m) => m.kind === 'inflight');
      // Four requests of one 8 KiB block each, over four parts of the buffer, reposted as each completes.
      expect(row).toMatchObject({ blockSize: 8192, batchSize: 1, inFlight: 4, enough: 'seconds' });
      expect(row?.iters).toBeGreaterThanOrEqual(20);
      expect(row?.bytes).toBe((row?.iters ?? 0) * 8192);
      expect(row?.check?.bytes).toBe(4 * 8192);
      expect(out(p.target).done).toMatchObject({ op: 'WRITE', verified: true, checkedRows: 4 });
      // The log reader hands the row on with its depth (pair --local's test with 1 MiB blocks shows
      // the judge taking it: test/pair-local-nixl.test.ts).
      const { rows } = readNixlLog(p.initiator.lines().join('\n'), 'prefill').result ?? { rows: [] };
      expect(rows.map((r) => [r.blockSize, r.inFlight ?? 1])).toEqual([
        [4096, 1],
        [8192, 1],
        [8192, 4],
      ]);
    });

    it('catches a byte flipped on the target before its check after the WRITEs, naming the row and offset', async () => {
      // The test-only knob flips one byte of the KV row's first descriptor where the target copied it back.
      const p = await probePair('WRITE', { target: { INTERCONNECT_TEST_NIXL_PROBE_CORRUPT: 'kv:0' } });
      expect(p.exits).toEqual({ initiator: 1, target: 1 });
      const t = out(p.target);
      expect(t.errors).toEqual([
        expect.objectContaining({
          stage: 'verify',
          message: expect.stringMatching(/^row kv: byte 0 of the buffer is 0x/),
        }),
      ]);
      const i = out(p.initiator);
      expect(i.errors[0]).toMatchObject({
        stage: 'verify',
        message: expect.stringContaining('row kv: byte 0'),
      });
      // The rows before it were checked and passed; the KV row is not reported as measured.
      expect(i.measurements.map((m) => m.kind)).toEqual(['sweep', 'sweep', 'inflight']);
    });

    it('catches a byte flipped on the initiator after READs, mid-descriptor, and tells the target at once', async () => {
      // Offset 8188: in the last 4 bytes of the 8 KiB row's only descriptor.
      const p = await probePair('READ', {
        initiator: { INTERCONNECT_TEST_NIXL_PROBE_CORRUPT: '1 x 8192 B:8188' },
      });
      expect(p.exits).toEqual({ initiator: 1, target: 1 });
      expect(out(p.initiator).errors[0]).toMatchObject({
        stage: 'verify',
        message: expect.stringMatching(
          /^row 1 x 8192 B: byte 8188 of the buffer is 0x[0-9a-f]{2}, 0x[0-9a-f]{2} was sent$/,
        ),
      });
      // The target hears why and stops, instead of waiting out --timeout.
      expect(out(p.target).errors[0]).toMatchObject({
        stage: 'peer',
        message: expect.stringContaining('stopped its sweep: verify'),
      });
    });
    // Every byte of every row is compared (issue 37 item 1): a flip anywhere in a descriptor fails,
    // not only in the 64-byte head, middle and tail samples the check once copied back.
    const random = (below: number) => Math.floor(Math.random() * below);
    const kvDesc = 32768;
    const kvStride = kvDesc + 4096; // the probe's KV_GAP between descriptors
    const flips: [string, 'READ' | 'WRITE', string, number][] = [
      ['head', 'WRITE', '1 x 4096 B', 0],
      ['middle, outside any old sample', 'WRITE', '1 x 4096 B', 100],
      ['middle', 'READ', '1 x 4096 B', 3001],
      ['tail', 'READ', '1 x 4096 B', 4095],
      ['random', 'WRITE', '1 x 8192 B', random(8192)],
      ['random descriptor of the KV row, random byte', 'READ', 'kv', random(48) * kvStride + random(kvDesc)],
      ['in-flight row, fourth transfer', 'WRITE', '4 in flight x 8192 B', 3 * 8192 + random(8192)],
      ['in-flight row, second transfer', 'READ', '4 in flight x 8192 B', 8192 + random(8192)],
    ];
    it.each(flips)('fails a flip at the %s (%s, row %s, byte %i)', async (_where, op, row, at) => {
      const checker = op === 'WRITE' ? 'target' : 'initiator';
      const p = await probePair(op, { [checker]: { INTERCONNECT_TEST_NIXL_PROBE_CORRUPT: `${row}:${at}` } });
      expect(p.exits).toEqual({ initiator: 1, target: 1 });
      const side = checker === 'target' ? p.target : p.initiator;
      expect(out(side).errors[0], `row ${row} byte ${at}`).toMatchObject({
        stage: 'verify',
        message: expect.stringMatching(
          new RegExp(`^row ${row}: byte ${at} of the buffer is 0x[0-9a-f]{2}, 0x[0-9a-f]{2} was sent$`),
        ),
      });
    });
  },
);

// A pair inside one NVLink domain (the plan sets ITEST_NIXL_FABRIC=1): the exchange and first
// transfer are retried for a bounded time, each retry a line (issue 37 item 8), and the largest
// block is batched up to --nvlink-batch-bytes per transfer (item 9). DRAM here: the same code path.
const FABRIC_ARGS = ['--max-block', '1048576', '--nvlink-batch-bytes', '4194304', '--nvlink-retry', '20'];

describeNeeding([nixl('current')], 'the nixl probe on an NVLink-domain pair (real NIXL)', () => {
  async function fabricPair(initiatorEnv: object, extra: string[] = FABRIC_ARGS) {
    const port = await freePort();
    const base = { ...process.env, NO_COLOR: '1', ITEST_NIXL_FABRIC: '1' };
    // ARGS with --max-block replaced by the extra arguments' own.
    const args = [
      ...ARGS.filter((v, i, all) => v !== '--max-block' && all[i - 1] !== '--max-block'),
      ...extra,
    ];
    const target = await spawnLauncher.start({
      name: 'target',
      argv: [python, nixlProbePath(), '--role', 'target', '--listen-port', String(port), ...args],
      env: base,
    });
    await pollUntil(async () => (await listensOn(target.pid, port)) || undefined, {
      intervalMs: 50,
      timeoutMs: 30_000,
    });
    const initiator = await spawnLauncher.start({
      name: 'initiator',
      argv: [
        python,
        nixlProbePath(),
        '--role',
        'initiator',
        '--peer',
        '127.0.0.1',
        '--peer-port',
        String(port),
        '--op',
        'WRITE',
        ...args,
      ],
      env: { ...base, ...initiatorEnv },
    });
    const [i, t] = await Promise.all([initiator.exited, target.exited]);
    return {
      initiator: out(initiator),
      initiatorLog: initiator.lines().join('\n'),
      target: out(target),
      exits: { initiator: i.code, target: t.code },
    };
  }

  it('retries a failing first transfer, says each try, and then measures; large rows batched up to 4 MiB', async () => {
    const p = await fabricPair({ INTERCONNECT_TEST_NIXL_PROBE_FAIL_FIRST: '2' });
    expect(p.exits).toEqual({ initiator: 0, target: 0 });
    expect(p.initiator.retries.map((r) => [r.event, r.what])).toEqual([
      ['retry', 'first transfer'],
      ['retry', 'first transfer'],
      ['retried', 'first transfer'],
    ]);
    expect(p.initiator.retries[2]).toMatchObject({ attempts: 3 });
    expect(p.initiator.retries[0]).toMatchObject({ error: expect.stringContaining('NIXL reported ERR') });
    // Sweep rows 4 KiB … 1 MiB, then 1 MiB batched 2 and 4 (4 MiB a transfer), then the KV row; every byte checked.
    const sweep = p.initiator.measurements.filter((m) => m.kind === 'sweep');
    expect(sweep.filter((m) => m.batchSize > 1).map((m) => [m.batchSize, m.blockSize])).toEqual([
      [2, 1048576],
      [4, 1048576],
    ]);
    for (const m of sweep) expect(m.check?.bytes).toBe(m.blockSize * m.batchSize);
    // What pair reads from the log: the retries go with the allocation line (pair.allocation's detail).
    const reading = readNixlLog(p.initiatorLog, 'prefill');
    expect(reading.allocation?.retried).toEqual([
      expect.objectContaining({
        what: 'first transfer',
        attempts: 3,
        lastError: expect.stringContaining('ERR'),
      }),
    ]);
  });

  it('gives up after --nvlink-retry seconds with the last error, exit 1', async () => {
    const p = await fabricPair({ INTERCONNECT_TEST_NIXL_PROBE_FAIL_FIRST: '1000' }, [
      ...FABRIC_ARGS,
      '--nvlink-retry',
      '1',
    ]);
    expect(p.exits.initiator).toBe(1);
    expect(p.initiator.retries.length).toBeGreaterThan(0);
    expect(p.initiator.retries.every((r) => r.event === 'retry')).toBe(true);
    expect(p.initiator.errors[0]).toMatchObject({
      stage: 'transfer',
      message: expect.stringContaining('NIXL reported ERR'),
    });
  });
});
