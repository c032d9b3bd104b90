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

describe('valuesOf: CPU and memory by the probe processes (issue 37 item 5)', () => {
  const rails = (n: number) => ({
    gpus: n,
    rails: Array.from({ length: n }, (_, i) => i),
    notTested: [],
    why: 'test',
  });
  const resources = (over: Parameters<typeof testPlan>[0]) =>
    valuesOf(testPlan({ engine: 'nixl', memoryLimit: undefined, ...over })).jobs.map((j) => j.resources);

  it('one rail: 2 CPUs (the probe and the pod), 2 GiB + 256 MiB + the 8Gi /dev/shm → 11Gi', () => {
    for (const r of resources({ rails: rails(1) })) {
      expect(r.requests).toEqual({ cpu: '2' });
      expect(r.limits).toMatchObject({ 'nvidia.com/gpu': '1', memory: '11Gi' });
    }
  });

  it('eight rails: 9 CPUs and 8 × 2 GiB + 256 MiB + 8Gi → 25Gi (before: 1 CPU and 16Gi for all eight)', () => {
    for (const r of resources({ rails: rails(8) })) {
      expect(r.requests).toEqual({ cpu: '9' });
      expect(r.limits).toMatchObject({ 'nvidia.com/gpu': '8', memory: '25Gi' });
    }
  });

  it("counts the deployment's own /dev/shm, and takes --memory as given", () => {
    const shm = { ...DEFAULT_SETTINGS, shmSize: '32Gi' };
    const big = resources({ rails: rails(8), settings: { prefill: shm, decode: shm } });
    expect(big.map((r) => r.limits.memory)).toEqual(['49Gi', '49Gi']);
    const given = resources({ rails: rails(8), memoryLimit: '64Gi' });
    expect(given.map((r) => [r.requests.cpu, r.limits.memory])).toEqual([
      ['9', '64Gi'],
      ['9', '64Gi'],
    ]);
  });

  it('a pair inside one node runs two probe processes in one pod; an engine without rails one', () => {
    // nixlbench inside one node: two ranks in one pod (templates/engines/nixlbench/intra.sh.hbs).
    const intra = valuesOf(testPlan({ mode: 'intra-node', memoryLimit: undefined })).jobs.map(
      (j) => j.resources,
    );
    expect(intra.map((r) => [r.requests.cpu, r.limits.memory])).toEqual([['3', '13Gi']]);
    // On a node with 2 allocatable CPUs the two ranks ask for 2: a request above the node never schedules.
    const small = {
      prefill: { name: 'n', hostname: 'n', cpus: 2 },
      decode: { name: 'n', hostname: 'n', cpus: 2 },
    };
    const onSmall = valuesOf(testPlan({ mode: 'intra-node', memoryLimit: undefined, nodes: small })).jobs;
    expect(onSmall.map((j) => j.resources.requests.cpu)).toEqual(['2']);
    const bench = valuesOf(testPlan({ memoryLimit: undefined })).jobs.map((j) => j.resources);
    expect(bench.map((r) => [r.requests.cpu, r.limits.memory])).toEqual([
      ['2', '11Gi'],
      ['2', '11Gi'],
    ]);
  });
});
