import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Issue 38, principle 1 for manifests: an inline shell script shown whole is read, not guessed at
 * (src/env/non-serving.ts). A script whose every command only looks or waits (`sleep infinity`, `ls /dev/…; sleep 9999
 * & wait`) keeps a pod alive for `kubectl exec`, as `sleep infinity` given as the command does: it serves no model,
 * so no KV moves between pods. One command the list does not know (a script file, `python`, an engine) keeps the
 * judgement a pod with an unknown program gets.
 */
const pod = (script: string) => `apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: c
    image: ubuntu:22.04
    command: ["/bin/bash", "-c"]
    args: [${JSON.stringify(script)}]
    securityContext: {capabilities: {add: [IPC_LOCK]}}
    resources: {limits: {nvidia.com/gpu: 4, rdma/rdma_shared_device_a: 1}}
`;
const kvPath = async (script: string) =>
  (await analyseYamlFile(pod(script))).checks.filter((c) => c.id === 'env.kv-over-pod-network');

describe('an inline script that only looks and waits serves no model', () => {
  it('`sleep infinity` through bash -c: no KV moves, the placeholder named', async () => {
    const [c] = await kvPath('sleep infinity');
    expect(c?.status).toBe('ok');
    expect(c?.detail).toMatch(/bash -c script of sleep \(a placeholder\)/);
  });

  it('a listing, a trap and a background sleep waited on: the same', async () => {
    const [c] = await kvPath("ls -la /dev/nvidia-caps-imex-channels; trap 'exit 0' TERM; sleep 9999 & wait");
    expect(c?.status).toBe('ok');
    expect(c?.detail).toMatch(/script of ls, trap, sleep, wait \(a placeholder\)/);
  });

  it('a loop of sleeps is a keep-alive too', async () => {
    expect((await kvPath('while true; do sleep 3600; done'))[0]?.status).toBe('ok');
  });

  it('a script that also starts anything else, or only lists, is not shown to serve no model', async () => {
    for (const script of [
      'python serve.py; sleep infinity',
      '/opt/run.sh && sleep infinity',
      'ls /dev/infiniband',
      '$CMD; sleep 1',
    ])
      expect((await kvPath(script)).map((c) => c.status)).not.toContain('ok');
  });
});
