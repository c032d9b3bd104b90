import { describe, expect, it } from 'vitest';
import { testPlan } from '../../../test/helpers/plan.js';
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
    const plan = testPlan({
      settings: { prefill: with_([gpu, prefillOnly]), decode: with_([gpu, decodeOnly]) },
    });
    const v = valuesOf(plan);
    expect(v.etcd?.tolerations).toEqual([gpu, prefillOnly, decodeOnly]);
    expect(v.jobs.map((j) => j.tolerations)).toEqual([
      [gpu, prefillOnly],
      [gpu, decodeOnly],
    ]);
  });
});

describe('valuesOf: a CPU and memory for each probe process (issue 37 item 5)', () => {
  it('one rail: 1 CPU and the 16Gi default; every rail of 8: 8 CPUs and 8 × 2Gi beside the 8Gi /dev/shm', () => {
    const one = valuesOf(testPlan({ engine: 'nixl' })).jobs[0]?.resources;
    expect([one?.requests, one?.limits.memory]).toEqual([{ cpu: '1' }, '16Gi']);
    const rails = { gpus: 8, rails: [0, 1, 2, 3, 4, 5, 6, 7], notTested: [], why: 'every rail' };
    const eight = valuesOf(testPlan({ engine: 'nixl', rails })).jobs[0]?.resources;
    expect([eight?.requests, eight?.limits.memory, eight?.limits['nvidia.com/gpu']]).toEqual([
      { cpu: '8' },
      '24Gi',
      '8',
    ]);
    // A larger --memory stands.
    const big = valuesOf(testPlan({ engine: 'nixl', rails, memoryLimit: '64Gi' })).jobs[0]?.resources;
    expect(big?.limits.memory).toBe('64Gi');
  });
});
