import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/helpers/fixtures.js';
import { portsOf } from '../parsers/ib-port.js';
import { parseIbstat } from '../parsers/ibstat.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import { type Compared, compareTargets, nicSignature } from './compare.js';

const ibstat = (f: string) => parseIbstat(readFixture('node', 'ibstat', f));
const ucx = (f: string) => parseUcxInfo(readFixture('node', 'ucx_info-d', f));

const NDR = ibstat('h100-ndr-ib-8port-active-plus-bond-roce.txt');
const EDR = ibstat('cx5-edr-4port-2active-2disabled.txt');
const DOWN = ibstat('cx7-ib-port-down-polling-redacted.txt');
const RDMA_UCX = ucx('cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt');
const TCP_UCX = ucx('no-rdma-tcp-shm-only-ucx17-wiki.txt');

function t(
  label: string,
  role: Compared['role'],
  node: string | undefined,
  parsed: Record<string, unknown>,
): Compared {
  return { label, role, node, parsed };
}

describe('nicSignature', () => {
  it('counts usable ports by link layer and rate', () => {
    expect(nicSignature(portsOf(NDR.devices))).toBe('1 × Ethernet 200 Gb/s + 8 × InfiniBand 400 Gb/s');
    expect(nicSignature([])).toBe('no active RDMA port');
  });
});

describe('compareTargets', () => {
  it('passes prefill and decode on different nodes with the same NICs and transports', () => {
    const checks = compareTargets([
      t('p-0', 'prefill', 'gpu-a', { ibstat: NDR, ucx_info: RDMA_UCX }),
      t('d-0', 'decode', 'gpu-b', { ibstat: NDR, ucx_info: RDMA_UCX }),
    ]);
    expect(checks).toEqual([
      {
        id: 'compare.same-node',
        status: 'ok',
        detail: 'prefill on gpu-a, decode on gpu-b: transfers cross nodes',
      },
      {
        id: 'compare.nics',
        status: 'ok',
        detail: 'same RDMA ports everywhere: 1 × Ethernet 200 Gb/s + 8 × InfiniBand 400 Gb/s',
      },
      {
        id: 'compare.ucx-transports',
        status: 'ok',
        detail: `same UCX transports everywhere: ${[...new Set(RDMA_UCX.transports)].sort().join(', ')}`,
      },
    ]);
  });

  it('warns when prefill and decode share a node, and when their NICs differ', () => {
    const checks = compareTargets([
      t('p-0', 'prefill', 'gpu-a', { ibstat: NDR, ucx_info: RDMA_UCX }),
      t('d-0', 'decode', 'gpu-a', { ibstat: EDR, ucx_info: RDMA_UCX }),
    ]);
    expect(checks.map((c) => [c.id, c.status, c.detail])).toEqual([
      [
        'compare.same-node',
        'warn',
        'prefill and decode share a node (p-0 and d-0 on gpu-a): their KV transfer never crosses the fabric',
      ],
      [
        'compare.nics',
        'warn',
        "different RDMA ports (p-0: 1 × Ethernet 200 Gb/s + 8 × InfiniBand 400 Gb/s; d-0: 2 × InfiniBand 100 Gb/s): the pair runs at the slower side's rate",
      ],
      ['compare.ucx-transports', 'ok', expect.stringMatching(/^same UCX transports everywhere/)],
    ]);
  });

  it('fails when one side has no usable RDMA port or no RDMA transport', () => {
    const checks = compareTargets([
      t('p-0', 'prefill', 'gpu-a', { ibstat: NDR, ucx_info: RDMA_UCX }),
      t('d-0', 'decode', 'gpu-b', { ibstat: DOWN, ucx_info: TCP_UCX }),
    ]);
    expect(checks.map((c) => [c.id, c.status])).toEqual([
      ['compare.same-node', 'ok'],
      ['compare.nics', 'fail'],
      ['compare.ucx-transports', 'fail'],
    ]);
    expect(checks[1]?.detail).toBe(
      'some have no usable RDMA port while others do (p-0: 1 × Ethernet 200 Gb/s + 8 × InfiniBand 400 Gb/s; d-0: no active RDMA port): transfers between them cannot use RDMA',
    );
    expect(checks[2]?.detail).toMatch(
      /^RDMA transports on one side only \(p-0: .*rc_mlx5.*; d-0: cma, mm, self, tcp\)/,
    );
  });

  it('cannot compare what was not probed, and says so without lowering the verdict twice', () => {
    const checks = compareTargets([
      t('p-0', 'prefill', 'gpu-a', { ucx_info: RDMA_UCX }),
      t('d-0', 'decode', undefined, { ucx_info: RDMA_UCX }),
    ]);
    expect(checks).toEqual([
      {
        id: 'compare.same-node',
        status: 'skipped',
        detail: 'the node of a pod is not known yet',
        matters: false,
      },
      {
        id: 'compare.nics',
        status: 'skipped',
        detail: 'RDMA ports are not known for p-0, d-0 (ibstat/ibv_devinfo did not run)',
        matters: false,
      },
      expect.objectContaining({ id: 'compare.ucx-transports', status: 'ok' }),
    ]);
  });

  it('compares nothing for a single target', () => {
    expect(compareTargets([t('x', undefined, 'h', { ibstat: NDR })])).toEqual([]);
  });
});
