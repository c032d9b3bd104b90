import { describe, expect, it } from 'vitest';
import { analyseYamlFile, oneContainerDeployment } from '../../test/helpers/env.js';

/**
 * `/dev/shm` is shared by the processes of a pod (rules-pod.ts shmCheck). A vLLM or SGLang engine whose command line
 * is shown and sets no parallelism (no tensor, pipeline, data, context or expert parallel size, no `--nnodes`, no
 * `--config` file that may set them) runs one GPU process: every size defaults to 1, so GPUs the pod requests beyond
 * the first are idle, not NCCL peers (serving-engine.ts oneGpuProcess). Found by batch m31 (a FusionInfer prefiller
 * requesting two GPUs with no --tensor-parallel-size, failed as "2 GPU processes").
 */
const deployment = (args: string, gpus = 2) =>
  oneContainerDeployment(
    `        image: vllm/vllm-openai:v0.11.0
        args: [${args}]
        resources: {limits: {nvidia.com/gpu: "${gpus}"}}`,
    'engine',
  );
const shm = async (yaml: string) =>
  (await analyseYamlFile(yaml)).checks
    .filter((c) => c.id === 'env.shm')
    .map((c) => `${c.status} ${c.detail}`);

describe('env.shm: the processes an engine starts, not the GPUs it requests', () => {
  it('an engine image given a model and no parallelism runs one GPU process', async () => {
    const [c] = await shm(deployment('m'));
    expect(c).toMatch(/^ok .*for one GPU process in an aggregated graph/);
  });

  it('a tensor-parallel size, written any way vLLM and SGLang take it, is that many processes', async () => {
    for (const flag of ['--tensor-parallel-size, "2"', '-tp, "2"', '"--tensor-parallel-size=2"']) {
      const [c] = await shm(deployment(`m, ${flag}`));
      expect(c, flag).toMatch(/^fail .*for 2 GPU processes/);
    }
  });

  it('data parallelism, expert parallelism or a config file that may set them keeps the GPUs as the count', async () => {
    for (const flag of [
      '--data-parallel-size, "2"',
      '--enable-expert-parallel',
      '--config, /etc/vllm/c.yaml',
    ]) {
      const [c] = await shm(deployment(`m, ${flag}`));
      expect(c, flag).toMatch(/^fail .*for 2 GPU processes/);
    }
  });

  it("a shell variable the engine's script expands may hold any option: the GPUs stay the count", async () => {
    const yaml = oneContainerDeployment(
      `        image: vllm/vllm-openai:v0.11.0
        command: [sh, -c, 'vllm serve m $EXTRA_ARGS']
        resources: {limits: {nvidia.com/gpu: "2"}}`,
    );
    const [c] = await shm(yaml);
    expect(c).toMatch(/^fail .*for 2 GPU processes/);
    // The same script with no variable runs one process.
    const [one] = await shm(yaml.replace(' $EXTRA_ARGS', ''));
    expect(one).toMatch(/^ok .*one GPU process/);
  });

  it('an image env knows as no engine keeps the GPUs as the count', async () => {
    const yaml = deployment('m').replace('vllm/vllm-openai:v0.11.0', 'example.com/server:1.0');
    const [c] = await shm(yaml);
    expect(c).not.toMatch(/^ok /);
  });
});
