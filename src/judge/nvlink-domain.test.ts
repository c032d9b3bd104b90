import { describe, expect, it } from 'vitest';
import { expectationFor } from './expectations.js';
import { allocationCheck, crossNodePath, excludesCudaIpc, judgeDomainTransport } from './nvlink-domain.js';

// GPU Feature Discovery's clique label value: `<ClusterUUID>.<CliqueId>`.
const A = '7f3c6a1e-1b2c-4d5e-8f90-0a1b2c3d4e5f.1';
const B = '7f3c6a1e-1b2c-4d5e-8f90-0a1b2c3d4e5f.2';

describe('the path a cross-node pair tests (nvidia.com/gpu.clique)', () => {
  it('one clique: NVLink; two cliques or one unlabelled node: the NIC; no labels: not known', () => {
    expect(crossNodePath(A, A, {})?.kind).toBe('nvlink-domain');
    expect(crossNodePath(A, B, {})).toEqual({
      kind: 'nic',
      why: `the NIC fabric: the nodes are in different NVLink domains (nvidia.com/gpu.clique ${A} and ${B})`,
    });
    expect(crossNodePath(A, undefined, {})?.kind).toBe('nic');
    expect(crossNodePath(undefined, undefined, {})).toBeUndefined();
  });

  it('inside one clique, a recipe that leaves cuda_ipc or MNNVL out tests the NIC (kimi-k3 sets UCX_TLS=^cuda_ipc)', () => {
    expect(crossNodePath(A, A, { ucxTls: '^cuda_ipc' })?.kind).toBe('nic');
    expect(crossNodePath(A, A, { ucxTls: 'rc_x,rc,cuda_copy' })?.kind).toBe('nic');
    expect(crossNodePath(A, A, { mnnvl: 'n' })?.kind).toBe('nic');
    expect(crossNodePath(A, A, { ucxTls: 'rc_x,rc,cuda_copy,cuda_ipc', mnnvl: 'y' })?.kind).toBe(
      'nvlink-domain',
    );
    expect([
      excludesCudaIpc('all'),
      excludesCudaIpc('^tcp'),
      excludesCudaIpc('cuda,rc'),
      excludesCudaIpc(undefined),
    ]).toEqual([false, false, false, false]);
  });
});

describe('judgeDomainTransport: each path its own verdict', () => {
  const inside = crossNodePath(A, A, {}) as NonNullable<ReturnType<typeof crossNodePath>>;
  const across = crossNodePath(A, B, {}) as NonNullable<ReturnType<typeof crossNodePath>>;
  it('inside one clique cuda_ipc across the nodes is right, even when UCX calls the peer intra-node', () => {
    expect(judgeDomainTransport(['cuda_ipc/cuda'], inside, false, false)).toEqual({
      status: 'ok',
      detail: `UCX used cuda_ipc across nodes of NVLink domain ${A} (MNNVL): cuda_ipc/cuda`,
    });
    expect(judgeDomainTransport(['cuda_ipc/cuda'], inside, false, true).status).toBe('ok');
  });
  it('inside one clique RDMA lanes alone mean NVLink was not used', () => {
    const v = judgeDomainTransport(['rc_mlx5/mlx5_0:1'], inside, false, false);
    expect(v.status).toBe('fail');
    expect(v.detail).toBe(
      `no cuda_ipc lane (rc_mlx5/mlx5_0:1): GPU peer-to-peer (NVLink) was not used; both nodes are in NVLink domain ${A}, so KV should cross over NVLink`,
    );
  });
  it('across cliques cuda_ipc is wrong, RDMA is right', () => {
    expect(judgeDomainTransport(['cuda_ipc/cuda', 'rc_mlx5/mlx5_0:1'], across, false, false).status).toBe(
      'fail',
    );
    expect(judgeDomainTransport(['rc_mlx5/mlx5_0:1'], across, false, false)).toEqual({
      status: 'ok',
      detail: 'UCX used RDMA lanes: rc_mlx5/mlx5_0:1',
    });
  });
});

describe('expectation of a pair inside one NVLink domain', () => {
  it('is NVLink 5 (900 GB/s per direction), not a NIC line rate, with a GPU-link ceiling', () => {
    expect(expectationFor({ mode: 'cross-node', nvlinkDomain: true, gpuProduct: 'NVIDIA-GB200' })).toEqual({
      lineGBps: 900,
      floorGBps: 300.8,
      warnGBps: 526.4,
      ceilingGBps: 1000,
      source: 'NVLink 5 900 GB/s per direction, one copy expected near 752 GB/s (NVIDIA-GB200)',
    });
    // Without the product label the domain is still NVLink 5.
    expect(expectationFor({ mode: 'cross-node', nvlinkDomain: true }).lineGBps).toBe(900);
    expect(expectationFor({ mode: 'cross-node' }).ceilingGBps).toBe(250);
  });
});

describe('allocationCheck: which allocation each pod used', () => {
  const fabric = { source: 'cuda-fabric', fabric: { wanted: true, used: true, why: null } };
  const fell = {
    source: 'cuda-driver',
    fabric: {
      wanted: true,
      used: false,
      why: 'cuMemCreate with CU_MEM_HANDLE_TYPE_FABRIC failed with CUresult 801',
    },
  };
  it("says in the allocation line when the exchange or first transfer went through only after retries (the peer's IMEX)", () => {
    const retried = {
      ...fabric,
      retried: [
        {
          what: 'first transfer',
          attempts: 3,
          seconds: 2.1,
          lastError: 'WRITE of row 1 x 4096 B: NIXL reported ERR',
        },
      ],
    };
    expect(allocationCheck({ prefill: fabric, decode: retried }, 's')).toMatchObject({
      status: 'ok',
      detail:
        "prefill and decode allocated fabric-handle VRAM (cuMemCreate, CU_MEM_HANDLE_TYPE_FABRIC): cuda_ipc can export it across nodes; decode's first transfer went through on try 3, after 2.1 s (the peer's IMEX channel not ready yet? last error: WRITE of row 1 x 4096 B: NIXL reported ERR)",
    });
  });

  it('ok when both pods made fabric-handle VRAM, a warning naming the fallback and its reason otherwise', () => {
    expect(allocationCheck({ prefill: fabric, decode: fabric }, 's')).toMatchObject({
      status: 'ok',
      detail:
        'prefill and decode allocated fabric-handle VRAM (cuMemCreate, CU_MEM_HANDLE_TYPE_FABRIC): cuda_ipc can export it across nodes',
    });
    expect(allocationCheck({ prefill: fabric, decode: fell }, 's')).toMatchObject({
      status: 'warn',
      detail:
        'decode fell back to cuda-driver VRAM (cuMemCreate with CU_MEM_HANDLE_TYPE_FABRIC failed with CUresult 801): UCX cuda_ipc cannot export that memory to the other node, so this run cannot use multi-node NVLink',
    });
  });
  it('skipped, never ok, when the logs do not say (nixlbench, or an older probe)', () => {
    expect(allocationCheck({ prefill: { source: 'torch' } }, 's').status).toBe('skipped');
    expect(allocationCheck({}, 's').status).toBe('skipped');
  });
});
