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
