import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * A worker spread over pods of 4 GPUs or fewer with no RDMA path is only a warn, because such
 * pods may be GB200/GB300 NVL72 trays on multi-node NVLink (issue 38, P3: use the context the
 * file gives). When the node selection names the GPU model and that model has no multi-node
 * NVLink (H100, A100 …), the tray excuse does not hold: tensor parallel across nodes is a fail.
 */
const lws = (placement: string, gpus = 1) => `apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: tp}
spec:
  leaderWorkerTemplate:
    size: 4
    workerTemplate:
      spec:
${placement}        containers:
        - name: vllm
          image: vllm/vllm-openai:v0.9.0
          command: [python3, -m, vllm.entrypoints.openai.api_server, --model, m, --tensor-parallel-size, "4"]
          resources: {limits: {nvidia.com/gpu: ${gpus}}}
`;
const status = async (yaml: string) =>
  (await analyseYamlFile(yaml)).checks.filter((c) => c.id === 'env.multinode-rdma').map((c) => c.status);

describe('env.multinode-rdma: the GPU model named by node selection', () => {
  it('no model named: pods of one GPU may be NVL72 trays, a warn', async () => {
    expect(await status(lws(''))).toEqual(['warn']);
  });
  it('nodeSelector nvidia.com/gpu.product H100: no multi-node NVLink, a fail naming the model', async () => {
    const a = await analyseYamlFile(
      lws('        nodeSelector: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}\n'),
    );
    const c = a.checks.find((x) => x.id === 'env.multinode-rdma');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/pinned to NVIDIA-H100-80GB-HBM3, which has no multi-node NVLink/);
  });
  it('required node affinity on cloud.google.com/gke-accelerator (H100 or A100): a fail', async () => {
    const affinity = `        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
              - matchExpressions:
                - {key: cloud.google.com/gke-accelerator, operator: In, values: [nvidia-h100-80gb, nvidia-a100-80gb]}
`;
    expect(await status(lws(affinity))).toEqual(['fail']);
  });
  it('a GB200 model keeps the warn (NVL72 trays are multi-node NVLink); so does any GB200 among the models', async () => {
    expect(await status(lws('        nodeSelector: {nvidia.com/gpu.product: NVIDIA-GB200}\n', 4))).toEqual([
      'warn',
    ]);
    const mixed = `        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
              - matchExpressions:
                - {key: nvidia.com/gpu.product, operator: In, values: [NVIDIA-H100-80GB-HBM3, NVIDIA-GB200]}
`;
    expect(await status(lws(mixed, 4))).toEqual(['warn']);
  });
  it('a preferred affinity or another label says nothing of the model', async () => {
    expect(
      await status(lws('        nodeSelector: {node.kubernetes.io/instance-type: p5.48xlarge}\n')),
    ).toEqual(['warn']);
  });
});
