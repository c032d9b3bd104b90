import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judge } from '../src/pair/judge.js';
import { runCli } from './helpers/cli.js';
import { readFixture } from './helpers/fixtures.js';
import { testPlan } from './helpers/plan.js';

/**
 * One judge: the same figures through `read nixlbench` (the CLI) and through
 * pair's judge() must give the same bandwidth, transport and GPUDirect
 * verdicts. The log is the real legacy nixlbench capture with its last row's
 * figure replaced, so both read the same table shape a real run prints.
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

function plan(mode: 'cross-node' | 'intra-node') {
  return testPlan({ mode });
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

function viaPair(log: string, mode: 'cross-node' | 'intra-node', minBandwidth?: number) {
  const j = judge({
    plan: plan(mode),
    logs: mode === 'cross-node' ? { prefill: log } : { 'intra-node': log },
    ranOn: {},
    minBandwidth,
  });
  const of = (k: string) => j.checks.find((c) => c.id === `pair.${k}`)?.status;
  return { bandwidth: of('bandwidth'), transport: of('transport'), gpudirect: of('gpudirect') };
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
