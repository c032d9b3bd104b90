import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the thirteenth manifest batch showed (issue 38, manifests published on documentation pages and blogs),
 * each principle on small manifests written for the test in the kind's own shape (references/env-rules.md
 * "Thirteenth manifest batch"), never on corpus files.
 */
const run = analyseYamlFile;
const multi = (checks: { id: string; status: string }[]) =>
  checks.filter((c) => c.id === 'env.multinode-rdma').map((c) => c.status);

// A Kthena ModelServing role: the entry pod starts Ray's head and the engine, the worker pod joins its Ray cluster.
const modelServing = (engineFlags: string) => `apiVersion: workload.serving.volcano.sh/v1alpha1
kind: ModelServing
metadata: {name: multinode}
spec:
  replicas: 1
  template:
    roles:
      - name: llm
        replicas: 1
        entryTemplate:
          spec:
            containers:
              - name: leader
                image: vllm/vllm-openai:v0.10.0
                command: [sh, -c, "bash multi-node-serving.sh leader --ray_cluster_size=2; python3 -m vllm.entrypoints.openai.api_server --model m ${engineFlags}"]
                resources: {limits: {nvidia.com/gpu: "8"}}
        workerReplicas: 1
        workerTemplate:
          spec:
            containers:
              - name: worker
                image: vllm/vllm-openai:v0.10.0
                command: [sh, -c, "bash multi-node-serving.sh worker --ray_address=$(ENTRY_ADDRESS)"]
                resources: {limits: {nvidia.com/gpu: "8"}}
`;

describe("a Kthena ModelServing role's workers run the engine its entry pod starts (P3: the context the file gives)", () => {
  it('pipeline stages alone across the entry and worker nodes warn on both pods; tensor parallel across them fails on both', async () => {
    const pp = await run(modelServing('--tensor-parallel-size 8 --pipeline_parallel_size 2'));
    expect(pp.part.services.map((s) => s.name)).toEqual(['llm/entry/leader', 'llm/worker/worker']);
    expect(multi(pp.checks)).toEqual(['warn', 'warn']);
    expect(multi((await run(modelServing('--tensor-parallel-size 16'))).checks)).toEqual(['fail', 'fail']);
  });
});

const gpuPod = (container: string) => `apiVersion: v1
kind: Pod
metadata: {name: gpudirect}
spec:
  containers:
    - name: app
${container}
      securityContext: {capabilities: {add: [IPC_LOCK]}}
      resources: {limits: {nvidia.com/gpu: 8, rdma/shared_ib: 1}}
`;
const shm = (checks: { id: string; status: string }[]) =>
  checks.filter((c) => c.id === 'env.shm').map((c) => c.status);

describe('/dev/shm for GPUs whose program is not shown (P2: not shown is never failed)', () => {
  it("an unknown image's own entrypoint on 8 GPUs with the runtime's 64Mi /dev/shm warns; a command line or a known engine that shows the processes fails", async () => {
    const entrypoint = await run(gpuPod('      image: registry.example/app:v4'));
    expect(shm(entrypoint.checks)).toEqual(['warn']);
    expect(entrypoint.checks.find((c) => c.id === 'env.shm')?.detail).toContain(
      "image's own entrypoint, not shown",
    );
    const torchrun = await run(
      gpuPod('      image: registry.example/app:v4\n      command: [torchrun, --nproc_per_node=8, train.py]'),
    );
    expect(shm(torchrun.checks)).toEqual(['fail']);
    const vllm = await run(
      gpuPod('      image: vllm/vllm-openai:v0.10.0\n      args: [--model, m, --tensor-parallel-size, "8"]'),
    );
    expect(shm(vllm.checks)).toEqual(['fail']);
  });
});
