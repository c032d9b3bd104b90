import { describe, expect, it } from 'vitest';
import { testPlan } from '../../../test/helpers/plan.js';
import { ToolError } from '../../core/errors.js';
import type { CustomObjectRef } from '../../kube/cluster.js';
import { toClusterError } from '../../kube/errors.js';
import {
  checkNetworks,
  NETWORKS_ANNOTATION,
  needsNetwork,
  qualifyNetworks,
  RESOURCE_NAME_ANNOTATION,
  withQualifiedNetworks,
} from './networks.js';
import { DEFAULT_SETTINGS, type ProbeSettings } from './settings.js';

describe('qualifyNetworks', () => {
  it("names the deployment's namespace where the comma form names none, keeping interfaces and explicit namespaces", () => {
    expect(qualifyNetworks('ib-net, other/roce@net1,sriov-a@net2', 'dynamo')).toEqual({
      value: 'dynamo/ib-net,other/roce@net1,dynamo/sriov-a@net2',
      refs: [
        { namespace: 'dynamo', name: 'ib-net' },
        { namespace: 'other', name: 'roce' },
        { namespace: 'dynamo', name: 'sriov-a' },
      ],
    });
  });

  it('adds "namespace" to the JSON form and keeps the other fields', () => {
    const q = qualifyNetworks(
      '[{"name":"ib-net","interface":"net1"},{"name":"roce","namespace":"other","ips":["10.0.0.5/24"]}]',
      'dynamo',
    );
    expect(JSON.parse(q.value)).toEqual([
      { name: 'ib-net', interface: 'net1', namespace: 'dynamo' },
      { name: 'roce', namespace: 'other', ips: ['10.0.0.5/24'] },
    ]);
    expect(q.refs).toEqual([
      { namespace: 'dynamo', name: 'ib-net' },
      { namespace: 'other', name: 'roce' },
    ]);
  });

  it('refuses what Multus refuses, in one line naming the annotation', () => {
    for (const [value, why] of [
      ['a/b/c', 'more than one "/"'],
      ['Net_1', '"Net_1" is not a DNS-1123 label'],
      ['a@b@c', 'more than one "@"'],
      ['[{"interface":"net1"}]', 'every element needs a "name"'],
      ['{"name":"x"}', 'the JSON form is a list'],
      ['dynamo/', 'names no network'],
    ]) {
      const err = (() => {
        try {
          qualifyNetworks(value as string, 'dynamo');
        } catch (e) {
          return e as ToolError;
        }
        return undefined;
      })();
      expect(err, value).toBeInstanceOf(ToolError);
      expect(err?.message).toContain(`annotation ${NETWORKS_ANNOTATION}="${value}" cannot be read`);
      expect(err?.message).toContain(why);
    }
  });

  it('leaves settings without the annotation alone', () => {
    expect(withQualifiedNetworks(DEFAULT_SETTINGS, 'dynamo')).toBe(DEFAULT_SETTINGS);
    const s = withQualifiedNetworks(
      { ...DEFAULT_SETTINGS, annotations: { [NETWORKS_ANNOTATION]: 'ib-net', other: 'x' } },
      'dynamo',
    );
    expect(s.annotations).toEqual({ [NETWORKS_ANNOTATION]: 'dynamo/ib-net', other: 'x' });
  });
});

describe('needsNetwork', () => {
  it('is the SR-IOV and host-device resources, not shared RDMA devices or GPUs', () => {
    expect(
      [
        'nvidia.com/hostdev',
        'nvidia.com/sriov_rdma_vf',
        'intel.com/sriov_netdevice',
        'openshift.io/mlxsriov',
      ].map(needsNetwork),
    ).toEqual([true, true, true, true]);
    expect(
      ['rdma/ib', 'rdma/rdma_shared_device_a', 'nvidia.com/gpu', 'vpc.amazonaws.com/efa'].map(needsNetwork),
    ).toEqual([false, false, false, false]);
  });
});

function plan(
  settings: Partial<ProbeSettings>,
  podAnnotations = {},
  mode: 'cross-node' | 'intra-node' = 'cross-node',
) {
  const s = { ...DEFAULT_SETTINGS, ...settings };
  return testPlan({ mode, settings: { prefill: s, decode: s }, podAnnotations });
}

/** NADs as the API server would answer; any other name is a 404 as toClusterError makes it. */
function nads(objects: Record<string, Record<string, string> | undefined>) {
  const asked: string[] = [];
  const get = async (ref: CustomObjectRef) => {
    const key = `${ref.namespace}/${ref.name}`;
    asked.push(`${ref.group}/${ref.version}/${ref.plural} ${key}`);
    if (!(key in objects)) {
      throw toClusterError(Object.assign(new Error('HTTP 404'), { code: 404 }), {
        verb: 'get',
        resource: `${ref.plural}.${ref.group}`,
        namespace: ref.namespace,
        name: ref.name,
      });
    }
    return { metadata: { name: ref.name, namespace: ref.namespace, annotations: objects[key] } };
  };
  return { get, asked };
}

const HOSTDEV = { name: 'nvidia.com/hostdev', count: '1' };

describe('checkNetworks', () => {
  it('looks each attached network up once, where it is qualified to', async () => {
    const p = plan({
      annotations: { [NETWORKS_ANNOTATION]: 'dynamo/ib-net' },
      resources: [HOSTDEV],
    });
    const n = nads({ 'dynamo/ib-net': { [RESOURCE_NAME_ANNOTATION]: 'nvidia.com/hostdev' } });
    const checks = await checkNetworks(p, n.get);
    expect(n.asked).toEqual(['k8s.cni.cncf.io/v1/network-attachment-definitions dynamo/ib-net']);
    expect(checks).toEqual([
      {
        id: 'pair.networks',
        status: 'ok',
        detail: 'the probe pods attach dynamo/ib-net (nvidia.com/hostdev)',
        matters: false,
      },
    ]);
  });

  it('a missing NetworkAttachmentDefinition is an error naming it and the fix', async () => {
    const p = plan({ annotations: { [NETWORKS_ANNOTATION]: 'dynamo/ib-net' } });
    await expect(checkNetworks(p, nads({}).get)).rejects.toThrow(
      `NetworkAttachmentDefinition dynamo/ib-net, attached by the prefill probe pod (${NETWORKS_ANNOTATION}: dynamo/ib-net), does not exist`,
    );
  });

  it('an unqualified --pod-annotation resolves in the scratch namespace, where the pod runs', async () => {
    const p = plan({}, { all: { [NETWORKS_ANNOTATION]: 'ib-net' } });
    const n = nads({ [`${p.namespace.name}/ib-net`]: undefined });
    await checkNetworks(p, n.get);
    expect(n.asked).toEqual([`k8s.cni.cncf.io/v1/network-attachment-definitions ${p.namespace.name}/ib-net`]);
  });

  it('an SR-IOV/host-device resource without its network is an error, never a silent TCP run', async () => {
    await expect(checkNetworks(plan({ resources: [HOSTDEV] }), nads({}).get)).rejects.toThrow(
      'the prefill probe pod requests nvidia.com/hostdev (an SR-IOV/host-device resource) but attaches no network for it',
    );
    // Offline (--dry-run with named nodes): the annotation alone decides.
    await expect(checkNetworks(plan({ resources: [HOSTDEV] }), undefined)).rejects.toBeInstanceOf(ToolError);
    // A network that is attached but plumbs another resource does not count.
    const other = plan({ annotations: { [NETWORKS_ANNOTATION]: 'dynamo/tcp-net' }, resources: [HOSTDEV] });
    await expect(checkNetworks(other, nads({ 'dynamo/tcp-net': {} }).get)).rejects.toThrow(
      `attaches only dynamo/tcp-net, none of whose NetworkAttachmentDefinitions has ${RESOURCE_NAME_ANNOTATION}: nvidia.com/hostdev`,
    );
    // Intra-node asks for no RDMA resource, so nothing is missing.
    expect(await checkNetworks(plan({ resources: [HOSTDEV] }, {}, 'intra-node'), nads({}).get)).toEqual([]);
  });

  it('RBAC refusing the read is a warning that counts, and the run goes on', async () => {
    const p = plan({ annotations: { [NETWORKS_ANNOTATION]: 'dynamo/ib-net' }, resources: [HOSTDEV] });
    const denied = async (ref: CustomObjectRef) => {
      throw toClusterError(Object.assign(new Error('HTTP 403'), { code: 403 }), {
        verb: 'get',
        resource: `${ref.plural}.${ref.group}`,
        namespace: ref.namespace,
        name: ref.name,
      });
    };
    const checks = await checkNetworks(p, denied);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ id: 'pair.networks', status: 'warn' });
    expect(checks[0]?.detail).toContain(
      'could not check that NetworkAttachmentDefinition dynamo/ib-net exists: permission denied: cannot get network-attachment-definitions.k8s.cni.cncf.io in namespace dynamo',
    );
    expect(checks[0]?.matters).toBeUndefined();
  });
});
