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
