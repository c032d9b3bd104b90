// Issue 24 item 1 on the local control plane with DRA on (resource.k8s.io/v1, GA in 1.36): the
// probe pods copy the recipe's DRA claim (the GKE A4 dranet recipe's ResourceClaimTemplate, its
// scratch copy created by pair), and the real scheduler allocates each claim from the
// ResourceSlices up.sh publishes for the kwok nodes (scripts/cluster/nodes.sh render_dra), inside
// one NVLink clique (the nodes' nvidia.com/gpu.clique label, which the test sets as GPU Feature
// Discovery would and removes after).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CustomObjectsApi } from '@kubernetes/client-node';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { DECODE_NODE, declarePairLogs, newE2eRunId, PREFILL_NODE, TARGET_LOG } from './harness/pair-logs.js';
import { fixture, KWOK_PROBE_ARGS, SIM, useTestEnv, waitFor } from './harness.js';

const env = useTestEnv('dra');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'dra-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

const CLIQUE = 'nvidia.com/gpu.clique';
// GPU Feature Discovery's value: <ClusterUUID>.<CliqueId> (k8s-device-plugin internal/lm/imex.go).
const CLIQUE_ID = '0f4c5b2e-9a1d-4c3b-8e7f-6a5b4c3d2e1f.0';
const RECIPE = fixture('manifests/dynamo-qwen3-32b-gke-a4-dranet-dra-rdma.yaml');

interface Claim {
  metadata?: { name?: string; annotations?: Record<string, string> };
  spec?: {
    devices?: { requests?: { name: string; exactly?: { deviceClassName?: string; count?: number } }[] };
  };
  status?: {
    allocation?: {
      devices?: { results?: { request: string; driver: string; pool: string; device: string }[] };
    };
    reservedFor?: { resource: string; name: string }[];
  };
}

describe('DRA claims of the probe pods', () => {
  test("the recipe's claim is copied, allocated by the real scheduler on both probe pods, inside one clique", async () => {
    const e = env();
    // A JSON patch (the client's default): the label's key with its `/` escaped.
    const labelPath = `/metadata/labels/${CLIQUE.replace('/', '~1')}`;
    for (const node of [PREFILL_NODE, DECODE_NODE]) {
      await e.core.patchNode({ name: node, body: [{ op: 'add', path: labelPath, value: CLIQUE_ID }] });
      e.defer(`clique label of ${node}`, () =>
        e.core.patchNode({ name: node, body: [{ op: 'remove', path: labelPath }] }),
      );
    }
    const runId = newE2eRunId();
    const scratch = `itest-pair-${runId}`;
    await declarePairLogs(e, scratchDir, runId, {
      prefill: readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8'),
      decode: TARGET_LOG,
    });
    e.defer(`namespace ${scratch}`, () => e.core.deleteNamespace({ name: scratch }));

    // While the run lasts: each generated ResourceClaim as soon as it is allocated and reserved.
    const custom = e.kc.makeApiClient(CustomObjectsApi);
    const seen = new Map<string, Claim>();
    let running = true;
    const watcher = (async () => {
      while (running) {
        try {
          const list = (await custom.listNamespacedCustomObject({
            group: 'resource.k8s.io',
            version: 'v1',
            namespace: scratch,
            plural: 'resourceclaims',
          })) as { items: Claim[] };
          for (const c of list.items)
            if (c.status?.allocation && c.status.reservedFor?.length && c.metadata?.name)
              seen.set(c.metadata.name, c);
        } catch {
          // The namespace is not there yet, or is gone.
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const r = await runCli(
      [
        'pair',
        ...KWOK_PROBE_ARGS,
        // The probe pods "run" long enough for the claims to be seen reserved.
        '--pod-annotation',
        `prefill:${SIM.duration}=6s`,
        '--pod-annotation',
        `decode:${SIM.duration}=6s`,
        '--timeout',
        '90s',
        '--initiator',
        'prefill',
        '--op',
        'write',
        '--recipe',
        RECIPE,
        // The recipe's UCX_TLS (rc_x,rc,cuda_copy) leaves cuda_ipc out, which makes a pair inside one
        // clique test the NIC (src/judge/nvlink-domain.ts); with cuda_ipc allowed it tests NVLink.
        '--env',
        'UCX_TLS=rc_x,rc,cuda_copy,cuda_ipc',
        '--prefill-node',
        PREFILL_NODE,
        '--decode-node',
        DECODE_NODE,
        '--keep',
        '-o',
        'json',
      ],
      { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId } },
    );
    running = false;
    await watcher;
    const report = JSON.parse(r.stdout) as { checks: { id: string; status: string; detail: string }[] };
    const check = (id: string) => report.checks.find((c) => c.id === id);

    // Copied: the recipe's template, into the scratch namespace, unchanged.
    expect(check('pair.claims')).toMatchObject({ status: 'ok' });
    const rct = (await custom.getNamespacedCustomObject({
      group: 'resource.k8s.io',
      version: 'v1',
      namespace: scratch,
      plural: 'resourceclaimtemplates',
      name: `itest-${runId}-q32b-a4-rdma-4`,
    })) as { spec: { spec: unknown } };
    // (The API server adds an empty spec.metadata.)
    expect(rct.spec.spec).toEqual({
      devices: {
        requests: [
          {
            name: 'rdma',
            exactly: { allocationMode: 'ExactCount', count: 4, deviceClassName: 'mrdma.google.com' },
          },
        ],
      },
    });

    // Allocated by the scheduler: one claim per probe pod, 4 NICs of its own node each.
    await waitFor('both claims seen allocated', async () => (seen.size >= 2 ? true : undefined), {
      timeoutMs: 5_000,
    });
    const claims = [...seen.values()];
    const byPod = Object.fromEntries(
      claims.map((c) => [
        c.status?.reservedFor?.[0]?.name ?? '',
        c.status?.allocation?.devices?.results ?? [],
      ]),
    );
    const pods = await e.core.listNamespacedPod({
      namespace: scratch,
      labelSelector: `interconnect-test/run-id=${runId}`,
    });
    const probes = pods.items.filter((p) =>
      ['prefill', 'decode'].includes(p.spec?.containers[0]?.name ?? ''),
    );
    expect(probes.map((p) => [p.spec?.containers[0]?.name, p.spec?.nodeName]).sort()).toEqual([
      ['decode', DECODE_NODE],
      ['prefill', PREFILL_NODE],
    ]);
    for (const p of probes) {
      const results = byPod[p.metadata?.name ?? ''];
      expect(results?.map((x) => [x.request, x.driver, x.pool])).toEqual(
        Array.from({ length: 4 }, () => ['rdma', 'dra.net', p.spec?.nodeName]),
      );
      expect(p.spec?.resourceClaims).toEqual([
        { name: 'rdma', resourceClaimTemplateName: `itest-${runId}-q32b-a4-rdma-4` },
      ]);
      expect(p.spec?.containers[0]?.resources?.claims).toEqual([{ name: 'rdma' }]);
    }

    // Inside one clique: the plan and the verdict say the pair tests multi-node NVLink.
    expect(check('pair.path')).toMatchObject({
      status: 'ok',
      detail: `tests multi-node NVLink: both nodes are in NVLink domain ${CLIQUE_ID} (nvidia.com/gpu.clique)`,
    });
    // Judged against the NVLink of the nodes' product (the kwok nodes say H100: NVLink 4), not a NIC.
    expect(check('pair.bandwidth')?.detail).toBe(
      '5.11 GB/s at 64 MiB (1% of 450 GB/s line rate) is below the floor of 150.4 GB/s (NVLink 4 450 GB/s per direction, one copy measured at 376 GB/s (NVIDIA-H100-80GB-HBM3))',
    );

    // Kept (--keep): gc finds the scratch copy by its labels, like every scratch object, and deletes it.
    const gc = await runCli(['gc', '--run', runId, '-o', 'json']);
    const subjects = (JSON.parse(gc.stdout) as { checks: { id: string; subject?: string }[] }).checks
      .filter((c) => c.id === 'gc.delete')
      .map((c) => c.subject);
    expect(subjects).toContain(`resourceclaimtemplate/itest-${runId}-q32b-a4-rdma-4 -n ${scratch}`);
    expect(subjects.at(-1)).toBe(`namespace/${scratch}`);
  });
});
