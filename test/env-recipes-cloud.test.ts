import { describe, expect, it } from 'vitest';
import type { PodFacts, TransportVar } from '../src/env/schema.js';
import {
  ALL_SIX,
  checkOf,
  dgdService,
  gi,
  pod,
  ROOT_USER,
  runRecipe,
  statuses,
  varsAt,
} from './helpers/env.js';

/** The five rendered cloud-provider overlays of qwen3-32b, and the v1beta1 multi-node kimi-k3 recipe. */

const ALPHA = 'nvidia.com/v1alpha1' as const;
const DIR = 'qwen3-32b/vllm/cloud-providers';
const D = 'q32b-1p1d-cloud-provider';
const GKE_RDMA = [0, 1, 2, 3].map((n) => `networking.gke.io.networks/rdma-${n}`);

/** The four variables every overlay sets on both workers. */
const COMMON = {
  NIXL_TELEMETRY_ENABLE: 'y',
  NIXL_TELEMETRY_EXPORTER: 'prometheus',
  NIXL_TELEMETRY_PROMETHEUS_PORT: '19090',
  NCCL_DEBUG: 'WARN',
};

interface Overlay {
  file: string;
  env: (worker: 'DecodeWorker' | 'PrefillWorker') => Record<string, string>;
  missing: string[];
  pod: Partial<PodFacts>;
  checks: string[];
}

const OVERLAYS: Overlay[] = [
  {
    file: 'deploy-aks-ib.yaml',
    env: () => ({
      UCX_NET_DEVICES: 'mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1',
      UCX_IB_GPU_DIRECT_RDMA: 'yes',
      NCCL_SOCKET_IFNAME: 'eth0',
      ...COMMON,
    }),
    missing: ['UCX_TLS', 'NCCL_IB_HCA', 'NCCL_IB_DISABLE'],
    pod: { rdmaResources: ['rdma/shared_ib'], nixlBackend: 'UCX' },
    checks: ['ucx-net-devices', 'ucx-gpu-direct', 'rdma-ipc-lock', 'shm'],
  },
  {
    file: 'deploy-aws-p5.48xlarge.yaml',
    env: () => ({
      DYN_KVBM_NIXL_BACKEND_LIBFABRIC: 'true',
      DYN_KVBM_NIXL_BACKEND_UCX: 'false',
      FI_PROVIDER: 'efa',
      FI_EFA_USE_DEVICE_RDMA: '1',
      FI_EFA_ENABLE_SHM_TRANSFER: '0',
      FI_LOG_LEVEL: 'warn',
      ...COMMON,
    }),
    // The NIXL backend here is LIBFABRIC, not UCX: all six are unset.
    missing: ALL_SIX,
    pod: { rdmaResources: ['vpc.amazonaws.com/efa'], nixlBackend: 'LIBFABRIC' },
    checks: ['rdma-ipc-lock', 'shm', 'efa'],
  },
  {
    file: 'deploy-gke-roce.yaml',
    env: () => ({ NCCL_SOCKET_IFNAME: 'eth0', NCCL_CROSS_NIC: '0', ...COMMON }),
    missing: ['UCX_TLS', 'UCX_NET_DEVICES', 'UCX_IB_GPU_DIRECT_RDMA', 'NCCL_IB_HCA', 'NCCL_IB_DISABLE'],
    pod: { rdmaResources: GKE_RDMA, networkAnnotations: ['networking.gke.io/interfaces'] },
    checks: ['rdma-ipc-lock', 'shm'],
  },
  {
    file: 'deploy-nebius-ib.yaml',
    env: (w) => ({
      ...(w === 'DecodeWorker' ? { UCX_RNDV_THRESH: '8192' } : {}),
      NCCL_SOCKET_IFNAME: 'eth0',
      ...COMMON,
    }),
    missing: ['UCX_TLS', 'UCX_NET_DEVICES', 'UCX_IB_GPU_DIRECT_RDMA', 'NCCL_IB_HCA', 'NCCL_IB_DISABLE'],
    pod: { rdmaResources: ['rdma/ib'], shm: { bytes: gi(64), size: '64Gi', source: 'volume' } },
    checks: ['rdma-ipc-lock', 'shm'],
  },
  {
    file: 'deploy-nscale-ib.yaml',
    env: () => ({
      NIXL_LOG_LEVEL: 'INFO',
      UCX_NET_DEVICES: 'mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_10:1,mlx5_11:1',
      ...COMMON,
    }),
    missing: ['UCX_TLS', 'UCX_IB_GPU_DIRECT_RDMA', 'NCCL_IB_HCA', 'NCCL_SOCKET_IFNAME', 'NCCL_IB_DISABLE'],
    pod: {
      rdmaResources: ['rdma/ib'],
      shm: { bytes: gi(64), size: '64Gi', source: 'volume' },
      nixlBackend: 'UCX',
    },
    checks: ['ucx-net-devices', 'rdma-ipc-lock', 'shm'],
  },
];

describe(DIR, () => {
  it('skips the kustomize matrix file: not a Kubernetes object', async () => {
    const { part } = await runRecipe(`${DIR}/.kustomize-matrix.yaml`);
    expect(part.services).toEqual([]);
    expect(part.skipped).toEqual([
      {
        file: `${DIR}/.kustomize-matrix.yaml`,
        doc: 1,
        line: 3,
        kind: '-',
        why: 'not a Kubernetes object (no apiVersion/kind)',
      },
    ]);
  });

  for (const o of OVERLAYS) {
    it(`${o.file}: both workers whole, and every check`, async () => {
      const { report, part } = await runRecipe(`${DIR}/${o.file}`);
      const f = `${DIR}/${o.file}`;
      const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, D, ALPHA, s);
      const worker = (name: 'DecodeWorker' | 'PrefillWorker') =>
        svc({
          name,
          role: name === 'DecodeWorker' ? 'decode' : 'prefill',
          roleFrom: 'subComponentType',
          transportVars: varsAt(
            `spec.services.${name}.extraPodSpec.mainContainer.env`,
            o.env(name),
          ) as Record<string, TransportVar>,
          missingCritical: o.missing,
          pod: pod({
            replicas: 1,
            gpus: 4,
            ipcLock: true,
            privileged: true,
            envFrom: ['secret/hf-token-secret'],
            user: ROOT_USER,
            ...o.pod,
          }),
        });
      expect(part.services).toEqual([
        worker('DecodeWorker'),
        svc({
          name: 'Frontend',
          role: 'frontend',
          roleFrom: 'componentType',
          transportVars: {},
          missingCritical: [],
          pod: pod({ replicas: 1, user: ROOT_USER }),
        }),
        worker('PrefillWorker'),
      ]);
      const expected: Record<string, string> = {};
      for (const w of ['DecodeWorker', 'PrefillWorker']) {
        for (const c of o.checks) expected[`env.${c} ${f}#${D}/${w}`] = 'ok';
      }
      expected[`env.kv-over-pod-network ${f}#${D}`] = 'ok';
      // Nebius sets UCX_RNDV_THRESH on decode only: decode-only tuning, each side's own (issue 38).
      expected[`env.pd-mismatch ${f}#${D}`] = 'ok';
      // On EFA the engine moves KV with NIXL's LIBFABRIC plugin: the six UCX/NCCL names do not steer it.
      // Privileged (every host HCA visible), but AKS and Nscale pin UCX_NET_DEVICES to RDMA ports and the
      // workers are single-node: no device choice is left open (issue 38, P5); on GKE every host HCA is a GPU
      // NIC of its RDMA networks (the other host NICs are gVNIC); Nebius leaves UCX's choice open.
      const pinned = ['deploy-aks-ib.yaml', 'deploy-nscale-ib.yaml', 'deploy-gke-roce.yaml'].includes(o.file);
      const unsteered = o.file === 'deploy-aws-p5.48xlarge.yaml' ? 'skipped' : pinned ? 'ok' : 'warn';
      expected[`env.missing-critical ${f}#${D}/DecodeWorker`] = unsteered;
      expected[`env.missing-critical ${f}#${D}/PrefillWorker`] = unsteered;
      expect(statuses(report)).toEqual(expected);
    });
  }

  it('all five in one directory: five graphs with the same DGD name, told apart by file', async () => {
    const { part, report } = await runRecipe(DIR);
    expect(part.graphs.map((g) => `${g.file}#${g.deployment} ${g.mode}`)).toEqual(
      OVERLAYS.map((o) => `${DIR}/${o.file}#${D} disaggregated`),
    );
    expect(checkOf(report, 'env.pd-mismatch', `${DIR}/deploy-nebius-ib.yaml#${D}`).detail).toBe(
      "prefill and decode agree on what lets their ends meet (a UCX transport in common, the same provider and metadata store); each side's own, allowed to differ: UCX_RNDV_THRESH (prefill unset, decode 8192)",
    );
    expect(
      checkOf(report, 'env.missing-critical', `${DIR}/deploy-aws-p5.48xlarge.yaml#${D}/PrefillWorker`).detail,
    ).toContain(
      'KV moves over NIXL/LIBFABRIC (--kv-transfer-config), which the UCX/NCCL variables do not steer',
    );
  });
});

describe('kimi-k3/vllm/disagg-gb200-agentic', () => {
  it('v1beta1 components: 15 variables on main, ^cuda_ipc flagged against the MNNVL setup', async () => {
    const { report, part } = await runRecipe('kimi-k3');
    const f = 'kimi-k3/vllm/disagg-gb200-agentic/deploy.yaml';
    const d = 'kimi-k3-disagg';
    const svc = (s: Parameters<typeof dgdService>[3]) =>
      dgdService(f, d, 'nvidia.com/v1beta1', { doc: 3, ...s });
    const env = (n: string) =>
      varsAt(`spec.components[name=${n}].podTemplate.spec.containers[name=main].env`, {
        VLLM_USE_NCCL_SYMM_MEM: '0',
        UCX_MEMTYPE_CACHE: 'n',
        UCX_TLS: '^cuda_ipc',
        UCX_CUDA_IPC_ENABLE_MNNVL: 'y',
        UCX_RCACHE_MAX_UNRELEASED: '1024',
        UCX_MEMTYPE_REG_WHOLE: 'n',
        NCCL_CUMEM_ENABLE: '1',
        NCCL_MNNVL_ENABLE: '1',
        NCCL_NVLS_ENABLE: '1',
        NCCL_P2P_LEVEL: 'NVL',
        NCCL_STORE_TIMEOUT: '7200',
        NCCL_SOCKET_IFNAME: 'eth0',
        GLOO_SOCKET_IFNAME: 'eth0',
        NVIDIA_GDRCOPY: '1',
        TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC: '1800',
      });
    const missing = ['UCX_NET_DEVICES', 'UCX_IB_GPU_DIRECT_RDMA', 'NCCL_IB_HCA', 'NCCL_IB_DISABLE'];
    const worker = (cd: string) =>
      pod({
        replicas: 1,
        nodeCount: 4,
        gpus: 4,
        rdmaResources: GKE_RDMA,
        ipcLock: true,
        computeDomainClaims: [cd],
        shm: { bytes: gi(256), size: '256Gi', source: 'sharedMemorySize' },
        user: ROOT_USER,
      });
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'type',
        transportVars: {},
        missingCritical: [],
        pod: pod({ replicas: 1, user: ROOT_USER }),
      }),
      svc({
        name: 'Prefill',
        role: 'prefill',
        roleFrom: 'type',
        transportVars: env('Prefill'),
        missingCritical: missing,
        pod: worker('kimi-k3-prefill-compute-domain-channel'),
      }),
      svc({
        name: 'Decode',
        role: 'decode',
        roleFrom: 'type',
        transportVars: env('Decode'),
        missingCritical: missing,
        pod: worker('kimi-k3-decode-compute-domain-channel'),
      }),
    ]);
    expect(part.skipped.map((s) => `${s.doc} ${s.line} ${s.kind}`)).toEqual([
      '1 9 resource.nvidia.com/v1beta1/ComputeDomain',
      '2 20 resource.nvidia.com/v1beta1/ComputeDomain',
    ]);
    const s = (n: string) => `${f}#${d}/${n}`;
    expect(statuses(report)).toEqual({
      [`env.ucx-tls ${s('Prefill')}`]: 'warn',
      [`env.rdma-ipc-lock ${s('Prefill')}`]: 'ok',
      [`env.shm ${s('Prefill')}`]: 'ok',
      [`env.ucx-tls ${s('Decode')}`]: 'warn',
      [`env.rdma-ipc-lock ${s('Decode')}`]: 'ok',
      [`env.shm ${s('Decode')}`]: 'ok',
      [`env.kv-over-pod-network ${f}#${d}`]: 'ok',
      [`env.pd-mismatch ${f}#${d}`]: 'ok',
      [`env.missing-critical ${s('Prefill')}`]: 'ok',
      [`env.missing-critical ${s('Decode')}`]: 'ok',
    });
    expect(checkOf(report, 'env.ucx-tls', s('Decode')).detail).toBe(
      'UCX_TLS=^cuda_ipc leaves out cuda_ipc although MNNVL is set up (UCX_CUDA_IPC_ENABLE_MNNVL / ComputeDomain): KV takes the network instead of NVLink',
    );
  });
});
