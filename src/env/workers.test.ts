import type { V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import type { ToolError } from '../core/errors.js';
import { assertRunning, chooseContainer, notRunningReason } from '../kube/pods.js';
import { findDgdWorkers, pickRunning, roleOf, splitWorkers } from './workers.js';

function pod(
  name: string,
  opts: { labels?: Record<string, string>; containers?: string[]; phase?: string } = {},
): V1Pod {
  const containers = opts.containers ?? ['main'];
  return {
    metadata: { name, namespace: 'dynamo', labels: opts.labels ?? {} },
    spec: { containers: containers.map((c) => ({ name: c })), nodeName: 'node-a' },
    status: {
      phase: opts.phase ?? 'Running',
      containerStatuses: containers.map((c) => ({
        name: c,
        image: 'img',
        imageID: '',
        ready: true,
        restartCount: 0,
        state: { running: { startedAt: new Date(0) } },
      })),
    },
  };
}

const dgd = 'nvidia.com/dynamo-graph-deployment-name';
const type = 'nvidia.com/dynamo-component-type';
const sub = 'nvidia.com/dynamo-sub-component-type';

describe('chooseContainer', () => {
  it('accepts a container that exists and refuses one that does not, listing the real ones', () => {
    const p = pod('p', { containers: ['main', 'sidecar'] });
    expect(chooseContainer(p, 'sidecar')).toBe('sidecar');
    expect(() => chooseContainer(p, 'nope')).toThrow('container "nope" is not in pod dynamo/p');
    try {
      chooseContainer(p, 'nope');
    } catch (e) {
      expect((e as ToolError).fix).toBe('use one of: main, sidecar');
    }
  });

  it('defaults to the kubectl annotation, then main, then the first container', () => {
    const p = pod('p', { containers: ['istio-proxy', 'main', 'x'] });
    expect(chooseContainer(p)).toBe('main');
    p.metadata!.annotations = { 'kubectl.kubernetes.io/default-container': 'x' };
    expect(chooseContainer(p)).toBe('x');
    expect(chooseContainer(pod('q', { containers: ['worker', 'y'] }))).toBe('worker');
  });
});

describe('notRunningReason / assertRunning', () => {
  it('passes a Running pod with a running container', () => {
    expect(notRunningReason(pod('p'), 'main')).toBeUndefined();
  });

  it('names the phase and the waiting reason of a pod that is not Running', () => {
    const p = pod('p', { phase: 'Pending' });
    p.status!.containerStatuses![0]!.state = { waiting: { reason: 'ImagePullBackOff' } };
    expect(notRunningReason(p, 'main')).toBe('is Pending (ImagePullBackOff), not Running');
    expect(() => assertRunning(p, 'main')).toThrow('pod dynamo/p is Pending (ImagePullBackOff), not Running');
  });

  it('catches a Running pod whose chosen container is crash-looping', () => {
    const p = pod('p', { containers: ['main', 'side'] });
    p.status!.containerStatuses![1]!.state = { waiting: { reason: 'CrashLoopBackOff' } };
    expect(notRunningReason(p, 'main')).toBeUndefined();
    expect(notRunningReason(p, 'side')).toBe('has container side not running (CrashLoopBackOff)');
  });
});

describe('roles from the operator labels', () => {
  it('reads v1beta1 component types and alpha-era worker + sub-component types', () => {
    expect(roleOf(pod('a', { labels: { [type]: 'prefill' } }))).toBe('prefill');
    expect(roleOf(pod('b', { labels: { [type]: 'decode', [sub]: 'decode' } }))).toBe('decode');
    expect(roleOf(pod('c', { labels: { [type]: 'worker', [sub]: 'prefill' } }))).toBe('prefill');
    expect(roleOf(pod('d', { labels: { [type]: 'frontend' } }))).toBeUndefined();
    expect(roleOf(pod('e', { labels: { [type]: 'worker' } }))).toBeUndefined();
  });

  it('splits a graph into sorted prefill, decode and other pods', () => {
    const w = splitWorkers([
      pod('g-decode-1', { labels: { [type]: 'decode' } }),
      pod('g-frontend', { labels: { [type]: 'frontend' } }),
      pod('g-decode-0', { labels: { [type]: 'worker', [sub]: 'decode' } }),
      pod('g-prefill-0', { labels: { [type]: 'prefill' } }),
    ]);
    expect({
      prefill: w.prefill.map((p) => p.metadata?.name),
      decode: w.decode.map((p) => p.metadata?.name),
      other: w.other.map((p) => p.metadata?.name),
    }).toEqual({ prefill: ['g-prefill-0'], decode: ['g-decode-0', 'g-decode-1'], other: ['g-frontend'] });
  });
});

describe('findDgdWorkers', () => {
  const api = (items: V1Pod[]) => new MemoryCluster({ namespace: 'dynamo', objects: items });

  it('selects pods by the graph label and returns them by role', async () => {
    const a = api([
      pod('g-p', { labels: { [dgd]: 'g', [type]: 'prefill' } }),
      pod('g-d', { labels: { [dgd]: 'g', [type]: 'decode' } }),
      pod('other-p', { labels: { [dgd]: 'other', [type]: 'prefill' } }),
    ]);
    const w = await findDgdWorkers(a, 'dynamo', 'g');
    expect([w.prefill.map((p) => p.metadata?.name), w.decode[0]?.metadata?.name]).toEqual([['g-p'], 'g-d']);
  });

  it('says when the graph has no pods, and when a role is missing', async () => {
    await expect(findDgdWorkers(api([]), 'dynamo', 'g')).rejects.toThrow(
      'no pods labelled nvidia.com/dynamo-graph-deployment-name=g in namespace dynamo',
    );
    const agg = api([pod('g-w', { labels: { [dgd]: 'g', [type]: 'worker' } })]);
    await expect(findDgdWorkers(agg, 'dynamo', 'g')).rejects.toThrow(
      'DynamoGraphDeployment g in namespace dynamo has no prefill or decode worker pods (found: g-w (worker))',
    );
  });
});

describe('pickRunning', () => {
  it('picks the first Running pod, or all of them, and lists the ones left out', () => {
    const pending = pod('a', { phase: 'Pending' });
    const pods = [pending, pod('b'), pod('c')];
    const one = pickRunning(pods, 'decode', undefined, false);
    expect(one.picked.map((p) => [p.pod.metadata?.name, p.container])).toEqual([['b', 'main']]);
    expect(one.leftOut.map((l) => [l.pod.metadata?.name, l.why])).toEqual([['a', 'is Pending, not Running']]);
    expect(pickRunning(pods, 'decode', undefined, true).picked.map((p) => p.pod.metadata?.name)).toEqual([
      'b',
      'c',
    ]);
  });

  it('fails with one line when no pod of the role runs', () => {
    expect(() => pickRunning([pod('a', { phase: 'Failed' })], 'prefill', undefined, false)).toThrow(
      'no Running prefill pod: dynamo/a is Failed, not Running',
    );
  });
});
