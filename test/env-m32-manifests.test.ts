import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the thirty-second manifest batch showed (issue 38), each principle on small manifests written for the test
 * in the object's own shape (references/env-rules.md "Thirty-second manifest batch"), never on corpus files.
 */
const run = analyseYamlFile;

describe('a DynamoGraphDeploymentRequest without overrides is a graph the profiler generates (P2, P3)', () => {
  it('is listed as a partial graph naming what the request says, not "nothing to check"', async () => {
    const a = await run(`
apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeploymentRequest
metadata: {name: r1}
spec:
  model: deepseek-ai/DeepSeek-R1
  backend: sglang
  hardware: {totalGpus: 32, numGpusPerNode: 8}
  features:
    planner: {mode: disagg}
`);
    expect(a.part.skipped).toEqual([]);
    expect(a.part.graphs.map((g) => g.mode)).toEqual(['partial']);
    const why = a.part.graphs[0]?.partial ?? '';
    expect(why).toMatch(/the operator generates the graph by profiling/);
    expect(why).toMatch(
      /model deepseek-ai\/DeepSeek-R1, backend sglang, 32 GPUs, 8 per node, planner mode disagg/,
    );
    expect(a.checks.find((c) => c.id === 'env.partial')?.status).toBe('skipped');
  });

  it('with features.mocker.enabled its workers are mockers: no KV to move, nothing at risk', async () => {
    const a = await run(`
apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeploymentRequest
metadata: {name: sim}
spec:
  model: Qwen/Qwen3-0.6B
  features:
    mocker: {enabled: true}
`);
    expect(a.part.skipped).toEqual([]);
    expect(a.part.graphs[0]?.mode).not.toBe('partial');
    expect(a.checks.filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => c.id)).toEqual([]);
    expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.status).not.toBe('warn');
  });
});
