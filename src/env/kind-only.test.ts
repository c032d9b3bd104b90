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
