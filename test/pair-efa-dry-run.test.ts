import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCli } from './helpers/cli.js';
import { repoRoot } from './helpers/fixtures.js';

/**
 * Issue 23 item 4: on AWS EFA the nixl engine runs NIXL's LIBFABRIC backend (our
 * probe's --backend, NIXL's Python agent backends=[…]) in the deployment's own EFA
 * image, and each probe pod requests the EFA devices of its own GPUs (the worker's
 * vpc.amazonaws.com/efa per GPU × the probe's GPUs), not all of the worker's.
 */

async function dryRun(recipe: string) {
  const r = await runCli(
    [
      'pair',
      '--dry-run',
      '--recipe',
      recipe,
      '--engine',
      'nixl',
      '--prefill-node',
      'a',
      '--decode-node',
      'b',
    ],
    {
      env: {
        PATH: process.env.PATH,
        HOME: '/nonexistent',
        KUBECONFIG: '/nonexistent/kubeconfig',
        INTERCONNECT_TEST_RUN_ID: 'efa1',
      },
      cwd: repoRoot,
    },
  );
  expect(r.code, r.stderr).toBe(0);
  const jobs = parseAllDocuments(r.stdout)
    .map((d) => d.toJS())
    .filter((o) => o?.kind === 'Job');
  return jobs.map((j) => {
    const c = j.spec.template.spec.containers[0];
    return {
      image: c.image as string,
      args: c.args as string[],
      limits: c.resources.limits as Record<string, string>,
      env: Object.fromEntries((c.env as { name: string; value?: string }[]).map((e) => [e.name, e.value])),
    };
  });
}

describe('pair --dry-run --engine nixl on an AWS EFA recipe', () => {
  it("eks-vllm-disagg-p5 (2 GPUs, 8 EFA per worker): LIBFABRIC in the recipe's own image, the 4 EFA devices of one GPU", async () => {
    const jobs = await dryRun('test/fixtures/upstream-dynamo/eks-vllm-disagg-p5.yaml');
    expect(jobs).toHaveLength(2);
    for (const j of jobs) {
      expect(j.image).toBe('nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.0.0-efa-amd64');
      expect(j.args.slice(0, 2)).toEqual(['--backend', 'LIBFABRIC']);
      expect(j.limits['nvidia.com/gpu']).toBe('1');
      expect(j.limits['vpc.amazonaws.com/efa']).toBe('4');
      // NIXL names its LIBFABRIC provider and rail count only at INFO.
      expect(j.env.NIXL_LOG_LEVEL).toBe('INFO');
      // The cluster was not read: one rail (GPU 0), named as such.
      expect(j.env.ITEST_RAILS).toBe('0');
    }
  });

  it('nemotron-3.5-disagg-h100-efa (1 GPU, 4 EFA per worker): LIBFABRIC, the 4 EFA of its one GPU', async () => {
    const jobs = await dryRun('test/fixtures/upstream-dynamo/nemotron-3.5-disagg-h100-efa.yaml');
    for (const j of jobs) {
      expect(j.image).toBe('nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.5.0-nemotron-3.5-lightning-dev.1');
      expect(j.args.slice(0, 2)).toEqual(['--backend', 'LIBFABRIC']);
      expect(j.limits).toMatchObject({ 'nvidia.com/gpu': '1', 'vpc.amazonaws.com/efa': '4' });
    }
  });

  it('trtllm-qwen3-235b-aws-p6-efa: each side its own worker per GPU (prefill 8 EFA / 2 GPUs = 4, decode 8 / 4 = 2)', async () => {
    const jobs = await dryRun('test/fixtures/upstream-dynamo/trtllm-qwen3-235b-aws-p6-efa.yaml');
    const by = Object.fromEntries(jobs.map((j) => [j.env.ITEST_ROLE, j]));
    for (const j of jobs) expect(j.image).toBe('nvcr.io/nvidia/ai-dynamo/tensorrtllm-runtime:1.3.0');
    expect(by.prefill?.limits).toMatchObject({ 'nvidia.com/gpu': '1', 'vpc.amazonaws.com/efa': '4' });
    expect(by.decode?.limits).toMatchObject({ 'nvidia.com/gpu': '1', 'vpc.amazonaws.com/efa': '2' });
  });
});
