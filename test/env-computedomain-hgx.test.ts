import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * A ComputeDomain (NVIDIA DRA driver, IMEX channel) joins GPUs of several nodes over NVLink only
 * where NVSwitch trays span nodes: GB200/GB300 NVL racks. On HGX boards (A100, H100, H200, B200)
 * and PCIe cards NVLink stays inside one node (gpu-model.ts, references/env-rules.md), so a claim
 * on such nodes is no path between pods on different nodes (issue 38: read what is there; a claim
 * named is not a fabric joined).
 */
const dgd = (product: string) => `apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
    Frontend: {componentType: frontend, replicas: 1}
    VllmPrefillWorker:
      componentType: worker
      subComponentType: prefill
      replicas: 1
      multinode: {nodeCount: 2}
      resources: {limits: {gpu: "8"}, claims: [{name: cd}]}
      extraPodSpec:
        nodeSelector: {nvidia.com/gpu.product: ${product}}
        resourceClaims: [{name: cd, resourceClaimTemplateName: g-channel}]
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0
          command: [python3, -m, dynamo.vllm]
          args: [--model, m, --tensor-parallel-size, "16", --is-prefill-worker, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']
    VllmDecodeWorker:
      componentType: worker
      subComponentType: decode
      replicas: 1
      multinode: {nodeCount: 2}
      resources: {limits: {gpu: "8"}, claims: [{name: cd}]}
      extraPodSpec:
        nodeSelector: {nvidia.com/gpu.product: ${product}}
        resourceClaims: [{name: cd, resourceClaimTemplateName: g-channel}]
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0
          command: [python3, -m, dynamo.vllm]
          args: [--model, m, --tensor-parallel-size, "16", --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']
---
apiVersion: resource.nvidia.com/v1beta1
kind: ComputeDomain
metadata: {name: g-cd}
spec:
  numNodes: 0
  channel: {resourceClaimTemplate: {name: g-channel}}
`;

describe('a ComputeDomain on GPUs without multi-node NVLink is no path between nodes', () => {
  it('B200 (HGX): the claim is named as joining no NVLink, and the workers spread over nodes fail', async () => {
    const a = await analyseYamlFile(dgd('NVIDIA-B200'));
    const mnnvl = a.checks.filter((c) => c.id === 'env.mnnvl');
    expect(mnnvl.map((c) => c.status)).toEqual(['warn', 'warn']);
    expect(mnnvl[0]?.detail).toMatch(
      /claims ComputeDomain g-channel, .*joins no NVLink between pods on different nodes/,
    );
    const multi = a.checks.filter((c) => c.id === 'env.multinode-rdma');
    expect(multi.map((c) => c.status)).toEqual(['fail', 'fail']);
    expect(multi[0]?.detail).toMatch(/a ComputeDomain that joins no NVLink between nodes of these GPUs/);
    expect(a.checks.some((c) => c.status === 'fail')).toBe(true);
  });
  it('H100 named through GKE accelerator label: the same', async () => {
    const a = await analyseYamlFile(
      dgd('NVIDIA-H100-80GB-HBM3').replaceAll('nvidia.com/gpu.product', 'cloud.google.com/gke-accelerator'),
    );
    expect(a.checks.filter((c) => c.id === 'env.mnnvl').map((c) => c.status)).toEqual(['warn', 'warn']);
  });
  it('GB200 (NVL72 trays): the claim stays the multi-node NVLink path, nothing named against it', async () => {
    const a = await analyseYamlFile(dgd('NVIDIA-GB200'));
    expect(a.checks.filter((c) => c.id === 'env.mnnvl')).toEqual([]);
    expect(a.checks.filter((c) => c.id === 'env.multinode-rdma' && c.status === 'fail')).toEqual([]);
  });
  it('no GPU model named: the claim is taken as the NVLink domain it asks for (unchanged)', async () => {
    const a = await analyseYamlFile(dgd('NVIDIA-B200').replace(/ {8}nodeSelector: .*\n/g, ''));
    expect(a.checks.filter((c) => c.id === 'env.mnnvl')).toEqual([]);
    expect(a.checks.filter((c) => c.id === 'env.multinode-rdma' && c.status === 'fail')).toEqual([]);
  });
});
