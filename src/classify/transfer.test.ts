import { describe, expect, it } from 'vitest';
import { readFixture, readTestData } from '../../test/helpers/fixtures.js';
import type { Check } from '../core/model.js';
import { parseNixlbench } from '../parsers/nixlbench.js';
import { parseUcxPerftest } from '../parsers/ucx-perftest.js';
import { classifyTransfer } from './transfer.js';

const summary = (checks: Check[]) => checks.map((c) => `${c.status} ${c.id}`);
const nixl = (f: string) => parseNixlbench(readFixture('nixlbench', f));
const perf = (f: string) => parseUcxPerftest(readFixture('ucx_perftest', f));

describe('classifyTransfer: bandwidth', () => {
  it('fails the degraded 400G VRAM run (~1 GB/s) even with no floor given, and against a 40 GB/s floor', () => {
    const r = nixl('ucx-vram-h200-cx7-400g-degraded.log');
    const any = classifyTransfer(r, { expect: 'any' });
    expect(any.find((c) => c.id === 'nixlbench.bandwidth')).toMatchObject({
      status: 'fail',
      detail: '1.03 GB/s at 2 MiB is below the floor of 5 GB/s (neither the link nor its line rate known)',
    });
    const floored = classifyTransfer(r, { expect: 'network', minGBps: 40 });
    expect(floored.find((c) => c.id === 'nixlbench.bandwidth')?.detail).toBe(
      '1.03 GB/s at 2 MiB is below the floor of 40 GB/s (--min-bandwidth 40 GB/s)',
    );
  });

  it('passes a result above the floor and judges only blocks ≥ 1 MiB when there are any', () => {
    const r = nixl('legacy-0.x-ucx-vram-to-dram-ok.log');
    expect(
      classifyTransfer(r, { expect: 'any', minGBps: 5 }).find((c) => c.id === 'nixlbench.bandwidth'),
    ).toMatchObject({
      status: 'ok',
      detail: 'peak 5.11 GB/s at 64 MiB meets 5 GB/s (--min-bandwidth 5 GB/s)',
    });
    expect(
      classifyTransfer(r, { expect: 'any', minGBps: 5.2 }).find((c) => c.id === 'nixlbench.bandwidth')
        ?.status,
    ).toBe('fail');
  });

  it('never reads a result above any plausible link as healthy', () => {
    const r = parseNixlbench(
      'Block Size (B)      Batch Size     B/W (GB/Sec)   Avg Lat. (us)\n67108864            1              2400.5         28.0\n',
    );
    expect(classifyTransfer(r, { expect: 'any' }).find((c) => c.id === 'nixlbench.bandwidth')?.status).toBe(
      'fail',
    );
    const net = parseNixlbench(
      'Block Size (B)      Batch Size     B/W (GB/Sec)   Avg Lat. (us)\n67108864            1              350.0          191.7\n',
    );
    expect(
      classifyTransfer(net, { expect: 'network' }).find((c) => c.id === 'nixlbench.bandwidth'),
    ).toMatchObject({
      status: 'fail',
      detail:
        '350 GB/s at 64 MiB is above any network link (250 GB/s): a copy inside one GPU, a loopback or a measurement artefact, not a link',
    });
    // Plausible between two GPUs (NVLink 4 is 450 GB/s), but with no GPU model known it is not a pass either.
    expect(
      classifyTransfer(net, { expect: 'nvlink' }).find((c) => c.id === 'nixlbench.bandwidth')?.status,
    ).toBe('warn');
    expect(
      classifyTransfer(net, { expect: 'nvlink', minGBps: 100 }).find((c) => c.id === 'nixlbench.bandwidth')
        ?.status,
    ).toBe('ok');
  });

  it('gives no network verdict for a storage backend', () => {
    expect(
      summary(classifyTransfer(nixl('posix-storage-single-process-ok.log'), { expect: 'network' })),
    ).toEqual(['ok nixlbench.run', 'skipped nixlbench.bandwidth']);
  });
});

describe('classifyTransfer: where the bytes went', () => {
  it('a same-host run is never a network result', () => {
    const r = nixl('ucx-dram-ci-2rank-same-host-timestamped-ok.log');
    expect(classifyTransfer(r, { expect: 'network' }).find((c) => c.id === 'nixlbench.peers')).toMatchObject({
      status: 'fail',
      detail: 'both ranks ran on mizu01: a loopback result that says nothing about the network',
    });
    expect(classifyTransfer(r, { expect: 'any' }).find((c) => c.id === 'nixlbench.peers')?.status).toBe(
      'skipped',
    );
    expect(classifyTransfer(r, { expect: 'nvlink' }).find((c) => c.id === 'nixlbench.peers')?.status).toBe(
      'ok',
    );
  });

  it('fails TCP or shared-memory lanes when a network link was expected, whatever the bandwidth', () => {
    const tcp = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-tcp-tag-bw-loginfo-client.txt'));
    expect(
      classifyTransfer(tcp, { expect: 'network' }).find((c) => c.id === 'perftest.transport'),
    ).toMatchObject({
      status: 'fail',
      detail: 'UCX moved the data over TCP (tcp/lo, tcp/eth0): not an RDMA or NVLink path',
    });
    expect(classifyTransfer(tcp, { expect: 'any' }).find((c) => c.id === 'perftest.transport')?.status).toBe(
      'warn',
    );
    const shm = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-put-bw-loginfo-client.txt'));
    const checks = classifyTransfer(shm, { expect: 'network', minGBps: 1 });
    expect(checks.find((c) => c.id === 'perftest.bandwidth')?.status).toBe('ok');
    expect(checks.find((c) => c.id === 'perftest.transport')).toMatchObject({
      status: 'fail',
      detail:
        'UCX used intra-node transports (sysv/memory, posix/memory): the peer is on the same node, not across a network',
    });
  });

  it('fails RMA emulated over TCP active messages (nixl #1097)', () => {
    const r = parseNixlbench(
      '[1733000000.000001] [decode-0:1:0]      ucp_worker.c:2001 UCX  INFO    ucp_context_0 inter-node cfg#1 rma_am(tcp/eth1)  am(tcp/eth1)\n' +
        'Block Size (B)      Batch Size     B/W (GB/Sec)   Avg Lat. (us)\n67108864            1              1.1            61008.0\n',
    );
    expect(
      classifyTransfer(r, { expect: 'network' }).find((c) => c.id === 'nixlbench.transport')?.detail,
    ).toBe(
      'UCX moved the data over TCP (RMA emulated over active messages) (tcp/eth1): not an RDMA or NVLink path',
    );
  });

  it('passes rc_mlx5 with GPU memory (the self endpoint of perftest does not count)', () => {
    const checks = classifyTransfer(perf('ucp-put-bw-cuda-rc-mlx5-protoinfo.log'), {
      expect: 'network',
      minGBps: 10,
    });
    expect(summary(checks)).toEqual([
      'ok perftest.run',
      'ok perftest.bandwidth',
      'ok perftest.stability',
      'ok perftest.transport',
      'ok perftest.gpudirect',
    ]);
    expect(checks[3]?.detail).toBe('UCX used RDMA lanes: rc_mlx5/mlx5_0:1');
    expect(checks[4]?.detail).toBe(
      'GPUDirect RDMA: zero-copy from GPU memory, "zero-copy" for 1..inf bytes on rc_mlx5/mlx5_0:1 (remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda)',
    );
  });

  it('expects cuda_ipc for NVLink', () => {
    const r = parseUcxPerftest(
      `${readFixture('ucx_perftest', 'tag-bw-cuda-ipc-nvlink-ok.log')}[1.0] [h:1:0]  ucp_worker.c:1888 UCX  INFO    perftest intra-node cfg#1 tag(cuda_ipc/cuda cuda_copy/cuda)\n`,
    );
    expect(summary(classifyTransfer(r, { expect: 'nvlink', minGBps: 20 }))).toEqual([
      'ok perftest.run',
      'ok perftest.bandwidth',
      'ok perftest.transport',
    ]);
    expect(
      classifyTransfer(r, { expect: 'network' }).find((c) => c.id === 'perftest.transport')?.status,
    ).toBe('fail');
  });
});

describe('classifyTransfer: runs without results', () => {
  it('fails the unstable RoCE run and reports its spread', () => {
    expect(
      classifyTransfer(perf('ucp-put-bw-host-roce-jitter.log'), { expect: 'network' }).map(
        (c) => `${c.status} ${c.id}: ${c.detail}`,
      ),
    ).toEqual([
      'ok perftest.run: 14 interval row(s), no final summary (output cut off)',
      'fail perftest.bandwidth: 2.51 GB/s is below the floor of 5 GB/s (no NIC line rate known)',
      'fail perftest.stability: unstable link: per-interval bandwidth 0.48–9.14 GB/s over 13 intervals (median 2.51)',
      'skipped perftest.transport: UCX did not log the transport it chose',
    ]);
  });

  it('a server-side perftest log and a target-side nixlbench log are skipped, not passed', () => {
    const server = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-tag-bw-server.txt'));
    expect(summary(classifyTransfer(server, { expect: 'any' }))).toEqual(['skipped perftest.run']);
    const target = parseNixlbench(
      'ETCD Runtime: Registered as rank 1 item 2 of 2\nInit nixl worker, dev all rank 1, type target, hostname decode-0\nAll processes are ready to proceed\n',
    );
    expect(summary(classifyTransfer(target, { expect: 'network' }))).toEqual(['skipped nixlbench.run']);
  });

  it('a client that could not connect fails', () => {
    const r = parseUcxPerftest(readTestData('ucx_perftest', 'debian-1.13-connect-refused.txt'));
    expect(classifyTransfer(r, { expect: 'any' })).toEqual([
      {
        id: 'perftest.run',
        status: 'fail',
        detail: 'ucx_perftest failed: client failed. connect() failed: Connection refused',
        fix: 'check the server is running and reachable, and the UCX_TLS/UCX_NET_DEVICES it was given',
      },
    ]);
  });
});
