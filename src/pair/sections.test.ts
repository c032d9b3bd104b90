import { describe, expect, it } from 'vitest';
import { testPlan } from '../../test/helpers/plan.js';
import type { PlanInput } from './plan/plan.js';
import { clusterSections } from './sections.js';

function plan(over: Partial<PlanInput>) {
  return testPlan({
    runId: 's1',
    engine: 'nixl',
    engineWhy: 'auto: no image named; the public Dynamo runtime image has NIXL and python3',
    legs: [{ initiator: 'decode', op: 'READ' }],
    legsWhy: 'vLLM',
    iterations: undefined,
    ...over,
  });
}

const lines = (p: ReturnType<typeof plan>) =>
  clusterSections({
    checks: [],
    measurement: null,
    plan: p,
    dryRun: false,
    runId: 's1',
    timing: { totalMs: 0, probeMs: null, teardownMs: 0 },
  })[0]?.lines;

describe('clusterSections: the Pair block', () => {
  it('names the real initiator, the engine with why auto chose it, and the image with why', () => {
    expect(lines(plan({}))?.slice(0, 2)).toEqual([
      'decode (initiator) on gpu-b ← prefill (target) on gpu-a',
      'nixl (auto: no image named; the public Dynamo runtime image has NIXL and python3), image nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.2.0 (the public Dynamo runtime image: NIXL and python3 inside)',
    ]);
    expect(
      lines(
        plan({ engine: 'nixlbench', engineWhy: '--engine', legs: [{ initiator: 'prefill', op: 'WRITE' }] }),
      )?.slice(0, 2),
    ).toEqual([
      'prefill (initiator) on gpu-a → decode (target) on gpu-b',
      'nixlbench 0.10.1, image reg/nixlbench:0.10.1 (default probe image, built from deploy/probe-image)',
    ]);
  });
});

describe('clusterSections: the Rails block', () => {
  it('one line per rail with its GPU, NIC, figure, expectation and status; the GPUs not tested named', () => {
    const rail = (gpu: number, gbps: number, status: 'ok' | 'fail') => ({
      gpu,
      nic: `mlx5_${gpu}`,
      peerNic: `mlx5_${gpu}`,
      gbps,
      expectedGBps: 50,
      status,
      detail: '',
    });
    const sections = clusterSections({
      checks: [],
      measurement: {
        engine: 'nixl',
        mode: 'cross-node',
        transport: { kind: 'rdma', lanes: [] },
        nodes: { prefill: 'gpu-a', decode: 'gpu-b' },
        peakGBps: 68,
        rows: [],
        rails: [rail(0, 45.5, 'ok'), rail(1, 22.5, 'fail')],
      },
      plan: plan({ rails: { gpus: 2, rails: [0, 1], notTested: [2, 3], why: 'busy' } }),
      dryRun: false,
      runId: 's1',
      timing: { totalMs: 0, probeMs: null, teardownMs: 0 },
    });
    const rails = sections.find((s) => s.title.startsWith('Rails'));
    expect(rails?.lines.slice(1)).toEqual([
      'GPU0↔mlx5_0               45.50      50.0  ok',
      'GPU1↔mlx5_1               22.50      50.0  fail',
      'not tested: GPU 2, 3 (their GPUs were busy or absent)',
    ]);
  });
});
