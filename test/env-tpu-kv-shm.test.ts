import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Cloud TPU hosts hand KV to another host over the data-center network, the only path a TPU VM
 * has (no RDMA NIC to request: cloud.google.com/tpu/docs/multislice-introduction). The pair given
 * together is judged so (kvNetworkCheck); one side given alone (a guide's prefill patch without its
 * decode) is judged the same way, not warned for an RDMA NIC that TPU hosts cannot have (issue 38 P3).
 */
const prefill = (res: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: prefill}
spec:
  template:
    spec:
      containers:
      - name: modelserver
        image: vllm/vllm-tpu:latest
        command: [vllm, serve, m, --kv-transfer-config, '{"kv_connector":"TPUConnectorHMA","kv_connector_module_path":"tpu_inference.distributed.tpu_connector_hma","kv_role":"kv_producer"}']
        resources: {limits: {${res}}}
`;
const kv = async (res: string) =>
  (await analyseYamlFile(prefill(res))).checks.filter((c) => c.id === 'env.kv-over-pod-network');

describe('one side of a P/D pair on Cloud TPU', () => {
  it('a TPU prefill given alone: ok, said why', async () => {
    const c = await kv('google.com/tpu: 4');
    expect(c.map((x) => x.status)).toEqual(['ok']);
    expect(c[0]?.detail).toMatch(/Cloud TPU hosts .*data-center network/);
  });
  it('a GPU prefill given alone keeps the warn', async () => {
    expect((await kv('nvidia.com/gpu: 1')).map((x) => x.status)).toEqual(['warn']);
  });
});

/**
 * /dev/shm carries NCCL's shared-memory transport between GPU processes; Cloud TPU chips exchange
 * tensors over ICI under one XLA program (cloud.google.com/tpu/docs/system-architecture-tpu-vm),
 * so a TPU pod's small /dev/shm is not the fail a tensor-parallel GPU pod's is (issue 38 P5).
 */
describe('/dev/shm in a Cloud TPU pod', () => {
  const tp8 = (res: string) =>
    prefill(res).replace('--kv-transfer-config', '--tensor-parallel-size=8, --kv-transfer-config');
  const shm = async (res: string) =>
    (await analyseYamlFile(tp8(res))).checks.filter((c) => c.id === 'env.shm');
  it('TP8 on 4 TPU chips with the runtime default /dev/shm: ok, said why', async () => {
    const c = await shm('google.com/tpu: 4');
    expect(c.map((x) => x.status)).toEqual(['ok']);
    expect(c[0]?.detail).toMatch(/Cloud TPU .*ICI/);
  });
  it('TP8 on 8 GPUs with the runtime default /dev/shm: still the fail', async () => {
    expect((await shm('nvidia.com/gpu: 8')).map((x) => x.status)).toEqual(['fail']);
  });
});
