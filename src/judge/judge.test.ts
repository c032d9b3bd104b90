import { describe, expect, it } from 'vitest';
import { readFixture, readTestData } from '../../test/helpers/fixtures.js';
import { parseUcxPerftest } from '../parsers/ucx-perftest.js';
import { RDMA_TRANSPORTS } from '../parsers/ucx-transports.js';
import { judgeGpuDirect, rangeEnd } from './gpudirect.js';
import { judgeTransport, transportKind } from './transports.js';

const REAL_CUDA_RC = readFixture('ucx_perftest', 'ucp-put-bw-cuda-rc-mlx5-protoinfo.log');

/**
 * A staged table in the exact layout UCX prints (the real fixture's lines),
 * with a protocol description UCX builds for a staged path: for a put from
 * GPU memory without GPUDirect RDMA, the CPU packs it (`copy-in`,
 * put/offload/bcopy, src/ucp/rma/put_offload.c:236-237); for a tagged
 * rendezvous, rndv/get/mtype reads into host fragments
 * (`…, cuda_copy, frag host`, src/ucp/rndv/rndv_mtype.inl:185-221, prefixed
 * `rendezvous ` by src/ucp/rndv/proto_rndv.c:654).
 */
function staged(protocol: string): string {
  return REAL_CUDA_RC.replace(
    '|                    1..inf | zero-copy                                     | rc_mlx5/mlx5_0:1 |',
    `|                    1..inf | ${protocol.padEnd(45)} | rc_mlx5/mlx5_0:1 |`,
  );
}

const tables = (text: string) => parseUcxPerftest(text).ucx.protocols;

describe('judgeGpuDirect', () => {
  it('reads the real rc_mlx5 + cuda capture as zero-copy GPUDirect RDMA', () => {
    expect(judgeGpuDirect(tables(REAL_CUDA_RC))).toMatchObject({
      status: 'ok',
      detail:
        'GPUDirect RDMA: zero-copy from GPU memory, "zero-copy" for 1..inf bytes on rc_mlx5/mlx5_0:1 (remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda)',
    });
  });

  it('warns on GPU memory staged through host memory and names GPUDirect RDMA as the fix', () => {
    for (const p of [
      'copy-in',
      'rendezvous read from remote, cuda_copy, frag host',
      'rendezvous pipeline cuda_copy, write to remote, frag host',
    ]) {
      const v = judgeGpuDirect(tables(staged(p)));
      expect(v?.status, p).toBe('warn');
      expect(v?.detail).toContain(
        `GPU memory was staged through host memory, not sent by GPUDirect RDMA: UCX chose "${p}" for 1..inf bytes`,
      );
      expect(v?.fix).toMatch(/GPUDirect RDMA.*nvidia_peermem.*DMA-BUF/);
    }
  });

  it('reads the UCX 1.22 table layout too (ucs_table: title rows, then a Range/Description/Config header)', () => {
    // Layout from openucx/ucx src/ucp/proto/proto_debug.c ucp_proto_select_elem_info at
    // 9466d104 (first in v1.22.0) and the rendering asserted in test/gtest/ucs/test_table.cc;
    // the cells are the real fixture's. With UCX_PROTO_INFO=used a Count column comes first.
    const p = '[1721319203.015890] [ps:143851:0]   ';
    const table = (used: boolean, desc: string) =>
      [
        '+---------------------------+-----------------------------------------------+------------------+',
        '| perftest inter-node cfg#1                                                                    |',
        '| remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda                                |',
        '+---------------------------+-----------------------------------------------+------------------+',
        `|${used ? ' Count |' : ''}           Range           |                  Description                  |      Config      |`,
        '+---------------------------+-----------------------------------------------+------------------+',
        `|${used ? '     0 |' : ''}                         0 | short                                         | rc_mlx5/mlx5_0:1 |`,
        `|${used ? '  1000 |' : ''}                    1..inf | ${desc.padEnd(45)} | rc_mlx5/mlx5_0:1 |`,
        '+---------------------------+-----------------------------------------------+------------------+',
      ]
        .map((l) => p + l)
        .join('\n');
    const rows = readFixture('ucx_perftest', 'ucp-put-bw-cuda-rc-mlx5-protoinfo.log')
      .split('\n')
      .filter((l) => l.startsWith('[thread 0]') || l.startsWith('+') || l.startsWith('|'))
      .join('\n');
    for (const used of [false, true]) {
      const staged = tables(`${table(used, 'rendezvous read from remote, cuda_copy, frag host')}\n${rows}\n`);
      expect(staged[0]).toMatchObject({
        endpoint: 'perftest inter-node cfg#1',
        scope: 'inter-node',
        operation: 'remote memory write by ucp_put*(multi) from cuda/GPU0 to cuda',
        steps: [
          { range: '0', protocol: 'short', lanes: ['rc_mlx5/mlx5_0:1'] },
          {
            range: '1..inf',
            protocol: 'rendezvous read from remote, cuda_copy, frag host',
            lanes: ['rc_mlx5/mlx5_0:1'],
          },
        ],
      });
      expect(judgeGpuDirect(staged)?.status).toBe('warn');
      expect(judgeGpuDirect(tables(`${table(used, 'zero-copy')}\n${rows}\n`))?.status).toBe('ok');
    }
  });

  it('says nothing for host memory (the real Debian 1.13 tables: copy-in and software emulation on sysv)', () => {
    expect(
      judgeGpuDirect(tables(readTestData('ucx_perftest', 'debian-1.13-put-bw-protoinfo-client.txt'))),
    ).toBeUndefined();
  });

  it('reads UCX memunits ranges', () => {
    expect(['0..2K', '2049..inf', '0', '1M..4M', '4G..inf', 'x'].map(rangeEnd)).toEqual([
      2048,
      Number.POSITIVE_INFINITY,
      0,
      4 * 1024 * 1024,
      Number.POSITIVE_INFINITY,
      undefined,
    ]);
  });
});

describe('one list of transports', () => {
  it('every RDMA name the pair judge knew and every one ucx_info lists is RDMA', () => {
    for (const t of [
      'rc_mlx5',
      'rc_verbs',
      'rc_x',
      'dc_mlx5',
      'dc_x',
      'ud_mlx5',
      'ud_verbs',
      'ud_x',
      'srd',
      'gga_mlx5',
      'cm',
    ])
      expect(RDMA_TRANSPORTS.has(t), t).toBe(true);
    expect(transportKind(['gga_mlx5/mlx5_0:1'])).toBe('rdma');
  });

  it('judges lanes against the path a test wanted', () => {
    const s = (lanes: string[], want: 'rdma' | 'nvlink' | 'any', em = false) =>
      judgeTransport(lanes, want, em).status;
    expect([
      s(['rc_mlx5/mlx5_0:1'], 'rdma'),
      s(['tcp/eth0'], 'rdma'),
      s(['tcp/eth0'], 'any'),
      s(['sysv/memory'], 'rdma'),
      s(['cuda_ipc/cuda'], 'nvlink'),
      s(['rc_mlx5/mlx5_0:1'], 'nvlink'),
      s(['rc_mlx5/mlx5_0:1'], 'rdma', true),
      s(['cuda_copy/cuda'], 'rdma'),
      s(['cuda_ipc/cuda', 'rc_mlx5/mlx5_0:1'], 'nvlink'),
    ]).toEqual(['ok', 'fail', 'warn', 'fail', 'ok', 'fail', 'warn', 'fail', 'ok']);
    expect(judgeTransport(['cuda_copy/cuda'], 'rdma').detail).toBe(
      'no RDMA lane among the lanes UCX used (cuda_copy/cuda)',
    );
  });
});
