import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixturePath, readFixture } from '../../../test/helpers/fixtures.js';
import { analyse } from '../../env/index.js';
import { loadInputs } from '../../env/load.js';
import { settingsFromLoaded } from '../steps/probes.js';
import { mergeSettings, settingsFromDgd, settingsFromPod, withOverrides } from './settings.js';

const nebius = () =>
  parse(readFixture('recipes', 'qwen3-32b', 'vllm', 'cloud-providers', 'deploy-nebius-ib.yaml'));

describe('settingsFromDgd (v1alpha1)', () => {
  it('copies what the Nebius IB recipe gives its prefill worker, and nothing else', () => {
    expect(settingsFromDgd(nebius(), 'nebius').prefill).toEqual({
      source: 'nebius PrefillWorker',
      // NIXL_TELEMETRY_* are not transport settings of the probe; the rest is not transport at all.
      env: [
        { name: 'NCCL_SOCKET_IFNAME', value: 'eth0' },
        { name: 'NCCL_DEBUG', value: 'WARN' },
      ],
      image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.1.1',
      resources: [{ name: 'rdma/ib', count: '1' }],
      annotations: {},
      capabilities: ['IPC_LOCK', 'SYS_PTRACE'],
      privileged: true,
      hostNetwork: false,
      // The worker's 4 GPUs (resources.limits.gpu): its RDMA devices per GPU follow from it.
      gpus: 4,
      shmSize: '64Gi',
      tolerations: [],
      hostPaths: [{ name: 'ib', path: '/dev/infiniband', mountPath: '/dev/infiniband' }],
      // The worker's user: the probe registers memory as the same user the KV transfer does.
      user: { runAsUser: 0 },
      // Read and said, never copied: a privileged probe would see every GPU of the node.
      notes: [
        'privileged not copied: a privileged container sees every GPU of the node, not the one the device plugin allocated; the probe keeps IPC_LOCK and uses only its allocated GPU',
      ],
    });
  });

  it('keeps per-role differences (decode sets UCX_RNDV_THRESH, prefill does not)', () => {
    const s = settingsFromDgd(nebius(), 'nebius');
    expect(s.decode?.env).toEqual([
      { name: 'UCX_RNDV_THRESH', value: '8192' },
      { name: 'NCCL_SOCKET_IFNAME', value: 'eth0' },
      { name: 'NCCL_DEBUG', value: 'WARN' },
    ]);
  });

  it('copies GKE multi-network resources and annotations, and the driver hostPaths', () => {
    const gke = parse(readFixture('recipes', 'qwen3-32b', 'vllm', 'cloud-providers', 'deploy-gke-roce.yaml'));
    const s = settingsFromDgd(gke, 'gke').decode;
    expect(s?.resources.map((r) => r.name)).toEqual([
      'networking.gke.io.networks/rdma-0',
      'networking.gke.io.networks/rdma-1',
      'networking.gke.io.networks/rdma-2',
      'networking.gke.io.networks/rdma-3',
      'networking.gke.io.networks/rdma-0.IP',
      'networking.gke.io.networks/rdma-1.IP',
      'networking.gke.io.networks/rdma-2.IP',
      'networking.gke.io.networks/rdma-3.IP',
    ]);
    expect(Object.keys(s?.annotations ?? {})).toEqual([
      'networking.gke.io/default-interface',
      'networking.gke.io/interfaces',
    ]);
    expect(s?.hostPaths.map((h) => h.mountPath)).toEqual(['/usr/local/gib', '/usr/local/nvidia']);
    expect(s?.tolerations).toHaveLength(2);
    expect(s?.notes).toEqual([
      'privileged not copied: a privileged container sees every GPU of the node, not the one the device plugin allocated; the probe keeps IPC_LOCK and uses only its allocated GPU',
      'imagePullSecrets live in the deployment namespace and are not copied; use --image-pull-secret with --scratch-namespace',
    ]);
  });
});

describe('privileged and MIG workers (settingsFromPod)', () => {
  const pod = (container: Record<string, unknown>, volumes: unknown[] = []) => ({
    metadata: { name: 'w' },
    spec: { containers: [{ name: 'main', image: 'img', ...container }], volumes },
  });

  it('a privileged worker that opens /dev/infiniband by hostPath without an RDMA resource: both notes', () => {
    const s = settingsFromPod(
      pod(
        {
          securityContext: { privileged: true },
          resources: { limits: { 'nvidia.com/gpu': '8' } },
          volumeMounts: [{ name: 'ib', mountPath: '/dev/infiniband' }],
        },
        [{ name: 'ib', hostPath: { path: '/dev/infiniband' } }],
      ),
      'pod ns/w',
    );
    expect([s.privileged, s.gpus, s.gpuResource]).toEqual([true, 8, undefined]);
    expect(s.notes).toEqual([
      'privileged not copied: a privileged container sees every GPU of the node, not the one the device plugin allocated; the probe keeps IPC_LOCK and uses only its allocated GPU',
      "/dev/infiniband is mounted by hostPath with no RDMA device resource: without privileged the container may not open it; request the RDMA device plugin's resource (--rdma-resource)",
    ]);
  });

  it('a worker on a MIG slice: the probe asks for the same slice, never nvidia.com/gpu', () => {
    const s = settingsFromPod(pod({ resources: { limits: { 'nvidia.com/mig-3g.40gb': '1' } } }), 'pod ns/w');
    expect([s.gpuResource, s.gpus, s.resources, s.notes]).toEqual(['nvidia.com/mig-3g.40gb', 1, [], []]);
  });
});

describe('settingsFromDgd (v1beta1)', () => {
  it('reads components[].podTemplate, graph env first, sharedMemorySize, and leaves the model hostPath out', () => {
    const docs = readFixture('recipes', 'kimi-k3', 'vllm', 'disagg-gb200-agentic', 'deploy.yaml')
      .split(/^---$/m)
      .map((d) => parse(d))
      .filter((d) => d?.kind === 'DynamoGraphDeployment');
    const s = settingsFromDgd(docs[0], 'kimi').prefill;
    expect(s?.source).toBe('kimi Prefill');
    expect(s?.env.filter((e) => e.name.startsWith('UCX_'))).toEqual([
      { name: 'UCX_MEMTYPE_CACHE', value: 'n' },
      { name: 'UCX_TLS', value: '^cuda_ipc' },
      { name: 'UCX_CUDA_IPC_ENABLE_MNNVL', value: 'y' },
      { name: 'UCX_RCACHE_MAX_UNRELEASED', value: '1024' },
      { name: 'UCX_MEMTYPE_REG_WHOLE', value: 'n' },
    ]);
    expect([s?.shmSize, s?.capabilities, s?.privileged, s?.hostPaths]).toEqual([
      '256Gi',
      ['IPC_LOCK', 'SYS_RESOURCE'],
      false,
      [],
    ]);
    expect(s?.notes).toContain(
      'hostPath /mnt/stateful_partition/kube-ephemeral-ssd/models (at /models) not copied: not a device or driver path',
    );
  });
});

describe('settingsFromPod and overrides', () => {
  it('reads a live pod: valueFrom variables are noted, not copied; NIXL_ETCD_* never', () => {
    const s = settingsFromPod(
      {
        metadata: { annotations: { 'k8s.v1.cni.cncf.io/networks': 'rdma-net', other: 'x' } },
        spec: {
          hostNetwork: true,
          runtimeClassName: 'nvidia',
          tolerations: [
            { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
            {
              key: 'node.kubernetes.io/not-ready',
              operator: 'Exists',
              effect: 'NoExecute',
              tolerationSeconds: 300,
            },
          ],
          containers: [
            { name: 'sidecar', env: [{ name: 'UCX_TLS', value: 'tcp' }] },
            {
              name: 'main',
              image: 'img',
              env: [
                { name: 'UCX_NET_DEVICES', value: 'mlx5_0:1' },
                { name: 'UCX_IB_GID_INDEX', valueFrom: { configMapKeyRef: { name: 'c', key: 'k' } } },
                { name: 'NIXL_ETCD_ENDPOINTS', value: 'http://etcd:2379' },
                { name: 'NCCL_IB_HCA', value: 'mlx5_0' },
              ],
            },
          ],
        },
      },
      'pod ns/p',
    );
    expect(s).toMatchObject({
      env: [
        { name: 'UCX_NET_DEVICES', value: 'mlx5_0:1' },
        { name: 'NCCL_IB_HCA', value: 'mlx5_0' },
      ],
      annotations: { 'k8s.v1.cni.cncf.io/networks': 'rdma-net' },
      hostNetwork: true,
      runtimeClassName: 'nvidia',
      tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
      notes: [
        'UCX_IB_GID_INDEX comes from valueFrom and is not copied; set it with --env if it matters',
        "NIXL_ETCD_ENDPOINTS not copied: NIXL core would write to the deployment's etcd",
      ],
    });
    expect(
      withOverrides(s, [
        { name: 'UCX_NET_DEVICES', value: 'mlx5_3:1' },
        { name: 'UCX_TLS', value: 'rc,cuda_copy' },
      ]).env,
    ).toEqual([
      { name: 'UCX_NET_DEVICES', value: 'mlx5_3:1' },
      { name: 'NCCL_IB_HCA', value: 'mlx5_0' },
      { name: 'UCX_TLS', value: 'rc,cuda_copy' },
    ]);
  });
});

describe('settingsFromLoaded (through the env check)', () => {
  it('takes the env check’s resolved variables for the one disaggregated DGD of a file', async () => {
    const file = fixturePath('recipes', 'qwen3-32b', 'vllm', 'cloud-providers', 'deploy-nebius-ib.yaml');
    const loaded = await loadInputs([file], '/');
    const { part } = analyse(loaded);
    const s = settingsFromLoaded(loaded, part.services, 'recipe');
    expect(s.decode?.env).toEqual([
      { name: 'UCX_RNDV_THRESH', value: '8192' },
      { name: 'NCCL_SOCKET_IFNAME', value: 'eth0' },
      { name: 'NCCL_DEBUG', value: 'WARN' },
    ]);
    expect(s.prefill?.resources).toEqual([{ name: 'rdma/ib', count: '1' }]);
  });

  it('refuses a directory with several disaggregated DGDs, naming them', async () => {
    const dir = fixturePath('recipes', 'qwen3-32b', 'vllm', 'cloud-providers');
    const loaded = await loadInputs([dir], '/');
    const { part } = analyse(loaded);
    expect(() => settingsFromLoaded(loaded, part.services, 'recipe dir')).toThrow(
      /^recipe dir holds \d+ disaggregated DynamoGraphDeployments/,
    );
  });
});

describe('mergeSettings', () => {
  it('the live pod wins per variable and per resource; the DGD spec fills the rest', () => {
    const spec = settingsFromDgd(nebius(), 'nebius').decode;
    const live = settingsFromPod(
      {
        spec: {
          containers: [
            {
              name: 'main',
              image: 'live-img',
              env: [
                { name: 'UCX_RNDV_THRESH', value: 'inf' },
                { name: 'UCX_TLS', value: 'rc' },
              ],
            },
          ],
        },
      },
      'pod ns/decode-0',
    );
    const m = mergeSettings(spec, live);
    expect([m.source, m.image, m.env, m.resources, m.privileged, m.shmSize]).toEqual([
      'pod ns/decode-0',
      'live-img',
      [
        { name: 'UCX_RNDV_THRESH', value: 'inf' },
        { name: 'NCCL_SOCKET_IFNAME', value: 'eth0' },
        { name: 'NCCL_DEBUG', value: 'WARN' },
        { name: 'UCX_TLS', value: 'rc' },
      ],
      [{ name: 'rdma/ib', count: '1' }],
      true,
      '64Gi',
    ]);
    expect(mergeSettings(undefined, live)).toBe(live);
  });
});

describe('settingsFromPod: the worker user and pull secrets', () => {
  it("takes the container's user over the pod's, and names (never copies) the pull secrets", () => {
    const s = settingsFromPod(
      {
        spec: {
          securityContext: { runAsUser: 1000, runAsGroup: 0, runAsNonRoot: true },
          imagePullSecrets: [{ name: 'nvcr-imagepullsecret' }],
          containers: [
            {
              name: 'main',
              image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0',
              securityContext: { runAsUser: 1001 },
            },
          ],
        },
      },
      'pod dynamo/w',
    );
    expect(s.user).toEqual({ runAsUser: 1001, runAsGroup: 0, runAsNonRoot: true });
    expect(s.imagePullSecrets).toEqual(['nvcr-imagepullsecret']);
  });
});
