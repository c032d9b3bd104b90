import { describe, expect, it } from 'vitest';
import { analyseYaml } from '../../test/helpers/env.js';
import { configToArgs } from './sglang-config.js';

/**
 * SGLang options from a ConfigMap through `--config` (ConfigArgumentMerger): the mounted file's keys
 * are the engine's flags, in front of the command line's, which win.
 */
function deployment(opts: {
  prefillArgs: string;
  decodeArgs: string;
  data: string;
  mount?: string;
  items?: string;
  withConfigMap?: boolean;
}) {
  const cm = `
apiVersion: v1
kind: ConfigMap
metadata: {name: sgl-config}
data:${opts.data}
---`;
  const dep = (name: string, args: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  template:
    spec:
      volumes:
        - name: cfg
          configMap: {name: sgl-config${opts.items ?? ''}}
      containers:
        - name: ${name}
          image: lmsysorg/sglang:v0.5.9
          command: ["python3", "-m", "sglang.launch_server"]
          args: [${args}]
          volumeMounts: [${opts.mount ?? '{name: cfg, mountPath: /etc/sglang}'}]
          resources: {limits: {nvidia.com/gpu: "1"}}`;
  return `${opts.withConfigMap === false ? '' : cm}${dep('prefill', opts.prefillArgs)}
---${dep('decode', opts.decodeArgs)}
`;
}
const CONFIGS = `
  prefill.yaml: |
    model-path: Qwen/Qwen3-8B
    disaggregation-mode: prefill
    disaggregation-transfer-backend: nixl
    tp-size: 2
    trust-remote-code: true
  decode.yaml: |
    model_path: Qwen/Qwen3-8B
    disaggregation_mode: decode
    disaggregation_transfer_backend: nixl
    tp_size: 2`;

describe('SGLang --config from a ConfigMap in the same manifest set', () => {
  it('the mounted file’s keys are the engine’s flags: mode, transfer backend and TP come from it', () => {
    const { part } = analyseYaml(
      deployment({
        prefillArgs: '"--config", "/etc/sglang/prefill.yaml"',
        decodeArgs: '"--config", "/etc/sglang/decode.yaml", "--port", "8000"',
        data: CONFIGS,
      }),
    );
    expect(part.services.map((s) => `${s.name}=${s.role}`)).toEqual(['prefill=prefill', 'decode=decode']);
    expect(part.graphs[0]).toMatchObject({ mode: 'disaggregated', engine: 'sglang', tensorParallel: 2 });
    expect(part.graphs[0]?.kv).toMatchObject({ transport: 'NIXL', nixlPlugin: 'UCX' });
    expect(part.graphs[0]?.kv?.from).toBe(
      '--disaggregation-transfer-backend nixl, from --config /etc/sglang/prefill.yaml (ConfigMap sgl-config, key prefill.yaml) (named by prefill and decode)',
    );
  });

  it('a flag on the command line wins over the file, wherever it stands', () => {
    const { part } = analyseYaml(
      deployment({
        prefillArgs:
          '"--disaggregation-transfer-backend", "mooncake", "--config", "/etc/sglang/prefill.yaml"',
        decodeArgs: '"--config", "/etc/sglang/decode.yaml", "--disaggregation-transfer-backend", "mooncake"',
        data: CONFIGS,
      }),
    );
    expect(part.graphs[0]?.kv?.transport).toBe('MOONCAKE');
  });

  it('items and subPath mounts are followed; dynamo.sglang’s --config-key picks a section of one file', () => {
    const nested = `
  disagg: |
    prefill:
      disaggregation-mode: prefill
      disaggregation-transfer-backend: nixl
    decode:
      disaggregation-mode: decode
      disaggregation-transfer-backend: nixl`;
    const yaml = deployment({
      prefillArgs: '"--config", "/cfg/all.yaml", "--config-key", "prefill"',
      decodeArgs: '"--config", "/cfg/all.yaml", "--config-key", "decode"',
      data: nested,
      items: ', items: [{key: disagg, path: all.yaml}]',
      mount: '{name: cfg, mountPath: /cfg}',
    }).replace(/sglang\.launch_server/g, 'dynamo.sglang');
    const { part } = analyseYaml(yaml);
    expect(part.services.map((s) => `${s.name}=${s.role}`)).toEqual(['prefill=prefill', 'decode=decode']);
    expect(part.graphs[0]?.kv?.transport).toBe('NIXL');
    const sub = deployment({
      prefillArgs: '"--config", "/etc/p.yaml"',
      decodeArgs: '"--config", "/etc/d.yaml"',
      data: CONFIGS,
      mount: '{name: cfg, mountPath: /etc/p.yaml, subPath: prefill.yaml}',
    }).replace(
      /(name: decode[\s\S]*?volumeMounts: \[)\{name: cfg, mountPath: \/etc\/p\.yaml, subPath: prefill\.yaml\}/,
      '$1{name: cfg, mountPath: /etc/d.yaml, subPath: decode.yaml}',
    );
    expect(analyseYaml(sub).part.services.map((s) => s.role)).toEqual(['prefill', 'decode']);
  });

  it('inside a shell script the file’s flags go right after the entry point, before the script’s own', () => {
    const yaml = deployment({ prefillArgs: '', decodeArgs: '', data: CONFIGS })
      .replace(/command: \["python3", "-m", "sglang.launch_server"\]/g, 'command: ["/bin/sh", "-c"]')
      .replace(
        /(name: prefill[\s\S]*?)args: \[\]/,
        '$1args: ["exec python3 -m dynamo.sglang --config /etc/sglang/prefill.yaml --disaggregation-transfer-backend mooncake"]',
      )
      .replace(
        /(name: decode[\s\S]*?)args: \[\]/,
        '$1args: ["exec python3 -m dynamo.sglang --config=/etc/sglang/decode.yaml"]',
      );
    const { part, checks } = analyseYaml(yaml);
    expect(part.services.map((s) => `${s.name}=${s.role}`)).toEqual(['prefill=prefill', 'decode=decode']);
    // Decode keeps the file's nixl: the two sides differ (env.kv-path).
    expect(checks.filter((c) => c.id === 'env.kv-path').map((c) => c.status)).toEqual(['fail']);
    // The script's own --disaggregation-transfer-backend mooncake wins over the file's nixl on prefill.
    expect(part.graphs[0]?.kv?.transport).toBe('MOONCAKE');
  });

  it('without the ConfigMap in the input nothing is invented: the flags stay unknown', () => {
    const { part } = analyseYaml(
      deployment({
        prefillArgs: '"--config", "/etc/sglang/prefill.yaml"',
        decodeArgs: '"--config", "/etc/sglang/decode.yaml"',
        data: CONFIGS,
        withConfigMap: false,
      }),
    );
    expect(part.graphs[0]?.mode).toBe('aggregated');
    expect(part.graphs[0]?.kv?.defaulted).toBe(true);
  });
});

describe('configToArgs (ConfigArgumentMerger._convert_config_to_args)', () => {
  it('scalars are --key value, true is the bare flag, false is left out, lists spread, maps are JSON', () => {
    expect(
      configToArgs({
        tp_size: 2,
        'enable-metrics': true,
        'log-requests': false,
        'dist-init-addr': ['a', 'b'],
        'mm-process-config': { image: { resize: 128 } },
      }),
    ).toEqual([
      '--tp-size',
      '2',
      '--enable-metrics',
      '--dist-init-addr',
      'a',
      'b',
      '--mm-process-config',
      '{"image":{"resize":128}}',
    ]);
  });
});
