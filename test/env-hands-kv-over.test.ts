import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * A connector whose whole purpose is to move KV to another engine instance (vLLM's NixlConnector, P2pNcclConnector,
 * Mooncake's) starts an engine as one side of a prefill/decode pair, whether or not it states which side: llm-d runs
 * both sides `kv_both` and tells them apart by their Deployments' names. Read alone (a guide's prefill patch), such a
 * worker is never the aggregated engine with nothing at risk; its name, or its workload's, says which side it is.
 * An offloading connector keeps KV for the same engine, and dynamo.vllm states its own mode (agg when absent): neither
 * makes a pair.
 */
const vllm = (name: string, kv: string, env = '', cmd = '["vllm", "serve"]') => `
apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: modelserver
          command: ${cmd}
          args: ["Qwen/Qwen3-0.6B", "--kv-transfer-config", '${kv}']
${env}          resources: {limits: {nvidia.com/gpu: "1"}}
          volumeMounts: [{mountPath: /dev/shm, name: shm}]
      volumes: [{name: shm, emptyDir: {medium: Memory, sizeLimit: 16Gi}}]
`;
const NIXL = '{"kv_connector":"NixlConnector","kv_role":"kv_both"}';
const TCP = '          env: [{name: UCX_TLS, value: tcp}]\n';

const roleOf = async (yaml: string) => {
  const a = await run(yaml);
  return { role: a.part.services[0]?.role, roleFrom: a.part.services[0]?.roleFrom, checks: a.checks };
};

describe('a worker whose connector hands KV to another instance is one side of a pair', () => {
  it('read alone, its Deployment name says which side: never aggregated, never trusted without its RDMA path', async () => {
    for (const side of ['prefill', 'decode'] as const) {
      const r = await roleOf(vllm(`ms-${side}`, NIXL));
      expect(r.role, side).toBe(side);
      expect(r.roleFrom).toBe('name');
      const kv = r.checks.find((c) => c.id === 'env.kv-over-pod-network');
      expect(kv?.status).toBe('warn');
      expect(rollUp(r.checks).status).not.toBe('trusted');
    }
  });

  it('a prefill hands KV over for certain: its UCX_TLS is judged as the KV path it is, tcp alone is no RDMA transport', async () => {
    const r = await roleOf(vllm('prefill', NIXL, TCP));
    expect(r.checks.find((c) => c.id === 'env.ucx-tls')?.status).toBe('fail');
  });

  it('a decode pool named so also serves alone (llm-d gives every decode pool the connector): its KV path is a condition, warned, never failed', async () => {
    const r = await roleOf(vllm('decode', NIXL, TCP));
    expect(r.role).toBe('decode');
    expect(r.checks.find((c) => c.id === 'env.ucx-tls')).toBeUndefined();
    expect(r.checks.find((c) => c.id === 'env.kv-over-pod-network')?.status).toBe('warn');
    expect(rollUp(r.checks).status).toBe('unverified');
  });

  it('the NIXL connector nested in a MultiConnector hands KV over too', async () => {
    const multi =
      '{"kv_connector":"MultiConnector","kv_role":"kv_both","kv_connector_extra_config":{"connectors":[{"kv_connector":"NixlConnector","kv_role":"kv_producer"},{"kv_connector":"OffloadingConnector","kv_role":"kv_both"}]}}';
    expect((await roleOf(vllm('prefill', multi))).role).toBe('prefill');
  });

  it('an offloading connector keeps KV for its own engine: a lone worker stays aggregated, whatever its name', async () => {
    const r = await roleOf(vllm('prefill', '{"kv_connector":"LMCacheConnectorV1","kv_role":"kv_both"}'));
    expect(r.role).toBe('agg');
  });

  it('dynamo.vllm states its own mode (agg when absent): its connector makes no pair', async () => {
    const r = await roleOf(vllm('decode', NIXL, '', '["python3", "-m", "dynamo.vllm"]'));
    expect(r.role).toBe('agg');
  });

  it('with no name that says a side, a lone worker is a worker of a pair not shown: warned, never trusted, never failed', async () => {
    const r = await roleOf(vllm('qwen', NIXL, TCP));
    expect(r.role).toBe('worker');
    expect(r.checks.find((c) => c.id === 'env.kv-over-pod-network')?.detail).toContain(
      'neither side of the pair is stated or in the input',
    );
    expect(r.checks.find((c) => c.id === 'env.ucx-tls')).toBeUndefined();
    expect(rollUp(r.checks).status).toBe('unverified');
  });

  it('a graph in one object states its pools by its schema: a lone pool there stays aggregated (KServe LLMInferenceService)', async () => {
    const a = await run(`
apiVersion: serving.kserve.io/v1alpha1
kind: LLMInferenceService
metadata: {name: decode-only}
spec:
  model: {uri: "hf://Qwen/Qwen3-0.6B"}
  template:
    containers:
      - name: main
        image: ghcr.io/llm-d/llm-d-cuda:v0.3.0
        env: [{name: VLLM_ADDITIONAL_ARGS, value: '--kv-transfer-config ${NIXL}'}]
        resources: {limits: {nvidia.com/gpu: "1"}}
`);
    expect(a.part.graphs[0]?.mode).toBe('aggregated');
  });
});
