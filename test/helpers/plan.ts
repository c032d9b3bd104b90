import { makePlan, type PairPlan, type PlanInput } from '../../src/pair/plan/plan.js';
import { DEFAULT_SETTINGS } from '../../src/pair/plan/settings.js';

/**
 * A pair plan for unit tests: nixlbench across gpu-a → gpu-b (intra-node: both
 * on gpu-a), prefill WRITE, VRAM, 4 KiB … 64 MiB, default settings; `over`
 * replaces any input.
 */
export function testPlan(over: Partial<PlanInput> = {}): PairPlan {
  const mode = over.mode ?? 'cross-node';
  return makePlan({
    runId: 'r1',
    engine: 'nixlbench',
    mode,
    now: new Date('2026-01-01T00:00:00Z'),
    timeoutMs: 300_000,
    nodes:
      mode === 'cross-node'
        ? { prefill: { name: 'gpu-a', hostname: 'gpu-a' }, decode: { name: 'gpu-b', hostname: 'gpu-b' } }
        : { prefill: { name: 'gpu-a', hostname: 'gpu-a' }, decode: { name: 'gpu-a', hostname: 'gpu-a' } },
    settings: { prefill: DEFAULT_SETTINGS, decode: DEFAULT_SETTINGS },
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
    ...over,
  });
}
