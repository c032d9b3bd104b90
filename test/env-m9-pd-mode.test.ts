import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * An SGLang server given P/D options but no `--disaggregation-mode` (issue 38, P3: use the context
 * the manifest gives; references/env-rules.md "P/D options without a mode"): SGLang's mode defaults
 * to "null", and only a prefill or decode scheduler builds the KV sender or receiver that reads those
 * options, so the server runs aggregated and moves no KV. Small manifests written for the test.
 */
const run = analyseYamlFile;
type Result = Awaited<ReturnType<typeof run>>;
const pdMode = (a: Result) => a.checks.filter((c) => c.id === 'env.pd-mode');

const deployment = (name: string, command: string[]) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers:
        - name: ${name}
          image: lmsysorg/sglang:latest
          command: ${JSON.stringify(command)}
          resources: {limits: {nvidia.com/gpu: "1"}}
`;

describe('env.pd-mode: SGLang P/D options without --disaggregation-mode', () => {
  it('--disaggregation-ib-device on a server with no mode warns, naming the option and the side its name means', async () => {
    const a = await run(
      deployment('sglang-prefill', [
        'python3',
        '-m',
        'sglang.launch_server',
        '--model-path',
        '/models/m',
        '--disaggregation-ib-device',
        'mlx5_0,mlx5_1',
      ]),
    );
    const [k] = pdMode(a);
    expect(k?.status).toBe('warn');
    expect(k?.detail).toMatch(
      /--disaggregation-ib-device.*no --disaggregation-mode \(default null\): it runs aggregated although it is meant as prefill/,
    );
  });

  it('the same options with --disaggregation-mode prefill, or read from a --config file, say nothing', async () => {
    const withMode = await run(
      deployment('p', [
        'python3',
        '-m',
        'sglang.launch_server',
        '--model-path',
        '/m',
        '--disaggregation-mode',
        'prefill',
        '--disaggregation-ib-device',
        'mlx5_0',
      ]),
    );
    expect(pdMode(withMode)).toEqual([]);
    const config = await run(
      deployment('p', [
        'python3',
        '-m',
        'sglang.launch_server',
        '--config',
        '/etc/sgl/c.yaml',
        '--disaggregation-bootstrap-port',
        '8998',
      ]),
    );
    expect(pdMode(config)).toEqual([]);
  });

  it('dynamo.sglang is SGLang underneath: --disaggregation-transfer-backend with no mode warns too; vLLM has no such options', async () => {
    const dyn = await run(
      deployment('worker', [
        'python3',
        '-m',
        'dynamo.sglang',
        '--model-path',
        '/m',
        '--disaggregation-transfer-backend',
        'nixl',
      ]),
    );
    expect(pdMode(dyn).map((c) => c.status)).toEqual(['warn']);
    const plain = await run(
      deployment('agg', ['python3', '-m', 'sglang.launch_server', '--model-path', '/m']),
    );
    expect(pdMode(plain)).toEqual([]);
    const vllm = await run(
      deployment('v', [
        'vllm',
        'serve',
        '/m',
        '--kv-transfer-config',
        '{"kv_connector":"NixlConnector","kv_role":"kv_both"}',
      ]),
    );
    expect(pdMode(vllm)).toEqual([]);
  });
});
