import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyse } from '../src/env/index.js';
import { loadInputs } from '../src/env/load.js';
import { dynamoVersionOf } from '../src/env/rules-serving.js';

/** Unit tests of the issue-22 rules on small DGDs written for the test (not fixtures). */
const dir = mkdtempSync(path.join(tmpdir(), 'env-serving-'));
async function run(yaml: string) {
  const f = path.join(dir, `g${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(f, yaml);
  return analyse(await loadInputs([f], dir));
}
const dgd = (services: string) =>
  `apiVersion: nvidia.com/v1alpha1\nkind: DynamoGraphDeployment\nmetadata: {name: g}\nspec:\n  services:\n${services}`;
const worker = (name: string, args: string, extra = '') =>
  `    ${name}:\n      componentType: worker\n${extra}      resources: {limits: {gpu: "8"}}\n      extraPodSpec:\n        mainContainer:\n          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:IMG\n          command: [/bin/sh, -c]\n          args:\n            - ${JSON.stringify(args)}\n`;

describe('env.kv-connector', () => {
  const graph = (img: string, prefillArgs: string) =>
    dgd(
      worker('VllmPrefillWorker', prefillArgs).replace('IMG', img) +
        worker('VllmDecodeWorker', 'python3 -m dynamo.vllm --disaggregation-mode decode').replace('IMG', img),
    );
  it('fails a prefill worker with no config on 1.x, warns on 0.x (the nixl default applied), resolves a shell variable', async () => {
    const a = await run(graph('1.1.1', 'python3 -m dynamo.vllm --disaggregation-mode prefill'));
    expect(a.checks.find((c) => c.id === 'env.kv-connector')?.status).toBe('fail');
    const b = await run(graph('0.9.1', 'python3 -m dynamo.vllm --disaggregation-mode prefill'));
    expect(b.checks.find((c) => c.id === 'env.kv-connector')?.status).toBe('warn');
    const c = await run(
      graph(
        '1.1.1',
        `KV_CFG='{"kv_connector":"NixlConnector","kv_role":"kv_both"}'; exec python3 -m dynamo.vllm --disaggregation-mode prefill --kv-transfer-config "$KV_CFG"`,
      ),
    );
    expect(c.checks.find((x) => x.id === 'env.kv-connector')).toBeUndefined();
    expect(c.part.graphs[0]?.kv?.transport).toBe('NIXL');
  });
  it('reads the Dynamo version from the runtime image tag only', () => {
    expect(dynamoVersionOf('nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.1')).toEqual([0, 9, 1]);
    expect(dynamoVersionOf('nvcr.io/nvidia/ai-dynamo/vllm-runtime:my-tag')).toBeUndefined();
    expect(dynamoVersionOf('vllm/vllm-openai:0.11.0')).toBeUndefined();
  });
});

describe('mode from what the engines are told', () => {
  it('workers named prefill/decode running plain aggregated engines are aggregated', async () => {
    const a = await run(
      dgd(
        worker('VllmPrefillWorker', 'python3 -m dynamo.vllm --model m') +
          worker('VllmDecodeWorker', 'python3 -m dynamo.vllm --model m'),
      ),
    );
    expect(a.part.graphs[0]?.mode).toBe('aggregated');
    const b = await run(
      dgd(
        worker(
          'VllmPrefillWorker',
          'python3 -m dynamo.vllm --model m --is-prefill-worker --kv-transfer-config {}',
        ) + worker('VllmDecodeWorker', 'python3 -m dynamo.vllm --model m'),
      ),
    );
    expect(b.part.graphs[0]?.mode).toBe('disaggregated');
  });
});

describe('env.multinode-rdma and env.foreign-knob', () => {
  it('fails 8-GPU pods over 2 nodes with no RDMA; a DRA NIC claim or rdma/ib clears it', async () => {
    const mn = '      multinode: {nodeCount: 2}\n';
    const a = await run(dgd(worker('VllmWorker', 'python3 -m dynamo.vllm --model m', mn)));
    expect(a.checks.find((c) => c.id === 'env.multinode-rdma')?.status).toBe('fail');
    const withClaim = worker('VllmWorker', 'python3 -m dynamo.vllm --model m', mn).replace(
      '        mainContainer:',
      '        resourceClaims: [{name: nic, resourceClaimTemplateName: gpu-nic}]\n        mainContainer:',
    );
    const b = await run(dgd(withClaim));
    expect(b.checks.find((c) => c.id === 'env.multinode-rdma')).toBeUndefined();
  });
  it('warns SGLANG_* and TRTLLM_* set on a vLLM worker', async () => {
    const knob =
      '      envs: [{name: SGLANG_DISAGGREGATION_NIXL_BACKEND, value: LIBFABRIC}, {name: VLLM_X, value: "1"}]\n';
    const a = await run(dgd(worker('VllmWorker', 'python3 -m dynamo.vllm --model m', knob)));
    const c = a.checks.find((x) => x.id === 'env.foreign-knob');
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(
      /SGLANG_DISAGGREGATION_NIXL_BACKEND \(sglang's\).*no effect.*--kv-transfer-config/,
    );
    expect(c?.detail).not.toMatch(/VLLM_X/);
  });
});
