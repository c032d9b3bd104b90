import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { V1Node } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expectationFor } from '../src/judge/expectations.js';
import type { NicPort } from '../src/judge/siblings.js';
import { chooseNodes, nodeRdmaShare, nodeViews } from '../src/kube/nodes.js';
import { scaleToGpus } from '../src/pair/plan/networks.js';
import { railMap } from '../src/pair/plan/rails.js';
import { DEFAULT_SETTINGS, type ProbeSettings } from '../src/pair/plan/settings.js';
import { libfabricRailCount, stripedExpectation } from '../src/pair/verdict/efa-expectation.js';
import { NIXL_MAX_RMA_RAILS, railExpectation, railWorth } from '../src/pair/verdict/rail-bar.js';
import { parseNvidiaSmiTopo } from '../src/parsers/nvidia-smi-topo.js';
import { fixturePath, repoRoot } from './helpers/fixtures.js';

/**
 * Issue 37, "Platforms as data, tested": every profile in test/platforms/ (README there) through
 * the planning code, the judge and the real pod script. A profile states what a probe pod sees
 * on that platform, with sources; `expect` is what pair must plan and judge there.
 */
interface Profile {
  platform: string;
  status: 'sourced' | 'partial' | 'unsourced';
  why?: string;
  node: { gpus: number; allocatable?: Record<string, number>; computeDomainLabel?: string };
  rdma?: { kind: string; perGpu?: number; portGbps?: number; linkLayer?: string };
  nixl?: { backend: 'UCX' | 'LIBFABRIC'; log?: string[] };
  topo?: string;
  expect?: {
    probeEveryRail?: Record<string, string | number>;
    probeOneGpu?: Record<string, string>;
    railBar?: { lineGBps: number; warnGBps: number; floorGBps: number };
    railMap?: Record<string, string>;
    /** Each rail's NICs' worth when every rail runs at once (shared NICs split). */
    railWorth?: Record<string, number>;
    rdmaResource?: null;
    nvlinkDomainLineGBps?: number;
    nodeInOtherDomain?: 'skipped';
  };
  sources: { fact: string; source: string }[];
}

const DIR = path.join(repoRoot, 'test', 'platforms');
const profiles = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => [f.replace(/\.yaml$/, ''), parse(readFileSync(path.join(DIR, f), 'utf8')) as Profile] as const);
const tested = profiles.filter(([, p]) => p.status !== 'unsourced');

function k8sNode(name: string, p: Profile, labels: Record<string, string> = {}): V1Node {
  const alloc = Object.fromEntries(Object.entries(p.node.allocatable ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
    spec: {},
    status: {
      allocatable: { cpu: '100', memory: '1000Gi', ...alloc },
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  };
}

/** What pair asks for with no recipe (steps/plan.ts rdmaFor → withRdma → scaleToGpus) for `gpus` GPUs. */
function probeRequests(p: Profile, gpus: number): Record<string, string> {
  const ask = nodeRdmaShare(nodeViews([k8sNode('a', p), k8sNode('b', p)], []));
  if (!ask) return {};
  const s: ProbeSettings = {
    ...DEFAULT_SETTINGS,
    resources: [{ name: ask.name, count: ask.count }],
    gpus: ask.perGpus,
  };
  return Object.fromEntries(scaleToGpus(s, gpus).resources.map((r) => [r.name, r.count]));
}

/** One GPU's NICs as both pods saw them (rate and link layer from the profile). */
function gpuPorts(p: Profile): NicPort[] {
  return Array.from({ length: p.rdma?.perGpu ?? 1 }, (_, i) => ({
    device: `nic${i}`,
    port: 1,
    active: true,
    ...(p.rdma?.portGbps ? { rateGbps: p.rdma.portGbps } : {}),
    ...(p.rdma?.linkLayer ? { linkLayer: p.rdma.linkLayer } : {}),
  }));
}

describe('platform profiles: each with its sources, a status, and a reason when not fully sourced', () => {
  it.each(profiles)('%s', (_id, p) => {
    expect(p.platform).toBeTruthy();
    expect(['sourced', 'partial', 'unsourced']).toContain(p.status);
    expect(p.sources.length).toBeGreaterThan(0);
    for (const s of p.sources)
      expect(s.source, s.fact).toMatch(/https?:\/\/|\.(ts|yaml|md|cpp|go|txt)\b|#\d+/);
    if (p.status !== 'sourced') expect(p.why, `${p.platform}: say what is not sourced`).toBeTruthy();
    if (p.status === 'unsourced') expect(p.expect).toBeUndefined();
  });
});

describe("the resources a probe pod requests on each platform (no recipe: the node's own devices per GPU)", () => {
  const withRequests = tested.filter(([, p]) => p.expect?.probeEveryRail || p.expect?.probeOneGpu);
  it.each(withRequests)('%s', (_id, p) => {
    const every = p.expect?.probeEveryRail;
    if (every) {
      const { 'nvidia.com/gpu': gpus, ...rest } = every;
      expect(Number(gpus)).toBe(p.node.gpus);
      expect(probeRequests(p, p.node.gpus)).toEqual(rest);
    }
    if (p.expect?.probeOneGpu) expect(probeRequests(p, 1)).toEqual(p.expect.probeOneGpu);
  });

  it.each(tested.filter(([, p]) => p.expect?.rdmaResource === null))(
    '%s: no RDMA resource to count',
    (_id, p) => {
      expect(nodeRdmaShare(nodeViews([k8sNode('a', p), k8sNode('b', p)], []))).toBeUndefined();
    },
  );
});

describe('the bar per rail on each platform', () => {
  it.each(tested.filter(([, p]) => p.expect?.railBar))('%s', (_id, p) => {
    const ports = gpuPorts(p);
    const onePort = expectationFor({ mode: 'cross-node', nics: { prefill: ports, decode: ports } });
    // LIBFABRIC: the rails the VRAM was registered on, from NIXL's own lines.
    // UCX: every NIC of the GPU (MAX_HCA_PER_GPU=auto), at most NIXL's MAX_RMA_RAILS at once.
    const bar =
      p.nixl?.backend === 'LIBFABRIC'
        ? stripedExpectation(onePort, libfabricRailCount(p.nixl.log ?? []))
        : railExpectation(onePort, Math.min(p.rdma?.perGpu ?? 1, NIXL_MAX_RMA_RAILS));
    expect({ lineGBps: bar.lineGBps, warnGBps: bar.warnGBps, floorGBps: bar.floorGBps }).toEqual(
      p.expect?.railBar,
    );
  });

  it.each(tested.filter(([, p]) => p.expect?.nvlinkDomainLineGBps))(
    '%s: inside one NVLink domain',
    (_id, p) => {
      const e = expectationFor({ mode: 'cross-node', nvlinkDomain: true, gpuProduct: 'NVIDIA-GB200' });
      expect(e.lineGBps).toBe(p.expect?.nvlinkDomainLineGBps);
    },
  );
});

describe('the rail map on each platform with a public topo capture: the pod script and the planner agree', () => {
  const script = readFileSync(path.join(repoRoot, 'templates', 'engines', 'nixl', '_rails.sh'), 'utf8');
  const awk = script.slice(script.indexOf('rail_map() {'), script.indexOf('RAILMAP=""'));
  it.each(tested.filter(([, p]) => p.topo))('%s', (_id, p) => {
    const topo = readFileSync(fixturePath(...(p.topo as string).split('/')), 'utf8');
    // The real pod function, in a real shell, on the capture.
    const out = execFileSync('sh', ['-c', `${awk}\nrail_map`], { input: topo, encoding: 'utf8' });
    const fromPod = Object.fromEntries(
      [...out.matchAll(/^interconnect-test: rail (\d+) gpu \d+ nic (\S+) path/gm)].map((m) => [m[1], m[2]]),
    );
    const fromPlanner = Object.fromEntries(
      railMap(parseNvidiaSmiTopo(topo)).map((r) => [String(r.gpu), r.nic ?? '-']),
    );
    expect(fromPod).toEqual(p.expect?.railMap);
    expect(fromPlanner).toEqual(p.expect?.railMap);
    if (p.expect?.railWorth) {
      const map = railMap(parseNvidiaSmiTopo(topo));
      const all = map.map((r) => r.gpu);
      expect(Object.fromEntries(all.map((g) => [String(g), railWorth(map, g, all)]))).toEqual(
        p.expect.railWorth,
      );
    }
  });
});

describe('a node of another ComputeDomain on an NVLink-domain platform', () => {
  it.each(tested.filter(([, p]) => p.expect?.nodeInOtherDomain))('%s', (_id, p) => {
    const label = p.node.computeDomainLabel as string;
    const views = nodeViews(
      [k8sNode('t0', p, { [label]: 'cd-live' }), k8sNode('t1', p), k8sNode('t2', p)],
      [],
    );
    const c = chooseNodes({
      nodes: views,
      mode: 'cross-node',
      needs: { gpus: p.node.gpus, tolerations: [], computeDomain: true },
    });
    expect(c.ok && [c.prefill.name, c.decode.name]).toEqual(['t1', 't2']);
  });
});
