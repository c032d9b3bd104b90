import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { refuseEmptyInputs } from '../src/env/index.js';
import { analyseYaml, analyseYamlFile as run } from './helpers/env.js';

/**
 * Batch m24 (issue 38, `env`: the manifest kinds it still misses). Knative Serving (serving.knative.dev) runs a
 * model server as a `Service` whose `spec.template` is a revision template: a PodSpec as written, beside Knative's
 * own fields (knative/serving pkg/apis/serving/v1 revision_types.go:66-76). Read as a Deployment's pods are,
 * never as a core `v1` Service, which runs nothing.
 */
const ksvc = (name: string, args: string, kind = 'Service') => `
apiVersion: serving.knative.dev/v1
kind: ${kind}
metadata:
  name: ${name}
spec:
  template:
    metadata:
      annotations:
        autoscaling.knative.dev/minScale: "1"
    spec:
      containerConcurrency: 8
      containers:
      - name: kserve-container
        image: vllm/vllm-openai:v0.11.0
        command: [python3, -m, vllm.entrypoints.openai.api_server]
        args: [--model, Qwen/Qwen3-8B, ${args}]
        resources:
          limits: {nvidia.com/gpu: "1"}
`;

const revision = `
apiVersion: serving.knative.dev/v1
kind: Revision
metadata:
  name: vllm-00001
spec:
  timeoutSeconds: 300
  containers:
  - name: user-container
    image: vllm/vllm-openai:v0.11.0
    args: [--model, Qwen/Qwen3-8B]
    resources:
      limits: {nvidia.com/gpu: "1"}
`;

const kv = (role: string) => `--kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"${role}"}'`;

describe('Knative Serving workloads are read as the pods their revisions run', () => {
  it('a Knative Service with one vLLM server on one GPU is an aggregated graph, trusted', async () => {
    const a = await run(ksvc('vllm', '--port, "8080"'));
    expect(a.checks.length).toBeGreaterThan(0);
    expect(a.checks.some((c) => c.subject?.endsWith('#vllm/kserve-container'))).toBe(true);
    expect(rollUp(a.checks).status).toBe('trusted');
  });

  it('a Configuration and a Revision are read the same way', async () => {
    for (const y of [ksvc('vllm', '--port, "8080"', 'Configuration'), revision]) {
      const a = await run(y);
      expect(a.checks.length).toBeGreaterThan(0);
      expect(rollUp(a.checks).status).toBe('trusted');
    }
  });

  it('a prefill and a decode Knative Service with NIXL and no RDMA device warn that KV takes the pod network', async () => {
    const a = await run(`${ksvc('prefill', kv('kv_producer'))}---${ksvc('decode', kv('kv_consumer'))}`);
    expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.status).toBe('warn');
    expect(rollUp(a.checks).status).not.toBe('trusted');
  });

  it('the core v1 Service, and a Service of another group, are still no workload', () => {
    const refused = (yaml: string) => {
      try {
        refuseEmptyInputs(['x.yaml'], analyseYaml(yaml, 'x.yaml').part, '/');
        return undefined;
      } catch (err) {
        return (err as Error).message;
      }
    };
    const service = (apiVersion: string) =>
      `apiVersion: ${apiVersion}\nkind: Service\nmetadata: {name: vllm}\nspec:\n  selector: {app: vllm}\n  ports: [{port: 8000}]\n`;
    expect(refused(service('v1'))).toMatch(/nothing to check: Service is not a workload/);
    expect(refused(service('example.com/v1'))).toMatch(/nothing to check/);
    expect(refused(ksvc('vllm', '--port, "8080"'))).toBeUndefined();
  });
});

/**
 * KServe was KFServing before v0.7 (September 2021), and its v1beta1 InferenceService was served under
 * serving.kubeflow.org: the same predictor, a PodSpec with the component's own fields (kubeflow/kfserving
 * pkg/apis/serving/v1beta1/predictor_custom_test.go:39-41 @ 4ccd9bec; kubeflow/website
 * content/en/docs/external-add-ons/kserve/migration.md:13-15 @ ba7e88e7). Read as KServe's is.
 */
describe("KFServing's v1beta1 InferenceService is read as KServe's", () => {
  const isvc = (apiVersion: string) => `
apiVersion: ${apiVersion}
kind: InferenceService
metadata:
  name: llm
spec:
  predictor:
    minReplicas: 1
    containers:
    - name: kfserving-container
      image: vllm/vllm-openai:v0.11.0
      args: [--model, Qwen/Qwen3-8B]
      resources:
        limits: {nvidia.com/gpu: "1"}
`;

  it('a custom predictor on one GPU is an aggregated graph, trusted, under either group', async () => {
    for (const v of ['serving.kubeflow.org/v1beta1', 'serving.kserve.io/v1beta1']) {
      const a = await run(isvc(v));
      expect(a.checks.some((c) => c.subject?.endsWith('#llm/kfserving-container'))).toBe(true);
      expect(rollUp(a.checks).status).toBe('trusted');
    }
  });

  it('the v1alpha2 shape (spec.default.predictor) is not taken for it', () => {
    let msg: string | undefined;
    try {
      refuseEmptyInputs(['x.yaml'], analyseYaml(isvc('serving.kubeflow.org/v1alpha2'), 'x.yaml').part, '/');
    } catch (err) {
      msg = (err as Error).message;
    }
    expect(msg).toMatch(/nothing to check: InferenceService is not a workload/);
  });
});

/**
 * Nebari's LLM serving pack: its operator builds one vLLM Deployment per `LLMModel` (llm.nebari.dev), the image
 * its own default unless spec.serving.image names one, the args and GPU limit from spec.serving and
 * spec.resources.gpu (nebari-dev/llm-serving-pack operator/internal/controller/reconcilers/modelservice.go:50-112
 * @ b9059993). The pod is the controller's, not the object's (P2): a partial graph, never "nothing to check".
 */
describe("Nebari's LLMModel is a serving CRD whose pods its controller builds", () => {
  const model = `
apiVersion: llm.nebari.dev/v1alpha1
kind: LLMModel
metadata:
  name: qwen
spec:
  model: {name: Qwen/Qwen2.5-0.5B-Instruct, source: huggingface}
  resources:
    gpu: {count: 2, type: nvidia}
  serving: {replicas: 1, tensorParallelism: 2}
`;

  it('is listed as a partial graph naming its GPU count, not refused, and verifies nothing', async () => {
    expect(() => refuseEmptyInputs(['x.yaml'], analyseYaml(model, 'x.yaml').part, '/')).not.toThrow();
    expect(analyseYaml(model, 'x.yaml').part.graphs.map((g) => g.mode)).toEqual(['partial']);
    const a = await run(model);
    const partial = a.checks.find((c) => c.id === 'env.partial');
    expect(partial?.detail).toContain('Nebari LLM serving controller builds its pods from GPU count 2');
    expect(rollUp(a.checks).status).not.toBe('trusted');
  });
});
