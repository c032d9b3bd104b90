import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * Batch m25 (issue 38, `env`: the manifest kinds it still misses). LWS's DisaggregatedSet v1alpha1
 * (kubernetes-sigs/lws api/disaggregatedset/v1alpha1/disaggregatedset_types.go, `DisaggregatedRoleSpec`)
 * embeds the LeaderWorkerSetSpec inline: `replicas` and `leaderWorkerTemplate` sit on the role itself, not
 * under `spec` as in v1. Its pods are shown and are read (P1, P2: shown is never "not shown").
 */
const alpha = (image: string, extra = '') => `apiVersion: disaggregatedset.x-k8s.io/v1alpha1
kind: DisaggregatedSet
metadata: {name: d}
spec:
  roles:
    - name: prefill
      replicas: 2
      metadata:
        labels: {llm-d.ai/role: prefill}
      leaderWorkerTemplate:
        size: 2
        workerTemplate:
          spec: {containers: [{name: w, image: ${image}${extra}}]}
    - name: decode
      replicas: 1
      leaderWorkerTemplate:
        size: 1
        workerTemplate:
          spec: {containers: [{name: w, image: ${image}${extra}}]}
`;

describe('DisaggregatedSet v1alpha1: the LeaderWorkerSet spec inlined on each role', () => {
  it("reads each role's pods where v1alpha1 puts them, size pods per group", async () => {
    const a = await run(alpha('registry.k8s.io/pause:3.9'));
    expect(a.part.services.map((s) => `${s.name} nodes=${s.pod.nodeCount}`)).toEqual([
      'prefill/w nodes=2',
      'decode/w nodes=1',
    ]);
    // Pause containers: no engine, no GPU, nothing moves KV, and nothing is "not shown".
    expect(a.checks.filter((c) => c.id === 'env.partial')).toEqual([]);
    expect(rollUp(a.checks).status).toBe('trusted');
  });
  it('roles that start disaggregated engines are the pair, judged on their KV path', async () => {
    const vllm = `, command: [vllm, serve, m, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}'], resources: {limits: {nvidia.com/gpu: "1"}}`;
    const a = await run(alpha('vllm/vllm-openai:v0.11.0', vllm));
    expect(a.part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'prefill/w=prefill',
      'decode/w=decode',
    ]);
    expect(a.checks.filter((c) => c.id === 'env.kv-over-pod-network').map((c) => c.status)).toEqual(['warn']);
  });
});

/**
 * A DGD v1alpha1 service's `resources.{requests,limits}` is the operator's ResourceItem (cpu, memory, gpu,
 * gpuType, custom: ai-dynamo/dynamo deploy/operator/api/v1alpha1/common.go:127-140), and its CRD prunes any
 * other key. A device resource written there beside `gpu` (`rdma/ib: "8"`) is never requested; env names
 * the field and where it belongs, instead of only saying the pod has no RDMA device.
 */
const dgd = (limits: string) => `apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
    prefill:
      componentType: worker
      subComponentType: prefill
      resources:
        limits:
${limits}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/tensorrtllm-runtime:1.0.0
          command: [python3, -m, dynamo.trtllm]
          args: [--model-path, m, --disaggregation-mode, prefill]
`;

describe('DGD v1alpha1: a device resource beside gpu, outside custom, is no field the operator reads', () => {
  it('fails env.shape, naming the field and the custom path it belongs at', async () => {
    const a = await run(dgd('          gpu: "8"\n          rdma/ib: "8"'));
    const shape = a.checks.filter((c) => c.id === 'env.shape');
    expect(shape.map((c) => c.status)).toEqual(['fail']);
    expect(shape[0]?.detail).toContain(
      "spec.services.prefill.resources.limits.rdma/ib is no field of the operator's resources (cpu, memory, gpu, gpuType, custom)",
    );
    expect(shape[0]?.fix).toBe('write it as spec.services.prefill.resources.limits.custom.rdma/ib');
  });
  it('under custom it is requested: no shape problem', async () => {
    const a = await run(dgd('          gpu: "8"\n          custom:\n            rdma/ib: "8"'));
    expect(a.checks.filter((c) => c.id === 'env.shape')).toEqual([]);
  });
});

/**
 * Before Dynamo 1.0.0, dynamo.vllm's `--connector none|null` turned the KV connector off (components/src/dynamo/vllm/
 * args.py: `connector_list = []`, and `create_kv_transfer_config` returns None). On the prefill and decode workers of a
 * disaggregated graph the pair then has no KV path: the declared roles contradict the command line. On an aggregated
 * worker it changes nothing and stays the version warning.
 */
const pd = (
  connector: string,
  image = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1.post1',
) => `apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
    VllmPrefillWorker:
      componentType: worker
      resources: {limits: {gpu: "1"}}
      extraPodSpec:
        mainContainer:
          image: ${image}
          command: [/bin/sh, -c]
          args: ["python3 -m dynamo.vllm --model m --is-prefill-worker ${connector}"]
    VllmDecodeWorker:
      componentType: worker
      resources: {limits: {gpu: "1"}}
      extraPodSpec:
        mainContainer:
          image: ${image}
          command: [/bin/sh, -c]
          args: ["python3 -m dynamo.vllm --model m ${connector}"]
`;

describe('dynamo.vllm --connector none|null before 1.0.0 on a prefill/decode pair: no KV path', () => {
  it('fails env.error-flag on both sides, saying the pair has no KV path', async () => {
    const a = await run(pd('--connector null'));
    const flags = a.checks.filter((c) => c.id === 'env.error-flag');
    expect(flags.map((c) => c.status)).toEqual(['fail', 'fail']);
    expect(flags[0]?.detail).toContain('turns the KV connector off on Dynamo 0.6.1');
    expect(rollUp(a.checks).status).toBe('untrusted');
  });
  it('a named connector before 1.0.0 stays the version warning', async () => {
    const a = await run(pd('--connector nixl'));
    expect(a.checks.filter((c) => c.id === 'env.error-flag').map((c) => c.status)).toEqual(['warn', 'warn']);
  });
  it('on an aggregated worker --connector none stays the version warning', async () => {
    const a = await run(`apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
    VllmDecodeWorker:
      componentType: worker
      resources: {limits: {gpu: "1"}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1
          command: [python3, -m, dynamo.vllm, --model, m, --connector, none]
`);
    expect(a.checks.filter((c) => c.id === 'env.error-flag').map((c) => c.status)).toEqual(['warn']);
  });
});
