import type { V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { MemoryCluster } from '../../test/helpers/memory-cluster.js';
import { describeTarget, localTarget, podTargets, validateChoice } from './targets.js';

function pod(name: string, labels: Record<string, string>, phase = 'Running', node = 'gpu-a'): V1Pod {
  return {
    metadata: { name, namespace: 'dynamo', labels },
    spec: {
      nodeName: node,
      containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0' }],
    },
    status: {
      phase,
      containerStatuses: [
        { name: 'main', image: '', imageID: '', ready: true, restartCount: 0, state: { running: {} } },
      ],
    },
  };
}

const G = 'nvidia.com/dynamo-graph-deployment-name';
const T = 'nvidia.com/dynamo-component-type';
function api(pods: V1Pod[]): MemoryCluster {
  return new MemoryCluster({ namespace: 'dynamo', objects: pods });
}

describe('validateChoice', () => {
  it('wants exactly one of --local, --pod, --dgd', () => {
    expect(() => validateChoice({ local: false })).toThrow('say where to probe');
    expect(() => validateChoice({ local: true, dgd: 'g' })).toThrow(
      'choose one of --local, --dgd, not several',
    );
    expect(() => validateChoice({ local: false, pod: ['a'], allPods: true })).toThrow(
      '--all-pods only goes with --dgd',
    );
    expect(() => validateChoice({ local: true, container: 'main' })).toThrow('--local runs on this host');
    expect(() => validateChoice({ local: false, pod: ['a', 'b'], container: 'main' })).not.toThrow();
  });
});

describe('podTargets', () => {
  const graph = [
    pod('g-decode-1', { [G]: 'g', [T]: 'decode' }, 'Running', 'gpu-c'),
    pod('g-decode-0', { [G]: 'g', [T]: 'decode' }, 'Pending', 'gpu-b'),
    pod('g-prefill-0', { [G]: 'g', [T]: 'prefill' }, 'Running', 'gpu-a'),
    pod('g-frontend', { [G]: 'g', [T]: 'frontend' }),
  ];

  it('picks one Running pod per role from a DGD and says which were left out', async () => {
    const r = await podTargets(api(graph), 'dynamo', { local: false, dgd: 'g' });
    expect(r.targets.map((t) => [t.label, t.role, t.node, t.container, t.image, t.runner.where])).toEqual([
      [
        'g-prefill-0',
        'prefill',
        'gpu-a',
        'main',
        'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0',
        'pod dynamo/g-prefill-0 (container main)',
      ],
      [
        'g-decode-1',
        'decode',
        'gpu-c',
        'main',
        'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0',
        'pod dynamo/g-decode-1 (container main)',
      ],
    ]);
    expect(r.leftOut).toEqual([{ pod: 'g-decode-0', role: 'decode', why: 'is Pending, not Running' }]);
    expect(describeTarget(r.targets[0]!)).toBe(
      'pod dynamo/g-prefill-0 (prefill) on node gpu-a, container main',
    );
  });

  it('takes every Running worker with --all-pods', async () => {
    const more = [
      ...graph,
      pod('g-prefill-1', { [G]: 'g', [T]: 'worker', 'nvidia.com/dynamo-sub-component-type': 'prefill' }),
    ];
    const r = await podTargets(api(more), 'dynamo', { local: false, dgd: 'g', allPods: true });
    expect(r.targets.map((t) => [t.label, t.role])).toEqual([
      ['g-prefill-0', 'prefill'],
      ['g-prefill-1', 'prefill'],
      ['g-decode-1', 'decode'],
    ]);
    expect(r.leftOut.map((l) => l.pod)).toEqual(['g-decode-0']);
  });

  it('probes named pods after checking each exists, has the container and runs', async () => {
    const r = await podTargets(api(graph), 'dynamo', {
      local: false,
      pod: ['g-prefill-0', 'g-frontend'],
    });
    expect(r.targets.map((t) => [t.label, t.role ?? null])).toEqual([
      ['g-prefill-0', 'prefill'],
      ['g-frontend', null],
    ]);
    await expect(podTargets(api(graph), 'dynamo', { local: false, pod: ['nope'] })).rejects.toThrow(
      'pods nope not found in namespace dynamo',
    );
    await expect(
      podTargets(api(graph), 'dynamo', { local: false, pod: ['g-prefill-0'], container: 'sidecar' }),
    ).rejects.toThrow('container "sidecar" is not in pod dynamo/g-prefill-0');
    await expect(podTargets(api(graph), 'dynamo', { local: false, pod: ['g-decode-0'] })).rejects.toThrow(
      'pod dynamo/g-decode-0 is Pending, not Running',
    );
  });
});

describe('localTarget', () => {
  it('names this host', () => {
    const t = localTarget({ PATH: '/usr/bin' }, 'gpu-7');
    expect([t.kind, t.label, t.node, t.runner.where, describeTarget(t)]).toEqual([
      'local',
      'gpu-7',
      'gpu-7',
      'local host gpu-7',
      'local host gpu-7',
    ]);
  });
});
