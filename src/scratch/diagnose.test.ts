import type { CoreV1Event, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { diagnosePod, exitCodeOf, podStateLine, unschedulableFix } from './diagnose.js';

function pod(status: V1Pod['status']): V1Pod {
  return { metadata: { name: 'itest-x-prefill-abcde' }, status };
}

const waiting = (reason: string, message?: string): V1Pod['status'] => ({
  phase: 'Pending',
  containerStatuses: [
    {
      name: 'prefill',
      image: 'reg/nixlbench:0.10.1',
      imageID: '',
      ready: false,
      restartCount: 0,
      state: { waiting: { reason, ...(message ? { message } : {}) } },
    },
  ],
});

const terminated = (exitCode: number, reason?: string): V1Pod['status'] => ({
  phase: 'Failed',
  containerStatuses: [
    {
      name: 'prefill',
      image: 'img',
      imageID: '',
      ready: false,
      restartCount: 0,
      state: { terminated: { exitCode, ...(reason ? { reason } : {}) } },
    },
  ],
});

describe('diagnosePod', () => {
  it('quotes the scheduler and names the fix for a missing GPU', () => {
    const msg =
      "0/4 nodes are available: 1 Insufficient nvidia.com/gpu, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available.";
    const p = pod({
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: msg }],
    });
    expect(diagnosePod(p)).toEqual({
      kind: 'unschedulable',
      detail: `itest-x-prefill-abcde cannot be scheduled: ${msg}`,
      fix: 'no free GPU on the chosen node(s): the serving pods may hold them all; scale a worker down for the test, or pick nodes with free GPUs (--prefill-node/--decode-node)',
    });
  });

  it('falls back to the FailedScheduling event when the condition has no message', () => {
    const ev: CoreV1Event = {
      metadata: {},
      involvedObject: {},
      reason: 'FailedScheduling',
      message: '0/2 nodes are available: 2 Insufficient rdma/ib.',
      lastTimestamp: new Date('2026-01-01T00:00:00Z'),
    };
    const p = pod({
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }],
    });
    expect(diagnosePod(p, [ev], { rdma: 'rdma/ib' })?.fix).toBe(
      'the node has no free rdma/ib (the RDMA resource): check its device plugin (kubectl describe node), or pass --rdma-resource with the name the nodes advertise',
    );
  });

  it('image pull failures quote the kubelet event', () => {
    const ev: CoreV1Event = {
      metadata: {},
      involvedObject: {},
      reason: 'Failed',
      message: 'Failed to pull image "reg/nixlbench:0.10.1": not found',
    };
    expect(diagnosePod(pod(waiting('ImagePullBackOff', 'Back-off pulling image')), [ev])).toEqual({
      kind: 'image-pull',
      detail:
        'itest-x-prefill-abcde cannot pull image reg/nixlbench:0.10.1: ImagePullBackOff (Failed to pull image "reg/nixlbench:0.10.1": not found)',
      fix: 'check the image name and tag (--image), that the nodes can reach the registry, and the pull secret (--image-pull-secret)',
    });
  });

  it('OOMKilled, a plain non-zero exit, config errors, eviction and our deadline each have their own reading', () => {
    expect(diagnosePod(pod(terminated(137, 'OOMKilled')))?.kind).toBe('oom-killed');
    expect(diagnosePod(pod(terminated(1, 'Error')))).toEqual({
      kind: 'exited',
      detail: 'itest-x-prefill-abcde exited with code 1',
      fix: 'read its log for the cause',
      exitCode: 1,
    });
    expect(diagnosePod(pod(waiting('CreateContainerConfigError', 'secret "x" not found')))?.detail).toBe(
      'itest-x-prefill-abcde cannot start its container: CreateContainerConfigError (secret "x" not found)',
    );
    expect(
      diagnosePod(
        pod({ phase: 'Failed', reason: 'Evicted', message: 'The node was low on resource: memory.' }),
      )?.kind,
    ).toBe('evicted');
    expect(diagnosePod(pod({ phase: 'Failed', reason: 'DeadlineExceeded' }))?.kind).toBe('deadline');
  });

  it('says nothing while a pod is fine', () => {
    expect(diagnosePod(pod({ phase: 'Pending' }))).toBeUndefined();
    expect(diagnosePod(pod(waiting('ContainerCreating')))).toBeUndefined();
    expect(diagnosePod(pod({ phase: 'Running' }))).toBeUndefined();
    expect(diagnosePod(pod(terminated(0, 'Completed')))).toBeUndefined();
  });
});

describe('small readings', () => {
  it('state lines, exit codes and fixes for other scheduler messages', () => {
    expect([
      podStateLine(undefined),
      podStateLine(pod(waiting('ContainerCreating'))),
      podStateLine(pod({ phase: 'Running' })),
    ]).toEqual(['not created yet', 'Pending (ContainerCreating)', 'Running']);
    expect([
      exitCodeOf(pod(terminated(3))),
      exitCodeOf(pod({ phase: 'Succeeded' })),
      exitCodeOf(pod({ phase: 'Running' })),
    ]).toEqual([3, 0, undefined]);
    expect(unschedulableFix('1 node(s) had untolerated taint {nvidia.com/gpu: present}')).toMatch(
      /^the node has a taint/,
    );
    expect(unschedulableFix("1 node(s) didn't match pod anti-affinity rules")).toMatch(
      /^the pinned node is wrong/,
    );
  });
});
