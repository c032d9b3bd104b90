import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the twelfth manifest batch showed (issue 38, Red Hat / OpenShift / Open Data Hub), each principle on
 * small manifests written for the test in the kind's own shape (references/env-rules.md "Red Hat / OpenShift
 * manifests"), never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const names = (a: Result) => a.part.services.map((s) => `${s.name} nodes=${s.pod.nodeCount}`);

const runtime = (apiVersion = 'serving.kserve.io/v1alpha1', kind = 'ServingRuntime') => `
apiVersion: ${apiVersion}
kind: ${kind}
metadata: {name: vllm-multinode-runtime}
spec:
  supportedModelFormats: [{name: vLLM, autoSelect: true}]
  containers:
    - name: kserve-container
      image: example/vllm:v1
      command: [vllm, serve]
      args:
        - /mnt/models
        - --served-model-name={{.Name}}
        - --pipeline-parallel-size=2
        - --nnodes=2
  workerSpec:
    pipelineParallelSize: 2
    containers:
      - name: worker-container
        image: example/vllm:v1
        command: [vllm, serve]
        args: [/mnt/models, --headless, --nnodes=2]
`;

describe('KServe ServingRuntime and InferenceService are read as the pods KServe builds', () => {
  it("a ServingRuntime is a head and its workerSpec pods over pipelineParallelSize nodes; the InferenceService's part is not shown", async () => {
    for (const kind of ['ServingRuntime', 'ClusterServingRuntime']) {
      const a = await run(runtime(undefined, kind));
      expect(a.part.skipped.map((s) => s.why)).toEqual([]);
      expect(names(a)).toEqual(['head/kserve-container nodes=2', 'worker/worker-container nodes=2']);
      expect(a.part.graphs.map((g) => g.mode)).toEqual(['partial']);
      expect(a.part.graphs[0]?.partial).toContain('each InferenceService that selects this runtime');
    }
    // OME's ServingRuntime keeps its own reading.
    const ome = await run(runtime('ome.io/v1beta1'));
    expect(ome.part.graphs[0]?.partial ?? '').not.toContain('selects this runtime');
  });

  it("an InferenceService's predictor model is the runtime's kserve-container with the object's resources; custom containers are the pod", async () => {
    const isvc = await run(`
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata: {name: granite}
spec:
  predictor:
    tolerations: [{key: nvidia.com/gpu, operator: Exists}]
    model:
      modelFormat: {name: pytorch}
      runtime: granite-tp
      resources: {limits: {nvidia.com/gpu: "2"}}
`);
    expect(names(isvc)).toEqual(['kserve-container nodes=1']);
    expect(isvc.part.services[0]?.pod.gpus).toBe(2);
    expect(isvc.part.graphs[0]?.partial).toContain('granite-tp (spec.predictor.model.runtime)');
    const custom = await run(`
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata: {name: custom}
spec:
  predictor:
    containers:
      - name: kserve-container
        image: vllm/vllm-openai:v0.10.0
        args: [--model, /mnt/models]
        resources: {limits: {nvidia.com/gpu: "1"}}
`);
    expect(custom.part.graphs.map((g) => g.mode)).toEqual(['aggregated']);
  });
});

describe('an OpenShift Template is read through the objects it creates', () => {
  it('each object is a document of its own, parameters left as written; a Template of no workload is nothing to check', async () => {
    const a = await run(`
apiVersion: template.openshift.io/v1
kind: Template
metadata: {name: vllm-multinode-runtime-template}
objects:
${runtime()
  .trim()
  .split('\n')
  .map((l, k) => (k === 0 ? `  - ${l}` : `    ${l}`))
  .join('\n')
  .replace('example/vllm:v1', '$(vllm-image)')}
parameters: [{name: X}]
`);
    expect(names(a)).toEqual(['head/kserve-container nodes=2', 'worker/worker-container nodes=2']);
    const none = await run(
      'apiVersion: template.openshift.io/v1\nkind: Template\nobjects:\n  - {apiVersion: v1, kind: Service, metadata: {name: s}}\n',
    );
    expect(none.part.skipped.map((s) => s.why)).toEqual(['Service is not a workload']);
  });
});

describe("an LLMInferenceService's parallelism is on the engine's command line, as KServe's templates put it", () => {
  const llmisvc = (parallelism: string) => `
apiVersion: serving.kserve.io/v1alpha2
kind: LLMInferenceService
metadata: {name: pp}
spec:
  model: {uri: pvc://weights, name: m}
  parallelism: ${parallelism}
  template:
    containers:
      - name: main
        env: [{name: VLLM_ADDITIONAL_ARGS, value: --kv-cache-dtype fp8}]
        resources: {limits: {nvidia.com/gpu: "8"}}
  worker:
    containers:
      - name: main
        resources: {limits: {nvidia.com/gpu: "8"}}
`;
  it('pipeline 2 x tensor 8 over two 8-GPU pods: only the pipeline crosses the nodes (warn), not tensor parallelism (fail)', async () => {
    const a = await run(llmisvc('{pipeline: 2, tensor: 8}'));
    expect(a.part.graphs[0]?.tensorParallel).toBe(8);
    expect(a.checks.filter((c) => c.id === 'env.multinode-rdma').map((c) => c.status)).toEqual([
      'warn',
      'warn',
    ]);
  });
});

describe('GPU+NIC pairs from the composite DRA driver are RDMA NICs', () => {
  it('a pod of composite.dra.io/gpu-nic-pair spans nodes with an RDMA path', async () => {
    const lws = (res: string) => `
apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: pp}
spec:
  leaderWorkerTemplate:
    size: 2
    workerTemplate:
      spec:
        containers:
          - name: vllm
            image: vllm/vllm-openai:v0.23.0
            command: [vllm, serve, m, --tensor-parallel-size, "8", --pipeline-parallel-size, "2"]
            securityContext: {capabilities: {add: [IPC_LOCK]}}
            resources: {limits: {${res}}}
`;
    const a = await run(lws('nvidia.com/gpu: "0", composite.dra.io/gpu-nic-pair: "8"'));
    expect(a.part.services[0]?.pod.rdmaResources).toEqual(['composite.dra.io/gpu-nic-pair']);
    expect(a.checks.filter((c) => c.id === 'env.multinode-rdma' && c.status !== 'ok')).toEqual([]);
    const none = await run(lws('nvidia.com/gpu: "8"'));
    expect(none.checks.filter((c) => c.id === 'env.multinode-rdma').map((c) => c.status)).toEqual(['warn']);
  });
});

describe("a fabric-test image's entrypoint serves no model", () => {
  const testPod = (image: string, command = '') => `
apiVersion: v1
kind: Pod
metadata: {name: t, annotations: {k8s.v1.cni.cncf.io/networks: rdma-net}}
spec:
  containers:
    - name: c
      image: ${image}
${command}      securityContext: {capabilities: {add: [IPC_LOCK]}}
      resources: {limits: {nvidia.com/gpu: 1, rdma/rdma_shared_device_a: 1}}
`;
  it('a perftest or nccl-tests image with no command moves no KV; a command of its own keeps its judgement', async () => {
    for (const image of [
      'mellanox/cuda-perftest',
      'quay.io/example/rdma-perftest:m4.7',
      'ghcr.io/x/nccl-tests:2.13',
    ]) {
      const a = await run(testPod(image));
      expect(a.part.services.map((s) => s.role)).toEqual(['other']);
      expect(a.checks.filter((c) => c.status === 'warn' || c.status === 'fail')).toEqual([]);
    }
    const engine = await run(testPod('mellanox/cuda-perftest', '      command: [python3, serve.py]\n'));
    expect(engine.part.services.map((s) => s.role)).not.toEqual(['other']);
  });
});
