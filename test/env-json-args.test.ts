import { describe, expect, it } from 'vitest';
import { withDottedJsonArgs } from '../src/env/json-args.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * vLLM takes a JSON argument whole or key by key (`--kv-transfer-config.kv_connector NixlConnector`, FlexibleArgumentParser):
 * the two forms are the same engine, so `env` reads them the same (issue 38, P1: read what is there, whatever its
 * shape). Before, the key-by-key form left the connector unseen and the engine read as aggregated.
 */
const prefill = (args: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: vllm-prefill}
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: vllm
          command: ["vllm", "serve", "Qwen/Qwen3-8B"]
          args: ${args}
          env: [{name: UCX_TLS, value: tcp}]
          resources: {limits: {nvidia.com/gpu: "1"}}
`;
const lines = (checks: { status: string; id: string; detail: string }[]) =>
  checks.map((c) => `${c.status} ${c.id}`);

describe('vLLM JSON arguments written key by key', () => {
  it('gathers the keys into one value, on top of a value given whole; lists take `+`', () => {
    expect(
      withDottedJsonArgs(
        'vllm serve m --kv-transfer-config.kv_connector NixlConnector --kv-transfer-config.kv_role=kv_both',
      ),
    ).toBe(`vllm serve m --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_both"}'`);
    expect(
      withDottedJsonArgs(
        `vllm serve m --kv-transfer-config '{"kv_connector":"NixlConnector"}' --kv_transfer_config.kv_connector_extra_config.backends+ LIBFABRIC --port 8000`,
      ),
    ).toBe(
      `vllm serve m --port 8000 --kv-transfer-config '{"kv_connector":"NixlConnector","kv_connector_extra_config":{"backends":["LIBFABRIC"]}}'`,
    );
    expect(withDottedJsonArgs('vllm serve m --kv-transfer-config {"kv_connector":"NixlConnector"}')).toBe(
      'vllm serve m --kv-transfer-config {"kv_connector":"NixlConnector"}',
    );
  });

  it('a prefill whose connector is written key by key is judged as with the JSON form: tcp alone FAILs', async () => {
    const dotted = await run(
      prefill(
        '["--kv-transfer-config.kv_connector", "NixlConnector", "--kv-transfer-config.kv_role=kv_producer"]',
      ),
    );
    const whole = await run(
      prefill(`["--kv-transfer-config", '{"kv_connector":"NixlConnector","kv_role":"kv_producer"}']`),
    );
    expect(lines(dotted.checks)).toEqual(lines(whole.checks));
    expect(dotted.checks.find((c) => c.id === 'env.ucx-tls')?.status).toBe('fail');
    expect(dotted.part.services[0]?.role).toBe('prefill');
  });
});
