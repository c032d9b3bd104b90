import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture, repoRoot } from '../../../test/helpers/fixtures.js';
import { railsLogs } from '../../../test/helpers/rails-logs.js';
import { makePlan } from '../plan/plan.js';
import type { RailPlan } from '../plan/rails.js';
import { DEFAULT_SETTINGS } from '../plan/settings.js';
import { judgeLegs } from './legs.js';

function plan(rails: RailPlan) {
  return makePlan({
    runId: 'rj1',
    engine: 'nixl',
    mode: 'cross-node',
    now: new Date('2026-01-01T00:00:00Z'),
    timeoutMs: 60_000,
    nodes: {
      prefill: { name: 'gpu-node-0', hostname: 'gpu-node-0' },
      decode: { name: 'gpu-node-2', hostname: 'gpu-node-2' },
    },
    settings: { prefill: DEFAULT_SETTINGS, decode: DEFAULT_SETTINGS },
    image: { probeDefault: 'unused' },
    etcdImage: 'unused',
    memory: 'DRAM',
    legs: [{ initiator: 'decode', op: 'READ' }],
    legsWhy: 'test',
    backend: 'UCX',
    startBlockSize: 65536,
    maxBlockSize: 4 << 20,
    iterations: 50,
    memoryLimit: '16Gi',
    podAnnotations: {},
    rails,
  });
}

const EIGHT: RailPlan = { gpus: 8, rails: [0, 1, 2, 3, 4, 5, 6, 7], notTested: [], why: 'every rail' };
const ranOn = { prefill: 'gpu-node-0', decode: 'gpu-node-2' };

describe('judging every rail (real probe output per rail)', () => {
  it('eight healthy rails: rails[] has eight ok rails named by GPU and NIC, the rows are their sum', () => {
    const j = judgeLegs({ plan: plan(EIGHT), logs: railsLogs({ rails: 8 }), ranOn, minBandwidth: 0.05 });
    const rails = j.measurement.rails ?? [];
    expect(rails.map((r) => `${r.gpu}:${r.nic}:${r.status}`)).toEqual(
      Array.from({ length: 8 }, (_, g) => `${g}:mlx5_${g}:ok`),
    );
    const one = rails[0]?.gbps as number;
    expect(j.measurement.peakGBps).toBeGreaterThan(one * 7.9);
    expect(j.checks.find((c) => c.id === 'pair.rails')).toMatchObject({ status: 'ok' });
  });

  it('one rail at half speed fails by name, its seven siblings stay ok', () => {
    const j = judgeLegs({
      plan: plan(EIGHT),
      logs: railsLogs({ rails: 8, slow: { 3: 0.5 } }),
      ranOn,
      minBandwidth: 0.05,
    });
    const rails = j.measurement.rails ?? [];
    expect(rails.filter((r) => r.status !== 'ok').map((r) => r.gpu)).toEqual([3]);
    expect(rails[3]?.status).toBe('fail');
    const c = j.checks.find((x) => x.id === 'pair.rails');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/GPU3↔mlx5_3 fail: .* 50 % of its 7 sibling rails' median/);
    expect(c?.fix).toMatch(/--rails 3/);
  });

  it('a rail at 80 % of its siblings warns; a warning is not ok', () => {
    const j = judgeLegs({
      plan: plan(EIGHT),
      logs: railsLogs({ rails: 8, slow: { 6: 0.8 } }),
      ranOn,
      minBandwidth: 0.05,
    });
    expect(j.measurement.rails?.[6]?.status).toBe('warn');
    expect(j.checks.find((x) => x.id === 'pair.rails')?.status).toBe('warn');
  });

  it('each rail is judged against its own NIC line rate: TCP-speed rails on 400G NICs all fail, named', () => {
    const nics = Array.from({ length: 8 }, (_, g) => `mlx5_${g}|1|4: ACTIVE|400 Gb/sec (4X NDR)|InfiniBand`);
    const j = judgeLegs({
      plan: plan(EIGHT),
      logs: railsLogs({ rails: 8, nics: { prefill: nics, decode: nics } }),
      ranOn,
    });
    const rails = j.measurement.rails ?? [];
    expect(rails.every((r) => r.status === 'fail' && r.expectedGBps === 50)).toBe(true);
    // The pair's expectation is the sum of its rails' line rates.
    expect(j.measurement.expected?.lineGBps).toBe(400);
  });

  it('a rail planned but absent from the logs fails; rails not tested (busy GPUs) warn', () => {
    const logs = railsLogs({ rails: 4 });
    const j = judgeLegs({
      plan: plan({ gpus: 5, rails: [0, 1, 2, 3, 4], notTested: [5, 6, 7], why: 'busy' }),
      logs,
      ranOn,
      minBandwidth: 0.05,
    });
    expect(j.checks.find((c) => c.id === 'pair.rails-missing')?.detail).toMatch(/GPU 4/);
    const c = j.checks.find((x) => x.id === 'pair.rails');
    expect(c?.detail).toMatch(/GPU 5, 6, 7, 4 not tested|not tested/);
    expect(c?.status).toBe('warn');
  });
});

describe('a rail of two NICs (UCX MAX_HCA_PER_GPU=auto): its bar is their line, shared with the rails beside it', () => {
  // The pod's real rail_map on a real A100 capture: GPU 2k and 2k+1 both PXB to mlx5_2k and mlx5_2k+1.
  const a100 = readFixture('node/nvidia-smi-topo-m', 'a100-8gpu-nv12-8nic-roce-pxb.txt');
  const script = path.join(repoRoot, 'templates', 'engines', 'nixl', '_rails.sh');
  const map = execFileSync('sh', ['-c', `. "${script}" >/dev/null; rail_map`], {
    input: a100,
    encoding: 'utf8',
  })
    .trimEnd()
    .split('\n');
  const nics = Array.from({ length: 8 }, (_, g) => `mlx5_${g}|1|4: ACTIVE|200 Gb/sec (4X HDR)|Ethernet`);

  it('every rail at once: two GPUs share two 200G ports, so each rail has one port of line (25 GB/s), 200 GB/s in all', () => {
    expect(map[1]).toBe('interconnect-test: rail 1 gpu 1 nic mlx5_0,mlx5_1 path PXB');
    const j = judgeLegs({
      plan: plan(EIGHT),
      logs: railsLogs({ rails: 8, map, nics: { prefill: nics, decode: nics } }),
      ranOn,
    });
    const rails = j.measurement.rails ?? [];
    expect(rails.map((r) => `${r.gpu}:${r.nic}:${r.expectedGBps}`)).toEqual(
      Array.from({ length: 8 }, (_, g) => `${g}:mlx5_${g - (g % 2)},mlx5_${g - (g % 2) + 1}:25`),
    );
    expect(j.measurement.expected?.lineGBps).toBe(200);
  });

  it('--rails 0: GPU 0 alone has both ports, so its bar is their sum (50 GB/s), not one port', () => {
    const j = judgeLegs({
      plan: plan({ gpus: 1, rails: [0], notTested: [], why: '--rails 0' }),
      logs: railsLogs({ rails: 1, map, nics: { prefill: nics, decode: nics } }),
      ranOn,
    });
    const rail = j.measurement.rails?.[0];
    expect(rail).toMatchObject({ gpu: 0, nic: 'mlx5_0,mlx5_1', expectedGBps: 50 });
    expect(j.measurement.expected).toMatchObject({ lineGBps: 50, warnGBps: 42.5, floorGBps: 35 });
    // The real probe output ran over a veth: far below two ports, so the rail fails, named by both.
    expect(j.checks.find((c) => c.id === 'pair.rails')?.detail).toMatch(/GPU0↔mlx5_0,mlx5_1/);
  });
});

describe('siblings per NIC of line', () => {
  it('two rails sharing one NIC each carry half: not below their siblings, which have a NIC each', () => {
    // The real A100 capture through the pod's rail_map, the pod opening mlx5_0..4 only: GPU0-3 two
    // rails on two ports (one port each), GPU4-5 two rails on mlx5_4 (half a port each), GPU6-7 none.
    const a100 = readFixture('node/nvidia-smi-topo-m', 'a100-8gpu-nv12-8nic-roce-pxb.txt');
    const script = path.join(repoRoot, 'templates', 'engines', 'nixl', '_rails.sh');
    const map = execFileSync(
      'sh',
      ['-c', `. "${script}" >/dev/null; rail_map 'mlx5_0 mlx5_1 mlx5_2 mlx5_3 mlx5_4'`],
      { input: a100, encoding: 'utf8' },
    )
      .trimEnd()
      .split('\n');
    expect(map[5]).toBe('interconnect-test: rail 5 gpu 5 nic mlx5_4 path PXB');
    const j = judgeLegs({
      plan: plan(EIGHT),
      // What sharing does on hardware: each of the two rails on mlx5_4 moves half.
      logs: railsLogs({ rails: 8, map, slow: { 4: 0.5, 5: 0.5 } }),
      ranOn,
      minBandwidth: 0.05,
    });
    const rails = j.measurement.rails ?? [];
    expect(rails.map((r) => `${r.gpu}:${r.status}`)).toEqual(Array.from({ length: 8 }, (_, g) => `${g}:ok`));
    // A rail at half its share still fails against its siblings.
    const slow = judgeLegs({
      plan: plan(EIGHT),
      logs: railsLogs({ rails: 8, map, slow: { 4: 0.25, 5: 0.5 } }),
      ranOn,
      minBandwidth: 0.05,
    });
    expect(slow.measurement.rails?.filter((r) => r.status !== 'ok').map((r) => r.gpu)).toEqual([4]);
  });
});

describe('rails spread per NUMA node (no GPU with a NIC of its own): a NIC dealt to two rails splits its line', () => {
  it('rtx5090 (one dual-port 200G NIC on NUMA 0): GPU0-3 two rails per port, 12.5 GB/s each; GPU4-7 unpinned, judged on one port', () => {
    // The real rtx5090 capture through the pod's rail_map, gpu_numa and rail_spread, both ports on node 0.
    const rtx = readFixture('node/nvidia-smi-topo-m', 'rtx5090-8gpu-pcie-only-1nic-node.txt');
    const script = path.join(repoRoot, 'templates', 'engines', 'nixl', '_rails.sh');
    const map = execFileSync(
      'sh',
      [
        '-c',
        `. "${script}" >/dev/null; T=$(cat); echo "$T" | rail_map | rail_spread "$(echo "$T" | gpu_numa)" 'mlx5_0 0\nmlx5_1 0'`,
      ],
      { input: rtx, encoding: 'utf8' },
    )
      .trimEnd()
      .split('\n');
    expect(map[2]).toBe('interconnect-test: rail 2 gpu 2 nic mlx5_0 path NUMA');
    const nics = ['mlx5_0', 'mlx5_1'].map((n) => `${n}|1|4: ACTIVE|200 Gb/sec (4X HDR)|Ethernet`);
    const j = judgeLegs({
      plan: plan(EIGHT),
      logs: railsLogs({ rails: 8, map, nics: { prefill: nics, decode: nics } }),
      ranOn,
    });
    const rails = j.measurement.rails ?? [];
    expect(rails.slice(0, 4).map((r) => `${r.gpu}:${r.nic}:${r.expectedGBps}`)).toEqual([
      '0:mlx5_0:12.5',
      '1:mlx5_1:12.5',
      '2:mlx5_0:12.5',
      '3:mlx5_1:12.5',
    ]);
    expect(rails.slice(4).every((r) => r.nic === null)).toBe(true);
  });
});

describe("a run's problem goes to the rail that failed", () => {
  it('the pod exited because rail 5 ended rc=1: rail 5 carries pair.run fail, rail 0 does not', () => {
    const logs = railsLogs({ rails: 8 });
    const broken = {
      prefill: logs.prefill,
      decode: logs.decode.replace('interconnect-test: rail 5 end rc=0', 'interconnect-test: rail 5 end rc=1'),
    };
    const j = judgeLegs({
      plan: plan(EIGHT),
      logs: broken,
      ranOn,
      minBandwidth: 0.05,
      problem: { kind: 'exited', role: 'decode', detail: 'decode exited (1)', fix: 'read its log' },
    });
    const rails = j.measurement.rails ?? [];
    expect(rails.filter((r) => r.status === 'fail').map((r) => r.gpu)).toEqual([5]);
    expect(j.checks.find((c) => c.id === 'pair.run')?.detail).toMatch(/^GPU5↔mlx5_5: decode exited/);
  });
});
