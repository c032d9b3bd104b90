import { describe, expect, it } from 'vitest';
import { analyseYaml } from '../../test/helpers/env.js';
import { withImpliedApiVersion } from './kind-only.js';

// Issue 38 P1 for manifests: a poster who trimmed `apiVersion` off a manifest left its `kind`; a
// kind that names one group env reads is read as that group's (kind-only.ts).
describe('a manifest pasted without its apiVersion is read by its kind (P1)', () => {
  it('an LLMInferenceService opening at `kind:` is read as KServe’s (its P/D pods come from templates not in the file)', () => {
    const { part } = analyseYaml(`kind: LLMInferenceService
metadata:
  name: m
spec:
  model: {uri: hf://x/y}
  prefill: {}
  baseRefs:
  - kserve-config-llm-decode-template
  - kserve-config-llm-prefill-template
`);
    expect(part.skipped.map((k) => `${k.kind}: ${k.why}`)).toEqual([
      'serving.kserve.io/v1alpha1/LLMInferenceService: LLMInferenceService without pods that run a container',
    ]);
  });

  it('the core kinds, a Dynamo graph by its shape, and `Job` by whether it holds Volcano tasks', () => {
    const v = (doc: Record<string, unknown>) => withImpliedApiVersion(doc)?.apiVersion;
    expect(v({ kind: 'Deployment' })).toBe('apps/v1');
    expect(v({ kind: 'Pod' })).toBe('v1');
    expect(v({ kind: 'Job', spec: { template: {} } })).toBe('batch/v1');
    expect(v({ kind: 'Job', spec: { tasks: [] } })).toBe('batch.volcano.sh/v1alpha1');
    expect(v({ kind: 'DynamoGraphDeployment', spec: { services: {} } })).toBe('nvidia.com/v1alpha1');
    expect(v({ kind: 'DynamoGraphDeployment', spec: { components: [] } })).toBe('nvidia.com/v1beta1');
    expect(v({ kind: 'StormService' })).toBe('orchestration.aibrix.ai/v1alpha1');
    expect(v({ kind: 'RayService' })).toBe('ray.io/v1');
  });

  it('a kind two groups share, an unknown kind, and a written apiVersion are left as they are', () => {
    expect(withImpliedApiVersion({ kind: 'InferenceService' })?.apiVersion).toBeUndefined();
    expect(withImpliedApiVersion({ kind: 'Frobnicator' })?.apiVersion).toBeUndefined();
    expect(withImpliedApiVersion({ kind: 'Pod', apiVersion: 'v2' })?.apiVersion).toBe('v2');
    expect(withImpliedApiVersion({ apiVersion: 'v1' })).toEqual({ apiVersion: 'v1' });
  });
});

describe('a Volcano Job (batch.volcano.sh) is read by its tasks, one gang (volcano-sh/apis job.go:73)', () => {
  it('each task a service of its pod template, every pod counted in one world', () => {
    const { part, checks } = analyseYaml(`apiVersion: batch.volcano.sh/v1alpha1
kind: Job
metadata: {name: ray-vllm}
spec:
  minAvailable: 2
  tasks:
    - name: head
      replicas: 1
      template:
        spec:
          containers:
            - name: head
              image: vllm/vllm-openai
              command: [/bin/bash, -c, "ray start --head; vllm serve m --tensor-parallel-size 2"]
              resources: {limits: {nvidia.com/gpu: 1}}
    - name: worker
      replicas: 1
      template:
        spec:
          containers:
            - name: worker
              image: vllm/vllm-openai
              command: [/bin/bash, -c, "ray start --address=head:6379 --block"]
              resources: {limits: {nvidia.com/gpu: 1}}
`);
    expect(part.services.map((s) => s.name)).toEqual(['head/head', 'worker/worker']);
    expect(part.graphs[0]?.kind).toBe('Job');
    expect(checks.map((c) => c.id)).not.toContain('env.workloads');
  });
});
