import { describe, expect, it } from 'vitest';
import {
  ALL_SIX,
  checkOf,
  DYNAMO_USER,
  dgdService,
  gi,
  perfJob,
  pod,
  ROOT_USER,
  runRecipe,
  statuses,
  varsAt,
} from './helpers/env.js';

/**
 * Every recipe in test/fixtures/recipes reads as its INDEX.md says: whole
 * services (role, variables with source and value, missing-critical, pod facts)
 * and the status of every check.
 */

const ALPHA = 'nvidia.com/v1alpha1' as const;
const BETA = 'nvidia.com/v1beta1' as const;
const HF = ['secret/hf-token-secret'];

describe('llama-3-70b/vllm/agg', () => {
  it('reads the lone VllmPrefillWorker as the aggregated worker (no disagg-critical warning)', async () => {
    const { report, part } = await runRecipe('llama-3-70b/vllm/agg');
    const f = 'llama-3-70b/vllm/agg/deploy.yaml';
    const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, 'llama3-70b-agg', ALPHA, s);
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'componentType',
        transportVars: {},
        missingCritical: [],
        pod: pod({ replicas: 1, user: DYNAMO_USER }),
      }),
      svc({
        name: 'VllmPrefillWorker',
        role: 'agg',
        roleFrom: 'graph',
        transportVars: {},
        missingCritical: ALL_SIX,
        pod: pod({
          replicas: 1,
          gpus: 4,
          shm: { bytes: gi(20), size: '20Gi', source: 'sharedMemory' },
          envFrom: HF,
          user: DYNAMO_USER,
        }),
      }),
      perfJob('llama-3-70b/vllm/agg/perf.yaml', 'llama3-70b-agg-perf'),
    ]);
    expect(part.graphs.map((g) => [g.deployment, g.mode])).toEqual([
      ['llama3-70b-agg', 'aggregated'],
      ['llama3-70b-agg-perf', 'none'],
    ]);
    expect(statuses(report)).toEqual({
      [`env.shm ${f}#llama3-70b-agg/VllmPrefillWorker`]: 'ok',
      [`env.missing-critical ${f}#llama3-70b-agg/VllmPrefillWorker`]: 'skipped',
    });
    expect(checkOf(report, 'env.missing-critical', `${f}#llama3-70b-agg/VllmPrefillWorker`).matters).toBe(
      false,
    );
    expect(report.verdict.status).toBe('trusted');
  });
});

describe('llama-3-70b/vllm/disagg-single-node', () => {
  it('reads prefill/decode from subComponentType; preferred podAffinity keeps KV on one node', async () => {
    const { report, part } = await runRecipe('llama-3-70b/vllm/disagg-single-node/deploy.yaml');
    const f = 'llama-3-70b/vllm/disagg-single-node/deploy.yaml';
    const d = 'llama3-70b-disagg-sn';
    const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, d, ALPHA, s);
    const shm = { bytes: gi(80), size: '80Gi', source: 'sharedMemory' } as const;
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'componentType',
        transportVars: {},
        missingCritical: [],
        pod: pod({ replicas: 1, user: DYNAMO_USER }),
      }),
      svc({
        name: 'VllmPrefillWorker',
        role: 'prefill',
        roleFrom: 'subComponentType',
        transportVars: {},
        missingCritical: ALL_SIX,
        pod: pod({ replicas: 2, gpus: 2, shm, envFrom: HF, user: DYNAMO_USER }),
      }),
      svc({
        name: 'VllmDecodeWorker',
        role: 'decode',
        roleFrom: 'subComponentType',
        transportVars: {},
        missingCritical: ALL_SIX,
        pod: pod({ replicas: 1, gpus: 4, shm, envFrom: HF, user: DYNAMO_USER }),
      }),
    ]);
    expect(statuses(report)).toEqual({
      [`env.shm ${f}#${d}/VllmPrefillWorker`]: 'ok',
      [`env.shm ${f}#${d}/VllmDecodeWorker`]: 'ok',
      [`env.kv-over-pod-network ${f}#${d}`]: 'ok',
      [`env.pd-mismatch ${f}#${d}`]: 'ok',
      [`env.missing-critical ${f}#${d}/VllmPrefillWorker`]: 'warn',
      [`env.missing-critical ${f}#${d}/VllmDecodeWorker`]: 'warn',
    });
    expect(checkOf(report, 'env.kv-over-pod-network', `${f}#${d}`).detail).toMatch(
      /^preferred podAffinity pulls prefill and decode onto one node/,
    );
  });
});

describe('deepseek-r1/sglang/disagg-16gpu', () => {
  it('warns that multi-node workers without RDMA send KV over the pod network', async () => {
    const { report, part } = await runRecipe('deepseek-r1/sglang/disagg-16gpu');
    const f = 'deepseek-r1/sglang/disagg-16gpu/deploy.yaml';
    const d = 'sgl-dsr1-16gpu';
    const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, d, ALPHA, s);
    const worker = pod({
      replicas: 1,
      nodeCount: 2,
      gpus: 8,
      shm: { bytes: gi(80), size: '80Gi', source: 'sharedMemory' },
      user: DYNAMO_USER,
    });
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'componentType',
        transportVars: {},
        missingCritical: [],
        pod: pod({ replicas: 1, user: DYNAMO_USER }),
      }),
      svc({
        name: 'decode',
        role: 'decode',
        roleFrom: 'subComponentType',
        transportVars: {},
        missingCritical: ALL_SIX,
        pod: worker,
      }),
      svc({
        name: 'prefill',
        role: 'prefill',
        roleFrom: 'subComponentType',
        transportVars: {},
        missingCritical: ALL_SIX,
        pod: worker,
      }),
    ]);
    expect(statuses(report)).toEqual({
      [`env.shm ${f}#${d}/decode`]: 'ok',
      [`env.shm ${f}#${d}/prefill`]: 'ok',
      [`env.kv-over-pod-network ${f}#${d}`]: 'warn',
      [`env.pd-mismatch ${f}#${d}`]: 'ok',
      // No --disaggregation-transfer-backend: SGLang moves KV with Mooncake, which the six do not steer.
      [`env.missing-critical ${f}#${d}/decode`]: 'skipped',
      [`env.missing-critical ${f}#${d}/prefill`]: 'skipped',
      // Issue 22 item 3: each worker is 2 nodes × 8 GPUs (TP 16) with no RDMA path at all, so its
      // NCCL collectives and KV cross the nodes over TCP. The old expectation (no check) missed it.
      [`env.multinode-rdma ${f}#${d}/decode`]: 'fail',
      [`env.multinode-rdma ${f}#${d}/prefill`]: 'fail',
    });
    expect(checkOf(report, 'env.kv-over-pod-network', `${f}#${d}`).detail).toContain(
      'prefill spans 2 nodes, decode spans 2 nodes',
    );
  });
});

describe('deepseek-r1/trtllm/disagg/wide_ep/gb200', () => {
  it('applies graph-wide spec.envs to every service and sees the ComputeDomain as the KV path', async () => {
    const { report, part } = await runRecipe('deepseek-r1/trtllm');
    const f = 'deepseek-r1/trtllm/disagg/wide_ep/gb200/deploy.yaml';
    const d = 'trtllm-disagg-multinode';
    const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, d, ALPHA, { doc: 4, ...s });
    const graphEnv = varsAt('spec.envs', { NCCL_MNNVL_ENABLE: '1', NCCL_CUMEM_ENABLE: '1' }, 'graph-env');
    const worker = (nodeCount: number) =>
      pod({
        replicas: 1,
        nodeCount,
        gpus: 4,
        computeDomainClaims: ['trtllm-test-compute-domain-channel'],
        shm: { bytes: gi(800), size: '800Gi', source: 'sharedMemory' },
      });
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'componentType',
        transportVars: graphEnv,
        missingCritical: [],
        pod: pod({ replicas: 1 }),
      }),
      svc({
        name: 'prefill',
        role: 'prefill',
        roleFrom: 'subComponentType',
        transportVars: graphEnv,
        missingCritical: ALL_SIX,
        pod: worker(1),
      }),
      svc({
        name: 'decode',
        role: 'decode',
        roleFrom: 'subComponentType',
        transportVars: graphEnv,
        missingCritical: ALL_SIX,
        pod: worker(8),
      }),
      perfJob('deepseek-r1/trtllm/disagg/wide_ep/gb200/perf.yaml', 'deepseek-r1-bench'),
    ]);
    expect(part.skipped.map((s) => [s.doc, s.kind])).toEqual([
      [1, 'v1/ConfigMap'],
      [2, 'v1/ConfigMap'],
      [3, 'resource.nvidia.com/v1beta1/ComputeDomain'],
    ]);
    expect(statuses(report)).toEqual({
      [`env.shm ${f}#${d}/prefill`]: 'ok',
      [`env.shm ${f}#${d}/decode`]: 'ok',
      [`env.kv-over-pod-network ${f}#${d}`]: 'ok',
      [`env.pd-mismatch ${f}#${d}`]: 'ok',
      [`env.missing-critical ${f}#${d}/prefill`]: 'ok',
      [`env.missing-critical ${f}#${d}/decode`]: 'ok',
    });
  });
});

describe('qwen3-32b-fp8/vllm/disagg', () => {
  it('reads the five UCX variables on both workers; one RDMA port for every rank leaves rails idle', async () => {
    const { report, part } = await runRecipe('qwen3-32b-fp8');
    const f = 'qwen3-32b-fp8/vllm/disagg/deploy.yaml';
    const d = 'qwen3-32b-fp8-vllm-disagg';
    const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, d, ALPHA, s);
    const ucx = (name: string) =>
      varsAt(`spec.services.${name}.extraPodSpec.mainContainer.env`, {
        UCX_TLS: 'rc_x,rc,cuda_copy,cuda_ipc',
        UCX_NET_DEVICES: 'mlx5_0:1',
        UCX_IB_ADDR_TYPE: 'eth',
        UCX_RNDV_SCHEME: 'get_zcopy',
        UCX_RNDV_THRESH: '0',
      });
    const missing = ['UCX_IB_GPU_DIRECT_RDMA', 'NCCL_IB_HCA', 'NCCL_SOCKET_IFNAME', 'NCCL_IB_DISABLE'];
    const worker = (replicas: number, gpus: number) =>
      pod({
        replicas,
        gpus,
        rdmaResources: ['rdma/ib'],
        ipcLock: true,
        shm: { bytes: gi(40), size: '40Gi', source: 'sharedMemory' },
        envFrom: HF,
        user: ROOT_USER,
      });
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'componentType',
        transportVars: {},
        missingCritical: [],
        pod: pod({ replicas: 1, user: DYNAMO_USER }),
      }),
      svc({
        name: 'VllmPrefillWorker',
        role: 'prefill',
        roleFrom: 'subComponentType',
        transportVars: ucx('VllmPrefillWorker'),
        missingCritical: missing,
        pod: worker(2, 2),
      }),
      svc({
        name: 'VllmDecodeWorker',
        role: 'decode',
        roleFrom: 'subComponentType',
        transportVars: ucx('VllmDecodeWorker'),
        missingCritical: missing,
        pod: worker(1, 4),
      }),
      perfJob('qwen3-32b-fp8/vllm/disagg/perf.yaml', 'qwen3-32b-fp8-vllm-disagg-perf'),
    ]);
    const s = (n: string) => `${f}#${d}/${n}`;
    expect(statuses(report)).toEqual({
      [`env.ucx-tls ${s('VllmPrefillWorker')}`]: 'ok',
      [`env.ucx-net-devices ${s('VllmPrefillWorker')}`]: 'warn',
      [`env.rdma-ipc-lock ${s('VllmPrefillWorker')}`]: 'ok',
      [`env.shm ${s('VllmPrefillWorker')}`]: 'ok',
      [`env.ucx-tls ${s('VllmDecodeWorker')}`]: 'ok',
      [`env.ucx-net-devices ${s('VllmDecodeWorker')}`]: 'warn',
      [`env.rdma-ipc-lock ${s('VllmDecodeWorker')}`]: 'ok',
      [`env.shm ${s('VllmDecodeWorker')}`]: 'ok',
      [`env.kv-over-pod-network ${f}#${d}`]: 'ok',
      [`env.pd-mismatch ${f}#${d}`]: 'ok',
      [`env.missing-critical ${s('VllmPrefillWorker')}`]: 'ok',
      [`env.missing-critical ${s('VllmDecodeWorker')}`]: 'ok',
    });
    // Declared (rdma/ib on both, NIXL over UCX): the variables it leaves unset keep their defaults, which pick
    // the granted fabric; but UCX_NET_DEVICES=mlx5_0:1 sends every rank's KV (2 and 4 GPUs, 2 RDMA devices
    // each) through one port: one rail of several, a warning (issue 38, P5).
    expect(report.verdict.status).toBe('unverified');
  });
});

describe('glm-5-nvfp4/sglang/disagg', () => {
  it('reads the asymmetric env, the TCP+MNNVL UCX_TLS and the prefill without a fast path', async () => {
    const { report, part } = await runRecipe('glm-5-nvfp4/sglang/disagg');
    const f = 'glm-5-nvfp4/sglang/disagg/deploy.yaml';
    const d = 'glm5-sglang';
    const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, d, ALPHA, s);
    const env = (name: string, decode: boolean) =>
      varsAt(`spec.services.${name}.extraPodSpec.mainContainer.env`, {
        NCCL_IB_DISABLE: '0',
        NCCL_CUMEM_ENABLE: '1',
        NCCL_NVLS_ENABLE: '1',
        NVIDIA_GDRCOPY: '1',
        NCCL_STORE_TIMEOUT: '7200',
        ...(decode ? { NCCL_GRAPH_MIXING_SUPPORT: '0' } : {}),
        UCX_MEMTYPE_CACHE: 'n',
        UCX_TLS: 'cuda_copy,cuda_ipc,tcp',
        UCX_CUDA_IPC_ENABLE_MNNVL: 'y',
        UCX_LOG_LEVEL: 'error',
        NIXL_LOG_LEVEL: 'ERROR',
      });
    const missing = ['UCX_NET_DEVICES', 'UCX_IB_GPU_DIRECT_RDMA', 'NCCL_IB_HCA', 'NCCL_SOCKET_IFNAME'];
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'componentType',
        transportVars: {},
        missingCritical: [],
        pod: pod({ replicas: 1, user: DYNAMO_USER }),
      }),
      svc({
        name: 'decode',
        role: 'decode',
        roleFrom: 'subComponentType',
        transportVars: env('decode', true),
        missingCritical: missing,
        pod: pod({
          replicas: 1,
          nodeCount: 4,
          gpus: 4,
          ipcLock: true,
          computeDomainClaims: ['glm5-compute-domain-channel'],
          user: ROOT_USER,
        }),
      }),
      svc({
        name: 'prefill',
        role: 'prefill',
        roleFrom: 'subComponentType',
        transportVars: env('prefill', false),
        missingCritical: missing,
        pod: pod({ replicas: 1, gpus: 4, ipcLock: true, user: ROOT_USER }),
      }),
      perfJob('glm-5-nvfp4/sglang/disagg/perf.yaml', 'glm5-disagg-bench', 'bench', {
        privileged: false,
        envFrom: HF,
      }),
    ]);
    const s = (n: string) => `${f}#${d}/${n}`;
    expect(statuses(report)).toEqual({
      // Issue 22 item 2: cuda_copy,cuda_ipc,tcp is right where the pod joins the ComputeDomain
      // (decode: cuda_ipc reaches the peer over MNNVL fabric handles); the prefill has no claim, so
      // its cuda_ipc cannot reach another pod and KV goes over tcp (was a warn: too weak).
      [`env.ucx-tls ${s('decode')}`]: 'ok',
      [`env.nccl-ib-disable ${s('decode')}`]: 'ok',
      [`env.shm ${s('decode')}`]: 'ok',
      [`env.ucx-tls ${s('prefill')}`]: 'fail',
      // Issue 38: MNNVL asked for (UCX_CUDA_IPC_ENABLE_MNNVL=y) with no ComputeDomain claim, named as such.
      [`env.mnnvl ${s('prefill')}`]: 'warn',
      [`env.nccl-ib-disable ${s('prefill')}`]: 'ok',
      [`env.shm ${s('prefill')}`]: 'ok',
      [`env.kv-over-pod-network ${f}#${d}`]: 'warn',
      // NCCL_GRAPH_MIXING_SUPPORT=0 on decode only: NCCL is each worker's own, not the KV path (issue 38).
      [`env.pd-mismatch ${f}#${d}`]: 'ok',
      [`env.missing-critical ${s('decode')}`]: 'ok',
      [`env.missing-critical ${s('prefill')}`]: 'warn',
    });
    expect(checkOf(report, 'env.pd-mismatch', `${f}#${d}`).detail).toBe(
      "prefill and decode agree on what lets their ends meet (a UCX transport in common, the same provider and metadata store); each side's own, allowed to differ: NCCL_GRAPH_MIXING_SUPPORT (prefill unset, decode 0)",
    );
    expect(checkOf(report, 'env.kv-over-pod-network', `${f}#${d}`).detail).toMatch(
      /decode spans 4 nodes\) and prefill has no RDMA/,
    );
  });
});

describe('gpt-oss-120b', () => {
  it('trtllm/disagg: componentType main workers get their role from --disaggregation-mode', async () => {
    const { report, part } = await runRecipe('gpt-oss-120b/trtllm/disagg');
    const f = 'gpt-oss-120b/trtllm/disagg/deploy.yaml';
    const d = 'gpt-oss-disagg';
    const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, d, ALPHA, { doc: 2, ...s });
    const env = (n: string) =>
      varsAt(`spec.services.${n}.extraPodSpec.mainContainer.env`, {
        NCCL_GRAPH_REGISTER: '0',
        OMPI_MCA_coll_ucc_enable: '0',
      });
    const worker = (gpus: number) =>
      pod({ replicas: 1, gpus, shm: { bytes: gi(80), size: '80Gi', source: 'sharedMemory' }, envFrom: HF });
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'componentType',
        transportVars: {},
        missingCritical: [],
        pod: pod({ replicas: 1 }),
      }),
      svc({
        name: 'TrtllmPrefillWorker',
        role: 'prefill',
        roleFrom: 'args',
        transportVars: env('TrtllmPrefillWorker'),
        missingCritical: ALL_SIX,
        pod: worker(1),
      }),
      svc({
        name: 'TrtllmDecodeWorker',
        role: 'decode',
        roleFrom: 'args',
        transportVars: env('TrtllmDecodeWorker'),
        missingCritical: ALL_SIX,
        pod: worker(4),
      }),
      perfJob('gpt-oss-120b/trtllm/disagg/perf.yaml', 'gpt-oss-120b-disagg-bench'),
    ]);
    expect(statuses(report)).toEqual({
      [`env.shm ${f}#${d}/TrtllmPrefillWorker`]: 'ok',
      [`env.shm ${f}#${d}/TrtllmDecodeWorker`]: 'ok',
      [`env.kv-over-pod-network ${f}#${d}`]: 'warn',
      [`env.pd-mismatch ${f}#${d}`]: 'ok',
      [`env.missing-critical ${f}#${d}/TrtllmPrefillWorker`]: 'warn',
      [`env.missing-critical ${f}#${d}/TrtllmDecodeWorker`]: 'warn',
    });
  });

  it('vllm/agg-h200-agentic: v1beta1 flow style, a worker of type worker is agg; /dev/shm from the explicit volume', async () => {
    const { report, part } = await runRecipe('gpt-oss-120b/vllm');
    const f = 'gpt-oss-120b/vllm/agg-h200-agentic/deploy.yaml';
    const d = 'turbo-gptoss-120b-agg-h200-agentic';
    const svc = (s: Parameters<typeof dgdService>[3]) => dgdService(f, d, BETA, { doc: 2, ...s });
    expect(part.services).toEqual([
      svc({
        name: 'Frontend',
        role: 'frontend',
        roleFrom: 'type',
        transportVars: {},
        missingCritical: [],
        pod: pod({ replicas: 1, user: DYNAMO_USER }),
      }),
      svc({
        name: 'agg',
        role: 'agg',
        roleFrom: 'graph',
        transportVars: {},
        missingCritical: ALL_SIX,
        pod: pod({
          replicas: 8,
          gpus: 1,
          ipcLock: true,
          shm: { bytes: gi(64), size: '64Gi', source: 'volume' },
          envFrom: HF,
          user: ROOT_USER,
        }),
      }),
    ]);
    expect(part.skipped).toEqual([
      { file: f, doc: 1, line: 4, kind: 'v1/ConfigMap', why: 'ConfigMap is not a workload' },
    ]);
    expect(statuses(report)).toEqual({
      [`env.shm ${f}#${d}/agg`]: 'ok',
      [`env.missing-critical ${f}#${d}/agg`]: 'skipped',
    });
  });
});
