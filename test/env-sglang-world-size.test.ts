import { describe, expect, it } from 'vitest';
import { analyseYamlFile } from './helpers/env.js';

/**
 * Issue 38, principle 5: SGLang with no --nnodes puts every tensor × pipeline rank on a GPU of its own pod
 * (engine.py `_launch_subprocesses`) and borrows none from other pods, so a TP larger than the pod's GPUs
 * cannot start, however many such pods the StatefulSet runs (env.world-size fail).
 */
type Result = Awaited<ReturnType<typeof analyseYamlFile>>;
const world = (a: Result) => a.checks.filter((c) => c.id === 'env.world-size');

const sts = (args: string) => `
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: sglang}
spec:
  replicas: 2
  selector: {matchLabels: {app: sglang}}
  serviceName: sglang
  template:
    metadata: {labels: {app: sglang}}
    spec:
      containers:
      - name: sglang
        image: lmsysorg/sglang:v0.5.2
        command: [bash, -c]
        args:
        - |
          python3 -m sglang.launch_server --model /models/DeepSeek-V3 ${args} --dist-init-addr sglang-0.sglang:5000
        resources:
          limits: {nvidia.com/gpu: 8, rdma/hca_shared_devices_a: 1}
        securityContext: {capabilities: {add: [IPC_LOCK]}}
        volumeMounts: [{name: dshm, mountPath: /dev/shm}]
      volumes: [{name: dshm, emptyDir: {medium: Memory, sizeLimit: 64Gi}}]
`;

describe('env.world-size: SGLang ranks beyond the pod with no --nnodes', () => {
  it('--tensor-parallel-size 16 on 8-GPU pods, no --nnodes: a failure naming 16 ranks and 8 GPUs', async () => {
    const [c] = world(await analyseYamlFile(sts('--tensor-parallel-size 16')));
    expect(c?.status).toBe('fail');
    expect(c?.detail).toMatch(/tensor × pipeline parallel 16 ranks on one node \(no --nnodes\).*holds 8/);
  });

  it('--tp 8 --pp-size 2 counts both', async () => {
    expect(world(await analyseYamlFile(sts('--tp 8 --pp-size 2')))[0]?.status).toBe('fail');
  });

  it('with --nnodes 2 and a node rank the group spans the pods: nothing to say', async () => {
    expect(world(await analyseYamlFile(sts('--tp-size 16 --nnodes 2 --node-rank 0')))).toEqual([]);
  });

  it('a TP that fits the pod: nothing to say', async () => {
    expect(world(await analyseYamlFile(sts('--tp 8')))).toEqual([]);
  });
});
