import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * Batch m34 (issue 38, `env`): a worker whose shell is handed engine flags where its script should be
 * (`command: [/bin/bash, -c]`, `args: [--model, …]`, no `python3 -m dynamo.vllm` anywhere) never starts: bash and
 * dash read `--model` as an option of their own and exit with status 2 ("invalid option"). No engine, no KV path.
 */
const pd = (command: string, args: string) => `apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  backendFramework: vllm
  services:
    Frontend:
      componentType: frontend
      extraPodSpec: {mainContainer: {image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.8.0}}
    prefill:
      componentType: worker
      subComponentType: prefill
      resources: {limits: {gpu: "1", custom: {rdma/ib: "1"}}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.8.0
          securityContext: {runAsUser: 0, capabilities: {add: [IPC_LOCK]}}
          command: ${command}
          args: ${args.replace('MODE', 'prefill')}
    decode:
      componentType: worker
      subComponentType: decode
      resources: {limits: {gpu: "1", custom: {rdma/ib: "1"}}}
      extraPodSpec:
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.8.0
          securityContext: {runAsUser: 0, capabilities: {add: [IPC_LOCK]}}
          command: ${command}
          args: ${args.replace('MODE', 'decode')}
`;
const KV = `'{"kv_connector":"NixlConnector","kv_role":"kv_both"}'`;

describe('a shell given engine flags where its -c script should be', () => {
  it('fails env.shell-option on both workers: the shell rejects --model and nothing starts', async () => {
    const a = await run(
      pd('[/bin/bash, -c]', `[--model, m, --disaggregation-mode, MODE, --kv-transfer-config, ${KV}]`),
    );
    const shell = a.checks.filter((c) => c.id === 'env.shell-option');
    expect(shell.map((c) => c.status)).toEqual(['fail', 'fail']);
    expect(shell[0]?.detail).toContain('--model');
    expect(rollUp(a.checks).status).toBe('untrusted');
  });
  it('the same flags inside the script, or straight to python3, raise nothing of the kind', async () => {
    const script = await run(
      pd('[/bin/bash, -c]', '["exec python3 -m dynamo.vllm --model m --disaggregation-mode MODE"]'),
    );
    expect(script.checks.length).toBeGreaterThan(0);
    expect(script.checks.filter((c) => c.id === 'env.shell-option')).toEqual([]);
    const direct = await run(
      pd(
        '[python3, -m, dynamo.vllm]',
        `[--model, m, --disaggregation-mode, MODE, --kv-transfer-config, ${KV}]`,
      ),
    );
    expect(direct.checks.length).toBeGreaterThan(0);
    expect(direct.checks.filter((c) => c.id === 'env.shell-option')).toEqual([]);
  });
});
