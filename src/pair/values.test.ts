import { describe, expect, it } from 'vitest';
import { makePlan } from './plan.js';
import { DEFAULT_SETTINGS, type ProbeSettings } from './settings.js';
import { valuesOf } from './values.js';

describe('valuesOf: the etcd pod', () => {
  it("tolerates what the prefill and the decode pods tolerate (the DGD's and --toleration), once each", () => {
    const gpu = { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' };
    const prefillOnly = { key: 'pool', operator: 'Equal', value: 'prefill', effect: 'NoSchedule' };
    const decodeOnly = { key: 'pool', operator: 'Equal', value: 'decode', effect: 'NoSchedule' };
    const with_ = (tolerations: ProbeSettings['tolerations']): ProbeSettings => ({
      ...DEFAULT_SETTINGS,
      tolerations,
    });
    const plan = makePlan({
      runId: 'r1',
      engine: 'nixlbench',
      mode: 'cross-node',
      now: new Date('2026-01-01T00:00:00Z'),
      timeoutMs: 300_000,
      nodes: { prefill: { name: 'gpu-a', hostname: 'gpu-a' }, decode: { name: 'gpu-b', hostname: 'gpu-b' } },
      settings: { prefill: with_([gpu, prefillOnly]), decode: with_([gpu, decodeOnly]) },
      image: { probeDefault: 'reg/nixlbench:0.10.1' },
      etcdImage: 'etcd',
      memory: 'VRAM',
      legs: [{ initiator: 'prefill', op: 'WRITE' }],
      legsWhy: 'test',
      backend: 'UCX',
      startBlockSize: 4096,
      maxBlockSize: 67108864,
      iterations: 100,
      memoryLimit: '16Gi',
      podAnnotations: {},
    });
    const v = valuesOf(plan);
    expect(v.etcd?.tolerations).toEqual([gpu, prefillOnly, decodeOnly]);
    expect(v.jobs.map((j) => j.tolerations)).toEqual([
      [gpu, prefillOnly],
      [gpu, decodeOnly],
    ]);
  });
});
