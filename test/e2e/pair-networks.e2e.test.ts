// `pair` and Multus as deployed (issue 24 item 5), on the test control plane with the real
// NetworkAttachmentDefinition CRD (test/cluster/crds): the deployment's networks are copied into
// the scratch namespace (Multus namespaceIsolation refuses a network of another namespace), the
// probe pods name the copies, and the copies are scratch objects: labelled, torn down with the
// rest, and found by `gc`. The worker's 8 GPUs with 8 rdma/ib and 8 attachments become the
// probe's 1 GPU, 1 rdma/ib, 1 attachment.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CustomObjectsApi } from '@kubernetes/client-node';
import { afterAll, describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { DECODE_NODE, declarePairLogs, newE2eRunId, PREFILL_NODE, TARGET_LOG } from './harness/pair-logs.js';
import { fixture, KWOK_PROBE_ARGS, type TestEnv, toolLeftovers, useTestEnv, waitFor } from './harness.js';

const env = useTestEnv('pair-networks');
const scratchDir = mkdtempSync(path.join(tmpdir(), 'pair-networks-e2e-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

const NETWORKS = 'k8s.v1.cni.cncf.io/networks';
const NAD = { group: 'k8s.cni.cncf.io', version: 'v1', plural: 'network-attachment-definitions' };
const MANAGED = 'app.kubernetes.io/managed-by=interconnect-test';

interface Nad {
  metadata: {
    name: string;
    namespace: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec: { config: string };
}

const CONFIG = (name: string) =>
  JSON.stringify({
    cniVersion: '0.3.1',
    name,
    type: 'ib-sriov',
    ipam: { type: 'whereabouts', range: '192.168.2.0/24' },
  });

let made = false;

/** The deployment's networks ib-0 … ib-7 (the worker's 8 attachments), once for this file. */
async function ensureNads(e: TestEnv): Promise<void> {
  if (made) return;
  for (let i = 0; i < 8; i++) await createNad(e, `ib-${i}`);
  made = true;
}

async function createNad(e: TestEnv, name: string): Promise<void> {
  const custom = e.kc.makeApiClient(CustomObjectsApi);
  await custom.createNamespacedCustomObject({
    ...NAD,
    namespace: e.namespace,
    body: {
      apiVersion: 'k8s.cni.cncf.io/v1',
      kind: 'NetworkAttachmentDefinition',
      metadata: {
        name,
        namespace: e.namespace,
        annotations: { 'k8s.v1.cni.cncf.io/resourceName': 'rdma/ib' },
      },
      spec: { config: CONFIG(name) },
    },
  });
  e.defer(`NetworkAttachmentDefinition ${name}`, () =>
    custom.deleteNamespacedCustomObject({ ...NAD, namespace: e.namespace, name }),
  );
}

/** NetworkAttachmentDefinitions in `namespace` (every namespace when undefined), by label. */
async function nads(e: TestEnv, selector: string, namespace?: string): Promise<Nad[]> {
  const custom = e.kc.makeApiClient(CustomObjectsApi);
  const list = (await (namespace
    ? custom.listNamespacedCustomObject({ ...NAD, namespace, labelSelector: selector })
    : custom.listClusterCustomObject({ ...NAD, labelSelector: selector }))) as { items: Nad[] };
  return list.items;
}

/** A DGD recipe (v1beta1): prefill and decode workers of 8 GPUs, 8 rdma/ib and 8 attachments of ib-0 … ib-7. */
function recipe(): string {
  const worker = (role: string) => ({
    name: role,
    type: role,
    podTemplate: {
      metadata: { annotations: { [NETWORKS]: Array.from({ length: 8 }, (_, i) => `ib-${i}`).join(',') } },
      spec: {
        containers: [
          {
            name: 'main',
            image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.1.1',
            env: [{ name: 'UCX_TLS', value: 'rc_x,cuda_copy' }],
            resources: { limits: { 'nvidia.com/gpu': '8', 'rdma/ib': '8' } },
          },
        ],
      },
    },
  });
  const file = path.join(scratchDir, `dgd-${randomBytes(3).toString('hex')}.yaml`);
  writeFileSync(
    file,
    stringify({
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'sriov' },
      spec: { components: [worker('prefill'), worker('decode')] },
    }),
  );
  return file;
}

async function pair(runId: string, args: string[]) {
  return runCli(
    [
      'pair',
      ...KWOK_PROBE_ARGS,
      '--timeout',
      '90s',
      '--initiator',
      'prefill',
      '--op',
      'write',
      '--engine',
      'nixlbench',
      '--prefill-node',
      PREFILL_NODE,
      '--decode-node',
      DECODE_NODE,
      '-o',
      'json',
      ...args,
    ],
    { env: { ...process.env, INTERCONNECT_TEST_RUN_ID: runId } },
  );
}

const OK_LOG = () => readFileSync(fixture('nixlbench/legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8');

describe('pair copies the deployment networks into the scratch namespace (Multus namespaceIsolation)', () => {
  test('the copy is made (spec unchanged, labelled), the probe pods name it, and gc removes a kept run', async () => {
    const e = env();
    await ensureNads(e);
    const runId = newE2eRunId();
    const scratch = `itest-pair-${runId}`;
    await declarePairLogs(e, scratchDir, runId, { prefill: OK_LOG(), decode: TARGET_LOG });
    const r = await pair(runId, ['--recipe', recipe(), '--namespace', e.namespace, '--keep']);
    expect(r.code, r.stderr).toBe(0);

    // One GPU of the worker's 8: one rdma/ib, one attachment, one copied network.
    const copies = await nads(e, `${MANAGED},interconnect-test/run-id=${runId}`);
    expect(copies.map((n) => `${n.metadata.namespace}/${n.metadata.name}`)).toEqual([`${scratch}/ib-0`]);
    const copy = copies[0] as Nad;
    expect(copy.spec.config).toBe(CONFIG('ib-0'));
    expect(copy.metadata.labels?.['app.kubernetes.io/component']).toBe('network');
    expect(copy.metadata.annotations).toMatchObject({
      'interconnect-test/copied-from': `${e.namespace}/ib-0`,
      'k8s.v1.cni.cncf.io/resourceName': 'rdma/ib',
    });
    const pods = await e.core.listNamespacedPod({ namespace: scratch, labelSelector: MANAGED });
    const probes = pods.items.filter((p) => p.metadata?.labels?.['app.kubernetes.io/component'] !== 'etcd');
    expect(probes).toHaveLength(2);
    for (const p of probes) {
      expect(p.metadata?.annotations?.[NETWORKS]).toBe(`${scratch}/ib-0`);
      expect(p.spec?.containers[0]?.resources?.limits).toMatchObject({
        'nvidia.com/gpu': '1',
        'rdma/ib': '1',
      });
    }

    const gc = await runCli(['gc', '--run', runId], { env: process.env });
    expect(gc.code, gc.stderr).toBe(0);
    // gc deletes the namespace; the namespace controller then removes it.
    await waitFor('the kept run to be gone', async () => (await toolLeftovers(e)).length === 0, {
      timeoutMs: 90_000,
    });
    expect(await nads(e, MANAGED)).toEqual([]);
    // The deployment's own networks are untouched.
    expect((await nads(e, '', e.namespace)).map((n) => n.metadata.name).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `ib-${i}`),
    );
  });

  test('in an existing scratch namespace, teardown deletes the copy itself (no namespace to take it)', async () => {
    const e = env();
    await ensureNads(e);
    const runId = newE2eRunId();
    const scratch = `e2e-nets-${randomBytes(3).toString('hex')}`;
    await e.core.createNamespace({ body: { metadata: { name: scratch, labels: e.labels() } } });
    e.defer(`namespace ${scratch}`, () => e.core.deleteNamespace({ name: scratch }));
    await declarePairLogs(e, scratchDir, runId, { prefill: OK_LOG(), decode: TARGET_LOG }, scratch);
    // A worker holds 7 of the prefill node's 8 GPUs and 8 rdma/ib: the probe needs its share (1), not 8.
    await e.createPod({
      name: 'busy-worker',
      node: PREFILL_NODE,
      sim: { duration: '1h' },
      resources: { limits: { 'nvidia.com/gpu': '7', 'rdma/ib': '7' } },
    });
    await e.waitForPodPhase('busy-worker', 'Running');
    const r = await pair(runId, [
      '--recipe',
      recipe(),
      '--namespace',
      e.namespace,
      '--scratch-namespace',
      scratch,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { checks: { id: string; status: string; detail: string }[] };
    expect(report.checks.find((c) => c.id === 'pair.networks' && c.status === 'ok')?.detail).toBe(
      `the probe pods attach ${e.namespace}/ib-0 (rdma/ib)`,
    );
    expect(report.checks.find((c) => c.id === 'pair.cleanup')).toBeUndefined();
    expect(report.checks.find((c) => c.id === 'pair.nodes')?.detail).toMatch(
      new RegExp(`^prefill on ${PREFILL_NODE} \\(1/8 GPUs free\\)`),
    );
    expect(await nads(e, MANAGED, scratch)).toEqual([]);
    expect(await toolLeftovers(e)).toEqual([]);
  });
});
