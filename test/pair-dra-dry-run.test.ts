import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runCli } from './helpers/cli.js';
import { fixturePath, repoRoot } from './helpers/fixtures.js';

/**
 * Issue 24 item 1: `pair --dry-run` of a GB200 recipe with a ComputeDomain puts the workers' DRA
 * claims on both probe pods (the pod's resourceClaims and the container's resources.claims), each
 * naming a source in the scratch namespace: a scratch ComputeDomain for an IMEX channel, a copy for
 * a plain ResourceClaimTemplate. Expected shapes: test/fixtures/recipes/INDEX.md (DRA claims).
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
        INTERCONNECT_TEST_RUN_ID: 'dra1',
      },
      cwd: repoRoot,
    },
  );
  expect(r.code, r.stderr).toBe(0);
  return { objects: parseAllDocuments(r.stdout).map((d) => d.toJS()), stderr: r.stderr };
}

function claimsOf(objects: Awaited<ReturnType<typeof dryRun>>['objects']) {
  return objects
    .filter((o) => o.kind === 'Job')
    .map((j) => ({
      job: j.metadata.name,
      pod: j.spec.template.spec.resourceClaims,
      container: j.spec.template.spec.containers[0].resources.claims,
    }));
}

describe('pair --dry-run copies the workers DRA claims into both probe pods', () => {
  it('deepseek-r1 trtllm wide_ep gb200 (v1alpha1): one scratch ComputeDomain for the channel both workers share', async () => {
    const { objects } = await dryRun(
      fixturePath('recipes', 'deepseek-r1', 'trtllm', 'disagg', 'wide_ep', 'gb200', 'deploy.yaml'),
    );
    const channel = 'itest-dra1-trtllm-test-compute-domain-channel';
    const cds = objects.filter((o) => o.kind === 'ComputeDomain');
    expect(cds.map((o) => [o.apiVersion, o.metadata.name, o.metadata.namespace, o.spec])).toEqual([
      [
        'resource.nvidia.com/v1beta1',
        channel,
        'itest-pair-dra1',
        { numNodes: 2, channel: { resourceClaimTemplate: { name: channel } } },
      ],
    ]);
    expect(cds[0]?.metadata.labels['interconnect-test/run-id']).toBe('dra1');
    expect(claimsOf(objects)).toEqual(
      ['prefill', 'decode'].map((r) => ({
        job: `itest-dra1-${r}`,
        pod: [{ name: 'compute-domain-channel', resourceClaimTemplateName: channel }],
        container: [{ name: 'compute-domain-channel' }],
      })),
    );
    // Created before the Jobs whose pods name it.
    const kinds = objects.map((o) => o.kind);
    expect(kinds.indexOf('ComputeDomain')).toBeLessThan(kinds.indexOf('Job'));
  });

  it('kimi-k3 gb200 (v1beta1): prefill and decode each join their own ComputeDomain, as the recipe has it', async () => {
    const { objects } = await dryRun(
      fixturePath('recipes', 'kimi-k3', 'vllm', 'disagg-gb200-agentic', 'deploy.yaml'),
    );
    const name = (r: string) => `itest-dra1-kimi-k3-${r}-compute-domain-channel`;
    expect(objects.filter((o) => o.kind === 'ComputeDomain').map((o) => [o.metadata.name, o.spec])).toEqual(
      ['prefill', 'decode'].map((r) => [
        name(r),
        { numNodes: 1, channel: { resourceClaimTemplate: { name: name(r) }, allocationMode: 'Single' } },
      ]),
    );
    expect(claimsOf(objects)).toEqual(
      ['prefill', 'decode'].map((r) => ({
        job: `itest-dra1-${r}`,
        pod: [{ name: 'compute-domain-channel', resourceClaimTemplateName: name(r) }],
        container: [{ name: 'compute-domain-channel' }],
      })),
    );
  });

  it('glm-5 sglang: only decode claims the channel, so only the decode probe carries it', async () => {
    const { objects } = await dryRun(
      fixturePath('recipes', 'glm-5-nvfp4', 'sglang', 'disagg', 'deploy.yaml'),
    );
    const channel = 'itest-dra1-glm5-compute-domain-channel';
    expect(claimsOf(objects)).toEqual([
      { job: 'itest-dra1-prefill', pod: undefined, container: undefined },
      {
        job: 'itest-dra1-decode',
        pod: [{ name: 'compute-domain-channel', resourceClaimTemplateName: channel }],
        container: [{ name: 'compute-domain-channel' }],
      },
    ]);
  });

  it('GKE A4 dranet: the ResourceClaimTemplate of the recipe is copied into the scratch namespace unchanged', async () => {
    const file = fixturePath('manifests', 'dynamo-qwen3-32b-gke-a4-dranet-dra-rdma.yaml');
    const { objects } = await dryRun(file);
    const original = parseAllDocuments(readFileSync(file, 'utf8'))
      .map((d) => d.toJS())
      .find((o) => o?.kind === 'ResourceClaimTemplate');
    const copies = objects.filter((o) => o.kind === 'ResourceClaimTemplate');
    expect(copies.map((o) => [o.apiVersion, o.metadata.name, o.metadata.namespace])).toEqual([
      ['resource.k8s.io/v1', 'itest-dra1-q32b-a4-rdma-4', 'itest-pair-dra1'],
    ]);
    expect(copies[0]?.spec).toEqual(original?.spec);
    expect(claimsOf(objects).map((c) => c.pod)).toEqual([
      [{ name: 'rdma', resourceClaimTemplateName: 'itest-dra1-q32b-a4-rdma-4' }],
      [{ name: 'rdma', resourceClaimTemplateName: 'itest-dra1-q32b-a4-rdma-4' }],
    ]);
  });
});
