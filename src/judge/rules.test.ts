import { describe, expect, it } from 'vitest';
import { libfabricCheck, libfabricProvider, libfabricTransport, providerKind } from './libfabric.js';
import { localBandwidthCheck, localExpectation, transferCheck } from './local.js';
import { loopbackCheck, peersCheck } from './peers.js';
import { stabilityCheck } from './stability.js';

describe('stability', () => {
  const s = (minGBps: number, maxGBps: number) =>
    stabilityCheck({ minGBps, maxGBps, medianGBps: maxGBps, intervals: 9 });
  it('passes up to 1.5×, warns up to 3×, fails beyond and on a zero interval', () => {
    expect(s(20, 30).status).toBe('ok');
    expect(s(20, 31).status).toBe('warn');
    expect(s(10, 30).status).toBe('warn');
    expect(s(10, 31).status).toBe('fail');
    expect(s(0, 30).status).toBe('fail');
    expect(s(20, 30).detail).toBe(
      'steady: per-interval bandwidth 20.0–30.0 GB/s over 9 intervals (median 30.0)',
    );
  });
});

describe('libfabric', () => {
  it('reads the provider NIXL logged and sorts it by kind', () => {
    expect(libfabricProvider([undefined, 'x\nCreated 16 rails using provider=efa\n'])).toBe('efa');
    expect(libfabricProvider(['nothing'])).toBeUndefined();
    expect(['efa', 'verbs;ofi_rxm', 'tcp;ofi_rxm', 'shm', 'psm9', undefined].map(providerKind)).toEqual([
      'rdma',
      'rdma',
      'tcp',
      'shm',
      'unknown',
      'unknown',
    ]);
  });
  it('passes RDMA providers, fails a TCP fallback, warns on anything else or no provider', () => {
    const of = (p: string | undefined) => libfabricCheck(libfabricTransport(p), p, 'a → b').status;
    expect([of('efa'), of('tcp'), of('shm'), of(undefined)]).toEqual(['ok', 'fail', 'warn', 'warn']);
    expect(libfabricTransport('efa')).toEqual({ kind: 'rdma', lanes: ['libfabric/efa'] });
  });
});

describe('peers and loopback', () => {
  it('a cross-node pair on one host warns, from the nodes or the ranks’ own host names', () => {
    expect(
      loopbackCheck({ mode: 'cross-node', ranOn: { prefill: 'a', decode: 'a' }, hosts: {} })?.status,
    ).toBe('warn');
    expect(
      loopbackCheck({ mode: 'cross-node', ranOn: {}, hosts: { initiator: 'h', target: 'h' } })?.detail,
    ).toMatch(/one host \(h\)/);
    expect(
      loopbackCheck({ mode: 'cross-node', ranOn: { prefill: 'a', decode: 'b' }, hosts: {} }),
    ).toBeUndefined();
    expect(
      loopbackCheck({ mode: 'intra-node', ranOn: { prefill: 'a', decode: 'a' }, hosts: {} }),
    ).toBeUndefined();
  });
  it('read: one host fails a network test, passes an NVLink one, is skipped otherwise', () => {
    const one = (e: 'network' | 'nvlink' | 'any') => peersCheck('nixlbench', true, ['h', 'h'], e).status;
    expect([one('network'), one('nvlink'), one('any')]).toEqual(['fail', 'ok', 'skipped']);
    expect(peersCheck('nixlbench', false, ['a', 'b', 'a'], 'network').detail).toBe(
      'ranks on different hosts (a, b)',
    );
  });
});

describe('pair --local', () => {
  const rows = [
    { blockSize: 65536, batchSize: 1, gbps: 9 },
    { blockSize: 1 << 20, batchSize: 1, gbps: 4 },
  ];
  it('judges DRAM only against --min-bandwidth, on the best row of 1 MiB or more', () => {
    const dram = (minGBps?: number) =>
      localBandwidthCheck({
        rows,
        memory: 'DRAM',
        expected: localExpectation({ memory: 'DRAM', minGBps }),
        subject: 's',
      });
    expect(dram().status).toBe('ok');
    expect(dram().detail).toBe('4.00 GB/s at 1 MiB (no --min-bandwidth floor given)');
    expect(dram(3).status).toBe('ok');
    expect(dram(5).status).toBe('fail');
  });
  it('judges VRAM as the intra-node pair: the NVLink expectation of the GPU model', () => {
    const exp = localExpectation({ memory: 'VRAM', gpuModel: 'NVIDIA-H100-80GB-HBM3' });
    expect(exp).toMatchObject({ lineGBps: 450, floorGBps: 150.4, warnGBps: 263.2 });
    const at = (gbps: number) =>
      localBandwidthCheck({
        rows: [{ blockSize: 1 << 26, batchSize: 1, gbps }],
        memory: 'VRAM',
        expected: exp,
        subject: 's',
      }).status;
    expect([at(300), at(200), at(50)]).toEqual(['ok', 'warn', 'fail']);
    expect(localBandwidthCheck({ rows: [], memory: 'VRAM', expected: exp, subject: 's' }).status).toBe(
      'skipped',
    );
  });
  it('a run that hung after its results warns; a timeout or failure fails', () => {
    const t = (outcome: 'completed' | 'failed' | 'timeout' | 'hung-after-results') =>
      transferCheck({
        outcome,
        engine: 'nixlbench',
        subject: 's',
        what: '2 sizes',
        span: '4 KiB–1 MiB',
        timeoutMs: 1000,
      }).status;
    expect([t('completed'), t('hung-after-results'), t('timeout'), t('failed')]).toEqual([
      'ok',
      'warn',
      'fail',
      'fail',
    ]);
  });
});
