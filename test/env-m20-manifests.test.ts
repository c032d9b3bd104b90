import { describe, expect, it } from 'vitest';
import { shellScript } from '../src/env/shell.js';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the twentieth manifest batch showed (issue 38): each principle on small manifests written for
 * the test in the workload's own shape (references/env-rules.md "Twentieth manifest batch"), never on
 * corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);

/** A Pod holding a GPU whose container runs the given command line (JSON array of words). */
const pod = (command: string) => `
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: c
    image: ubuntu:22.04
    command: ${command}
    resources: {limits: {nvidia.com/gpu: 1}}
`;

describe('a keep-alive placeholder written as an inline shell script serves no model (P1: the same placeholder in another shape)', () => {
  it('`bash -c "sleep infinity"`, `trap … ; sleep N & wait` and `ls …; nvidia-smi; sleep` run no engine', async () => {
    for (const cmd of [
      '["bash", "-c", "sleep infinity"]',
      `["bash", "-c", "trap 'exit 0' TERM; sleep 9999 & wait"]`,
      '["sh", "-c", "ls -la /dev/nvidia-caps-imex-channels; nvidia-smi; sleep 9000 & wait"]',
    ]) {
      const a = await run(pod(cmd));
      expect(status(a, 'env.kv-over-pod-network'), cmd).toEqual(['ok']);
      expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.detail).toMatch(/a placeholder/);
    }
  });
  it('a loop around the placeholder, after `bash -c --`, is the same placeholder', async () => {
    const a = await run(pod('["/bin/bash", "-c", "--", "while true; do sleep 300; done;"]'));
    expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.detail).toMatch(/a placeholder/);
  });
  it("`--` ends the shell's options: the script is the word after it (bash(1))", () => {
    expect(shellScript(['/bin/bash', '-c', '--', 'vllm serve m'])).toEqual({
      script: 'vllm serve m',
      index: 3,
    });
    expect(shellScript(['sh', '-c', 'vllm serve m'])).toEqual({ script: 'vllm serve m', index: 2 });
  });
  it('a script that also starts anything else stays a pod whose program is not known', async () => {
    for (const cmd of [
      '["bash", "-c", "sleep 10; python3 serve.py"]',
      '["bash", "-c", "echo start; sleep 5 && ./run.sh"]',
      '["bash", "-c", "nvidia-smi; vllm serve m"]',
      '["bash", "-c", "while true; do python3 serve.py; sleep 5; done"]',
    ]) {
      const a = await run(pod(cmd));
      expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.detail ?? '', cmd).not.toMatch(
        /a placeholder/,
      );
    }
  });
});

/** An LLMInferenceServiceConfig of the given name holding one vLLM pool (no prefill), as KServe's presets do. */
const llmisvcConfig = (name: string) => `
apiVersion: serving.kserve.io/v1alpha2
kind: LLMInferenceServiceConfig
metadata: {name: ${name}}
spec:
  template:
    containers:
      - name: main
        image: ghcr.io/llm-d/llm-d-cuda:v0.9.0
        command: ["vllm", "serve", "m", "--kv-transfer-config", '{"kv_connector":"NixlConnector","kv_role":"kv_both"}']
        resources: {limits: {nvidia.com/gpu: 1}}
`;

describe("KServe's decode presets are the decode pool of a P/D service (P3: the controller merges them only there)", () => {
  it('a config named as a decode preset is one side of a graph it does not hold: partial, never a pass', async () => {
    for (const name of [
      'kserve-config-llm-decode-template',
      'kserve-config-llm-decode-worker-data-parallel',
      'v0-9-kserve-config-llm-decode-worker-pipeline-parallel',
    ]) {
      const a = await run(llmisvcConfig(name));
      expect(status(a, 'env.partial'), name).toEqual(['skipped']);
      expect(a.checks.find((c) => c.id === 'env.partial')?.detail).toMatch(
        /decode pool of a prefill\/decode/,
      );
    }
  });
  it('any other config keeps its pool as written', async () => {
    const a = await run(llmisvcConfig('kserve-config-llm-template'));
    expect(status(a, 'env.partial')).toEqual([]);
  });
});
