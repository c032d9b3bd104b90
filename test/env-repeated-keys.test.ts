import { describe, expect, it } from 'vitest';
import { parseYamlFile } from '../src/env/load.js';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Issue 38 P1 (read what is there): a key given twice in one mapping with the very same value
 * text (a block pasted twice by hand) has one meaning; the file is read, each repetition named as
 * a warning (strict YAML parsers and Kubernetes' strict field validation refuse it as written). A key
 * repeated with different values stays an error of the whole file: which one is meant is not shown.
 */
const pod = (second: string) => `apiVersion: v1
kind: Pod
metadata: {name: decode}
spec:
  containers:
  - name: vllm
    image: vllm/vllm-openai:v0.10.0
    command: [vllm, serve, m, --kv-transfer-config, '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']
    # all GPUs
    resources:
      limits:
        nvidia.com/gpu: "8"
    # all GPUs
    resources:
      limits:
        nvidia.com/gpu: "${second}"
`;

describe('a key repeated in one mapping', () => {
  it('with the same value: read once, and each repetition named as a warning', async () => {
    const a = await analyseYamlFile(pod('8'));
    const rep = a.checks.filter((c) => c.id === 'env.repeated-key');
    expect(rep.map((c) => c.status)).toEqual(['warn']);
    // The object applied is the same either way: the repetition does not weigh on the verdict.
    expect(rep[0]?.matters).toBe(false);
    expect(rep[0]?.detail).toMatch(
      /:14: key repeated with the same value, read once: resources at lines 10 and 14$/,
    );
    expect(a.part.services.map((s) => s.pod.gpus)).toEqual([8]);
  });
  it('with different values: still an error of the whole file', () => {
    expect(() => parseYamlFile(pod('4'), 'dup.yaml')).toThrow(
      /dup\.yaml:14:5: invalid YAML: Map keys must be unique/,
    );
  });
  it('the same key in different mappings is no repetition', async () => {
    const a = await analyseYamlFile(
      pod('8').replace(/ {4}# all GPUs\n {4}resources:\n {6}limits:\n {8}nvidia.com\/gpu: "8"\n$/, ''),
    );
    expect(a.checks.filter((c) => c.id === 'env.repeated-key')).toEqual([]);
  });
});
