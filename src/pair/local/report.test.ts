import { describe, expect, it } from 'vitest';
import { rollUp } from '../../core/verdict.js';
import type { EngineRun } from '../../engines/local/types.js';
import { localExpectation } from '../../judge/local.js';
import { localResult, measurementSection } from './report.js';

const rows = [
  { blockSize: 65536, batchSize: 1, gbps: 0.27, avgLatUs: 256.2 },
  { blockSize: 1048576, batchSize: 1, gbps: 2.77, avgLatUs: 379.1 },
];
const done: EngineRun = {
  outcome: 'completed',
  rows,
  transports: ['sysv', 'cma'],
  lanes: ['sysv/memory', 'cma/memory'],
  emulated: false,
  ucxVersion: '1.13.1',
  pids: [1, 2, 3, 4],
  sizesDone: 2,
};
const facts = {
  chosen: { engine: 'ucx_perftest' as const, bin: '/usr/bin/ucx_perftest' },
  mode: 'local' as const,
  memory: 'DRAM' as const,
  hostname: 'vm',
  gpuCount: 0,
  where: 'loopback',
  sizes: [65536, 1048576],
  timeoutMs: 300_000,
  run: done,
};

describe('localResult', () => {
  it('reports a healthy host-memory run as unverified: the software path works, the fabric is not certified', () => {
    const { checks, measurement } = localResult(facts);
    expect(measurement).toEqual({
      engine: 'ucx_perftest',
      mode: 'local',
      transport: { kind: 'shm', lanes: ['sysv/memory', 'cma/memory'] },
      nodes: { prefill: 'vm', decode: 'vm' },
      peakGBps: 2.77,
      rows,
      memory: { initiator: 'DRAM', target: 'DRAM' },
    });
    expect(checks).toEqual([
      {
        id: 'pair.engine',
        status: 'ok',
        detail: 'ucx_perftest (/usr/bin/ucx_perftest), UCX 1.13.1',
        matters: false,
      },
      {
        id: 'pair.transfer',
        status: 'ok',
        detail: '2 sizes (64 KiB–1 MiB) moved between two processes; both exited 0',
        subject: 'ucx_perftest on vm',
      },
      {
        id: 'pair.bandwidth',
        status: 'ok',
        detail: '2.77 GB/s at 1 MiB (no --min-bandwidth floor given)',
        subject: 'ucx_perftest on vm',
        data: { judgedGBps: 2.77, atBlockSize: 1048576 },
      },
      {
        id: 'pair.transport',
        status: 'warn',
        detail:
          'local run over sysv/cma (loopback): software path works; this does not certify RDMA or NVLink',
        fix: 'run `interconnect-test pair` between two nodes to certify RDMA for disaggregated serving',
        data: { transports: ['sysv', 'cma'], kind: 'shm', memory: 'DRAM' },
      },
    ]);
    expect(rollUp(checks).status).toBe('unverified');
  });

  it('judges --min-bandwidth and keeps the floor in the measurement', () => {
    const { checks, measurement } = localResult({ ...facts, minGBps: 5 });
    expect(checks[2]).toEqual({
      id: 'pair.bandwidth',
      status: 'fail',
      detail: '2.77 GB/s at 1 MiB, below the floor of 5 GB/s (--min-bandwidth 5 GB/s)',
      subject: 'ucx_perftest on vm',
      fix: 'see pair.transport for the path UCX took, and check what else loads this host',
      data: {
        judgedGBps: 2.77,
        atBlockSize: 1048576,
        expected: { floorGBps: 5, source: '--min-bandwidth 5 GB/s' },
      },
    });
    expect(measurement.expected).toEqual({ floorGBps: 5, source: '--min-bandwidth 5 GB/s' });
    expect(rollUp(checks).status).toBe('untrusted');
  });

  it('fails the transfer with the problem when a peer died, with nothing measured', () => {
    const run: EngineRun = {
      ...done,
      outcome: 'failed',
      problem:
        '64 MiB: server (decode) killed by SIGKILL; client (prefill) was left waiting on a dead peer and was stopped',
      rows: [],
      sizesDone: 0,
    };
    const { checks, measurement } = localResult({ ...facts, run });
    expect(checks.map((c) => `${c.id}=${c.status}`)).toEqual([
      'pair.engine=ok',
      'pair.transfer=fail',
      'pair.bandwidth=skipped',
      'pair.transport=warn',
    ]);
    expect(checks[1]?.detail).toBe(run.problem);
    expect(measurement.peakGBps).toBeNull();
  });

  it('names the --timeout limit when the run was stopped', () => {
    const run: EngineRun = {
      ...done,
      outcome: 'timeout',
      problem: '64 MiB: stopped server (decode) and client (prefill)',
    };
    const c = localResult({ ...facts, timeoutMs: 90_000, run }).checks[1];
    expect([c?.status, c?.detail, c?.fix]).toEqual([
      'fail',
      'did not finish within 1m30s (--timeout): 64 MiB: stopped server (decode) and client (prefill)',
      'raise --timeout, or measure fewer --sizes / --iters',
    ]);
  });

  it('keeps the numbers but warns when every result was printed and a process then hung', () => {
    const run: EngineRun = {
      ...done,
      outcome: 'hung-after-results',
      problem: 'initiator (prefill) finished but target (decode) did not exit within 20s; stopped it',
    };
    const nixl = {
      ...facts,
      chosen: { engine: 'nixlbench' as const, bin: '/usr/local/nixlbench/bin/nixlbench' },
      run,
    };
    const { checks, measurement } = localResult(nixl);
    expect(checks[1]).toEqual({
      id: 'pair.transfer',
      status: 'warn',
      detail:
        'all results were printed, then a process hung and was stopped: initiator (prefill) finished but target (decode) did not exit within 20s; stopped it',
      subject: 'nixlbench on vm',
      fix: 'a known nixlbench shutdown hang (ai-dynamo/nixl#1999); the numbers stand, but check the NIXL version',
    });
    expect(measurement.peakGBps).toBe(2.77);
  });

  it('judges a GPU-to-GPU run against the NVLink of the GPU model', () => {
    const vram = {
      ...facts,
      mode: 'intra-node' as const,
      memory: 'VRAM' as const,
      gpuCount: 8,
      gpuModel: 'NVIDIA H100 80GB HBM3',
      run: {
        ...done,
        rows: [{ blockSize: 64 << 20, batchSize: 1, gbps: 200 }],
        transports: ['cuda_ipc', 'cuda_copy'],
        lanes: ['cuda_ipc/cuda', 'cuda_copy/cuda'],
      },
    };
    expect(localExpectation(vram)).toEqual({
      lineGBps: 450,
      floorGBps: 150.4,
      warnGBps: 263.2,
      ceilingGBps: 517.5,
      source: 'NVLink 4 450 GB/s per direction, one copy measured at 376 GB/s (NVIDIA H100 80GB HBM3)',
    });
    const { checks, measurement } = localResult(vram);
    expect(measurement.transport).toEqual({ kind: 'nvlink', lanes: ['cuda_ipc/cuda', 'cuda_copy/cuda'] });
    expect(checks.map((c) => `${c.id}=${c.status}`)).toEqual([
      'pair.engine=ok',
      'pair.transfer=ok',
      'pair.bandwidth=warn',
      'pair.transport=ok',
    ]);
    expect(checks[2]?.detail).toBe(
      // Judged by the cluster pair's own bandwidth check (judge.ts), so both modes read alike.
      '200 GB/s (44% of 450 GB/s line rate) is below 263.2 GB/s, the expected share of the link (NVLink 4 450 GB/s per direction, one copy measured at 376 GB/s (NVIDIA H100 80GB HBM3))',
    );
  });
});

describe('measurementSection', () => {
  it('prints the table people came for', () => {
    expect(measurementSection(localResult(facts).measurement, 'loopback')).toEqual({
      title: 'Measurement',
      lines: [
        'ucx_perftest, host memory (DRAM), loopback on vm',
        'transport: sysv/memory cma/memory (shm)',
        'size            GB/s   avg lat (us)',
        '64 KiB          0.27          256.2',
        '1 MiB           2.77          379.1',
      ],
    });
  });
});
