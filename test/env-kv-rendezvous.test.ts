import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Issue 38, principle 5 (follow the KV path to its consequence): vLLM's P2pNcclConnector learns where to send KV
 * from the proxy both sides register with (kv_connector_extra_config.proxy_ip); a loopback proxy_ip in a pod
 * that is not on the node's network names the pod itself, so no KV is ever handed over (env.kv-rendezvous).
 */
type Result = Awaited<ReturnType<typeof analyseYamlFile>>;
const rdv = (a: Result) => a.checks.filter((c) => c.id === 'env.kv-rendezvous');

const pods = (o: { proxyIp: string; hostNetwork?: boolean }) => {
  const pod = (role: 'prefill' | 'decode', kvRole: 'kv_producer' | 'kv_consumer', rank: number) => `
apiVersion: v1
kind: Pod
metadata:
  name: vllm-${role}
  labels: {app: pd, role: ${role}}
spec:${o.hostNetwork ? '\n  hostNetwork: true' : ''}
  containers:
  - name: vllm
    image: vllm/vllm-openai:v0.11.0
    securityContext: {capabilities: {add: [IPC_LOCK]}}
    command: [vllm, serve, Qwen/Qwen2.5-7B-Instruct, --port, "2000${rank}", --kv-transfer-config, '{"kv_connector":"P2pNcclConnector","kv_role":"${kvRole}","kv_rank":${rank},"kv_parallel_size":2,"kv_port":"1457${rank}","kv_connector_extra_config":{"proxy_ip":"${o.proxyIp}","proxy_port":"30001","http_port":"2000${rank}"}}']
    resources:
      limits: {nvidia.com/gpu: "1", rdma/hca_shared_devices_a: "1"}
`;
  return `${pod('prefill', 'kv_producer', 0)}---${pod('decode', 'kv_consumer', 1)}`;
};

describe('env.kv-rendezvous: a P2pNccl proxy on the pod loopback hands no KV over', () => {
  it('proxy_ip 127.0.0.1 in both pods, no hostNetwork: a failure naming each pod and its proxy_ip', async () => {
    const [c] = rdv(await analyseYamlFile(pods({ proxyIp: '127.0.0.1' })));
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(
      /vllm-prefill\S*: proxy_ip 127\.0\.0\.1; vllm-decode\S*: proxy_ip 127\.0\.0\.1/,
    );
    expect(c?.detail).toMatch(/no decode address to send KV to/);
  });

  it('localhost is loopback too', async () => {
    expect(rdv(await analyseYamlFile(pods({ proxyIp: 'localhost' })))[0]?.status).toBe('fail');
  });

  it("the proxy's Service name: nothing to say", async () => {
    expect(rdv(await analyseYamlFile(pods({ proxyIp: 'p2p-proxy.default.svc' })))).toEqual([]);
  });

  it("pods on the node's network share its loopback: left alone", async () => {
    expect(rdv(await analyseYamlFile(pods({ proxyIp: '127.0.0.1', hostNetwork: true })))).toEqual([]);
  });
});
