import { describe, expect, it } from 'vitest';
import { analyseYaml } from '../../test/helpers/env.js';
import { expandArgv, expandEnv, expandK8s } from './expansion.js';

describe('Kubernetes $(VAR) expansion (third_party/forked/golang/expansion semantics)', () => {
  const env = { A: 'x', B: '{"kv_connector":"NixlConnector"}' };
  const look = (n: string) => (env as Record<string, string>)[n];

  it('expands defined names, leaves undefined ones, $$ escapes, unclosed and bare $ stay', () => {
    expect(expandK8s('--v=$(A)', look)).toBe('--v=x');
    expect(expandK8s('$(NOPE)-$(A)', look)).toBe('$(NOPE)-x');
    expect(expandK8s('$$(A)', look)).toBe('$(A)');
    expect(expandK8s('$$$(A)', look)).toBe('$x');
    expect(expandK8s('$(A', look)).toBe('$(A');
    expect(expandK8s('$HOME and $', look)).toBe('$HOME and $');
    expect(expandK8s('$()', look)).toBe('$()');
  });

  it('env values expand against the variables before them only', () => {
    expect(
      expandEnv([
        { name: 'A', value: 'a' },
        { name: 'B', value: '$(A)-$(C)' },
        { name: 'C', value: 'c' },
      ]),
    ).toEqual({
      A: 'a',
      B: 'a-$(C)',
      C: 'c',
    });
  });

  it('args expand against the whole env', () => {
    expect(expandArgv(['--kv-transfer-config', '$(B)'], env)).toEqual([
      '--kv-transfer-config',
      '{"kv_connector":"NixlConnector"}',
    ]);
  });
});

describe('env resolves $(VAR) in a worker’s args as the kubelet does', () => {
  const manifest = (ref: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: vllm-prefill}
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: main
          image: vllm/vllm-openai:v0.11.0
          command: ["vllm", "serve", "Qwen/Qwen3-8B"]
          args: ["--kv-transfer-config", "${ref}"]
          env:
            - name: KV_TRANSFER_CONFIG
              value: '{"kv_connector":"NixlConnector","kv_role":"kv_both"}'
            - {name: UCX_TLS, value: "tcp"}
          resources:
            limits: {nvidia.com/gpu: "1", rdma/ib: "1"}
`;

  it('the KV path behind $(KV_TRANSFER_CONFIG) is read from the env; $$( and an undefined name stay unread', () => {
    const kv = (ref: string) => analyseYaml(manifest(ref)).part.graphs[0]?.kv;
    expect(kv('$(KV_TRANSFER_CONFIG)')).toMatchObject({ transport: 'NIXL', from: '--kv-transfer-config' });
    expect(kv('$$(KV_TRANSFER_CONFIG)')?.transport).not.toBe('NIXL');
    expect(kv('$(UNDEFINED_CFG)')?.transport).not.toBe('NIXL');
  });
});
