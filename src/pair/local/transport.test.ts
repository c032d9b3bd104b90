import { describe, expect, it } from 'vitest';
import { localTransportCheck } from './transport.js';

describe('localTransportCheck', () => {
  const dram = { memory: 'DRAM' as const, gpuCount: 0, where: 'loopback' };

  it('never passes a host-memory local run: shared memory or TCP proves the software path only', () => {
    expect(localTransportCheck({ ...dram, transports: ['sysv', 'cma'] })).toEqual({
      id: 'pair.transport',
      status: 'warn',
      detail: 'local run over sysv/cma (loopback): software path works; this does not certify RDMA or NVLink',
      fix: 'run `interconnect-test pair` between two nodes to certify RDMA for disaggregated serving',
      data: { transports: ['sysv', 'cma'], kind: 'shm', memory: 'DRAM' },
    });
    const tcp = localTransportCheck({ ...dram, transports: ['tcp'], where: 'network namespaces over veth' });
    expect([tcp.status, tcp.detail]).toEqual([
      'warn',
      'local run over tcp (network namespaces over veth): software path works; this does not certify RDMA or NVLink',
    ]);
    // Even RDMA loopback on one host does not certify the cross-node path.
    expect(localTransportCheck({ ...dram, transports: ['rc_mlx5'] }).status).toBe('warn');
  });

  it('warns when UCX did not name a transport', () => {
    const c = localTransportCheck({ ...dram, transports: [] });
    expect([c.status, c.detail]).toEqual([
      'warn',
      'UCX did not say which transport it used (no endpoint line at UCX_LOG_LEVEL=info)',
    ]);
  });

  it('passes GPU to GPU over cuda_ipc between two GPUs, and warns on staging or a single GPU', () => {
    const vram = { memory: 'VRAM' as const, gpuCount: 8, where: 'loopback' };
    const ok = localTransportCheck({ ...vram, transports: ['cuda_ipc', 'cuda_copy'] });
    expect([ok.status, ok.detail]).toEqual([
      'ok',
      'GPU to GPU over cuda_ipc/cuda_copy: the intra-node path (NVLink or PCIe peer-to-peer); cross-node RDMA is not covered',
    ]);
    const staged = localTransportCheck({ ...vram, transports: ['cuda_copy', 'sysv'] });
    expect([staged.status, staged.detail]).toEqual([
      'warn',
      'GPU memory moved over cuda_copy/sysv, not cuda_ipc: staged through the host, NVLink unused',
    ]);
    const single = localTransportCheck({ ...vram, gpuCount: 1, transports: ['cuda_ipc'] });
    expect([single.status, single.detail]).toEqual([
      'warn',
      'cuda_ipc on a single GPU: both processes used GPU 0, an HBM copy, not NVLink',
    ]);
  });
});
