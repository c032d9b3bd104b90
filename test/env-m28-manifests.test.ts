import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the twenty-eighth manifest batch showed (issue 38): each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "Twenty-eighth manifest batch"), never on
 * corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const detail = (a: Result, id: string) => a.checks.find((c) => c.id === id)?.detail ?? '';

describe('LMCache’s LMCacheEngine is built by its operator from the object (P2)', () => {
  it('is a partial graph naming the L1 size and the pd block, never "not a workload"', async () => {
    const a = await run(`
apiVersion: lmcache.lmcache.ai/v1alpha1
kind: LMCacheEngine
metadata: {name: engine}
spec:
  l1: {sizeGB: 40}
  pd: {nixlSideChannelPort: 5600}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['LMCacheEngine partial']);
    expect(status(a, 'env.partial')).toEqual(['skipped']);
    expect(detail(a, 'env.partial')).toContain('LMCache operator');
    expect(detail(a, 'env.partial')).toContain('L1 cache GB 40');
    expect(detail(a, 'env.partial')).toContain('pd block');
    expect(a.checks.every((c) => c.status !== 'ok')).toBe(true);
  });

  it('names no pd block when the engine only offloads', async () => {
    const a = await run(`
apiVersion: lmcache.lmcache.ai/v1alpha1
kind: LMCacheEngine
metadata: {name: engine}
spec: {l1: {sizeGB: 8}}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['LMCacheEngine partial']);
    expect(detail(a, 'env.partial')).not.toContain('pd block');
  });
});

describe('LMCache’s CacheBlendEngine, the same operator’s cache with CacheBlend, is read the same way (P2)', () => {
  it('is a partial graph naming its P/D role', async () => {
    const a = await run(`
apiVersion: lmcache.lmcache.ai/v1alpha1
kind: CacheBlendEngine
metadata: {name: blend}
spec:
  l1: {sizeGB: 16}
  pd: {role: prefiller}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['CacheBlendEngine partial']);
    expect(status(a, 'env.partial')).toEqual(['skipped']);
    expect(detail(a, 'env.partial')).toContain('pd block (role prefiller)');
  });
});

const pair = (prefill: string, decode: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: p}
spec:
  replicas: 1
  selector: {matchLabels: {app: p}}
  template:
    metadata:
      labels: {app: p, lmcache.ai/lmcache-inject: "true"}
      annotations: {lmcache.ai/lmcache-engine: engine, lmcache.ai/pd-role: "${prefill}"}
    spec:
      containers:
        - name: vllm
          image: vllm/vllm-openai:v0.11.0
          args: ["Qwen/Qwen3-8B", "--port", "8001"]
          resources: {limits: {nvidia.com/gpu: "1"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  replicas: 1
  selector: {matchLabels: {app: d}}
  template:
    metadata:
      labels: {app: d, lmcache.ai/lmcache-inject: "true"}
      annotations: {lmcache.ai/lmcache-engine: engine, lmcache.ai/pd-role: "${decode}"}
    spec:
      containers:
        - name: vllm
          image: vllm/vllm-openai:v0.11.0
          args: ["Qwen/Qwen3-8B", "--port", "8002"]
          resources: {limits: {nvidia.com/gpu: "1"}}
`;

describe('LMCache’s lmcache.ai/pd-role annotation declares the pod’s P/D side (P2: the injected KV config is not absent)', () => {
  it('reads prefiller and decoder pods as a prefill/decode pair and weighs the KV path between them', async () => {
    const a = await run(pair('prefiller', 'decoder'));
    expect(a.part.graphs.map((g) => g.mode)).toContain('disaggregated');
    expect(status(a, 'env.kv-over-pod-network')).toEqual(['warn']);
    expect(a.checks.some((c) => c.status === 'ok' && c.id === 'env.kv-over-pod-network')).toBe(false);
  });

  it('leaves pods aggregated when the annotation names no LMCache role', async () => {
    const a = await run(pair('prefill', 'decode'));
    expect(a.part.graphs.map((g) => g.mode)).not.toContain('disaggregated');
    expect(status(a, 'env.kv-over-pod-network')).toEqual([]);
  });
});
