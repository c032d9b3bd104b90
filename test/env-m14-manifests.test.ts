import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the fourteenth manifest batch showed (issue 38): each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "Fourteenth manifest batch"), never on
 * corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const detail = (a: Result, id: string) => a.checks.find((c) => c.id === id)?.detail ?? '';

const deployment = (name: string, container: string, extra = '') => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: 1
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:${extra}
      containers:
${container}`;

describe('the NIM Operator’s NIMService is a serving CRD whose pods the operator builds (P2)', () => {
  it('is a partial graph naming the image, GPUs and multi-node parallelism, never "not a workload"', async () => {
    const a = await run(`
apiVersion: apps.nvidia.com/v1alpha1
kind: NIMCache
metadata: {name: c}
spec:
  source: {ngc: {modelPuller: nvcr.io/nim/meta/llama:1.0}}
---
apiVersion: apps.nvidia.com/v1alpha1
kind: NIMService
metadata: {name: s}
spec:
  image: {repository: nvcr.io/nim/meta/llama, tag: "1.0"}
  resources: {limits: {nvidia.com/gpu: 8}}
  multiNode:
    parallelism: {tensor: 8, pipeline: 2}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['NIMService partial']);
    expect(status(a, 'env.partial')).toEqual(['skipped']);
    expect(detail(a, 'env.partial')).toContain('NIM Operator controller builds its pods');
    expect(detail(a, 'env.partial')).toContain('image nvcr.io/nim/meta/llama:1.0');
    expect(detail(a, 'env.partial')).toContain('GPUs 8');
    expect(detail(a, 'env.partial')).toContain('multi-node tensor 8 x pipeline 2');
  });
});

describe('vLLM’s own kv_role names the side: kv_producer is prefill, kv_consumer decode (P3)', () => {
  const vllm = (role: string) => `        - name: vllm
          image: vllm/vllm-openai:latest
          command: ["python3", "-m", "vllm.entrypoints.openai.api_server", "m", "--kv-transfer-config", '{"kv_connector":"NixlConnector","kv_role":"${role}"}']
          resources: {limits: {nvidia.com/gpu: 1}}`;

  it('two plain Deployments, a producer and a consumer, are a disaggregated pair', async () => {
    const a = await run(`${deployment('a', vllm('kv_producer'))}
---
${deployment('b', vllm('kv_consumer'))}`);
    expect(a.part.services.map((s) => `${s.deployment}=${s.role}`)).toEqual(['a=prefill', 'b=decode']);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
  });

  it('kv_both says nothing about the side, but the NIXL connector hands KV over: two such Deployments are workers of a pair whose sides are not stated', async () => {
    const a = await run(`${deployment('a', vllm('kv_both'))}
---
${deployment('b', vllm('kv_both'))}`);
    expect(a.part.services.map((s) => s.role)).toEqual(['worker', 'worker']);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
    expect(detail(a, 'env.kv-over-pod-network')).toContain('none states its side');
  });
});

describe('CUDA_VISIBLE_DEVICES is read against the GPUs granted to the container (P5)', () => {
  const pod = (cvd: string, gpus: number) =>
    deployment(
      'w',
      `        - name: vllm
          image: vllm/vllm-openai:latest
          command: ["vllm", "serve", "m", "--tensor-parallel-size", "${gpus}"]
          env: [{name: CUDA_VISIBLE_DEVICES, value: "${cvd}"}]
          resources: {limits: {nvidia.com/gpu: ${gpus}}}`,
    );

  it('an index the container does not have, listed first, leaves the engine no GPU: fail', async () => {
    const a = await run(pod('1', 1));
    expect(status(a, 'env.cuda-visible-devices')).toEqual(['fail']);
    expect(detail(a, 'env.cuda-visible-devices')).toContain('sees no GPU');
  });

  it('an invalid index after valid ones hides the GPUs from there on: warn', async () => {
    const a = await run(pod('0,1,4,5', 4));
    expect(status(a, 'env.cuda-visible-devices')).toEqual(['warn']);
    expect(detail(a, 'env.cuda-visible-devices')).toContain('sees 2 of the 4 GPUs listed');
  });

  it('a privileged container, or one asking the toolkit for every GPU, may see more GPUs than granted: not judged', async () => {
    const privileged = pod('1', 1).replace(
      'resources: {limits',
      'securityContext: {privileged: true}\n          resources: {limits',
    );
    expect(status(await run(privileged), 'env.cuda-visible-devices')).toEqual([]);
    const all = pod('1', 1).replace(
      '[{name: CUDA_VISIBLE_DEVICES, value: "1"}]',
      '[{name: CUDA_VISIBLE_DEVICES, value: "1"}, {name: NVIDIA_VISIBLE_DEVICES, value: all}]',
    );
    expect(status(await run(all), 'env.cuda-visible-devices')).toEqual([]);
  });

  it('indices within the grant, UUIDs and unknown counts are not judged', async () => {
    for (const [cvd, gpus] of [
      ['0', 1],
      ['0,1', 2],
      ['GPU-8c3e1f2a', 1],
    ] as const) {
      const a = await run(pod(cvd, gpus));
      expect(status(a, 'env.cuda-visible-devices')).toEqual([]);
    }
  });
});

describe('KV between Cloud TPU pods takes the data-center network, the only path TPU hosts have (P3)', () => {
  const tpu = (role: string, res = 'google.com/tpu: 4') => `        - name: vllm
          image: vllm/vllm-tpu:latest
          command: ["vllm", "serve", "m", "--kv-transfer-config", '{"kv_connector":"TPUConnector","kv_role":"${role}"}']
          resources: {limits: {${res}}}`;

  it('a TPU prefill and a TPU decode: env.kv-over-pod-network ok, said why', async () => {
    const a = await run(`${deployment('p', tpu('kv_producer'))}
---
${deployment('d', tpu('kv_consumer'))}`);
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['ok']);
    expect(detail(a, 'env.kv-over-pod-network')).toContain('Cloud TPU');
  });

  it('a GPU side beside a TPU side is judged as before', async () => {
    const a = await run(
      `${deployment('p', tpu('kv_producer'))}
---
${deployment('d', tpu('kv_consumer', 'nvidia.com/gpu: 1'))}`,
    );
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
  });
});

describe('Mooncake’s store operator builds the KV store’s pods from its MooncakeCluster (P2)', () => {
  it('is a partial graph naming the workers and RDMA, never "not a workload"', async () => {
    const a = await run(`
apiVersion: mooncake.io/v1alpha1
kind: MooncakeCluster
metadata: {name: demo}
spec:
  master: {replicas: 1}
  workers: {replicas: 2, rdmaEnabled: true}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['MooncakeCluster partial']);
    expect(status(a, 'env.partial')).toEqual(['skipped']);
    expect(detail(a, 'env.partial')).toContain('KV store workers 2');
    expect(detail(a, 'env.partial')).toContain('RDMA enabled by the operator');
  });
});
