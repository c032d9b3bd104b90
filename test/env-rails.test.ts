import { describe, expect, it } from 'vitest';
import { rdmaDeviceCount } from '../src/env/rails.js';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Issue 38, principle 5, and the brief's "uses one rail of eight": every rank of a worker reads the same
 * UCX_NET_DEVICES, so a list naming fewer RDMA ports than the worker's GPUs and the RDMA devices its pod is
 * granted sends all of its KV through those ports and leaves the other rails idle: a warning. A list with a
 * port per GPU, a pod granted one device, or a shared pool whose quantity is no device count, is not.
 */
type Result = Awaited<ReturnType<typeof analyseYamlFile>>;
const nd = (a: Result) =>
  a.checks.filter((c) => c.id === 'env.ucx-net-devices').map((c) => `${c.status} ${c.detail}`);

const worker = (gpus: number, rdma: string, devices: string) => `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
    Prefill:
      componentType: worker
      subComponentType: prefill
      replicas: 1
      resources:
        limits: {gpu: "${gpus}", custom: {${rdma}}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          command: [python3, -m, dynamo.vllm]
          args: [--model, m, --tensor-parallel-size, "${gpus}", --disaggregation-mode, prefill, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']
          env: [{name: UCX_NET_DEVICES, value: "${devices}"}]
`;

describe('env.ucx-net-devices: fewer ports than the worker has GPUs and granted rails', () => {
  it('one port for 4 GPUs of a pod granted 4 RDMA devices: a warning naming the counts', async () => {
    const [c] = nd(await analyseYamlFile(worker(4, 'rdma/ib: "4"', 'mlx5_0:1')));
    expect(c).toBe(
      "warn UCX_NET_DEVICES=mlx5_0:1: one RDMA port for 4 GPUs of a pod granted 4 RDMA devices: every rank's KV leaves through it and the other rails stay idle",
    );
  });

  it('two ports for 8 GPUs of a pod granted 8: still rails left idle', async () => {
    expect(nd(await analyseYamlFile(worker(8, 'rdma/ib: "8"', 'mlx5_0:1,mlx5_1:1')))[0]).toMatch(
      /^warn .*2 RDMA ports for 8 GPUs/,
    );
  });

  it('a port per GPU, or as many ports as devices granted: ok', async () => {
    const four = 'mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1';
    expect(nd(await analyseYamlFile(worker(4, 'rdma/ib: "4"', four)))[0]).toMatch(/^ok /);
    expect(nd(await analyseYamlFile(worker(4, 'rdma/ib: "2"', 'mlx5_0:1,mlx5_1:1')))[0]).toMatch(/^ok /);
  });

  it('a pod granted one RDMA device, or one GPU: the one port is all there is, ok', async () => {
    expect(nd(await analyseYamlFile(worker(4, 'rdma/ib: "1"', 'mlx5_0:1')))[0]).toMatch(/^ok /);
    expect(nd(await analyseYamlFile(worker(1, 'rdma/ib: "4"', 'mlx5_0:1')))[0]).toMatch(/^ok /);
  });

  it('a shared pool (its quantity is no device count) leaves the count unknown: ok', async () => {
    expect(nd(await analyseYamlFile(worker(4, 'rdma/rdma_shared_device_a: "1"', 'mlx5_0:1')))[0]).toMatch(
      /^ok /,
    );
  });
});

describe('rdmaDeviceCount', () => {
  it('sums whole counts of RDMA resources; GKE networks count one NIC each; their .IP companions do not count', () => {
    expect(rdmaDeviceCount({ 'rdma/ib': '4', 'nvidia.com/gpu': '4' })).toBe(4);
    expect(
      rdmaDeviceCount({
        'networking.gke.io.networks/rdma-0': '1',
        'networking.gke.io.networks/rdma-0.IP': '1',
        'networking.gke.io.networks/rdma-1': '1',
      }),
    ).toBe(2);
  });

  it('a shared pool, no RDMA resource or a quantity that is no whole number: unknown', () => {
    expect(rdmaDeviceCount({ 'rdma/hca_shared_devices_a': '2' })).toBeUndefined();
    expect(rdmaDeviceCount({ 'nvidia.com/gpu': '8' })).toBeUndefined();
    expect(rdmaDeviceCount({ 'rdma/ib': '500m' })).toBeUndefined();
  });
});
