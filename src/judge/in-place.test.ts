import { describe, expect, it } from 'vitest';
import { rollUp } from '../core/verdict.js';
import {
  cleanupCheck,
  type InPlaceFacts,
  inPlaceBandwidthCheck,
  inPlaceTransportCheck,
  memoryCheck,
  registrationCheck,
  scopeCheck,
} from './in-place.js';

const MiB = 1024 * 1024;
const base: InPlaceFacts = {
  bytes: 16 * MiB,
  memory: 'DRAM',
  sameNode: false,
  lanes: ['rc_mlx5/mlx5_0:1'],
  emulated: false,
  rows: [
    { blockSize: MiB, batchSize: 1, gbps: 21.3 },
    { blockSize: 16 * MiB, batchSize: 1, gbps: 44.8 },
  ],
  errors: [],
  subject: 'ns/p ↔ ns/d (in-place)',
};

function all(f: InPlaceFacts) {
  return [scopeCheck(f), registrationCheck(f), inPlaceTransportCheck(f), inPlaceBandwidthCheck(f)];
}

describe('pair --in-place rules', () => {
  it('RDMA between two nodes, registered, above the small-buffer floor: trusted, and says what it cannot show', () => {
    const checks = all(base);
    expect(checks.map((c) => c.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(checks[0]?.detail).toMatch(
      /^in-place: 16 MiB of host memory \(DRAM\).*not the full bandwidth of GPU memory/,
    );
    expect(checks[3]?.detail).toMatch(/^44\.8 GB\/s at 16 MiB \(in-place, DRAM\)/);
    expect(rollUp(checks).status).toBe('trusted');
  });

  it('TCP across two nodes fails the transport: never trusted, whatever the bandwidth', () => {
    const checks = all({ ...base, lanes: ['tcp/eth0'] });
    expect(checks[2]).toMatchObject({ id: 'pair.transport', status: 'fail' });
    expect(rollUp(checks).status).toBe('untrusted');
  });

  it('a failed registration is named with the probe\u2019s own words', () => {
    const c = registrationCheck({
      ...base,
      rows: [],
      errors: [
        {
          role: 'target',
          stage: 'register',
          message: 'registering 16777216 bytes of DRAM with NIXL failed: NIXL_ERR_BACKEND',
        },
      ],
    });
    expect(c).toMatchObject({ status: 'fail' });
    expect(c.detail).toBe('target: registering 16777216 bytes of DRAM with NIXL failed: NIXL_ERR_BACKEND');
  });

  it('an agent that failed after the probe started is no registration pass', () => {
    const c = registrationCheck({
      ...base,
      rows: [],
      errors: [{ role: 'initiator', stage: 'agent', message: 'cannot create the NIXL agent with UCX: boom' }],
    });
    expect(c.status).toBe('skipped');
    expect(c.detail).toBe('no data moved, so the registration is not shown');
  });

  it('below the floor fails; --min-bandwidth replaces the floor', () => {
    const slow = { ...base, rows: [{ blockSize: 16 * MiB, batchSize: 1, gbps: 2.1 }] };
    expect(inPlaceBandwidthCheck(slow).status).toBe('fail');
    expect(inPlaceBandwidthCheck({ ...slow, minGBps: 1 }).status).toBe('ok');
  });

  it('nothing measured is no pass: bandwidth skipped, and the verdict is not trusted', () => {
    const checks = all({ ...base, rows: [], lanes: [] });
    expect(checks.slice(1).map((c) => c.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(rollUp(checks).status).not.toBe('trusted');
  });

  it('cleanup fails when a pod still runs a probe process or could not be checked', () => {
    expect(
      cleanupCheck(
        [
          { pod: 'ns/p', left: 0 },
          { pod: 'ns/d', left: 0 },
        ],
        's',
      ).status,
    ).toBe('ok');
    const bad = cleanupCheck(
      [
        { pod: 'ns/p', left: 1 },
        { pod: 'ns/d', left: undefined },
      ],
      's',
    );
    expect(bad.status).toBe('fail');
    expect(bad.detail).toBe('ns/p: 1 probe process(es) still running; ns/d: could not be checked');
  });
});

describe('pair.memory', () => {
  const ok = (pod: string) => ({
    pod,
    said: {
      memory: 'ok' as const,
      detail: `at least 800 MiB stayed free under the container's 1024 MiB memory limit (cgroup v2) while the probe ran`,
    },
  });

  it('ok, not mattering, when both helpers watched and the worker kept its room', () => {
    const c = memoryCheck([ok('ns/p'), ok('ns/d')], 's');
    expect([c.status, c.matters]).toEqual(['ok', false]);
    expect(c.detail).toMatch(/^ns\/p: at least 800 MiB stayed free .*; ns\/d: at least/);
  });

  it('a warning naming the pod when the probe was killed for memory or stopped by the guard: never a pass', () => {
    const oom = memoryCheck(
      [
        {
          pod: 'ns/p',
          said: { memory: 'oom', detail: 'the probe was killed for memory, the worker was not touched' },
        },
        ok('ns/d'),
      ],
      's',
    );
    expect(oom.status).toBe('warn');
    expect(oom.detail).toBe('ns/p: the probe was killed for memory, the worker was not touched');
    expect(rollUp([oom]).status).not.toBe('trusted');
  });

  it('skipped when a helper said nothing (stopped by us, or the stream lost)', () => {
    expect(memoryCheck([ok('ns/p'), { pod: 'ns/d' }], 's')).toMatchObject({
      status: 'skipped',
      detail:
        'no memory account from ns/d (the probe was stopped, the connection lost, or no memory figure could be read)',
    });
  });
});
