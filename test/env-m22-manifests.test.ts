import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * Batch m22 (issue 38, P3: the context the manifest gives). A container that gives only `args` runs its image's
 * ENTRYPOINT, so the image names the engine (llm-d's images start `vllm serve`). When those args hand KV to another
 * instance (NixlConnector), the engine is one side of a prefill/decode pair even read alone, exactly as when the
 * command line says `vllm serve`: a lone decode pod is never read as an aggregated worker with nothing at risk.
 */
const pod = (opts: { name: string; labels?: string; command?: string; kv: string }) => `
apiVersion: v1
kind: Pod
metadata:
  name: ${opts.name}
${opts.labels ?? ''}spec:
  containers:
    - name: vllm
      image: quay.io/example/llm-d-dev:vllm-nixl-0.0.6
${opts.command ?? ''}      args: ["--model", "meta-llama/Llama-3.1-8B-Instruct", "--port", "8200", "--kv-transfer-config", '${opts.kv}']
      env: [{name: UCX_TLS, value: "cuda_ipc,cuda_copy,tcp"}]
      resources: {limits: {nvidia.com/gpu: 1}}
`;
const NIXL = '{"kv_connector":"NixlConnector","kv_role":"kv_both"}';
const DECODE_LABEL = '  labels: {llm-d.ai/role: decode}\n';

const roleOf = async (yaml: string) => {
  const a = await run(yaml);
  return { role: a.part.services[0]?.role, checks: a.checks };
};

describe("an engine started by its image's entrypoint whose args hand KV over is one side of a pair", () => {
  it('a lone decode pod (llm-d role label, args only) stays decode and is not trusted', async () => {
    const r = await roleOf(pod({ name: 'llama-decoder', labels: DECODE_LABEL, kv: NIXL }));
    expect(r.role).toBe('decode');
    expect(rollUp(r.checks).status).not.toBe('trusted');
    expect(r.checks.find((c) => c.id === 'env.ucx-tls')?.status).toBe('fail');
  });

  it("without a label, the workload's name says the side, as for `vllm serve`", async () => {
    expect((await roleOf(pod({ name: 'llama-decode', kv: NIXL }))).role).toBe('decode');
  });

  it('an offloading connector keeps KV for its own engine: the lone pod stays aggregated', async () => {
    const r = await roleOf(
      pod({
        name: 'llama-decoder',
        labels: DECODE_LABEL,
        kv: '{"kv_connector":"LMCacheConnectorV1","kv_role":"kv_both"}',
      }),
    );
    expect(r.role).toBe('agg');
  });

  it("a command of the container's own replaces the entrypoint: the image no longer names the engine", async () => {
    const r = await roleOf(
      pod({
        name: 'llama-decoder',
        labels: DECODE_LABEL,
        command: '      command: ["python3", "serve.py"]\n',
        kv: NIXL,
      }),
    );
    expect(r.role).toBe('agg');
  });
});
