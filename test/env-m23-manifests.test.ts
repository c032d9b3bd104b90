import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { placeholderOf } from '../src/env/dgd.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * Batch m23 (issue 38, P2: "not shown" is never "failed"). A DGD kept as a template that a workflow fills in
 * before `kubectl apply` (envsubst's `${NAME}`, a script's `sed` token) holds a placeholder where the CRD wants
 * a number. Its value is not shown, so it is no shape error: the graph is judged on what it does show.
 */
const dgd = (replicas: string) => `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata:
  name: vllm-agg
spec:
  services:
    Frontend:
      componentType: frontend
      replicas: ${replicas}
    VllmWorker:
      componentType: worker
      replicas: ${replicas}
      resources: {limits: {gpu: "1"}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0
          command: [python3, -m, dynamo.vllm]
          args: [--model, Qwen/Qwen3-0.6B]
`;

/** `${name}` written out without a template literal (envsubst's form). */
const ref = (name: string) => ['$', '{', name, '}'].join('');

describe('a number written as a template placeholder is not shown, not a shape error', () => {
  it.each([ref('FRONTEND_REPLICAS'), '$REPLICAS', `"${ref('REPLICAS:-1')}"`, 'REPLICAS_PLACEHOLDER'])(
    'replicas: %s is skipped, the aggregated graph is trusted',
    async (value) => {
      const a = await run(dgd(value));
      const shape = a.checks.filter((c) => c.id === 'env.shape');
      expect(shape.length).toBeGreaterThan(0);
      expect(shape.every((c) => c.status === 'skipped' && c.matters === false)).toBe(true);
      expect(shape[0]?.detail).toContain('template placeholder');
      expect(rollUp(a.checks).status).toBe('trusted');
    },
  );

  it.each(['two', '"1.5x"', 'Replicas', 'NONE'])('replicas: %s stays a shape error', async (value) => {
    const a = await run(dgd(value));
    expect(a.checks.find((c) => c.id === 'env.shape')?.status).toBe('fail');
  });

  it('only whole placeholders count', () => {
    expect(placeholderOf(ref('A'))).toBe(ref('A'));
    expect(placeholderOf(`x${ref('A')}`)).toBeUndefined();
    expect(placeholderOf(`${ref('A')} ${ref('B')}`)).toBeUndefined();
    expect(placeholderOf(3)).toBeUndefined();
  });
});

/**
 * llm-d's ModelService (llm-d.ai/v1alpha1, issue 38's "manifest kinds env still misses"): its controller makes a
 * prefill and a decode Deployment running exactly the containers of spec.prefill and spec.decode, merged over a
 * base config when spec.baseConfigMapRef names one. It is a prefill/decode graph, not "not a workload" (exit 2).
 */
const modelService = (opts: { rdma?: boolean; base?: boolean }) => {
  const section = (replicas: number) => `
    replicas: ${replicas}
    containers:
    - name: vllm
      image: ghcr.io/llm-d/llm-d:v0.2.0
      args: ["--kv-transfer-config={\\"kv_connector\\":\\"NixlConnector\\", \\"kv_role\\":\\"kv_both\\"}"]
      resources:
        limits: {nvidia.com/gpu: "1"${opts.rdma ? ', rdma/ib: "1"' : ''}}
${opts.rdma ? '      securityContext: {capabilities: {add: [IPC_LOCK]}}\n' : ''}`;
  return `
apiVersion: llm-d.ai/v1alpha1
kind: ModelService
metadata:
  name: llama
spec:
${opts.base ? '  baseConfigMapRef: {name: basic-gpu-with-nixl-preset}\n' : ''}  routing: {modelName: meta-llama/Llama-3.2-3B-Instruct}
  modelArtifacts: {uri: "hf://meta-llama/Llama-3.2-3B-Instruct"}
  decode:${section(3)}
  prefill:${section(1)}`;
};

describe("llm-d's ModelService is read as the prefill and decode Deployments its controller makes", () => {
  it('prefill and decode with NIXL and no RDMA: KV over the pod network, a warning, not exit 2', async () => {
    const a = await run(modelService({}));
    expect(a.part.services.map((s) => [s.name, s.role]).sort()).toEqual([
      ['decode', 'decode'],
      ['prefill', 'prefill'],
    ]);
    expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.status).toBe('warn');
    expect(rollUp(a.checks).status).not.toBe('trusted');
  });

  it('both sides with an RDMA device and IPC_LOCK: the KV path is declared', async () => {
    const a = await run(modelService({ rdma: true }));
    expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.status).toBe('ok');
  });

  it("a variable is placed where the object keeps it: the section's own containers list, no pod spec between", async () => {
    const a = await run(
      modelService({}).replaceAll(
        '    - name: vllm\n',
        '    - name: vllm\n      env: [{name: UCX_TLS, value: "rc,cuda_copy"}]\n',
      ),
    );
    expect(a.part.services.map((s) => s.transportVars.UCX_TLS?.path).sort()).toEqual([
      'spec.decode.containers[name=vllm].env',
      'spec.prefill.containers[name=vllm].env',
    ]);
  });

  it('merged over a base config the object does not hold: partial, never passed', async () => {
    const a = await run(modelService({ rdma: true, base: true }));
    const partial = a.checks.find((c) => c.id === 'env.partial');
    expect(partial?.detail).toContain('basic-gpu-with-nixl-preset');
    expect(rollUp(a.checks).status).not.toBe('trusted');
  });
});
