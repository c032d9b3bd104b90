import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the sixth manifest batch showed (issue 38), each principle on small manifests written for
 * the test in the DGD's own shape (references/env-rules.md "The disagg-critical six"), never on corpus files.
 */
type Result = Awaited<ReturnType<typeof analyseYamlFile>>;
const critical = (a: Result) =>
  a.checks.filter((c) => c.id === 'env.missing-critical').map((c) => `${c.status} ${c.detail}`);

/** A vLLM prefill/decode pair, privileged with rdma/ib (every host HCA visible), `env` lines added to both. */
const privilegedPair = (env: string, nodes = 1) => {
  const worker = (name: string, mode: string) => `
    ${name}:
      componentType: worker
      subComponentType: ${mode}
      replicas: 1${nodes > 1 ? `\n      multinode: {nodeCount: ${nodes}}` : ''}
      resources:
        limits: {gpu: "4", custom: {rdma/ib: "1"}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0
          securityContext: {privileged: true, runAsUser: 0, capabilities: {add: [IPC_LOCK]}}
          command: [python3, -m, dynamo.vllm]
          args: [--model, m, --tensor-parallel-size, "${4 * nodes}", --disaggregation-mode, ${mode}, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']
          env: [${env}]`;
  return `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
    Frontend:
      componentType: frontend
      extraPodSpec: {mainContainer: {image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0}}${worker('Prefill', 'prefill')}${worker('Decode', 'decode')}
`;
};

describe('env.missing-critical in a pod that sees other NICs: only where a choice is still open (P5)', () => {
  const pinned = '{name: UCX_NET_DEVICES, value: "mlx5_0:1,mlx5_1:1"}';

  it('UCX_NET_DEVICES of RDMA ports pins UCX; NCCL stays inside a single-node worker: ok, naming why', async () => {
    const got = critical(await analyseYamlFile(privilegedPair(pinned)));
    expect(got).toHaveLength(2);
    for (const c of got) {
      expect(c).toMatch(
        /^ok not set: UCX_TLS, UCX_IB_GPU_DIRECT_RDMA, NCCL_IB_HCA, NCCL_SOCKET_IFNAME, NCCL_IB_DISABLE; /,
      );
      expect(c).toMatch(/UCX_NET_DEVICES=mlx5_0:1,mlx5_1:1 pins UCX to those RDMA ports/);
      expect(c).toMatch(/NCCL \(NCCL_IB_HCA, NCCL_SOCKET_IFNAME, NCCL_IB_DISABLE\) carries nothing out of/);
    }
  });

  it('the same worker over two nodes: NCCL’s device choice crosses nodes, so it still warns', async () => {
    const got = critical(await analyseYamlFile(privilegedPair(pinned, 2)));
    expect(got.map((c) => c.split(' ')[0])).toEqual(['warn', 'warn']);
  });

  it('no UCX_NET_DEVICES, or one naming an IP interface: UCX may pick any host HCA, so it still warns', async () => {
    for (const env of [
      '',
      '{name: UCX_NET_DEVICES, value: eth0}',
      '{name: UCX_NET_DEVICES, value: "^mlx5_2:1"}',
    ]) {
      const got = critical(await analyseYamlFile(privilegedPair(env)));
      expect(got.map((c) => c.split(' ')[0])).toEqual(['warn', 'warn']);
    }
  });
});

describe('env.missing-critical on GKE: a privileged pod sees only its RDMA networks’ GPU NICs (platform fact)', () => {
  /** The pair above on GKE multi-networking: four RDMA networks as resources, privileged, no UCX/NCCL pin. */
  const gkePair = (resources: string) =>
    privilegedPair('').replaceAll('custom: {rdma/ib: "1"}', `custom: {${resources}}`);
  const gke = [0, 1, 2, 3].map((i) => `networking.gke.io.networks/rdma-${i}: "1"`).join(', ');

  it('every host HCA is a GPU NIC (gVNIC beside them is no RDMA device): unset is ok, naming why', async () => {
    const got = critical(await analyseYamlFile(gkePair(gke)));
    expect(got).toHaveLength(2);
    for (const c of got) {
      expect(c).toMatch(/^ok not set: UCX_TLS, UCX_NET_DEVICES, /);
      expect(c).toMatch(
        /on GKE those are its RDMA networks' GPU NICs alone \(networking\.gke\.io\.networks\/rdma-0 \+3 more/,
      );
    }
  });

  it('the same privileged pod with a device-plugin RDMA resource (any host): still a warning', async () => {
    const got = critical(await analyseYamlFile(gkePair('rdma/ib: "1"')));
    expect(got.map((c) => c.split(' ')[0])).toEqual(['warn', 'warn']);
  });
});
