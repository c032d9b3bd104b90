import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Batch m11 of the manifest corpus (issue 38): the KV paths env did not follow to their consequence (P5),
 * and a message that said the opposite of what the pod spec shows.
 */
type Result = Awaited<ReturnType<typeof analyseYamlFile>>;
const of = (a: Result, id: string) => a.checks.filter((c) => c.id === id);

/** Two plain vLLM Pods (prefill, decode), kept on one node by a required podAffinity unless `apart`. */
const pods = (o: {
  kv: (role: 'producer' | 'consumer') => string;
  rdma?: boolean;
  hostId?: boolean;
  apart?: boolean;
  volume?: (role: string) => string;
}) => {
  const pod = (role: 'prefill' | 'decode', kvRole: 'producer' | 'consumer') => `
apiVersion: v1
kind: Pod
metadata:
  name: vllm-${role}
  labels: {app: pd, role: ${role}}
spec:${
    role === 'decode' && !o.apart
      ? `
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: pd, role: prefill}}
        topologyKey: kubernetes.io/hostname`
      : ''
  }
  containers:
  - name: vllm-${role}
    image: vllm/vllm-openai:v0.15.0
    command: [vllm]
    args: [serve, m, '--kv-transfer-config=${o.kv(kvRole)}']${
      o.hostId
        ? `
    env: [{name: NCCL_HOSTID, value: node-a}]`
        : ''
    }
    resources:
      limits: {nvidia.com/gpu: 1${o.rdma ? ', rdma/ib: 1' : ''}}${o.volume ? o.volume(role) : ''}
`;
  return `${pod('prefill', 'producer')}---${pod('decode', 'consumer')}`;
};

const nccl = (r: string) =>
  `{"kv_connector":"P2pNcclConnector","kv_role":"kv_${r}","kv_port":14579,"kv_ip":"0.0.0.0"}`;

describe('env.kv-over-pod-network: KV over NCCL between pods (vLLM P2pNcclConnector)', () => {
  it('no RDMA device: a failure even with the pods held on one node (NCCL takes another pod for another host)', async () => {
    const [c] = of(await analyseYamlFile(pods({ kv: nccl })), 'env.kv-over-pod-network');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/KV over NCCL \(--kv-transfer-config \(P2pNcclConnector\)\)/);
    expect(c?.detail).toMatch(/P2P\/SHM transports are out even on one node/);
  });

  it('an RDMA device in both pods gives NCCL its IB transport: not this failure', async () => {
    const checks = of(await analyseYamlFile(pods({ kv: nccl, rdma: true })), 'env.kv-over-pod-network');
    expect(checks.map((c) => c.status)).not.toContain('fail');
  });

  it('NCCL_HOSTID set in the pods (one host id for both): left to the placement rules, no failure', async () => {
    const checks = of(await analyseYamlFile(pods({ kv: nccl, hostId: true })), 'env.kv-over-pod-network');
    expect(checks.map((c) => c.status)).not.toContain('fail');
  });

  it('NIXL between the same two pods held on one node keeps its placement verdict', async () => {
    const nixl = () => '{"kv_connector":"NixlConnector","kv_role":"kv_both"}';
    const [c] = of(await analyseYamlFile(pods({ kv: nixl })), 'env.kv-over-pod-network');
    expect(c?.status).toBe('ok');
  });
});

const storage = (path?: string) => (r: string) =>
  `{"kv_connector":"ExampleConnector","kv_role":"kv_${r}"${path ? `,"kv_connector_extra_config":{"shared_storage_path":"${path}"}` : ''}}`;

describe('env.kv-storage: KV handed over through files must be on a volume both pods see', () => {
  it('each pod mounts its own emptyDir at the storage path: a failure naming the volume', async () => {
    const a = await analyseYamlFile(
      pods({
        kv: storage('/kv_cache'),
        volume: () => `
    volumeMounts: [{name: kv, mountPath: /kv_cache}]
  volumes: [{name: kv, emptyDir: {}}]`,
      }),
    );
    const [c] = of(a, 'env.kv-storage');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/\/kv_cache is the pod's own emptyDir `kv`/);
  });

  it('no path given and nothing mounted at /tmp: the container file system, a failure', async () => {
    const [c] = of(await analyseYamlFile(pods({ kv: storage() })), 'env.kv-storage');
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/\/tmp is on no volume/);
  });

  it('one claim mounted at the path in both pods: ok', async () => {
    const [c] = of(
      await analyseYamlFile(
        pods({
          kv: storage('/kv_cache/run1'),
          volume: () => `
    volumeMounts: [{name: kv, mountPath: /kv_cache}]
  volumes: [{name: kv, persistentVolumeClaim: {claimName: shared-kv}}]`,
        }),
      ),
      'env.kv-storage',
    );
    expect(c?.status).toBe('ok');
  });

  it('a network connector is not judged by this check', async () => {
    expect(of(await analyseYamlFile(pods({ kv: nccl, rdma: true })), 'env.kv-storage')).toEqual([]);
  });
});

describe('env.multinode-rdma: a host-network pod is described as one', () => {
  const lws = `
apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: big}
spec:
  leaderWorkerTemplate:
    size: 2
    leaderTemplate:
      spec:
        hostNetwork: true
        containers:
        - name: leader
          image: lmsysorg/sglang:latest
          command: [python3, -m, sglang.launch_server, --model-path, m, --tp, '16', --nnodes, '2', --node-rank, '0']
          resources: {limits: {nvidia.com/gpu: "8"}}
    workerTemplate:
      spec:
        hostNetwork: true
        containers:
        - name: worker
          image: lmsysorg/sglang:latest
          command: [python3, -m, sglang.launch_server, --model-path, m, --tp, '16', --nnodes, '2', --node-rank, '1']
          resources: {limits: {nvidia.com/gpu: "8"}}
`;
  it('hostNetwork without an RDMA device: the failure says hostNetwork is there but no RDMA device came with it', async () => {
    const cs = of(await analyseYamlFile(lws), 'env.multinode-rdma');
    expect(cs.length).toBeGreaterThan(0);
    for (const c of cs) {
      expect(c.status).toBe('fail');
      expect(c.detail).toMatch(/hostNetwork but no RDMA device with it/);
      expect(c.detail).not.toMatch(/no hostNetwork/);
    }
  });

  it('without hostNetwork the message still says so', async () => {
    const cs = of(
      await analyseYamlFile(lws.replaceAll('hostNetwork: true', 'hostNetwork: false')),
      'env.multinode-rdma',
    );
    expect(cs[0]?.detail).toMatch(/no hostNetwork/);
  });
});
