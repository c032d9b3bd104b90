import { describe, expect, it } from 'vitest';
import { testPlan } from '../../../test/helpers/plan.js';
import { toClusterError } from '../../kube/errors.js';
import { COPIED_FROM_ANNOTATION, copyNetworks } from './network-copies.js';
import {
  checkNetworks,
  isPerNicResource,
  NadBook,
  NETWORKS_ANNOTATION,
  RESOURCE_NAME_ANNOTATION,
  scaleToGpus,
} from './networks.js';
import { DEFAULT_SETTINGS, type ProbeSettings } from './settings.js';

const VF = 'nvidia.com/sriov_rdma_vf';

/** An 8-GPU worker with one VF and one SR-IOV network per GPU (NVIDIA network operator style). */
const worker: ProbeSettings = {
  ...DEFAULT_SETTINGS,
  gpus: 8,
  resources: [
    { name: VF, count: '8' },
    { name: 'hugepages-2Mi', count: '1Gi' },
  ],
  annotations: {
    [NETWORKS_ANNOTATION]: Array.from({ length: 8 }, (_, i) => `dynamo/ib-${i}@net${i + 1}`).join(','),
  },
};

const nadObject = (resourceName?: string) => ({
  metadata: {
    annotations: (resourceName ? { [RESOURCE_NAME_ANNOTATION]: resourceName } : {}) as Record<string, string>,
  },
  spec: {
    config: '{"cniVersion":"0.3.1","name":"ib-sriov","type":"ib-sriov","ipam":{"type":"whereabouts"}}',
  },
});

function book(objects: Record<string, unknown>): NadBook {
  return new NadBook(async (ref) => {
    const key = `${ref.namespace}/${ref.name}`;
    if (key in objects) return objects[key];
    throw toClusterError(Object.assign(new Error('HTTP 404'), { code: 404 }), {
      verb: 'get',
      resource: `${ref.plural}.${ref.group}`,
      namespace: ref.namespace,
      name: ref.name,
    });
  });
}

describe('isPerNicResource', () => {
  it('is the RDMA, SR-IOV, host-device, OpenShift SR-IOV and EFA resources, never the GPU', () => {
    expect(
      [
        VF,
        'rdma/ib',
        'nvidia.com/hostdev',
        'openshift.io/ib_vf',
        'vpc.amazonaws.com/efa',
        'intel.com/sriov_netdevice',
      ].map(isPerNicResource),
    ).toEqual([true, true, true, true, true, true]);
    expect(['nvidia.com/gpu', 'hugepages-2Mi', 'nvidia.com/mig-1g.10gb'].map(isPerNicResource)).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe("scaleToGpus: the probe's share of the worker's per-NIC devices", () => {
  it('8 GPUs, 8 VFs, 8 networks → 1 GPU: 1 VF and the first network; other resources untouched', () => {
    const s = scaleToGpus(worker, 1);
    expect(s.resources).toEqual([
      { name: VF, count: '1' },
      { name: 'hugepages-2Mi', count: '1Gi' },
    ]);
    expect(s.annotations[NETWORKS_ANNOTATION]).toBe('dynamo/ib-0@net1');
    expect(s.notes).toEqual([
      "nvidia.com/sriov_rdma_vf: 1 of the worker's 8 (its share for 1 of the worker's 8 GPUs, rounded up)",
      "k8s.v1.cni.cncf.io/networks: 1 of the worker's 8 attachments (its share for 1 of the worker's 8 GPUs)",
    ]);
  });

  it('rounds up, at least 1: 4 VFs over 8 GPUs → 1 for one GPU, 2 for three; p5 32 EFA / 8 → 4', () => {
    const four = { ...worker, resources: [{ name: VF, count: '4' }] };
    expect(scaleToGpus(four, 1).resources).toEqual([{ name: VF, count: '1' }]);
    expect(scaleToGpus(four, 3).resources).toEqual([{ name: VF, count: '2' }]);
    const p5 = { ...DEFAULT_SETTINGS, gpus: 8, resources: [{ name: 'vpc.amazonaws.com/efa', count: '32' }] };
    expect(scaleToGpus(p5, 1).resources).toEqual([{ name: 'vpc.amazonaws.com/efa', count: '4' }]);
    // 3 EFA over 2 GPUs: no longer refused for not dividing; one GPU gets 2.
    const odd = { ...p5, gpus: 2, resources: [{ name: 'vpc.amazonaws.com/efa', count: '3' }] };
    expect(scaleToGpus(odd, 1).resources[0]?.count).toBe('2');
  });

  it('unchanged when the worker GPU count is unknown, or the probe has as many GPUs', () => {
    expect(scaleToGpus({ ...worker, gpus: undefined }, 1)).toEqual({ ...worker, gpus: undefined });
    expect(scaleToGpus(worker, 8)).toBe(worker);
  });

  it('scales RDMA devices up to a probe with more GPUs than the worker: the AWS p5 recipe (16 EFA for 4 GPUs) on every rail of 8 → 32', () => {
    // recipes/qwen3-32b/vllm/cloud-providers/deploy-aws-p5.48xlarge.yaml:113-119: 4 GPUs, 16 vpc.amazonaws.com/efa.
    const aws = {
      ...DEFAULT_SETTINGS,
      gpus: 4,
      resources: [
        { name: 'vpc.amazonaws.com/efa', count: '16' },
        { name: 'hugepages-2Mi', count: '5120Mi' },
      ],
    };
    const s = scaleToGpus(aws, 8);
    expect(s.resources).toEqual([
      { name: 'vpc.amazonaws.com/efa', count: '32' },
      { name: 'hugepages-2Mi', count: '5120Mi' },
    ]);
    expect(s.notes).toEqual([
      'vpc.amazonaws.com/efa: 32 for 8 GPUs (the worker has 16 for its 4: the same per GPU)',
    ]);
    // An SR-IOV VF needs its own network attachment, which the recipe does not have: left as it is.
    expect(scaleToGpus({ ...worker, gpus: 4, resources: [{ name: VF, count: '4' }] }, 8).resources).toEqual([
      { name: VF, count: '4' },
    ]);
    expect(scaleToGpus(aws, 8, undefined, 'vpc.amazonaws.com/efa').resources[0]?.count).toBe('16');
  });

  it('never scales the resource --rdma-resource named', () => {
    expect(scaleToGpus(worker, 1, undefined, VF).resources[0]).toEqual({ name: VF, count: '8' });
  });

  it('with the networks read: keeps as many attachments of a resource as its new count, and every plain one', () => {
    const s: ProbeSettings = {
      ...worker,
      annotations: {
        [NETWORKS_ANNOTATION]:
          'dynamo/mgmt,dynamo/ib,dynamo/ib,dynamo/ib,dynamo/ib,dynamo/ib,dynamo/ib,dynamo/ib,dynamo/ib',
      },
    };
    const lookup = (ref: { namespace: string; name: string }) =>
      ref.name === 'ib'
        ? { ref, resourceName: VF, object: nadObject(VF) }
        : { ref, resourceName: undefined, object: nadObject() };
    expect(scaleToGpus(s, 2, lookup).annotations[NETWORKS_ANNOTATION]).toBe(
      'dynamo/mgmt,dynamo/ib,dynamo/ib',
    );
    // Not read: by the ratio alone (9 over 8 GPUs → 2 for one GPU).
    expect(scaleToGpus(s, 1).annotations[NETWORKS_ANNOTATION]).toBe('dynamo/mgmt,dynamo/ib');
  });

  it('keeps the JSON form and its fields', () => {
    const s: ProbeSettings = {
      ...worker,
      annotations: {
        [NETWORKS_ANNOTATION]: JSON.stringify(
          Array.from({ length: 8 }, (_, i) => ({
            name: `ib-${i}`,
            namespace: 'dynamo',
            interface: `net${i + 1}`,
          })),
        ),
      },
    };
    expect(JSON.parse(scaleToGpus(s, 2).annotations[NETWORKS_ANNOTATION] ?? '')).toEqual([
      { name: 'ib-0', namespace: 'dynamo', interface: 'net1' },
      { name: 'ib-1', namespace: 'dynamo', interface: 'net2' },
    ]);
  });
});

describe("copyNetworks: the deployment's networks, copied into the scratch namespace", () => {
  const one = scaleToGpus(worker, 1);
  const plan = () => testPlan({ settings: { prefill: one, decode: one } });

  it('copies each named network once, spec unchanged, labelled for teardown, and the pods name the copy', async () => {
    const p = plan();
    const b = book({ 'dynamo/ib-0': nadObject(VF) });
    await checkNetworks(p, b);
    const copies = copyNetworks(p, b);
    expect(copies.checks).toEqual([]);
    expect(copies.objects).toEqual([
      {
        apiVersion: 'k8s.cni.cncf.io/v1',
        kind: 'NetworkAttachmentDefinition',
        metadata: {
          name: 'ib-0',
          namespace: p.namespace.name,
          labels: {
            'app.kubernetes.io/managed-by': 'interconnect-test',
            'app.kubernetes.io/name': 'interconnect-test',
            'app.kubernetes.io/part-of': 'interconnect-test',
            'app.kubernetes.io/component': 'network',
            'app.kubernetes.io/instance': 'pair-r1',
            'interconnect-test/run-id': 'r1',
          },
          annotations: {
            'interconnect-test/expires-at': p.expiresAt,
            'interconnect-test/created-by': 'interconnect-test pair',
            [COPIED_FROM_ANNOTATION]: 'dynamo/ib-0',
            [RESOURCE_NAME_ANNOTATION]: VF,
          },
        },
        spec: nadObject(VF).spec,
      },
    ]);
    for (const pod of p.pods)
      expect(pod.annotations[NETWORKS_ANNOTATION]).toBe(`${p.namespace.name}/ib-0@net1`);
  });

  it('two namespaces with one network name: the second copy is <namespace>-<name>', async () => {
    const s = { ...DEFAULT_SETTINGS, annotations: { [NETWORKS_ANNOTATION]: 'dynamo/ib,infra/ib' } };
    const p = testPlan({ settings: { prefill: s, decode: s } });
    const b = book({ 'dynamo/ib': nadObject(), 'infra/ib': nadObject() });
    await checkNetworks(p, b);
    const copies = copyNetworks(p, b);
    expect(copies.objects.map((o) => o.metadata?.name)).toEqual(['ib', 'infra-ib']);
    expect(p.pods[0]?.annotations[NETWORKS_ANNOTATION]).toBe(
      `${p.namespace.name}/ib,${p.namespace.name}/infra-ib`,
    );
  });

  it('a network not read (RBAC) is left as named, with a warning that says what Multus will do', async () => {
    const p = plan();
    const denied = new NadBook(async (ref) => {
      throw toClusterError(Object.assign(new Error('HTTP 403'), { code: 403 }), {
        verb: 'get',
        resource: `${ref.plural}.${ref.group}`,
        namespace: ref.namespace,
        name: ref.name,
      });
    });
    await checkNetworks(p, denied);
    const copies = copyNetworks(p, denied);
    expect(copies.objects).toEqual([]);
    expect(p.pods[0]?.annotations[NETWORKS_ANNOTATION]).toBe('dynamo/ib-0@net1');
    expect(copies.checks[0]).toMatchObject({ id: 'pair.networks', status: 'warn' });
    expect(copies.checks[0]?.detail).toContain('dynamo/ib-0 not copied into the scratch namespace');
    // Offline (--dry-run that did not read the cluster): no warning, the run copies them.
    expect(copyNetworks(plan(), new NadBook(undefined)).checks).toEqual([]);
  });

  it('a network already in the scratch namespace (--pod-annotation NAME) is not copied', async () => {
    const p = testPlan({ podAnnotations: { all: { [NETWORKS_ANNOTATION]: 'ib-mine' } } });
    const b = book({ [`${p.namespace.name}/ib-mine`]: nadObject() });
    await checkNetworks(p, b);
    expect(copyNetworks(p, b).objects).toEqual([]);
    expect(p.pods[0]?.annotations[NETWORKS_ANNOTATION]).toBe(`${p.namespace.name}/ib-mine`);
  });
});
