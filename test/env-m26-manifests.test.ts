import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { analyseYaml, analyseYamlFile as run } from './helpers/env.js';

/**
 * Batch m26 (issue 38, `env`: the manifest kinds it still misses). Scitix's Arks serves a model with an
 * `ArksApplication` (arks.ai/v1): its controller makes one LeaderWorkerSet of `replicas` groups of `size` pods,
 * each one container of `instanceSpec.resources` and `instanceSpec.env`, and writes the engine command itself from
 * `runtime` and `tensorParallelSize` (scitix/arks internal/controller/arksapplication_controller.go:509-700 and
 * :940-1010 @ e1732a91). Read as those pods, never as "nothing to check".
 */
const arks = (runtime: string, size: number, tp: number, extra = '') => `
apiVersion: arks.ai/v1
kind: ArksApplication
metadata:
  name: app-qwen
spec:
  replicas: 1
  size: ${size}
  tensorParallelSize: ${tp}
  runtime: ${runtime}
  model:
    name: qwen-7b
  instanceSpec:
${extra}    resources:
      limits:
        nvidia.com/gpu: "${size > 1 ? 1 : tp}"
`;

describe("Arks' ArksApplication is read as the LeaderWorkerSet its controller builds", () => {
  it('one SGLang pod with its tensor parallel group inside is aggregated: checks run on it, no KV hand-off', async () => {
    const a = await run(arks('sglang', 1, 1));
    expect(analyseYaml(arks('sglang', 1, 1), 'x.yaml').part.graphs.map((g) => g.mode)).toEqual([
      'aggregated',
    ]);
    expect(a.checks.some((c) => c.subject?.endsWith('#app-qwen/leader'))).toBe(true);
    expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')).toBeUndefined();
  });

  it('vLLM over two one-GPU pods with tensor parallel 2 and no RDMA path warns that it spans nodes on TCP', async () => {
    const a = await run(arks('vllm', 2, 2));
    const subjects = a.checks.map((c) => c.subject ?? '');
    expect(subjects.some((s) => s.endsWith('#app-qwen/leader/leader'))).toBe(true);
    expect(subjects.some((s) => s.endsWith('#app-qwen/worker/worker'))).toBe(true);
    expect(a.checks.find((c) => c.id === 'env.multinode-rdma')?.status).toBe('warn');
    expect(rollUp(a.checks).status).not.toBe('trusted');
  });

  it('the same group on the host network with an RDMA device per pod (instanceSpec) is not warned for its nodes', async () => {
    const rdma = `    hostNetwork: true
    resources:
      limits:
        nvidia.com/gpu: "1"
        rdma/ib: "1"
`;
    const a = await run(
      arks('vllm', 2, 2, rdma).replace(/ {4}resources:\n {6}limits:\n {8}nvidia.com\/gpu: "1"\n$/, ''),
    );
    expect(a.checks.some((c) => c.subject?.endsWith('#app-qwen/worker/worker'))).toBe(true);
    expect(a.checks.find((c) => c.id === 'env.multinode-rdma')?.status ?? 'pass').not.toBe('warn');
  });
});

/**
 * AMD SiloGen's Kaiwo: a `KaiwoService` (kaiwo.silogen.ai) becomes a Deployment or, with `ray: true`, a
 * RayService whose Serve application (engine, parallelism) is code the object only names (silogen/kaiwo
 * apis/kaiwo/v1alpha1/kaiwoservice_types.go @ 067a6db8). Its pods are the controller's (P2): a partial graph.
 */
describe("Kaiwo's KaiwoService is a serving CRD whose pods its controller builds", () => {
  const svc = `
apiVersion: kaiwo.silogen.ai/v1alpha1
kind: KaiwoService
metadata:
  name: online-inference
spec:
  image: ghcr.io/silogen/rocm-ray:6.3
  gpus: 4
  ray: true
  serveConfigV2: |
    applications:
    - name: llm
      import_path: workloads.inference:deployment
`;

  it('is listed as a partial graph naming its image and GPUs, not refused, and verifies nothing', async () => {
    expect(analyseYaml(svc, 'x.yaml').part.graphs.map((g) => g.mode)).toEqual(['partial']);
    const a = await run(svc);
    const partial = a.checks.find((c) => c.id === 'env.partial');
    expect(partial?.detail).toContain(
      'Kaiwo controller builds its pods from image ghcr.io/silogen/rocm-ray:6.3, GPUs 4',
    );
    expect(rollUp(a.checks).status).not.toBe('trusted');
  });

  it('one that holds its Deployment whole is read as that Deployment: an aggregated graph', async () => {
    const dep = `
apiVersion: kaiwo.silogen.ai/v1alpha1
kind: KaiwoService
metadata:
  name: vllm
spec:
  deployment:
    spec:
      replicas: 1
      template:
        spec:
          containers:
          - name: vllm
            image: vllm/vllm-openai:v0.11.0
            command: [vllm, serve, Qwen/Qwen3-8B]
            resources:
              limits: {nvidia.com/gpu: "1"}
`;
    expect(analyseYaml(dep, 'x.yaml').part.graphs.map((g) => g.mode)).toEqual(['aggregated']);
    const a = await run(dep);
    expect(a.checks.some((c) => c.subject?.endsWith('#vllm/vllm'))).toBe(true);
    expect(rollUp(a.checks).status).toBe('trusted');
  });
});

/**
 * vLLM fits its world (tensor × pipeline parallel) on its node's GPUs, or borrows the rest from a Ray cluster's
 * other pods (vllm/config/parallel.py ParallelConfig.__post_init__: up to v0.10 a world larger than the node's GPU
 * count makes the backend `ray`; later releases refuse it without `--distributed-executor-backend ray` or
 * `--nnodes`). When no pod of the graph holds those GPUs, they and the path to them are not shown (P2/P3).
 */
describe('a vLLM world larger than the GPUs of every pod in its graph is not shown whole', () => {
  const deploy = (tp: number, pp: number) => `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: vllm
spec:
  template:
    spec:
      hostNetwork: true
      containers:
      - name: engine
        image: vllm/vllm-openai:v0.9.0.1
        command: [/bin/bash, -c]
        args: ["ray start --head; python3 -m vllm.entrypoints.openai.api_server --tensor-parallel-size=${tp} --pipeline-parallel-size=${pp}"]
        resources:
          limits: {nvidia.com/gpu: "8"}
`;
  const ray = `
apiVersion: ray.io/v1
kind: RayCluster
metadata:
  name: vllm
spec:
  headGroupSpec:
    template:
      spec:
        containers:
        - name: head
          image: vllm/vllm-openai:v0.9.0.1
          command: [/bin/bash, -c, "vllm serve m --tensor-parallel-size 8 --pipeline-parallel-size 2"]
          resources:
            limits: {nvidia.com/gpu: "8", rdma/ib: "8"}
  workerGroupSpecs:
  - groupName: gpu
    replicas: 1
    template:
      spec:
        containers:
        - name: worker
          image: vllm/vllm-openai:v0.9.0.1
          resources:
            limits: {nvidia.com/gpu: "8", rdma/ib: "8"}
`;

  it('TP 8 x PP 2 in one 8-GPU pod with no other pod warns that the rest of the engine is not shown', async () => {
    const a = await run(deploy(8, 2));
    const w = a.checks.find((c) => c.id === 'env.world-size');
    expect(w?.status).toBe('warn');
    expect(w?.detail).toContain('16 GPUs, but its pod holds 8');
    expect(rollUp(a.checks).status).not.toBe('trusted');
  });

  it('TP 8 in the 8-GPU pod, or a Ray worker group holding the other 8 GPUs, raises nothing of the kind', async () => {
    for (const y of [deploy(8, 1), ray]) {
      const a = await run(y);
      expect(a.checks.length).toBeGreaterThan(0);
      expect(a.checks.find((c) => c.id === 'env.world-size')).toBeUndefined();
    }
  });
});
