import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixtures.js';
import { testPlan } from '../../../test/helpers/plan.js';
import { judge } from './verdict.js';

/**
 * Issue 24 item 1: on GB200 a cross-node pair inside one NVLink domain (same nvidia.com/gpu.clique)
 * is judged as NVLink, across domains as the NIC fabric. The UCX line has the format of a real one
 * (ucp_worker.c "ucp_context_0 inter-node cfg#N rma(…) am(…)", ai-dynamo/nixl#1097); the table is
 * the real legacy nixlbench capture.
 */

const A = '7f3c6a1e-1b2c-4d5e-8f90-0a1b2c3d4e5f.1';
const B = '7f3c6a1e-1b2c-4d5e-8f90-0a1b2c3d4e5f.2';
const IPC_LANES =
  '[1765333150.098983] [gb200-a:1570878:2]      ucp_worker.c:1912 UCX  INFO    ucp_context_0 inter-node cfg#2 rma(cuda_ipc/cuda) am(rc_mlx5/mlx5_0:1)\n';

function run(prefillClique: string, decodeClique: string) {
  const plan = testPlan({
    nodes: {
      prefill: { name: 'gb200-a', hostname: 'gb200-a', gpuProduct: 'NVIDIA-GB200', clique: prefillClique },
      decode: { name: 'gb200-b', hostname: 'gb200-b', gpuProduct: 'NVIDIA-GB200', clique: decodeClique },
    },
  });
  const log = `${IPC_LANES}${readFixture('nixlbench', 'legacy-0.x-ucx-vram-to-dram-ok.log')}`;
  const j = judge({
    plan,
    logs: { prefill: log, decode: '' },
    ranOn: { prefill: 'gb200-a', decode: 'gb200-b' },
  });
  const get = (id: string) => j.checks.find((c) => c.id === id);
  return { plan, j, transport: get('pair.transport'), bandwidth: get('pair.bandwidth') };
}

describe('a GB200 pair: NVLink inside one clique, the NIC across', () => {
  it('inside one clique: the plan tests multi-node NVLink and a cuda_ipc log is ok', () => {
    const r = run(A, A);
    expect(r.plan.path).toEqual({
      kind: 'nvlink-domain',
      clique: A,
      why: `multi-node NVLink: both nodes are in NVLink domain ${A} (nvidia.com/gpu.clique)`,
    });
    expect(r.plan.fabricMemory).toBe(true);
    expect(r.plan.pods.map((p) => p.scriptEnv.find((e) => e.name === 'ITEST_NIXL_FABRIC')?.value)).toEqual([
      '1',
      '1',
    ]);
    expect([r.transport?.status, r.transport?.detail]).toEqual([
      'ok',
      `UCX used cuda_ipc across nodes of NVLink domain ${A} (MNNVL): cuda_ipc/cuda, rc_mlx5/mlx5_0:1`,
    ]);
    // Judged against NVLink 5, not a NIC and not "above any network link".
    expect(r.j.measurement.expected).toMatchObject({ lineGBps: 900, ceilingGBps: 1000 });
    expect(r.bandwidth?.detail).toContain('NVLink 5 900 GB/s per direction');
  });

  it('across cliques: the NIC fabric, and the same cuda_ipc log is wrong', () => {
    const r = run(A, B);
    expect(r.plan.path?.kind).toBe('nic');
    expect(r.plan.fabricMemory).toBeUndefined();
    expect(r.transport?.status).toBe('fail');
    expect(r.transport?.detail).toMatch(
      /^UCX used cuda_ipc \(cuda_ipc\/cuda, rc_mlx5\/mlx5_0:1\) between nodes of different NVLink domains/,
    );
    expect(r.j.measurement.expected?.ceilingGBps).toBe(250);
  });
});
