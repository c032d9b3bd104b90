import { describe, expect, it } from 'vitest';
import { analyseYaml } from '../../test/helpers/env.js';

/** Manifest kinds env used to miss (issue 38), each on a small graph in the operator's own format. */
function graph(prefillArgs: string, decodeArgs: string, engine = 'sglang') {
  const svc = (name: string, role: string, args: string) => `
    ${name}:
      componentType: worker
      subComponentType: ${role}
      replicas: 1
      resources:
        limits: {gpu: "1", custom: {rdma/ib: "1"}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/${engine}-runtime:0.9.0
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          command: ["/bin/sh", "-c"]
          args:
            - "python3 -m dynamo.${engine} ${args}"`;
  return `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: pd}
spec:
  services:
    Frontend:
      componentType: frontend
      replicas: 1${svc('Prefill', 'prefill', prefillArgs)}${svc('Decode', 'decode', decodeArgs)}
`;
}
const role = (yaml: string) =>
  analyseYaml(yaml)
    .checks.filter((c) => c.id === 'env.role')
    .map((c) => `${c.status} ${c.subject}`);

describe('the declared role against the engine’s own mode flags', () => {
  const nixl = '--disaggregation-transfer-backend nixl';
  it('SGLang: a declared decode started without --disaggregation-mode decode runs aggregated: FAIL', () => {
    const got = role(graph(`--model-path m --disaggregation-mode prefill ${nixl}`, `--model-path m ${nixl}`));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^fail .*Decode$/);
  });

  it('a declared prefill started as decode is a contradiction: FAIL', () => {
    const got = role(
      graph(
        `--model-path m --disaggregation-mode decode ${nixl}`,
        `--model-path m --disaggregation-mode decode ${nixl}`,
      ),
    );
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^fail .*Prefill$/);
  });

  it('both stated as declared: no check; vLLM’s flagless decode beside a prefill worker is fine', () => {
    expect(
      role(
        graph(
          `--model-path m --disaggregation-mode prefill ${nixl}`,
          `--model-path m --disaggregation-mode decode ${nixl}`,
        ),
      ),
    ).toEqual([]);
    expect(role(graph('--model m --disaggregation-mode prefill', '--model m', 'vllm'))).toEqual([]);
    // …but a flagless vLLM prefill worker never hands KV on.
    expect(role(graph('--model m', '--model m', 'vllm'))).toEqual([
      expect.stringMatching(/^fail .*Prefill$/),
    ]);
  });
});

describe('a DGD whose spec.services is a list', () => {
  it('is named as a Dynamo graph with a shape error, naming the field', () => {
    const { part } = analyseYaml(`
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: vllm-disagg}
spec:
  services:
    - name: Frontend
      componentType: frontend
    - name: VllmDecodeWorker
      componentType: worker
      subComponentType: decode
`);
    expect(part.skipped.map((s) => s.why)).toEqual([
      'a Dynamo graph (DynamoGraphDeployment vllm-disagg) with a shape error: spec.services is a list, the operator expects a map',
    ]);
  });
});

describe('multi-node NVLink intended but not joined', () => {
  const env = (vars: string) =>
    graph(
      '--model-path m --disaggregation-mode prefill',
      '--model-path m --disaggregation-mode decode',
    ).replace(
      /securityContext: \{capabilities: \{add: \[IPC_LOCK\]\}\}/g,
      `securityContext: {capabilities: {add: [IPC_LOCK]}}\n          env:${vars}`,
    );
  const mnnvl = (yaml: string) => analyseYaml(yaml).checks.filter((c) => c.id === 'env.mnnvl');

  it('UCX_CUDA_IPC_ENABLE_MNNVL=y without a ComputeDomain claim is named as such', () => {
    const got = mnnvl(env('\n            - {name: UCX_CUDA_IPC_ENABLE_MNNVL, value: "y"}'));
    expect(got.map((c) => c.status)).toEqual(['warn', 'warn']);
    expect(got[0]?.detail).toContain('no ComputeDomain (IMEX channel)');
  });

  it('NCCL_MNNVL_ENABLE=1 too; nothing when neither is asked for', () => {
    expect(mnnvl(env('\n            - {name: NCCL_MNNVL_ENABLE, value: "1"}'))).toHaveLength(2);
    expect(mnnvl(env('\n            - {name: UCX_TLS, value: "rc,cuda_copy"}'))).toEqual([]);
  });
});
