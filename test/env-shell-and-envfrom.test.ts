import { describe, expect, it } from 'vitest';
import { rollUp } from '../src/core/verdict.js';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * Issue 38, principle 1 for manifests: the same workload written another way reads the same. A command wrapped in a
 * `sh -c` script that is one simple command runs that command (bash(1), `-c`); a variable set through `envFrom` from
 * a ConfigMap in the input is in the container's environment as a literal `env` entry is.
 */
const mpiJob = (workerCommand: string) => `
apiVersion: kubeflow.org/v2beta1
kind: MPIJob
metadata: {name: nvbandwidth}
spec:
  slotsPerWorker: 2
  mpiReplicaSpecs:
    Launcher:
      replicas: 1
      template:
        spec:
          containers:
          - name: launcher
            image: ghcr.io/nvidia/k8s-samples:nvbandwidth-v0.7-8d103163
            command: [mpirun, -np, "4", nvbandwidth, -t, multinode_device_to_device_memcpy_read_ce]
    Worker:
      replicas: 2
      template:
        spec:
          containers:
          - name: worker
            image: ghcr.io/nvidia/k8s-samples:nvbandwidth-v0.7-8d103163
            command: ${workerCommand}
            resources: {limits: {nvidia.com/gpu: 2}}
`;

describe('a worker command wrapped in a one-command `sh -c` script', () => {
  it("`bash -c '/usr/sbin/sshd -De'` is the launcher's remote-shell worker, as `command: [/usr/sbin/sshd]` is", async () => {
    const plain = await run(mpiJob('[/usr/sbin/sshd, -De]'));
    for (const wrapped of ['[/bin/bash, -c, "/usr/sbin/sshd -De"]', '[sh, -c, "exec /usr/sbin/sshd -De"]']) {
      const a = await run(mpiJob(wrapped));
      expect(
        a.checks.map((c) => `${c.status} ${c.id}`),
        wrapped,
      ).toEqual(plain.checks.map((c) => `${c.status} ${c.id}`));
      expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.detail).toMatch(
        /nvbandwidth \(started over sshd/,
      );
    }
  });

  it('a script of two commands is not read as either one alone', async () => {
    const a = await run(mpiJob('[/bin/bash, -c, "/usr/sbin/sshd -De; python3 serve.py"]'));
    expect(a.checks.find((c) => c.id === 'env.kv-over-pod-network')?.detail ?? '').not.toMatch(
      /started over sshd/,
    );
  });
});

const lws = (env: string, envFrom: string, configMap: string) => `${configMap}
apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: sglang}
spec:
  leaderWorkerTemplate:
    size: 2
    leaderTemplate:
      spec:
        containers:
        - name: leader
          image: lmsysorg/sglang:v0.5.4
          command: [python3, -m, sglang.launch_server, --model-path, deepseek-ai/DeepSeek-R1, --tp, "16", --nnodes, "2"]
          resources: {limits: {nvidia.com/gpu: 8}}
${env}${envFrom}    workerTemplate:
      spec:
        containers:
        - name: worker
          image: lmsysorg/sglang:v0.5.4
          command: [python3, -m, sglang.launch_server, --model-path, deepseek-ai/DeepSeek-R1, --tp, "16", --nnodes, "2"]
          resources: {limits: {nvidia.com/gpu: 8}}
`;

describe('a variable set through envFrom from a ConfigMap in the input', () => {
  it('NCCL_IB_DISABLE=1 from the ConfigMap weighs in the multi-node check as the same literal env does', async () => {
    const literal = await run(lws('          env: [{name: NCCL_IB_DISABLE, value: "1"}]\n', '', ''));
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: nccl}\ndata: {NCCL_IB_DISABLE: "1"}\n---';
    const fromCm = await run(lws('', '          envFrom: [{configMapRef: {name: nccl}}]\n', cm));
    const status = (a: Awaited<ReturnType<typeof run>>) =>
      a.checks.filter((c) => c.id === 'env.multinode-rdma').map((c) => c.status);
    expect(status(literal)).toContain('warn');
    expect(status(fromCm)).toEqual(status(literal));
    expect(rollUp(fromCm.checks).status).toBe(rollUp(literal.checks).status);
  });
});
