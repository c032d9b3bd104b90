// The local control plane itself: real components, GPU-looking kwok nodes.
import { CoordinationV1Api, CoreV1Api, VersionApi } from '@kubernetes/client-node';
import { beforeAll, describe, expect, test } from 'vitest';
import { localControlPlane, need } from '../helpers/preconditions.js';
import { type LocalClusterInfo, loadKubeConfig, localClusterInfo } from './harness.js';

const kc = loadKubeConfig();
const core = kc.makeApiClient(CoreV1Api);
let info: LocalClusterInfo | undefined;

beforeAll(async () => {
  info = await localClusterInfo(kc);
});

describe('control plane', () => {
  test('is a real kube-apiserver of a released version', async () => {
    const v = await kc.makeApiClient(VersionApi).getCode();
    expect(v.major).toBe('1');
    expect(Number(v.minor.replace(/\D/g, ''))).toBeGreaterThanOrEqual(30);
    if (info) expect(v.gitVersion).toBe(info.kubernetesVersion);
  });

  test('has the default service account in default (serviceaccount controller ran)', async () => {
    const sa = await core.readNamespacedServiceAccount({ name: 'default', namespace: 'default' });
    expect(sa.metadata?.name).toBe('default');
  });
});

describe('kwok GPU nodes', () => {
  test('are Ready, labelled and sized like 8x H100 machines', async (ctx) => {
    need(ctx, localControlPlane(!!info));
    const nodes = (await core.listNode({ labelSelector: 'type=kwok' })).items;
    expect(nodes.map((n) => n.metadata?.name).sort()).toEqual([...info!.nodes].sort());
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    for (const n of nodes) {
      const name = n.metadata!.name!;
      expect(n.metadata?.annotations?.['kwok.x-k8s.io/node']).toBe('fake');
      expect(n.metadata?.labels).toMatchObject({
        'kubernetes.io/hostname': name,
        'nvidia.com/gpu.present': 'true',
        'nvidia.com/gpu.product': 'NVIDIA-H100-80GB-HBM3',
      });
      expect(n.metadata?.labels?.['topology.kubernetes.io/zone']).toMatch(/^zone-[ab]$/);
      expect(n.status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
      expect(n.status?.allocatable?.['nvidia.com/gpu']).toBe('8');
      // The kubelet endpoint the apiserver proxies logs/exec to is kwok's server.
      expect(n.status?.addresses).toContainEqual({ type: 'InternalIP', address: '127.0.0.1' });
      expect(n.status?.daemonEndpoints?.kubeletEndpoint?.Port).toBeGreaterThan(0);
      if (name === 'gpu-node-nordma') {
        expect(n.status?.allocatable?.['rdma/ib']).toBeUndefined();
        expect(n.spec?.taints ?? []).toEqual([]);
      } else {
        expect(n.status?.allocatable?.['rdma/ib']).toBe('8');
        const index = Number(name.replace('gpu-node-', ''));
        const gpuTaint = (n.spec?.taints ?? []).filter((t) => t.key === 'nvidia.com/gpu');
        expect(gpuTaint).toEqual(
          index % 2 === 1 ? [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] : [],
        );
      }
    }
  });

  test('keep their leases fresh (kwok heartbeats for the node lifecycle controller)', async (ctx) => {
    need(ctx, localControlPlane(!!info));
    const leases = await kc
      .makeApiClient(CoordinationV1Api)
      .listNamespacedLease({ namespace: 'kube-node-lease' });
    const names = leases.items.map((l) => l.metadata?.name);
    for (const n of info!.nodes) expect(names).toContain(n);
  });
});
