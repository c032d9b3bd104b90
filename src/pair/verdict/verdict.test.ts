import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixtures.js';
import { testPlan } from '../../../test/helpers/plan.js';
import { bandwidthCheck, judgedGBps } from '../../judge/bandwidth.js';
import { transportKind } from '../../judge/transports.js';
import type { PlanInput } from '../plan/plan.js';
import { DEFAULT_SETTINGS } from '../plan/settings.js';
import { valuesOf } from '../plan/values.js';
import { judge } from './verdict.js';

function plan(over: Partial<PlanInput> = {}) {
  return testPlan(over);
}

const NICS_400G =
  'interconnect-test: nic mlx5_0|1|4: ACTIVE|400 Gb/sec (4X NDR)|InfiniBand\ninterconnect-test: nic mlx5_1|1|1: DOWN|400 Gb/sec (4X NDR)|InfiniBand\n';
const TARGET =
  'ETCD Runtime: Registered as rank 1 item 2 of 2\nInit nixl worker, dev all rank 1, type target, hostname gpu-b\n';
const RC_LANES =
  '[1757492049.543051] [gpu-a:7:0]      ucp_worker.c:1888 UCX  INFO    ucp_context_0 inter-node cfg#1 rma(rc_mlx5/mlx5_0:1) am(rc_mlx5/mlx5_0:1)\n';

describe('transportKind', () => {
  it('ranks RDMA over helpers, NVLink, TCP only when nothing better, emulation as TCP', () => {
    expect([
      transportKind(['rc_mlx5/mlx5_0:1', 'cuda_copy/cuda']),
      transportKind(['cuda_ipc/cuda', 'cuda_copy/cuda']),
      transportKind(['tcp/eth0', 'cuda_copy/cuda']),
      transportKind(['sysv/memory', 'cma/memory']),
      transportKind(['cuda_copy/cuda']),
      transportKind(['rc_verbs/mlx5_0:1', 'tcp/eth0'], true),
    ]).toEqual(['rdma', 'nvlink', 'tcp', 'shm', 'unknown', 'tcp']);
  });
});

describe('judge', () => {
  it('names a log it cannot read as a failed pair.log check with the line, not only "no result rows"', () => {
    const j = judge({
      plan: plan(),
      logs: { prefill: `${NICS_400G}Segmentation fault (core dumped)\n`, decode: `${NICS_400G}${TARGET}` },
      ranOn: { prefill: 'gpu-a', decode: 'gpu-b' },
    });
    const log = j.checks.find((c) => c.id === 'pair.log');
    expect(log).toMatchObject({ status: 'fail', subject: 'prefill' });
    expect(log?.detail).toMatch(
      /^the prefill log is not nixlbench output as expected: cannot read nixlbench output at line \d+ "Segmentation fault \(core dumped\)"/,
    );
    expect(j.checks.find((c) => c.id === 'pair.bandwidth')?.status).toBe('fail');
  });

  it('the H200/CX-7 degraded run (about 1 GB/s on 400G) fails against the link', () => {
    const log = `${NICS_400G}${RC_LANES}${readFixture('nixlbench', 'ucx-vram-h200-cx7-400g-degraded.log')}`;
    const j = judge({
      plan: plan(),
      logs: { prefill: log, decode: `${NICS_400G}${TARGET}` },
      ranOn: { prefill: 'gpu-a', decode: 'gpu-b' },
    });
    expect(j.checks.map((c) => [c.id, c.status, c.detail])).toEqual([
      ['pair.run', 'ok', 'the nixlbench cross-node test ran to the end'],
      // The down port each pod saw is named, not dropped.
      ['pair.nic-rate', 'ok', '1 active port at 400 Gb/s; down: mlx5_1 (seen by the pod, carry nothing)'],
      ['pair.nic-rate', 'ok', '1 active port at 400 Gb/s; down: mlx5_1 (seen by the pod, carry nothing)'],
      ['pair.roles', 'skipped', 'the logs do not show which rank was the initiator'],
      ['pair.transport', 'ok', 'UCX used RDMA lanes: rc_mlx5/mlx5_0:1'],
      [
        'pair.bandwidth',
        'fail',
        '1.03 GB/s at 2 MiB (2% of 50 GB/s line rate) is below the floor of 35 GB/s (NIC line rate 400 Gb/s (mlx5_0 400 Gb/s))',
      ],
    ]);
    expect(j.measurement).toMatchObject({
      engine: 'nixlbench',
      mode: 'cross-node',
      transport: { kind: 'rdma', lanes: ['rc_mlx5/mlx5_0:1'] },
      nodes: { prefill: 'gpu-a', decode: 'gpu-b' },
      peakGBps: 1.025566,
      hosts: { target: 'gpu-b' },
      memory: { initiator: 'VRAM', target: 'VRAM' },
      opType: 'WRITE',
      expected: { lineGBps: 50, floorGBps: 35, warnGBps: 40, ceilingGBps: 57.5 },
    });
    expect(j.measurement.rows).toHaveLength(24);
    expect(j.measurement.rows[9]).toEqual({
      blockSize: 2097152,
      batchSize: 1,
      gbps: 1.00553,
      avgLatUs: 2085.6,
    });
  });

  it('a rail trained to 200 Gb/s beside 7 at 400 fails pair.nic-rate and is judged at its siblings rate', () => {
    const eight = Array.from(
      { length: 8 },
      (_, i) =>
        `interconnect-test: nic mlx5_${i}|1|4: ACTIVE|${i === 3 ? '200 Gb/sec (4X HDR)' : '400 Gb/sec (4X NDR)'}|InfiniBand|MT4129\n`,
    ).join('');
    const log = `${eight}${RC_LANES}${readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')}`;
    const j = judge({
      plan: plan({ deviceList: 'mlx5_3' }),
      logs: { prefill: log, decode: `${eight}${TARGET}` },
      ranOn: { prefill: 'gpu-a', decode: 'gpu-b' },
    });
    const rate = j.checks.filter((c) => c.id === 'pair.nic-rate');
    expect(rate.map((c) => [c.status, c.detail])).toEqual([
      ['fail', 'mlx5_3 trained to 200 Gb/s, its 7 siblings to 400'],
      ['fail', 'mlx5_3 trained to 200 Gb/s, its 7 siblings to 400'],
    ]);
    expect(j.measurement.expected).toMatchObject({ lineGBps: 50, floorGBps: 35 });
  });

  it('judges against the NICs of --device-list only (NIXL sets UCX_NET_DEVICES from it)', () => {
    const nics =
      'interconnect-test: nic mlx5_0|1|4: ACTIVE|400 Gb/sec (4X NDR)|InfiniBand\ninterconnect-test: nic mlx5_1|1|4: ACTIVE|200 Gb/sec (4X HDR)|InfiniBand\n';
    const log = `${nics}${RC_LANES}${readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')}`;
    const logs = { prefill: log, decode: `${nics}${TARGET}` };
    const all = judge({ plan: plan(), logs, ranOn: {} });
    expect(all.measurement.expected).toMatchObject({ lineGBps: 50 });
    const listed = judge({ plan: plan({ deviceList: 'mlx5_1' }), logs, ranOn: {} });
    expect(listed.measurement.expected).toMatchObject({ lineGBps: 25, floorGBps: 17.5 });
  });

  it('without a known line rate the same run still fails the absolute floor', () => {
    const j = judge({
      plan: plan(),
      logs: { prefill: readFixture('nixlbench', 'ucx-vram-h200-cx7-400g-degraded.log') },
      ranOn: {},
    });
    expect(j.checks.find((c) => c.id === 'pair.bandwidth')?.detail).toBe(
      '1.03 GB/s at 2 MiB is below the floor of 5 GB/s (no NIC line rate known)',
    );
    expect(j.checks.find((c) => c.id === 'pair.transport')?.status).toBe('warn');
  });

  it('a same-host run (the nixl CI log) is a loopback, with the roles read from the log', () => {
    const log = readFixture('nixlbench', 'ucx-dram-ci-2rank-same-host-timestamped-ok.log');
    const j = judge({
      plan: plan({ maxBlockSize: 16384 }),
      logs: { prefill: log },
      ranOn: { prefill: 'gpu-a', decode: 'gpu-b' },
      minBandwidth: 1,
    });
    expect(j.checks.map((c) => [c.id, c.status])).toEqual([
      ['pair.run', 'ok'],
      ['pair.roles', 'ok'],
      ['pair.loopback', 'warn'],
      ['pair.transport', 'warn'],
      ['pair.bandwidth', 'ok'],
    ]);
    expect(j.measurement.hosts).toEqual({ initiator: 'mizu01', target: 'mizu01' });
  });

  it('a run that hung after its table keeps the numbers and warns; a failed run has no bandwidth check', () => {
    const hung = judge({
      plan: plan(),
      logs: { prefill: `${RC_LANES}${readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')}` },
      ranOn: {},
      problem: { kind: 'hung-after-results', role: 'prefill', detail: 'hung', fix: 'f' },
      minBandwidth: 5,
    });
    expect(hung.checks.map((c) => [c.id, c.status])).toEqual([
      ['pair.run', 'ok'],
      ['pair.exit', 'warn'],
      ['pair.roles', 'ok'],
      ['pair.transport', 'ok'],
      ['pair.bandwidth', 'ok'],
    ]);
    expect(hung.measurement.memory).toEqual({ initiator: 'VRAM', target: 'DRAM' });
    const failed = judge({
      plan: plan(),
      logs: {},
      ranOn: {},
      problem: { kind: 'image-pull', role: 'decode', detail: 'cannot pull', fix: 'fix it' },
    });
    expect(failed.checks).toEqual([
      {
        id: 'pair.run',
        status: 'fail',
        detail: 'cannot pull',
        subject: 'decode',
        fix: 'fix it',
        data: { kind: 'image-pull' },
      },
    ]);
    expect(failed.measurement.peakGBps).toBeNull();
  });

  it('TCP lanes fail the transport check', () => {
    const tcp =
      '[1.0] [h:1:0] ucp_worker.c:1888 UCX  INFO    ucp_context_0 inter-node cfg#1 rma_am(tcp/eth0) am(tcp/eth0)\n';
    const j = judge({
      plan: plan(),
      logs: { prefill: `${tcp}${readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')}` },
      ranOn: {},
      minBandwidth: 1,
    });
    expect(j.checks.find((c) => c.id === 'pair.transport')).toMatchObject({
      status: 'fail',
      detail:
        'UCX moved the data over TCP (RMA emulated over active messages) (tcp/eth0): not an RDMA or NVLink path',
    });
  });
});

describe('LIBFABRIC (EFA): the provider NIXL chose decides the transport', () => {
  // NIXL_LOG_LEVEL=INFO makes NIXL log its choice through abseil (libfabric_rail_manager.cpp L232).
  const provider = (p: string) =>
    `I1130 19:20:01.123456      42 libfabric_rail_manager.cpp:232] Created 16 rails using provider=${p}\n`;
  const table = readFixture('nixlbench', 'ucx-vram-h200-cx7-400g-degraded.log');
  const efaPlan = () => plan({ backend: 'LIBFABRIC' });

  it('efa is RDMA; a silent fallback to tcp fails; no provider line is a warning, never a pass', () => {
    const status = (log: string) =>
      judge({
        plan: efaPlan(),
        logs: { prefill: log, decode: TARGET },
        ranOn: { prefill: 'gpu-a', decode: 'gpu-b' },
      }).checks.find((c) => c.id === 'pair.transport');
    expect(status(`${provider('efa')}${table}`)).toMatchObject({
      status: 'ok',
      detail: "NIXL's LIBFABRIC backend used the efa provider (RDMA)",
    });
    expect(status(`${provider('tcp;ofi_rxm')}${table}`)).toMatchObject({ status: 'fail' });
    expect(status(table)).toMatchObject({ status: 'warn' });
  });

  it('the LIBFABRIC pods get NIXL_LOG_LEVEL=INFO unless the recipe set it; UCX pods do not', () => {
    const level = (v: ReturnType<typeof valuesOf>) =>
      v.jobs.map((j) => j.env.find((e) => e.name === 'NIXL_LOG_LEVEL'));
    expect(level(valuesOf(efaPlan()))).toEqual([
      { name: 'NIXL_LOG_LEVEL', value: 'INFO' },
      { name: 'NIXL_LOG_LEVEL', value: 'INFO' },
    ]);
    const own = { ...DEFAULT_SETTINGS, env: [{ name: 'NIXL_LOG_LEVEL', value: 'DEBUG' }] };
    expect(level(valuesOf(plan({ backend: 'LIBFABRIC', settings: { prefill: own, decode: own } })))).toEqual([
      { name: 'NIXL_LOG_LEVEL', value: 'DEBUG' },
      { name: 'NIXL_LOG_LEVEL', value: 'DEBUG' },
    ]);
    expect(level(valuesOf(plan()))).toEqual([undefined, undefined]);
  });
});

describe('bandwidthCheck', () => {
  const exp = {
    lineGBps: 50,
    floorGBps: 15,
    warnGBps: 30,
    ceilingGBps: 115,
    source: 'NIC line rate 400 Gb/s',
  };
  it('passes, warns, fails and flags the implausible', () => {
    // Above the line-rate ceiling: a warning (the line rate may be wrong); above any network link: a failure.
    expect([47, 20, 3, 200, 400].map((g) => bandwidthCheck(g, exp, 'cross-node', 's').status)).toEqual([
      'ok',
      'warn',
      'fail',
      'warn',
      'fail',
    ]);
    expect(bandwidthCheck(200, exp, 'cross-node', 's').detail).toBe(
      '200 GB/s (400% of 50 GB/s line rate) is above what the link can carry (115 GB/s, NIC line rate 400 Gb/s): a loopback or measurement error, not a pass',
    );
    expect(bandwidthCheck(400, exp, 'cross-node', 's').detail).toBe(
      '400 GB/s (800% of 50 GB/s line rate) is above any network link (250 GB/s): a copy inside one GPU, a loopback or a measurement artefact, not a link',
    );
    expect(
      bandwidthCheck(
        20,
        { floorGBps: 5, ceilingGBps: 250, source: 'no NIC line rate known' },
        'cross-node',
        's',
      ),
    ).toMatchObject({
      status: 'warn',
      detail:
        '20.0 GB/s is above the floor of 5 GB/s but cannot be judged against the link (no NIC line rate known)',
    });
  });
  it('judges large blocks, where the link rate shows', () => {
    expect(
      judgedGBps([
        { blockSize: 65536, batchSize: 1, gbps: 9 },
        { blockSize: 1 << 20, batchSize: 1, gbps: 7 },
      ]),
    ).toBe(7);
    expect(judgedGBps([{ blockSize: 65536, batchSize: 1, gbps: 9 }])).toBe(9);
    expect(judgedGBps([])).toBeUndefined();
  });
});
