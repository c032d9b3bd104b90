import { describe, expect, it } from 'vitest';
import { stripShellComments } from '../src/env/shell.js';
import { analyseYamlFile } from './helpers/env.js';

/**
 * What the twenty-first manifest batch showed (issue 38): each principle on small manifests written
 * for the test in the workload's own shape (references/env-rules.md "Twenty-first manifest batch"),
 * never on corpus files.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const status = (a: Result, id: string) => a.checks.filter((c) => c.id === id).map((c) => c.status);

/** A v1alpha1 DGD whose two workers run the given `bash -c` scripts. */
const dgd = (prefill: string, decode: string) => `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  backendFramework: vllm
  services:
    prefill:
      componentType: worker
      subComponentType: prefill
      resources: {limits: {gpu: "1", custom: {rdma/ib: "1"}}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.0.0
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          command: [/bin/bash, -c]
          args:
            - |-
${prefill.replace(/^/gm, '              ')}
    decode:
      componentType: worker
      subComponentType: decode
      resources: {limits: {gpu: "1", custom: {rdma/ib: "1"}}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.0.0
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          command: [/bin/bash, -c]
          args:
            - |-
${decode.replace(/^/gm, '              ')}
`;

const NIXL = `'{"kv_connector":"NixlConnector","kv_role":"kv_both"}'`;

describe('a commented-out line in a worker script is no argument (P1: read what is there)', () => {
  it('`# --kv-transfer-config …` after the continued command does not replace the connector the command passes', async () => {
    const a = await run(
      dgd(
        `python3 -m dynamo.vllm --model m \\\n  --disaggregation-mode prefill \\\n  --kv-transfer-config ${NIXL}`,
        `python3 -m dynamo.vllm --model m \\\n  --kv-transfer-config ${NIXL}\n  # --no-enable-prefix-caching \\\n  # --kv-transfer-config '{"kv_connector":"DecodeBenchConnector","kv_role":"kv_both"}'`,
      ),
    );
    expect(status(a, 'env.kv-path')).not.toContain('fail');
    expect(a.checks.find((c) => c.id === 'env.kv-path')?.detail ?? '').not.toMatch(/DecodeBench/);
  });
  it('the same connector written on a live line is still read', async () => {
    const a = await run(
      dgd(
        `python3 -m dynamo.vllm --model m --disaggregation-mode prefill --kv-transfer-config ${NIXL}`,
        `python3 -m dynamo.vllm --model m --kv-transfer-config '{"kv_connector":"DecodeBenchConnector","kv_role":"kv_both"}'`,
      ),
    );
    expect(status(a, 'env.kv-path')).toContain('fail');
  });
  it('only a `#` that begins an unquoted word starts a comment (bash(1) COMMENTS)', () => {
    expect(stripShellComments('vllm serve m # tail\n--port 8000')).toBe('vllm serve m \n--port 8000');
    expect(stripShellComments(`echo '# kept' "a # b" x#y $# \\# z`)).toBe(
      `echo '# kept' "a # b" x#y $# \\# z`,
    );
    expect(stripShellComments('# whole line\nrun')).toBe('\nrun');
  });
});
