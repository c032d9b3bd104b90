import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Issue 38, principle 5 (severity follows the consequence): a UCX_TLS that leaves out cuda_ipc, in prefill and
 * decode pods with no RDMA path, leaves KV one way out wherever the pods land: tcp. That is the TCP fallback
 * itself (FAIL), where a pod network that placement might still avoid (both pods on one node, cuda_ipc kept) is
 * a warning. Host-staged KV (kv_buffer_device cpu) is a deliberate, slower path and keeps env.ucx-tls's warning.
 */
type Result = Awaited<ReturnType<typeof analyseYamlFile>>;
const kvNet = (a: Result) => a.checks.filter((c) => c.id === 'env.kv-over-pod-network');

const pair = (opts: { tls: string; rdma?: boolean; hostStaged?: boolean; together?: boolean }) => {
  const kv = `{"kv_connector":"NixlConnector","kv_role":"kv_both"${opts.hostStaged ? ',"kv_buffer_device":"cpu"' : ''}}`;
  const worker = (name: string, mode: string) => `
    ${name}:
      componentType: worker
      subComponentType: ${mode}
      replicas: 1
      resources:
        limits: {gpu: "1"${opts.rdma ? ', custom: {rdma/ib: "1"}' : ''}}
      extraPodSpec:${
        opts.together
          ? `
        affinity:
          podAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
            - labelSelector: {matchLabels: {app: g}}
              topologyKey: kubernetes.io/hostname`
          : ''
      }
        mainContainer:
          image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0
          securityContext: {capabilities: {add: [IPC_LOCK]}}
          command: [python3, -m, dynamo.vllm]
          args: [--model, m, --disaggregation-mode, ${mode}, --kv-transfer-config, '${kv}']
          env: [{name: UCX_TLS, value: "${opts.tls}"}]`;
  return `
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:${worker('Prefill', 'prefill')}${worker('Decode', 'decode')}
`;
};

describe('env.kv-over-pod-network: no cuda_ipc and no RDMA path is TCP wherever the pods land', () => {
  it('UCX_TLS=^cuda_ipc with no RDMA resource: a failure naming both pods and their UCX_TLS', async () => {
    const [c] = kvNet(await analyseYamlFile(pair({ tls: '^cuda_ipc' })));
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(
      /Prefill \(prefill\): UCX_TLS=\^cuda_ipc; Decode \(decode\): UCX_TLS=\^cuda_ipc leaves out cuda_ipc/,
    );
    expect(c?.detail).toMatch(/KV goes over TCP wherever the pods run/);
  });

  it('a required podAffinity onto one node does not save it: cuda_ipc is left out, so still a failure', async () => {
    expect(kvNet(await analyseYamlFile(pair({ tls: 'cuda_copy,tcp', together: true })))[0]?.status).toBe(
      'fail',
    );
  });

  it('cuda_ipc kept: the pod network is a risk placement may avoid, a warning as before', async () => {
    expect(kvNet(await analyseYamlFile(pair({ tls: 'rc,cuda_copy,cuda_ipc,tcp' })))[0]?.status).toBe('warn');
  });

  it('with an RDMA resource on both pods, KV has a path off the pod network', async () => {
    expect(kvNet(await analyseYamlFile(pair({ tls: '^cuda_ipc', rdma: true })))[0]?.status).toBe('ok');
  });

  it('host-staged KV (kv_buffer_device cpu) over tcp is a deliberate path: not this failure', async () => {
    const a = await analyseYamlFile(pair({ tls: 'tcp,self', hostStaged: true }));
    expect(kvNet(a)[0]?.status).toBe('warn');
    expect(a.checks.filter((c) => c.status === 'fail')).toEqual([]);
  });
});
