import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the seventeenth manifest batch showed (issue 38): each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "Seventeenth manifest batch"), never on
 * corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);
const detail = (a: Result, id: string) => a.checks.find((c) => c.id === id)?.detail ?? '';

describe('AIBrix’s KVCache store is built by its controller from the object (P2)', () => {
  it('is a partial graph naming the backend, the cache pods and their RDMA device, never "not a workload"', async () => {
    const a = await run(`
apiVersion: orchestration.aibrix.ai/v1alpha1
kind: KVCache
metadata:
  name: store
  annotations:
    kvcache.orchestration.aibrix.ai/backend: infinistore
spec:
  cache:
    replicas: 2
    image: example/infinistore:1
    resources:
      limits: {cpu: "4", vke.volcengine.com/rdma: "1"}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['KVCache partial']);
    expect(status(a, 'env.partial')).toEqual(['skipped']);
    expect(detail(a, 'env.partial')).toContain('backend infinistore');
    expect(detail(a, 'env.partial')).toContain('cache pods 2');
    expect(detail(a, 'env.partial')).toContain('vke.volcengine.com/rdma 1');
    expect(a.checks.every((c) => c.status !== 'ok')).toBe(true);
  });

  it('names one cache pod, the CRD default, when spec.cache gives no replicas', async () => {
    const a = await run(`
apiVersion: orchestration.aibrix.ai/v1alpha1
kind: KVCache
metadata: {name: store}
spec: {}
`);
    expect(a.part.graphs.map((g) => `${g.kind} ${g.mode}`)).toEqual(['KVCache partial']);
    expect(detail(a, 'env.partial')).toContain('cache pods 1');
  });

  it('leaves the group’s other kinds as they were (a StormService is still read as its roles)', async () => {
    const a = await run(`
apiVersion: orchestration.aibrix.ai/v1alpha1
kind: StormService
metadata: {name: s}
spec:
  replicas: 1
  template:
    spec:
      roles:
        - name: worker
          replicas: 1
          template:
            spec:
              containers:
                - name: vllm
                  image: vllm/vllm-openai:v0.10.0
                  args: ["vllm serve /models/m"]
                  resources: {limits: {nvidia.com/gpu: 1}}
`);
    expect(a.part.graphs.map((g) => g.kind)).toEqual(['StormService']);
    expect(a.part.graphs[0]?.mode).not.toBe('partial');
  });
});
