import { describe, expect, it } from 'vitest';
import { readPasted } from '../read/tools.js';
import { rdmaOnlyBy } from './transfer-path.js';

/**
 * ucx_perftest in its own format (src/tools/perf/perftest.c print_header / print_progress: the box of
 * `overhead (usec)`, `bandwidth (MB/s)`, `message rate (msg/s)`, then one `[thread 0]` row per interval
 * with iterations, typical/average/overall overhead, average/overall MB/s and msg/s), as the client
 * prints it (the shape of openucx/ucx#6951). `env` is typed before the command; `-s` is the message size.
 */
const client = (env: string, size: number, usec: number) => {
  const mbs = (size / usec).toFixed(2);
  const rate = Math.round(1e6 / usec);
  const row = (n: number) =>
    `[thread 0]${String(n).padStart(22)}     0.000${usec.toFixed(3).padStart(10)}${usec.toFixed(3).padStart(10)}${mbs.padStart(12)}${mbs.padStart(11)}${String(rate).padStart(12)}${String(rate).padStart(12)}`;
  return `$ ${env}ucx_perftest node-b -t ucp_put_bw -s ${size}
+--------------+--------------+-----------------------------+---------------------+-----------------------+
|              |              |      overhead (usec)        |   bandwidth (MB/s)  |  message rate (msg/s) |
+--------------+--------------+---------+---------+---------+----------+----------+-----------+-----------+
|    Stage     | # iterations | typical | average | overall |  average |  overall |  average  |  overall  |
+--------------+--------------+---------+---------+---------+----------+----------+-----------+-----------+
${row(133)}
${row(268)}
`;
};
const bandwidth = (text: string) =>
  readPasted('ucx_perftest', text, { expect: 'any' }).checks.find((c) => c.id === 'perftest.bandwidth');

describe('ucx_perftest over RDMA: rows from 64 KiB up are bandwidth rows (perftest DEF_SIZE_BW), not latency-bound', () => {
  it('400 KiB messages at ~52 MB/s over UD fail: far under any RDMA link, whatever the block size', () => {
    const c = bandwidth(client('UCX_NET_DEVICES=mlx4_0:1 UCX_TLS=ud ', 409600, 7538.51));
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/^0\.0\d GB\/s at 400 KiB is below the floor of 5 GB\/s/);
  });

  it('64 KiB is the line: a 32 KiB run over RDMA is still latency-bound and not held to the floor', () => {
    expect(bandwidth(client('UCX_TLS=rc ', 65536, 700))?.status).toBe('fail');
    const small = bandwidth(client('UCX_TLS=rc ', 32768, 700));
    expect(small?.status).toBe('skipped');
    expect(small?.detail).toContain('latency-bound');
  });

  it('with the path not shown to be RDMA the project’s 1 MiB line stays (a TCP or shm path has more per-message cost)', () => {
    expect(bandwidth(client('', 409600, 7538.51))?.status).toBe('skipped');
    expect(bandwidth(client('UCX_TLS=rc,tcp ', 409600, 7538.51))?.status).toBe('skipped');
  });

  it('UCX_TLS read as RDMA-only: RDMA names and copy helpers only; not `all`, not an exclusion list', () => {
    expect(rdmaOnlyBy({ tls: 'ud' })).toBe(true);
    expect(rdmaOnlyBy({ tls: 'rc_x,cuda_copy' })).toBe(true);
    expect(rdmaOnlyBy({ tls: 'rc,sm' })).toBe(false);
    expect(rdmaOnlyBy({ tls: 'all' })).toBe(false);
    expect(rdmaOnlyBy({ tls: '^tcp' })).toBe(false);
    expect(rdmaOnlyBy({ tls: 'cuda_copy' })).toBe(false);
    expect(rdmaOnlyBy(undefined)).toBe(false);
  });
});
