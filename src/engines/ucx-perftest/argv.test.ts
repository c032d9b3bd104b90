import { describe, expect, it } from 'vitest';
import { readTestData } from '../../../test/helpers/fixtures.js';
import { readPerftestSize } from './argv.js';

// Captured on this project's build machine with Debian's ucx-utils 1.13.1:
// `UCX_LOG_LEVEL=info UCX_PROTO_INFO=y ucx_perftest [-p P -t tag_bw -s SIZE -n N -w W]` as server,
// the same with `127.0.0.1` as client (UCX_TLS=tcp for the tcp pair).
const lines = (name: string) => readTestData('pair-local', name).split('\n');

describe('readPerftestSize on real ucx_perftest 1.13 output', () => {
  it('reads the client row in GB/s and the shared-memory lanes both sides chose', () => {
    expect(
      readPerftestSize(1 << 20, lines('server-sysv-cma-1MiB.txt'), lines('client-sysv-cma-1MiB.txt')),
    ).toEqual({
      // 2081.87 MiB/s × 2^20 / 10^9
      row: { blockSize: 1048576, batchSize: 1, gbps: 2.182999, avgLatUs: 480.338 },
      transports: ['sysv', 'cma'],
      lanes: ['sysv/memory', 'cma/memory'],
      ucxVersion: '1.13.1',
      emulated: false,
    });
  });

  it('reads a TCP pair', () => {
    expect(
      readPerftestSize(65536, lines('server-tcp-lo-64KiB.txt'), lines('client-tcp-lo-64KiB.txt')),
    ).toEqual({
      row: { blockSize: 65536, batchSize: 1, gbps: 0.093848, avgLatUs: 698.31 },
      transports: ['tcp'],
      lanes: ['tcp/lo', 'tcp/eth0'],
      ucxVersion: '1.13.1',
      emulated: false,
    });
  });

  it('has no row when the client died before its table, but keeps the lanes the server saw', () => {
    const clientCut = lines('client-sysv-cma-1MiB.txt').filter((l) => !l.startsWith('Final:'));
    expect(readPerftestSize(1 << 20, lines('server-sysv-cma-1MiB.txt'), clientCut)).toEqual({
      transports: ['sysv', 'cma'],
      lanes: ['sysv/memory', 'cma/memory'],
      ucxVersion: '1.13.1',
      emulated: false,
    });
  });

  it('reads nothing from empty or unrelated output', () => {
    expect(readPerftestSize(4096, [], ['', 'Segmentation fault'])).toEqual({
      transports: [],
      lanes: [],
      emulated: false,
    });
  });
});
