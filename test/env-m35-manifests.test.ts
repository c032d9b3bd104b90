import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { serveLlmArgv } from '../src/env/ray-serve-llm.js';
import { engineOf } from '../src/env/serving-engine.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * Batch m35 (issue 38, `env`). A RayService whose Serve application is Ray Serve LLM states the vLLM engine's
 * parallel sizes in `serveConfigV2` (`llm_configs[].engine_kwargs`), not on a command line: Ray places the engine's
 * workers over the cluster's GPU pods, spilling to other nodes when one cannot hold them (docs.ray.io
 * serve/llm/user-guides/cross-node-parallelism). And an image named for Dynamo's mocker runs the simulated engine
 * whatever engine its name ends with: no GPU, no KV.
 */
const rayService = (tp: number, pp: number, extra = '') => `
apiVersion: ray.io/v1
kind: RayService
metadata:
  name: llm
spec:
  serveConfigV2: |
    applications:
    - args:
        llm_configs:
          - model_loading_config:
              model_id: "m"
              model_source: "org/model"
            engine_kwargs:
              tensor_parallel_size: ${tp}
              pipeline_parallel_size: ${pp}
      import_path: ray.serve.llm:build_openai_app
      name: llm_app
  rayClusterConfig:
    headGroupSpec:
      rayStartParams:
        num-gpus: "0"
      template:
        spec:
          containers:
          - name: ray-head
            image: rayproject/ray-llm:2.52.0-py311-cu128
            resources:
              limits:
                cpu: "2"
                memory: "32Gi"
    workerGroupSpecs:
    - replicas: 2
      groupName: gpu-group
      rayStartParams: {}
      template:
        spec:
          containers:
          - name: ray-worker
            image: rayproject/ray-llm:2.52.0-py311-cu128
${extra}            resources:
              limits:
                memory: "500Gi"
                nvidia.com/gpu: "8"
`;

const multinode = async (yaml: string) => (await run(yaml)).checks.find((c) => c.id === 'env.multinode-rdma');

describe('a Ray Serve LLM engine in a RayService is read from its engine_kwargs', () => {
  it('takes the engine options of the largest LLMConfig as vLLM flags on the Ray executor', () => {
    expect(
      serveLlmArgv(
        'applications:\n- args:\n    llm_configs:\n    - engine_kwargs:\n        tensor_parallel_size: 4\n',
      ),
    ).toEqual(['--distributed-executor-backend', 'ray', '--tensor-parallel-size', '4']);
    expect(serveLlmArgv('applications:\n- import_path: app:deployment\n')).toBeUndefined();
    expect(serveLlmArgv(undefined)).toBeUndefined();
  });

  it('TP 8 x PP 2 over two 8-GPU worker pods with no RDMA path warns that its pipeline stages cross nodes on TCP', async () => {
    const m = await multinode(rayService(8, 2));
    expect(m?.status).toBe('warn');
    expect(m?.detail).toContain('pipeline');
    expect(rollUp((await run(rayService(8, 2))).checks).status).not.toBe('trusted');
  });

  it('TP 16 over the same pods puts tensor parallelism across nodes on TCP: a fail', async () => {
    expect((await multinode(rayService(16, 1)))?.status).toBe('fail');
  });

  it('TP 8 inside one 8-GPU pod spans no nodes: no multi-node check', async () => {
    expect(await multinode(rayService(8, 1))).toBeUndefined();
  });

  it('the same two pods with an RDMA device and IPC_LOCK are not warned for their nodes', async () => {
    const rdma = `            securityContext:
              capabilities:
                add: ["IPC_LOCK"]
`;
    const yaml = rayService(8, 2, rdma).replace(
      'nvidia.com/gpu: "8"',
      'nvidia.com/gpu: "8"\n                rdma/ib: "8"',
    );
    expect(await multinode(yaml)).toBeUndefined();
  });
});

describe('an image named for the mocker runs the simulated engine', () => {
  it('is the mocker whatever engine its name ends with; other images keep their engine', () => {
    expect(engineOf({ argv: [], image: 'ghcr.io/faust-benchou/dynamo-mocker-vllm:latest' })).toBe('mocker');
    expect(engineOf({ argv: [], image: 'vllm/vllm-openai:v0.10.0' })).toBe('vllm');
    expect(engineOf({ argv: [], image: 'example.com/mockery-vllm:1' })).toBe('vllm');
  });

  it('prefill and decode pods of mocker images on no GPU move no KV: nothing at risk', async () => {
    const role = (name: string) => `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: 1
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
        - name: leader
          image: ghcr.io/faust-benchou/dynamo-mocker-vllm:latest
          env:
            - name: MODEL_NAME
              value: "org/model"
`;
    const a = await run(`${role('prefill')}---${role('decode')}`);
    expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.status ?? 'ok').toBe('ok');
    expect(a.checks.filter((c) => c.status === 'warn' || c.status === 'fail')).toEqual([]);
  });
});
