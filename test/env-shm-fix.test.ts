import { describe, expect, it } from 'vitest';
import { analyseYamlFile as run } from './helpers/env.js';

/**
 * A fix names the field that sets what it fixes: a Dynamo graph's /dev/shm is the operator's (`sharedMemory.size` in
 * v1alpha1, `sharedMemorySize` in v1beta1), a plain workload's is a Memory emptyDir it mounts itself, since the
 * Dynamo fields mean nothing in a Deployment.
 */
const fixOf = async (yaml: string) => (await run(yaml)).checks.find((c) => c.id === 'env.shm')?.fix ?? '';

describe('the /dev/shm fix names the field that sets it', () => {
  it('a Deployment with no /dev/shm volume: mount a Memory emptyDir, no Dynamo field', async () => {
    const fix = await fixOf(`
apiVersion: apps/v1
kind: Deployment
metadata: {name: w}
spec:
  template:
    spec:
      containers:
        - name: vllm
          command: ["vllm", "serve", "m", "--tensor-parallel-size", "4"]
          resources: {limits: {nvidia.com/gpu: 4}}
`);
    expect(fix).toBe('mount a Memory emptyDir (sizeLimit 16Gi or more) at /dev/shm');
  });

  it('a v1alpha1 graph whose sharedMemory.size is too small: that field', async () => {
    const fix = await fixOf(`
apiVersion: nvidia.com/v1alpha1
kind: DynamoGraphDeployment
metadata: {name: g}
spec:
  services:
    VllmWorker:
      componentType: worker
      sharedMemory: {size: 512Mi}
      resources: {limits: {gpu: "4"}}
      extraPodSpec:
        mainContainer:
          command: ["python3", "-m", "dynamo.vllm", "--model", "m", "--tensor-parallel-size", "4"]
`);
    expect(fix).toMatch(/^set sharedMemory\.size to 16Gi or more/);
    expect(fix).not.toContain('sharedMemorySize');
  });
});
