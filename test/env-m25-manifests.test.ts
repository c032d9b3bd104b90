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
