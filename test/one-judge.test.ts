import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MeasurementRow } from '../src/core/measurement.js';
import type { NicPort } from '../src/judge/expectations.js';
import { pairStatus } from '../src/judge/pair-status.js';
import { localResult } from '../src/pair/local/report.js';
import type { PairResult } from '../src/pair/run.js';
import { type Judgement, judge } from '../src/pair/verdict/verdict.js';
import { renderHtml } from '../src/render/html/page.js';
import { isolate } from '../src/sweep/isolate.js';
import type { SweepResult } from '../src/sweep/model.js';
import { sweepChecks, toSweepPair } from '../src/sweep/run.js';
import { runCli } from './helpers/cli.js';
import { readFixture } from './helpers/fixtures.js';
import { testPlan } from './helpers/plan.js';
import { sweepVerdict } from './helpers/sweep-sample.js';

/**
 * One judge: the same figures through `read nixlbench` (the CLI), pair's
 * judge(), `pair --local`'s report (src/judge/local.ts), the sweep's record of
 * the pair (toSweepPair, isolate, its `sweep.pair` check) and the HTML's hook
 * (pairStatus) must give the same verdicts. The log is the real legacy
 * nixlbench capture with its last row's figure replaced, so every path reads
 * the same table shape a real run prints.
 */

const tmp = mkdtempSync(path.join(tmpdir(), 'one-judge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const REAL = readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log');
const ROW = /^(\d+)(\s+1\s+\S+\s+\S+\s+\S+\s+)\d+\.\d+$/gm;

/** The real table with the 64 MiB row at `gbps` and every other row at half of it, so 64 MiB is the one judged. */
function withPeak(gbps: number, prefix = ''): string {
  let n = 0;
  const text = REAL.replace(ROW, (_m, size: string, mid: string) => {
    n++;
    return `${size}${mid}${size === '67108864' ? gbps : gbps / 2}`;
  });
  if (n !== 15) throw new Error(`the fixture changed: ${n} result rows instead of 15`);
  return prefix + text;
}

/** What the pair knew of the link before the run: the NICs' line rate, the GPU model (NVLink generation). */
interface Known {
  nics?: NicPort[];
  gpuProduct?: string;
}

function plan(mode: 'cross-node' | 'intra-node', known: Known = {}) {
  const gpu = known.gpuProduct ? { gpuProduct: known.gpuProduct } : {};
  const p = testPlan({
    mode,
    nodes:
      mode === 'cross-node'
        ? {
            prefill: { name: 'gpu-a', hostname: 'gpu-a', ...gpu },
            decode: { name: 'gpu-b', hostname: 'gpu-b', ...gpu },
          }
        : {
            prefill: { name: 'gpu-a', hostname: 'gpu-a', ...gpu },
            decode: { name: 'gpu-a', hostname: 'gpu-a', ...gpu },
          },
  });
  return known.nics ? { ...p, knownNics: { prefill: known.nics, decode: known.nics } } : p;
}

async function viaRead(log: string, expect: 'network' | 'nvlink', minBandwidth?: number) {
  const file = path.join(tmp, `log-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, log);
  const extra = minBandwidth === undefined ? [] : ['--min-bandwidth', String(minBandwidth)];
  const r = await runCli(['read', 'nixlbench', file, '--expect', expect, ...extra, '-o', 'json', '-q'], {
    env: {},
  });
  const checks = JSON.parse(r.stdout).checks as { id: string; status: string }[];
  const of = (k: string) => checks.find((c) => c.id === `nixlbench.${k}`)?.status;
  return { bandwidth: of('bandwidth'), transport: of('transport'), gpudirect: of('gpudirect') };
}

function pairJudgement(log: string, mode: 'cross-node' | 'intra-node', minBandwidth?: number, known?: Known) {
  const p = plan(mode, known);
  const j = judge({
    plan: p,
    logs: mode === 'cross-node' ? { prefill: log } : { 'intra-node': log },
    ranOn: {},
    minBandwidth,
  });
  return { plan: p, judgement: j };
}

function viaPair(log: string, mode: 'cross-node' | 'intra-node', minBandwidth?: number) {
  const j = pairJudgement(log, mode, minBandwidth).judgement;
  const of = (k: string) => j.checks.find((c) => c.id === `pair.${k}`)?.status;
  return { bandwidth: of('bandwidth'), transport: of('transport'), gpudirect: of('gpudirect') };
}

/** `pair --local`: the same rows as two processes on this host moved them (VRAM: GPU to GPU over cuda_ipc). */
function viaLocal(rows: MeasurementRow[], memory: 'VRAM' | 'DRAM', minGBps?: number, gpuModel?: string) {
  const { checks } = localResult({
    chosen: { engine: 'nixlbench', bin: '/usr/bin/nixlbench' },
    mode: memory === 'VRAM' ? 'intra-node' : 'local',
    memory,
    hostname: 'box',
    gpuCount: memory === 'VRAM' ? 2 : 0,
    ...(gpuModel ? { gpuModel } : {}),
    where: 'loopback',
    sizes: rows.map((r) => r.blockSize),
    timeoutMs: 300_000,
    ...(minGBps !== undefined ? { minGBps } : {}),
    run: {
      outcome: 'completed',
      rows,
      transports: memory === 'VRAM' ? ['cuda_ipc'] : ['sysv'],
      lanes: memory === 'VRAM' ? ['cuda_ipc/cuda'] : ['sysv/memory'],
      emulated: false,
      pids: [],
      sizesDone: rows.length,
    },
  });
  return checks.find((c) => c.id === 'pair.bandwidth')?.status;
}

const SWEEP_STATUS = { trusted: 'ok', unverified: 'warn', untrusted: 'fail', 'not-run': 'skipped' } as const;
const HTML_STATUS = { good: 'ok', warn: 'warn', bad: 'fail', none: 'skipped' } as const;

/**
 * The sweep's record of the pair: its outcome (toSweepPair), the `sweep.pair`
 * check of a sweep of that one pair (isolate, sweepChecks) and the HTML's hook
 * (pairStatus), each as ok/warn/fail.
 */
function viaSweep(p: ReturnType<typeof plan>, j: Judgement) {
  const r: PairResult = {
    checks: j.checks,
    measurement: j.measurement,
    plan: p,
    dryRun: false,
    runId: 'r1',
    timing: { totalMs: 1, probeMs: 1, teardownMs: 0 },
  };
  const pair = toSweepPair({ index: 0, round: 0, prefill: 'gpu-a', decode: 'gpu-b' }, r, 1);
  const included = ['gpu-a', 'gpu-b'];
  const { nodes, culprits } = isolate(included, [], [pair]);
  const result: SweepResult = {
    settings: {
      scheme: 'ring',
      engine: 'nixlbench',
      selection: '--nodes gpu-a,gpu-b',
      maxParallel: 1,
      timeoutMs: 600_000,
      pairTimeoutMs: 300_000,
      minBandwidthGBps: null,
    },
    nodes,
    pairs: [pair],
    rounds: 1,
    matrix: {
      nodes: included,
      cells: [
        [null, 0],
        [null, null],
      ],
    },
    culprits,
    startedAt: '2026-01-01T00:00:00Z',
    durationMs: 1,
  };
  const check = sweepChecks(result, []).find((c) => c.id === 'sweep.pair');
  // The HTML report itself: the colour band its cell for this pair carries.
  const page = renderHtml(result, sweepVerdict(result));
  const band = /<td [^>]*data-pair="0"[^>]*data-band="(\w+)"/.exec(page)?.[1];
  return {
    outcome: SWEEP_STATUS[pair.outcome],
    check: check?.status,
    hook: pairStatus(pair),
    html: band === undefined ? undefined : HTML_STATUS[band as keyof typeof HTML_STATUS],
  };
}

const RC =
  '[1757492049.543051] [gpu-a:7:0]      ucp_worker.c:1888 UCX  INFO    ucp_context_0 inter-node cfg#1 rma(rc_mlx5/mlx5_0:1) am(rc_mlx5/mlx5_0:1)\n';
const TCP =
  '[1757492049.543051] [gpu-a:7:0]      ucp_worker.c:1888 UCX  INFO    ucp_context_0 inter-node cfg#1 rma_am(tcp/eth0) am(tcp/eth0)\n';
const IPC =
  '[1757492049.543051] [gpu-a:7:0]      ucp_worker.c:1888 UCX  INFO    ucp_context_0 intra-node cfg#1 rma(cuda_ipc/cuda) am(sysv/memory)\n';

describe('read and pair reach the same verdict on the same figures', () => {
  const cases: {
    name: string;
    gbps: number;
    mode: 'cross-node' | 'intra-node';
    lanes: string;
    min?: number;
    want: string;
  }[] = [
    { name: 'cross-node 1 GB/s (below every floor)', gbps: 1, mode: 'cross-node', lanes: RC, want: 'fail' },
    { name: 'cross-node 40 GB/s, no line rate known', gbps: 40, mode: 'cross-node', lanes: RC, want: 'warn' },
    {
      name: 'cross-node 40 GB/s over --min-bandwidth 30',
      gbps: 40,
      mode: 'cross-node',
      lanes: RC,
      min: 30,
      want: 'ok',
    },
    {
      name: 'cross-node 300 GB/s (above any network link)',
      gbps: 300,
      mode: 'cross-node',
      lanes: RC,
      want: 'fail',
    },
    { name: 'intra-node 15 GB/s, GPU model unknown', gbps: 15, mode: 'intra-node', lanes: IPC, want: 'warn' },
    {
      name: 'intra-node 5 GB/s (below the PCIe P2P floor)',
      gbps: 5,
      mode: 'intra-node',
      lanes: IPC,
      want: 'fail',
    },
    {
      name: 'intra-node 1500 GB/s (above any GPU link)',
      gbps: 1500,
      mode: 'intra-node',
      lanes: IPC,
      want: 'fail',
    },
    { name: 'cross-node over TCP', gbps: 2, mode: 'cross-node', lanes: TCP, min: 1, want: 'ok' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const log = withPeak(c.gbps, c.lanes);
      const read = await viaRead(log, c.mode === 'cross-node' ? 'network' : 'nvlink', c.min);
      const pair = viaPair(log, c.mode, c.min);
      expect(read.bandwidth).toBe(c.want);
      expect(read).toEqual(pair);
    });
  }

  it('TCP fails the transport in both', async () => {
    const log = withPeak(2, TCP);
    expect((await viaRead(log, 'network')).transport).toBe('fail');
    expect(viaPair(log, 'cross-node').transport).toBe('fail');
  });

  it('an RDMA loopback UCX names intra-node fails a cross-node transport in both', async () => {
    const log = withPeak(40, RC.replace('inter-node', 'intra-node'));
    expect((await viaRead(log, 'network')).transport).toBe('fail');
    expect(viaPair(log, 'cross-node').transport).toBe('fail');
    // cuda_ipc listed beside rc_mlx5 on one node is NVLink for both.
    const ipc = withPeak(40, IPC.replace('rma(cuda_ipc/cuda)', 'rma(cuda_ipc/cuda rc_mlx5/mlx5_0:1)'));
    expect((await viaRead(ipc, 'nvlink')).transport).toBe('ok');
    expect(viaPair(ipc, 'intra-node').transport).toBe('ok');
  });

  it('GPU memory staged through host memory warns in both, whatever the bandwidth', async () => {
    const table = readFixture('ucx_perftest', 'ucp-put-bw-cuda-rc-mlx5-protoinfo.log')
      .split('\n')
      .filter((l) => /^\[\d+\.\d+\]/.test(l) && !/\[thread/.test(l))
      .join('\n')
      .replace(
        '|                    1..inf | zero-copy                                     |',
        '|                    1..inf | rendezvous read from remote, cuda_copy, frag host |',
      );
    const log = withPeak(45, `${RC}${table}\n`);
    const read = await viaRead(log, 'network', 30);
    expect(read).toEqual({ bandwidth: 'ok', transport: 'ok', gpudirect: 'warn' });
    expect(viaPair(log, 'cross-node', 30)).toEqual(read);
  });
});

/**
 * Every path at once, where every path has the same expectation: a floor from
 * --min-bandwidth, or none known (`read` of a bare table knows no line rate,
 * so it takes part only here). The pair, sweep and HTML columns must agree
 * with `read` and with `pair --local` judging the same rows.
 */
describe('read, pair, pair --local, the sweep and the HTML hook give one verdict', () => {
  const cases: {
    name: string;
    gbps: number;
    mode: 'cross-node' | 'intra-node';
    min?: number;
    want: 'ok' | 'warn' | 'fail';
  }[] = [
    {
      name: 'cross-node 45 GB/s, well above --min-bandwidth 30',
      gbps: 45,
      mode: 'cross-node',
      min: 30,
      want: 'ok',
    },
    {
      name: 'cross-node 20 GB/s, below --min-bandwidth 30',
      gbps: 20,
      mode: 'cross-node',
      min: 30,
      want: 'fail',
    },
    { name: 'cross-node 40 GB/s, no line rate known', gbps: 40, mode: 'cross-node', want: 'warn' },
    { name: 'cross-node 1 GB/s, below every floor', gbps: 1, mode: 'cross-node', want: 'fail' },
    {
      name: 'GPU to GPU 200 GB/s over --min-bandwidth 100',
      gbps: 200,
      mode: 'intra-node',
      min: 100,
      want: 'ok',
    },
    {
      name: 'GPU to GPU 60 GB/s under --min-bandwidth 100',
      gbps: 60,
      mode: 'intra-node',
      min: 100,
      want: 'fail',
    },
    { name: 'GPU to GPU 15 GB/s, GPU model unknown', gbps: 15, mode: 'intra-node', want: 'warn' },
    { name: 'GPU to GPU 5 GB/s, below the PCIe P2P floor', gbps: 5, mode: 'intra-node', want: 'fail' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const log = withPeak(c.gbps, c.mode === 'cross-node' ? RC : IPC);
      const read = await viaRead(log, c.mode === 'cross-node' ? 'network' : 'nvlink', c.min);
      const { plan: p, judgement } = pairJudgement(log, c.mode, c.min);
      const pair = judgement.checks.find((x) => x.id === 'pair.bandwidth')?.status;
      const rows = judgement.measurement.rows;
      expect(rows.find((r) => r.blockSize === 67108864)?.gbps).toBe(c.gbps);
      const verdicts: Record<string, string | undefined> = {
        read: read.bandwidth,
        pair,
        ...(c.mode === 'intra-node' ? { local: viaLocal(rows, 'VRAM', c.min) } : {}),
        // A host-memory --local run is judged only against --min-bandwidth.
        ...(c.min !== undefined ? { localDram: viaLocal(rows, 'DRAM', c.min) } : {}),
        ...viaSweep(p, judgement),
      };
      const want = Object.fromEntries(Object.keys(verdicts).map((k) => [k, c.want]));
      expect(verdicts).toEqual(want);
    });
  }
});

/**
 * With the line rate known before the run (the NICs' rate, the GPU model's
 * NVLink generation), pair, pair --local and the sweep judge against its
 * warning and failure bars: well above, between the bars, below the floor.
 */
describe('against a known line rate, pair, pair --local and the sweep agree on each side of the bars', () => {
  const NDR: NicPort = { device: 'mlx5_0', port: 1, rateGbps: 400, active: true, linkLayer: 'InfiniBand' };
  const H100 = 'NVIDIA-H100-80GB-HBM3';
  const cases: {
    name: string;
    gbps: number;
    mode: 'cross-node' | 'intra-node';
    known: Known;
    bars: { floorGBps: number; warnGBps: number };
    want: 'ok' | 'warn' | 'fail';
  }[] = [
    // NDR 400 Gb/s: 50 GB/s line rate; floor 70 % (35), warning share 80 % (40).
    {
      name: 'NDR 45 GB/s',
      gbps: 45,
      mode: 'cross-node',
      known: { nics: [NDR] },
      bars: { floorGBps: 35, warnGBps: 40 },
      want: 'ok',
    },
    {
      name: 'NDR 38 GB/s',
      gbps: 38,
      mode: 'cross-node',
      known: { nics: [NDR] },
      bars: { floorGBps: 35, warnGBps: 40 },
      want: 'warn',
    },
    {
      name: 'NDR 25 GB/s (a port at half speed)',
      gbps: 25,
      mode: 'cross-node',
      known: { nics: [NDR] },
      bars: { floorGBps: 35, warnGBps: 40 },
      want: 'fail',
    },
    // NVLink 4 (H100): one healthy copy 376 GB/s; floor 40 % (150.4), warning share 70 % (263.2).
    {
      name: 'H100 NVLink 300 GB/s',
      gbps: 300,
      mode: 'intra-node',
      known: { gpuProduct: H100 },
      bars: { floorGBps: 150.4, warnGBps: 263.2 },
      want: 'ok',
    },
    {
      name: 'H100 NVLink 200 GB/s',
      gbps: 200,
      mode: 'intra-node',
      known: { gpuProduct: H100 },
      bars: { floorGBps: 150.4, warnGBps: 263.2 },
      want: 'warn',
    },
    {
      name: 'H100 NVLink 50 GB/s (PCIe Gen5 peer-to-peer speed)',
      gbps: 50,
      mode: 'intra-node',
      known: { gpuProduct: H100 },
      bars: { floorGBps: 150.4, warnGBps: 263.2 },
      want: 'fail',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const log = withPeak(c.gbps, c.mode === 'cross-node' ? RC : IPC);
      const { plan: p, judgement } = pairJudgement(log, c.mode, undefined, c.known);
      expect(judgement.measurement.expected).toMatchObject(c.bars);
      const verdicts: Record<string, string | undefined> = {
        pair: judgement.checks.find((x) => x.id === 'pair.bandwidth')?.status,
        ...(c.mode === 'intra-node'
          ? { local: viaLocal(judgement.measurement.rows, 'VRAM', undefined, c.known.gpuProduct) }
          : {}),
        ...viaSweep(p, judgement),
      };
      const want = Object.fromEntries(Object.keys(verdicts).map((k) => [k, c.want]));
      expect(verdicts).toEqual(want);
    });
  }
});
