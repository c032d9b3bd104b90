import type { V1Node, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import {
  admissionTolerations,
  chooseNodes,
  detectRdmaResource,
  isRdmaResource,
  nodeRdmaShare,
  nodeViews,
  quantity,
  rdmaShortfall,
  unfitReason,
} from './nodes.js';

function node(
  name: string,
  opts: {
    gpu?: string;
    rdma?: Record<string, string>;
    taint?: boolean;
    ready?: boolean;
    cordoned?: boolean;
  } = {},
): V1Node {
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': `${name}-host` } },
    spec: {
      ...(opts.cordoned ? { unschedulable: true } : {}),
      ...(opts.taint ? { taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] } : {}),
    },
    status: {
      allocatable: { cpu: '220', memory: '2000Gi', 'nvidia.com/gpu': opts.gpu ?? '8', ...(opts.rdma ?? {}) },
      conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }],
    },
  };
}

function pod(nodeName: string, gpus: string, phase = 'Running'): V1Pod {
  return {
    metadata: { name: `p-${nodeName}-${gpus}` },
    spec: { nodeName, containers: [{ name: 'main', resources: { limits: { 'nvidia.com/gpu': gpus } } }] },
    status: { phase },
  };
}

const RDMA = { 'rdma/ib': '8' };
const needs = { gpus: 1, rdma: { name: 'rdma/ib', count: 1 }, tolerations: [] };

describe('quantity and resource names', () => {
  it('reads Kubernetes quantities', () => {
    expect([
      quantity('8'),
      quantity('500m'),
      quantity('2Ki'),
      quantity('1Gi'),
      quantity(undefined),
      quantity('x'),
    ]).toEqual([8, 0.5, 2048, 1024 ** 3, 0, 0]);
  });
  it('knows RDMA device-plugin resources and nothing else', () => {
    expect(
      [
        'rdma/ib',
        'rdma/rdma_shared_device_a',
        'nvidia.com/hostdev',
        'vpc.amazonaws.com/efa',
        'networking.gke.io.networks/rdma-0',
        'nvidia.com/gpu',
        'networking.gke.io.networks/rdma-0.IP',
        'cpu',
      ].map(isRdmaResource),
    ).toEqual([true, true, true, true, true, false, false, false]);
  });
});

describe('nodeViews', () => {
  it('subtracts what running pods request, and ignores finished ones', () => {
    const [v] = nodeViews(
      [node('a', { rdma: RDMA })],
      [pod('a', '6'), pod('a', '2', 'Succeeded'), pod('b', '1')],
    );
    expect(v).toEqual({
      name: 'a',
      hostname: 'a-host',
      ready: true,
      unschedulable: false,
      taints: [],
      allocatable: { cpu: 220, memory: 2000 * 1024 ** 3, 'nvidia.com/gpu': 8, 'rdma/ib': 8 },
      free: { cpu: 220, memory: 2000 * 1024 ** 3, 'nvidia.com/gpu': 2, 'rdma/ib': 8 },
      labels: { 'kubernetes.io/hostname': 'a-host' },
    });
  });
});

describe('unfitReason', () => {
  it('names why a node cannot take a probe pod', () => {
    const views = nodeViews(
      [
        node('ok', { rdma: RDMA }),
        node('full', { rdma: RDMA }),
        node('nordma'),
        node('tainted', { rdma: RDMA, taint: true }),
        node('down', { rdma: RDMA, ready: false }),
        node('cordoned', { rdma: RDMA, cordoned: true }),
      ],
      [pod('full', '8')],
    );
    expect(views.map((v) => [v.name, unfitReason(v, needs) ?? 'fits'])).toEqual([
      ['cordoned', 'cordoned'],
      ['down', 'not Ready'],
      ['full', '0 free nvidia.com/gpu of 8 (needs 1)'],
      ['nordma', '0 free rdma/ib (needs 1)'],
      ['ok', 'fits'],
      ['tainted', 'taint nvidia.com/gpu=present:NoSchedule not tolerated'],
    ]);
    const tolerating = {
      ...needs,
      tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
    };
    expect(unfitReason(views.find((v) => v.name === 'tainted')!, tolerating)).toBeUndefined();
  });
});

describe('detectRdmaResource', () => {
  it('picks the RDMA resource most GPU nodes advertise', () => {
    const views = nodeViews(
      [
        node('a', { rdma: RDMA }),
        node('b', { rdma: RDMA }),
        node('c', { rdma: { 'nvidia.com/hostdev': '8' } }),
        node('cpu', { gpu: '0', rdma: { 'vpc.amazonaws.com/efa': '4' } }),
      ],
      [],
    );
    expect(detectRdmaResource(views)).toBe('rdma/ib');
    expect(detectRdmaResource(nodeViews([node('x')], []))).toBeUndefined();
  });
});

describe('chooseNodes', () => {
  const views = nodeViews(
    [node('n1', { rdma: RDMA }), node('n0', { rdma: RDMA }), node('n2', { rdma: RDMA }), node('nordma')],
    [pod('n0', '8')],
  );

  it('picks the first two fitting nodes by name when none are named', () => {
    const c = chooseNodes({ nodes: views, mode: 'cross-node', needs });
    expect(c.ok && [c.prefill.name, c.decode.name, c.how, c.warnings]).toEqual([
      'n1',
      'n2',
      'first two fitting nodes',
      [],
    ]);
  });

  it('keeps named nodes even when they look full, with a warning (the scheduler has the last word)', () => {
    const c = chooseNodes({
      nodes: views,
      mode: 'cross-node',
      needs,
      prefill: 'n0',
      decode: 'n2',
      from: '--prefill-node/--decode-node',
    });
    expect(c.ok && [c.prefill.name, c.decode.name, c.how, c.warnings]).toEqual([
      'n0',
      'n2',
      '--prefill-node/--decode-node',
      ['prefill node n0: 0 free nvidia.com/gpu of 8 (needs 1)'],
    ]);
  });

  it('completes a half-named pair with the first other fitting node', () => {
    const c = chooseNodes({
      nodes: views,
      mode: 'cross-node',
      needs,
      decode: 'n1',
      from: 'DGD d worker pods',
    });
    expect(c.ok && [c.prefill.name, c.decode.name, c.how]).toEqual([
      'n2',
      'n1',
      'DGD d worker pods + first fitting node',
    ]);
  });

  it('refuses an unknown node, one node for cross-node, two for intra-node, and too few fitting nodes', () => {
    expect(chooseNodes({ nodes: views, mode: 'cross-node', needs, prefill: 'nope', decode: 'n1' })).toEqual({
      ok: false,
      detail: 'prefill node nope (named) does not exist',
      fix: 'check the name: kubectl get nodes',
    });
    expect(
      chooseNodes({ nodes: views, mode: 'cross-node', needs, prefill: 'n1', decode: 'n1' }),
    ).toMatchObject({
      ok: false,
      detail: 'cross-node mode needs two nodes, but prefill and decode are both n1',
    });
    expect(
      chooseNodes({ nodes: views, mode: 'intra-node', needs, prefill: 'n1', decode: 'n2' }),
    ).toMatchObject({
      ok: false,
      detail: 'intra-node mode runs both ranks on one node, but prefill is n1 and decode is n2',
    });
    const full = nodeViews([node('a', { rdma: RDMA }), node('b')], []);
    expect(chooseNodes({ nodes: full, mode: 'cross-node', needs })).toEqual({
      ok: false,
      detail:
        'fewer than two nodes can take a probe pod (1 GPU + 1 rdma/ib): a: fits; b: 0 free rdma/ib (needs 1)',
      fix: 'free a GPU on two nodes, or name them with --prefill-node/--decode-node',
    });
  });

  it('intra-node takes one node with two free GPUs', () => {
    const two = nodeViews([node('a', { gpu: '1' }), node('b', { gpu: '2' })], []);
    const c = chooseNodes({ nodes: two, mode: 'intra-node', needs: { gpus: 2, tolerations: [] } });
    expect(c.ok && [c.prefill.name, c.decode.name, c.how]).toEqual(['b', 'b', 'first node with 2 free GPUs']);
  });
});

describe('the ExtendedResourceToleration admission plugin', () => {
  // What the plan step passes: the pods request a GPU and the RDMA resource.
  const requesting = { ...needs, requests: ['nvidia.com/gpu', 'rdma/ib', 'cpu', 'memory'] };

  it('adds a NoSchedule toleration for each extended resource requested, as upstream does', () => {
    expect(
      admissionTolerations([
        'rdma/ib',
        'nvidia.com/gpu',
        'cpu',
        'hugepages-2Mi',
        'kubernetes.io/x',
        'nvidia.com/gpu',
      ]),
    ).toEqual([
      { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'rdma/ib', operator: 'Exists', effect: 'NoSchedule' },
    ]);
  });

  it('makes a node tainted for the GPU it offers fit a pod that requests that GPU, but not a NoExecute taint', () => {
    const [tainted] = nodeViews([node('tainted', { rdma: RDMA, taint: true })], []);
    expect(unfitReason(tainted!, requesting)).toBeUndefined();
    const noExecute = {
      ...tainted!,
      taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoExecute' }],
    };
    expect(unfitReason(noExecute, requesting)).toBe('taint nvidia.com/gpu=present:NoExecute not tolerated');
    const other = { ...tainted!, taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }] };
    expect(unfitReason(other, requesting)).toBe('taint dedicated=infra:NoSchedule not tolerated');
  });

  it('prefers nodes that fit without it, and says so when a chosen node relies on it', () => {
    const views = nodeViews(
      [node('a', { rdma: RDMA, taint: true }), node('b', { rdma: RDMA }), node('c', { rdma: RDMA })],
      [],
    );
    const plain = chooseNodes({ nodes: views, mode: 'cross-node', needs: requesting });
    expect(plain.ok && [plain.prefill.name, plain.decode.name, plain.warnings]).toEqual(['b', 'c', []]);
    const onlyTainted = nodeViews(
      [node('a', { rdma: RDMA, taint: true }), node('b', { rdma: RDMA, taint: true })],
      [],
    );
    const relied = chooseNodes({ nodes: onlyTainted, mode: 'cross-node', needs: requesting });
    expect(relied.ok && [relied.prefill.name, relied.decode.name]).toEqual(['a', 'b']);
    expect(relied.ok && relied.warnings[0]).toBe(
      'prefill node a: taint nvidia.com/gpu=present:NoSchedule is tolerated only through the ExtendedResourceToleration admission plugin (the probe pods request nvidia.com/gpu); if they stay Pending on it, pass --toleration nvidia.com/gpu:NoSchedule',
    );
    // Without the requests (the plugin not modelled) the same nodes do not fit.
    expect(chooseNodes({ nodes: onlyTainted, mode: 'cross-node', needs }).ok).toBe(false);
  });
});

describe('chooseNodes: a node already in a ComputeDomain (GB200 beside a live deployment, issue 37 item 7)', () => {
  // The DRA kubelet plugin's label on each node of a domain (computedomain.go AddNodeLabel), value the domain's UID.
  const inDomain = (name: string): V1Node => {
    const n = node(name);
    n.metadata = {
      ...n.metadata,
      labels: { ...n.metadata?.labels, 'resource.nvidia.com/computeDomain': 'cd-7f3c' },
    };
    return n;
  };
  const views = nodeViews([inDomain('gb-0'), node('gb-1'), node('gb-2'), inDomain('gb-3')], []);
  const domainNeeds = { gpus: 4, tolerations: [], computeDomain: true };

  it('skips it, naming the domain and why, when the probe pods join a ComputeDomain of their own', () => {
    const c = chooseNodes({ nodes: views, mode: 'cross-node', needs: domainNeeds });
    expect(c.ok && [c.prefill.name, c.decode.name]).toEqual(['gb-1', 'gb-2']);
    expect(unfitReason(views[0]!, domainNeeds)).toBe(
      "in ComputeDomain cd-7f3c already (a node joins one ComputeDomain only, so the probe pods' own would stay Pending)",
    );
    // Without a ComputeDomain claim the label does not matter.
    expect(unfitReason(views[0]!, { ...domainNeeds, computeDomain: false })).toBeUndefined();
  });

  it('refuses a named node in another domain in one line that points to --in-place, instead of a Pending pod', () => {
    const c = chooseNodes({
      nodes: views,
      mode: 'cross-node',
      needs: domainNeeds,
      prefill: 'gb-0',
      decode: 'gb-1',
    });
    expect(c).toEqual({
      ok: false,
      detail:
        "prefill node gb-0 is in ComputeDomain cd-7f3c already (a node joins one ComputeDomain only, so the probe pods' own would stay Pending)",
      fix: 'pick nodes outside any ComputeDomain, or test multi-node NVLink inside the live deployment with `pair --in-place --dgd NAME`',
    });
    const none = chooseNodes({
      nodes: nodeViews([inDomain('a'), inDomain('b')], []),
      mode: 'cross-node',
      needs: domainNeeds,
    });
    expect(none.ok === false && none.fix).toMatch(/--in-place/);
  });
});

describe("rdmaShortfall: the pods ask for their GPUs' share, node choice counted one GPU's (issue 37 item 10)", () => {
  it('names a node whose free RDMA devices are fewer than the probe pod requests', () => {
    const efa = { 'vpc.amazonaws.com/efa': '32' };
    // p5-0: a worker holds 16 of its 32 EFAs; p5-1 is idle.
    const views = nodeViews(
      [node('p5-0', { rdma: efa }), node('p5-1', { rdma: efa })],
      [
        {
          metadata: { name: 'worker' },
          spec: {
            nodeName: 'p5-0',
            containers: [{ name: 'main', resources: { limits: { 'vpc.amazonaws.com/efa': '16' } } }],
          },
          status: { phase: 'Running' },
        },
      ],
    );
    const pods = ['p5-0', 'p5-1'].map((name) => ({
      node: { name },
      settings: { resources: [{ name: 'vpc.amazonaws.com/efa', count: '32' }] },
    }));
    expect(rdmaShortfall(pods, views)).toEqual([
      "p5-0 has 16 free vpc.amazonaws.com/efa; the probe pod asks for 32 (its GPUs' share)",
    ]);
    expect(rdmaShortfall(pods, undefined)).toEqual([]);
  });
});

describe('nodeRdmaShare: the RDMA resource of the nodes the pair runs on', () => {
  // A mixed fleet: many InfiniBand nodes (a shared rdma/ib pool) and two p5-like nodes (32 EFAs for 8 GPUs).
  const fleet = nodeViews(
    [
      ...['ib-0', 'ib-1', 'ib-2', 'ib-3'].map((n) => node(n, { rdma: { 'rdma/ib': '8' } })),
      node('p5-0', { rdma: { 'vpc.amazonaws.com/efa': '32' } }),
      node('p5-1', { rdma: { 'vpc.amazonaws.com/efa': '32' } }),
    ],
    [],
  );
  it('named nodes: what they advertise, their per-GPU share (never the fleet majority)', () => {
    expect(nodeRdmaShare(fleet, ['p5-0', 'p5-1'])).toEqual({
      name: 'vpc.amazonaws.com/efa',
      count: '32',
      perGpus: 8,
    });
    expect(nodeRdmaShare(fleet, ['ib-0', 'ib-1'])).toEqual({ name: 'rdma/ib', count: '1' });
  });
  it("no node named (or none of them known): the fleet's most common", () => {
    expect(nodeRdmaShare(fleet)).toEqual({ name: 'rdma/ib', count: '1' });
    expect(nodeRdmaShare(fleet, [undefined, 'gone'])).toEqual({ name: 'rdma/ib', count: '1' });
  });
});
