import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { placeholderOf } from '../src/env/dgd.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * Batch m23 (issue 38, P2: "not shown" is never "failed"). A DGD kept as a template that a workflow fills in
 * before `kubectl apply` (envsubst's `${NAME}`, a script's `sed` token) holds a placeholder where the CRD wants
 * a number. Its value is not shown, so it is no shape error: the graph is judged on what it does show.
 */
const dgd = (replicas: string) => `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata:
  name: vllm-agg
spec:
  services:
    Frontend:
      componentType: frontend
      replicas: ${replicas}
    VllmWorker:
      componentType: worker
      replicas: ${replicas}
      resources: {limits: {gpu: "1"}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0
          command: [python3, -m, dynamo.vllm]
          args: [--model, Qwen/Qwen3-0.6B]
`;

/** `${name}` written out without a template literal (envsubst's form). */
const ref = (name: string) => ['$', '{', name, '}'].join('');

describe('a number written as a template placeholder is not shown, not a shape error', () => {
  it.each([ref('FRONTEND_REPLICAS'), '$REPLICAS', `"${ref('REPLICAS:-1')}"`, 'REPLICAS_PLACEHOLDER'])(
    'replicas: %s is skipped, the aggregated graph is trusted',
    async (value) => {
      const a = await run(dgd(value));
      const shape = a.checks.filter((c) => c.id === 'env.shape');
      expect(shape.length).toBeGreaterThan(0);
      expect(shape.every((c) => c.status === 'skipped' && c.matters === false)).toBe(true);
      expect(shape[0]?.detail).toContain('template placeholder');
      expect(rollUp(a.checks).status).toBe('trusted');
    },
  );

  it.each(['two', '"1.5x"', 'Replicas', 'NONE'])('replicas: %s stays a shape error', async (value) => {
    const a = await run(dgd(value));
    expect(a.checks.find((c) => c.id === 'env.shape')?.status).toBe('fail');
  });

  it('only whole placeholders count', () => {
    expect(placeholderOf(ref('A'))).toBe(ref('A'));
    expect(placeholderOf(`x${ref('A')}`)).toBeUndefined();
    expect(placeholderOf(`${ref('A')} ${ref('B')}`)).toBeUndefined();
    expect(placeholderOf(3)).toBeUndefined();
  });
});
