import { describe, expect, it } from 'vitest';
import { analyse } from '../src/env/index.js';
import { loadInputs } from '../src/env/load.js';
import { fixturePath } from './helpers/fixtures.js';

/**
 * `env` on real manifests from other sources than recipes/ and upstream-dynamo/
 * (test/fixtures/manifests, see its INDEX.md): what an expert concludes about each.
 */

const dir = fixturePath('manifests');
async function run(file: string) {
  return analyse(await loadInputs([file], dir));
}
type C = { id: string; status: string; subject?: string; detail: string };
const find = (checks: C[], id: string, svc?: string) =>
  checks.filter((c) => c.id === id && (svc === undefined || c.subject?.endsWith(`/${svc}`)));
const fails = (checks: C[]) => checks.filter((c) => c.status === 'fail').map((c) => `${c.id} ${c.subject}`);

describe('item 1: a vLLM prefill worker without --kv-transfer-config', () => {
  it('dynamo disagg.yaml before PR #6554: the prefill worker is refused by dynamo.vllm ≥ 1.0.0', async () => {
    const { part, checks } = await run('dynamo-vllm-disagg-7893f268-no-kvcfg.yaml');
    expect(part.graphs[0]?.mode).toBe('disaggregated');
    expect(fails(checks)).toEqual([
      'env.kv-connector dynamo-vllm-disagg-7893f268-no-kvcfg.yaml#vllm-disagg/VllmPrefillWorker',
    ]);
    expect(find(checks, 'env.kv-connector', 'VllmPrefillWorker')[0]?.detail).toMatch(
      /refuses to start.*my-tag/,
    );
    // Only prefill is checked upstream: the decode worker without it starts.
    expect(find(checks, 'env.kv-connector', 'VllmDecodeWorker')).toEqual([]);
    expect(find(checks, 'env.kv-over-pod-network')[0]?.status).toBe('warn');
  });

  it('the older --is-prefill-worker example with no version in its tag: the flag dates it before 1.0.0, where nixl was the default; which runtime it meets is not shown, so a warning naming both', async () => {
    const { checks } = await run('dynamo-vllm-disagg-0044eb90-is-prefill-worker.yaml');
    const c = find(checks, 'env.kv-connector', 'VllmPrefillWorker')[0];
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(
      /pre-1\.0\.0 form.*before 1\.0\.0 the --connector default \(nixl\).*1\.0\.0 and later dynamo\.vllm refuses/,
    );
  });

  it('aiconfigurator dsv4 nightly: prefill refused; 2-node workers of 4 GPUs with no RDMA are a warn (NVL72 trays cannot be told apart)', async () => {
    const { checks } = await run('aic-dsv4-vllm-disagg-multinode-no-kvcfg.yaml');
    expect(fails(checks)).toEqual([
      'env.kv-connector aic-dsv4-vllm-disagg-multinode-no-kvcfg.yaml#dsv4/VllmPrefillWorker',
    ]);
    expect(find(checks, 'env.multinode-rdma').map((c) => c.status)).toEqual(['warn', 'warn']);
  });
});

describe('item 2: UCX_TLS without RDMA and without a usable NVLink domain', () => {
  it('glm-5.3-flash: `^cuda_ipc` mid-list is an unknown name; cuda_copy+tcp only → KV over tcp: fail', async () => {
    const { checks } = await run('dynamo-glm-5.3-flash-disagg-gb200-ucx-tcp.yaml');
    const tls = find(checks, 'env.ucx-tls');
    expect(tls.map((c) => c.status)).toEqual(['fail', 'fail']);
    expect(tls[0]?.detail).toMatch(/goes over tcp/);
    expect(tls[0]?.detail).toMatch(/unknown transport name \^cuda_ipc/);
    // UCX_NET_DEVICES=all is UCX's default and the pod sees no NIC beside its ComputeDomain and pod
    // network: judged as unset (m33); the tcp path is env.ucx-tls's fail above.
    expect(find(checks, 'env.ucx-net-devices').map((c) => c.status)).toEqual(['ok', 'ok']);
  });
});

describe('item 3: multi-node workers', () => {
  it('kimi TRT-LLM agg over 2 nodes × 4 GPUs with no RDMA: warn (may be NVL72), aggregated, no fail', async () => {
    const { part, checks } = await run('aic-kimi-trtllm-agg-multinode-no-rdma.yaml');
    expect(part.graphs[0]?.mode).toBe('aggregated');
    expect(find(checks, 'env.multinode-rdma').map((c) => c.status)).toEqual(['warn']);
    expect(fails(checks)).toEqual([]);
  });

  it('modelexpress multi-node agg with rdma/ib: an RDMA path, no fail', async () => {
    const { part, checks } = await run('mx-vllm-multinode-agg-rdma.yaml');
    expect(part.graphs[0]?.mode).toBe('aggregated');
    expect(find(checks, 'env.multinode-rdma')).toEqual([]);
    expect(fails(checks)).toEqual([]);
  });
});

describe('items 6 and 7: DRA RDMA claims, KV config in a variable, TRT-LLM config not shown', () => {
  it('GKE A4 DRANET: the mrdma.google.com ResourceClaimTemplate is the RDMA path; the KV_TRANSFER_CONFIG variable on the command line resolves to NIXL/UCX', async () => {
    const { part, checks } = await run('dynamo-qwen3-32b-gke-a4-dranet-dra-rdma.yaml');
    expect(part.graphs[0]?.kv).toMatchObject({ transport: 'NIXL', nixlPlugin: 'UCX' });
    expect(part.services.find((s) => s.name === 'PrefillWorker')?.pod.rdmaResources).toEqual([
      'claim/q32b-a4-rdma-4',
    ]);
    expect(find(checks, 'env.kv-over-pod-network')[0]?.status).toBe('ok');
    expect(find(checks, 'env.ucx-tls').map((c) => c.status)).toEqual(['ok', 'ok']);
    expect(fails(checks)).toEqual([]);
  });

  it('awsome-inference TRT-LLM disagg: the engine config ConfigMap is not in the file, so the KV backend is unknown', async () => {
    const { part, checks } = await run('awsome-trtllm-disagg-config-not-shown.yaml');
    expect(part.graphs[0]?.mode).toBe('disaggregated');
    expect(part.graphs[0]?.kv?.transport).toBe('UNKNOWN');
    expect(part.graphs[0]?.kv?.from).toMatch(/engine config is not in the manifest/);
    expect(fails(checks)).toEqual([]);
  });
});

describe('no false fail on working manifests', () => {
  it('modelexpress single-node disagg with rdma/ib: decode without --kv-transfer-config is the upstream shape', async () => {
    const { part, checks } = await run('mx-vllm-single-node-disagg-rdma.yaml');
    expect(part.graphs[0]?.mode).toBe('disaggregated');
    expect(find(checks, 'env.kv-over-pod-network')[0]?.status).toBe('ok');
    expect(fails(checks)).toEqual([]);
  });

  it('modelexpress vllm serve on EFA: aggregated, MX_NIXL_BACKEND is weight transfer, no KV check', async () => {
    const { part, checks } = await run('mx-vllm-serve-aws-efa-deployment.yaml');
    expect(part.graphs[0]?.mode).toBe('aggregated');
    expect(find(checks, 'env.efa')).toEqual([]);
    expect(fails(checks)).toEqual([]);
  });
});

describe('Dynamo 0.4 DGDs with the legacy componentType main', () => {
  it('vLLM: main is the frontend; --is-prefill-worker with no config on 0.4.0 is a warn (the nixl default applied then)', async () => {
    const { part, checks } = await run('aoe-vllm-disagg-0.4-componenttype-main.yaml');
    expect(part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'Frontend=frontend',
      'VllmDecodeWorker=decode',
      'VllmPrefillWorker=prefill',
    ]);
    const c = find(checks, 'env.kv-connector', 'VllmPrefillWorker')[0];
    expect(c?.status).toBe('warn');
    expect(c?.detail).toMatch(/Dynamo 0\.4\.0: before 1\.0\.0 the --connector default \(nixl\)/);
    expect(fails(checks)).toEqual([]);
  });

  it('SGLang: main is the frontend; NIXL/UCX KV over the pod network is a warn, no fail', async () => {
    const { part, checks } = await run('aoe-sglang-disagg-0.4-componenttype-main.yaml');
    expect(part.services.find((s) => s.name === 'Frontend')?.role).toBe('frontend');
    expect(part.graphs[0]?.kv).toMatchObject({ transport: 'NIXL', nixlPlugin: 'UCX' });
    expect(find(checks, 'env.kv-over-pod-network')[0]?.status).toBe('warn');
    expect(fails(checks)).toEqual([]);
  });

  it('TRT-LLM: the KV backend is UNKNOWN without the ConfigMaps and NIXL with them', async () => {
    const alone = await run('aoe-trtllm-disagg/trtllm-disagg.yaml');
    expect(alone.part.graphs[0]?.kv?.transport).toBe('UNKNOWN');
    expect(alone.part.services.find((s) => s.name === 'Frontend')?.role).toBe('frontend');
    const whole = await run('aoe-trtllm-disagg');
    expect(whole.part.graphs.find((g) => g.kind === 'DynamoGraphDeployment')?.kv).toMatchObject({
      transport: 'NIXL',
      nixlPlugin: 'UCX',
    });
    expect(fails(alone.checks)).toEqual([]);
    expect(fails(whole.checks)).toEqual([]);
  });
});

describe('RoleBasedGroup (sgl-project/rbg examples): a graph of roles, not "not a workload"', () => {
  it('standalone SGLang roles: router is not a worker, prefill/decode by their mode flags, Mooncake by default', async () => {
    const { part, checks } = await run('rbg-sglang-pd-disagg-standalone.yaml');
    expect(
      part.graphs.map((g) => `${g.kind} ${g.deployment} ${g.mode} ${g.engine} ${g.kv?.transport}`),
    ).toEqual(['RoleBasedGroup sglang-pd-inference disaggregated sglang MOONCAKE']);
    expect(part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'router=other',
      'prefill=prefill',
      'decode=decode',
    ]);
    expect(find(checks, 'env.kv-over-pod-network')[0]?.status).toBe('warn');
    expect(fails(checks)).toEqual([]);
  });

  it('roles built from a roleTemplate and a patch: the template’s image and env, the patch’s command', async () => {
    const { part, checks } = await run('rbg-dynamo-sglang-pd-disagg-templateref.yaml');
    expect(part.graphs[0]?.kv).toMatchObject({ transport: 'NIXL', nixlPlugin: 'UCX' });
    expect(part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'processor=frontend',
      'prefill=prefill',
      'decode=decode',
    ]);
    expect(part.skipped.map((k) => k.why)).toEqual(['Service is not a workload']);
    expect(fails(checks)).toEqual([]);
  });

  it('leaderWorkerPattern: a role spans `size` pods, so a TP group over one-GPU pods with no RDMA path is named', async () => {
    const { part, checks } = await run('rbg-sglang-pd-disagg-leader-worker.yaml');
    expect(part.services.map((s) => `${s.name}=${s.role} x${s.pod.nodeCount}`)).toEqual([
      'router=other x1',
      'prefill=prefill x4',
      'decode=decode x2',
    ]);
    expect(find(checks, 'env.multinode-rdma').map((c) => c.status)).toEqual(['warn', 'warn']);
    expect(fails(checks)).toEqual([]);
  });

  it('the v1alpha1 shape (roles[].template): decoder is the decode role', async () => {
    const { part, checks } = await run('rbg-v1alpha1-dynamo-sglang-pd.yaml');
    expect(part.services.map((s) => `${s.name}=${s.role}`)).toEqual([
      'processor=frontend',
      'prefill=prefill',
      'decoder=decode',
    ]);
    expect(part.graphs[0]?.kv?.transport).toBe('NIXL');
    expect(fails(checks)).toEqual([]);
  });
});
