// Jobs and pods through the real Job controller and scheduler, with kwok
// playing the kubelet as the sim-* annotations say.
import type { V1Pod } from '@kubernetes/client-node';
import { expect, test } from 'vitest';
import { describeNeeding, localControlPlane } from '../helpers/preconditions.js';
import { GPU_TOLERATION, isLocalKwokCluster, useTestEnv, waitFor } from './harness.js';

// Pods here must behave as kwok's sim-* stages say: skipped on other clusters.
const local = await isLocalKwokCluster();
const env = useTestEnv('sched');

const condition = (p: V1Pod, type: string) => p.status?.conditions?.find((c) => c.type === type);
const unschedulable = (p: V1Pod) => {
  const c = condition(p, 'PodScheduled');
  return c?.status === 'False' && c.reason === 'Unschedulable';
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeNeeding([localControlPlane(local)], 'scheduling onto GPU nodes', () => {
  test('pods that need rdma/ib never land on the node without RDMA', async () => {
    const e = env();
    const nodes = e.requireLocalCluster('node layout').nodes;
    const rdmaNodes = nodes.filter((n) => n !== 'gpu-node-nordma');
    // One more pod than there are RDMA nodes, each wanting a whole node's HCAs.
    const names = Array.from({ length: rdmaNodes.length + 1 }, (_, i) => `rdma-${i}`);
    for (const name of names) {
      await e.createPod({
        name,
        tolerations: [GPU_TOLERATION],
        resources: { limits: { 'nvidia.com/gpu': '1', 'rdma/ib': '8' } },
      });
    }
    const settled = await waitFor('every rdma pod running or unschedulable', async () => {
      const pods = await Promise.all(names.map((n) => e.readPod(n)));
      const done = pods.every((p) => p.status?.phase === 'Running' || unschedulable(p));
      return done ? pods : undefined;
    });
    const placed = settled.filter((p) => p.spec?.nodeName).map((p) => p.spec!.nodeName!);
    expect(placed).not.toContain('gpu-node-nordma');
    expect(new Set(placed).size).toBe(placed.length);
    expect(placed.length).toBe(rdmaNodes.length);
    const pending = settled.filter(unschedulable);
    expect(pending).toHaveLength(1);
    expect(condition(pending[0]!, 'PodScheduled')?.message).toMatch(/Insufficient rdma\/ib/);

    for (const name of names) await e.core.deleteNamespacedPod({ name, namespace: e.namespace });
    for (const name of names) await e.waitForGone(`pod ${name}`, () => e.readPod(name));
  });

  test('a pod asking for 9 GPUs stays Pending: Insufficient nvidia.com/gpu', async () => {
    const e = env();
    await e.createPod({
      name: 'nine-gpus',
      tolerations: [GPU_TOLERATION],
      resources: { limits: { 'nvidia.com/gpu': '9' } },
    });
    const p = await e.waitForPod('nine-gpus', 'unschedulable', unschedulable);
    expect(p.status?.phase).toBe('Pending');
    expect(p.spec?.nodeName).toBeUndefined();
    expect(condition(p, 'PodScheduled')?.message).toMatch(/Insufficient nvidia\.com\/gpu/);
  });

  test('the nvidia.com/gpu taint keeps pods without the toleration off tainted nodes', async () => {
    const e = env();
    await e.createPod({ name: 'no-toleration', node: 'gpu-node-1' });
    const blocked = await e.waitForPod('no-toleration', 'unschedulable', unschedulable);
    expect(blocked.spec?.nodeName).toBeUndefined();
    // The scheduler names no taint keys: "N node(s) had untolerated taint(s), ...".
    expect(condition(blocked, 'PodScheduled')?.message).toMatch(/\d+ node\(s\) had untolerated taint/);

    await e.createPod({ name: 'tolerates', node: 'gpu-node-1', tolerations: [GPU_TOLERATION] });
    const ok = await e.waitForPodReady('tolerates');
    expect(ok.spec?.nodeName).toBe('gpu-node-1');
  });
});

describeNeeding([localControlPlane(local)], 'Jobs through the Job controller', () => {
  test('an unannotated Job pod is scheduled onto a GPU node and completes with 0', async () => {
    const e = env();
    await e.createJob({
      name: 'ok',
      tolerations: [GPU_TOLERATION],
      resources: { limits: { 'nvidia.com/gpu': '8', 'rdma/ib': '1' } },
    });
    const job = await e.waitForJob('ok', 'Complete');
    expect(job.status?.succeeded).toBe(1);
    const [pod] = await e.jobPods('ok');
    expect(pod?.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'Job', name: 'ok', controller: true });
    expect(pod?.spec?.nodeName).toMatch(/^gpu-node-\d+$/);
    expect(condition(pod!, 'PodScheduled')?.status).toBe('True');
    expect(pod?.status?.phase).toBe('Succeeded');
    expect(pod?.status?.containerStatuses?.[0]?.state?.terminated).toMatchObject({
      exitCode: 0,
      reason: 'Completed',
    });
    const events = await e.core.listNamespacedEvent({
      namespace: e.namespace,
      fieldSelector: `involvedObject.name=${pod!.metadata!.name}`,
    });
    expect(events.items).toContainEqual(
      expect.objectContaining({ reason: 'Scheduled', reportingComponent: 'default-scheduler' }),
    );
  });

  test('sim-exit-code fails the pod with that code and the Job with BackoffLimitExceeded', async () => {
    const e = env();
    await e.createJob({ name: 'fails', tolerations: [GPU_TOLERATION], sim: { exitCode: 3, duration: '2s' } });
    const job = await e.waitForJob('fails', 'Failed');
    expect(job.status?.conditions?.find((c) => c.type === 'Failed')?.reason).toBe('BackoffLimitExceeded');
    const [pod] = await e.jobPods('fails');
    expect(pod?.status?.phase).toBe('Failed');
    const term = pod?.status?.containerStatuses?.[0]?.state?.terminated;
    expect(term).toMatchObject({ exitCode: 3, reason: 'Error' });
    // sim-duration: the container ran ~2s (API timestamps have 1s resolution).
    const ranMs = new Date(term!.finishedAt!).getTime() - new Date(term!.startedAt!).getTime();
    expect(ranMs).toBeGreaterThanOrEqual(1000);
  });

  test('sim-termination-reason is reported (OOMKilled, 137)', async () => {
    const e = env();
    await e.createJob({ name: 'oom', sim: { exitCode: 137, terminationReason: 'OOMKilled' } });
    await e.waitForJob('oom', 'Failed');
    const [pod] = await e.jobPods('oom');
    expect(pod?.status?.containerStatuses?.[0]?.state?.terminated).toMatchObject({
      exitCode: 137,
      reason: 'OOMKilled',
    });
  });
});

describeNeeding([localControlPlane(local)], 'pod states a test can ask for', () => {
  test('restartPolicy Always without annotations stays Running', async () => {
    const e = env();
    await e.createPod({ name: 'server', restartPolicy: 'Always' });
    await e.waitForPodReady('server');
    await sleep(3000);
    const p = await e.readPod('server');
    expect(p.status?.phase).toBe('Running');
    expect(p.status?.containerStatuses?.[0]).toMatchObject({ ready: true, restartCount: 0 });
  });

  test('sim-waiting-reason: ImagePullBackOff keeps the pod Pending with that reason', async () => {
    const e = env();
    await e.createPod({
      name: 'no-image',
      image: 'nvcr.io/nvidia/missing:tag',
      sim: { waitingReason: 'ImagePullBackOff' },
    });
    const waiting = (p: V1Pod) =>
      p.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'ImagePullBackOff';
    await e.waitForPod('no-image', 'waiting ImagePullBackOff', waiting);
    await sleep(2000);
    const p = await e.readPod('no-image');
    expect(p.status?.phase).toBe('Pending');
    expect(p.spec?.nodeName).toBeTruthy();
    expect(p.status?.containerStatuses?.[0]?.state?.waiting).toEqual({
      reason: 'ImagePullBackOff',
      message: 'Back-off pulling image "nvcr.io/nvidia/missing:tag"',
    });
  });

  test('restartPolicy Always with sim-exit-code ends in CrashLoopBackOff', async () => {
    const e = env();
    await e.createPod({ name: 'crashes', sim: { exitCode: 1, duration: '500ms' } });
    const p = await e.waitForPod(
      'crashes',
      'CrashLoopBackOff',
      (x) => x.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'CrashLoopBackOff',
    );
    expect(p.status?.phase).toBe('Running');
    expect(p.status?.containerStatuses?.[0]).toMatchObject({
      ready: false,
      restartCount: 1,
      lastState: { terminated: { exitCode: 1, reason: 'Error' } },
    });
  });
});
