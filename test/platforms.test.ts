import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { V1Node } from '@kubernetes/client-node';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { expectationFor } from '../src/judge/expectations.js';
import type { NicPort } from '../src/judge/siblings.js';
import { chooseNodes, nodeRdmaShare, nodeViews } from '../src/kube/nodes.js';
import { scaleToGpus } from '../src/pair/plan/networks.js';
import { type Rail, railLines, railMap } from '../src/pair/plan/rails.js';
import { onNuma, railMapTopoFile, spreadRails } from '../src/pair/plan/rails-numa.js';
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
  /** What the pod reads for its map where no capture says (references/rails.md §2, §2b). */
  rails?: {
    topoFile?: string;
    /** No GPU↔NIC cell reads PIX/PXB: rail_map gives every GPU no NIC. */
    nearNone?: boolean;
    gpus: { index: number; busId?: string; numa: string }[];
    /** The pod's RDMA devices; `numa` absent when not sourced (every layout over `numaNodes` is tested). */
    nics: { name: string; busId?: string; numa?: number }[];
    numaNodes?: number[];
  };
  expect?: {
    probeEveryRail?: Record<string, string | number>;
    probeOneGpu?: Record<string, string>;
    railBar?: { lineGBps: number; warnGBps: number; floorGBps: number };
    railMap?: Record<string, string>;
    /** Each rail's NICs' worth when every rail runs at once (shared NICs split). */
    railWorth?: Record<string, number>;
    railMapTopoFile?: Record<string, string>;
    railMapByNuma?: Record<string, string>;
    /** Each rail's line when every rail runs at once (its NICs' worth × one port). */
    railLineGBps?: Record<string, number>;
    railLineGBpsTwoPerNode?: Record<string, number>;
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

describe('the rail map where no capture shows a near NIC: the topology file, else the NUMA spread (pod and planner)', () => {
  const SCRIPT = path.join(repoRoot, 'templates', 'engines', 'nixl', '_rails.sh');
  const q = (x: string) => `'${x.replace(/'/g, `'\\''`)}'`;
  const pod = (call: string, input = '') =>
    execFileSync('sh', ['-c', `. ${q(SCRIPT)} >/dev/null; ${call}`], { input, encoding: 'utf8' });
  const byGpu = (rails: readonly Rail[]) =>
    Object.fromEntries(rails.map((r) => [String(r.gpu), r.nic ?? '-']));
  /** rail_map's lines for a matrix with no PIX/PXB cell: every GPU, no NIC. */
  const noNear = (p: Profile) =>
    p.rails?.gpus.map((g) => `interconnect-test: rail ${g.index} gpu ${g.index} nic - path -`).join('\n') ??
    '';
  /** The pod's spread and the planner's on the same facts; they must agree. */
  function spread(p: Profile, lines: string, nics: { name: string; numa: number }[]): Rail[] {
    const gpus = (p.rails?.gpus ?? []).map((g) => `${g.index} ${g.numa}`).join('\n');
    const fromPod = railLines(
      pod(`rail_spread ${q(gpus)} ${q(nics.map((n) => `${n.name} ${n.numa}`).join('\n'))}`, lines),
    );
    const fromPlanner = spreadRails(
      railLines(lines),
      new Map((p.rails?.gpus ?? []).map((g) => [g.index, g.numa])),
      nics.map((n) => ({ name: n.name, node: n.numa })),
    );
    expect(byGpu(fromPod)).toEqual(byGpu(fromPlanner));
    return fromPlanner;
  }
  /** Each rail's line when all run at once, against one port of the profile's rate. */
  function lines(p: Profile, map: readonly Rail[]): Record<string, number | undefined> {
    const port: NicPort = { device: 'nic0', port: 1, active: true, rateGbps: p.rdma?.portGbps as number };
    const onePort = expectationFor({ mode: 'cross-node', nics: { prefill: [port], decode: [port] } });
    const all = map.map((r) => r.gpu);
    return Object.fromEntries(
      all.map((g) => {
        const w = railWorth(map, g, all);
        return [String(g), w === undefined ? undefined : railExpectation(onePort, w).lineGBps];
      }),
    );
  }

  it.each(tested.filter(([, p]) => p.rails?.topoFile))('%s: NCCL_TOPO_FILE', (_id, p) => {
    const r = p.rails as NonNullable<Profile['rails']>;
    const xml = readFileSync(fixturePath(...(r.topoFile as string).split('/')), 'utf8');
    const root = mkdtempSync(path.join(tmpdir(), 'itest-platform-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    for (const n of r.nics) {
      mkdirSync(path.join(root, 'class', 'infiniband', n.name), { recursive: true });
      symlinkSync(
        `../../../devices/pci0000:00/${n.busId}`,
        path.join(root, 'class', 'infiniband', n.name, 'device'),
      );
    }
    const gpus = r.gpus.map((g) => `${g.index} ${g.busId}`).join('\n');
    const names = r.nics.map((n) => n.name).join(' ');
    const fromPod = pod(`rail_map_topo_file ${q(gpus)} "$(rdma_pci ${q(names)} ${q(root)})"`, xml);
    const fromPlanner = railMapTopoFile(
      xml,
      r.gpus.map((g) => ({ index: g.index, busId: g.busId as string })),
      r.nics.map((n) => ({ name: n.name, busId: n.busId as string })),
    );
    expect(byGpu(railLines(fromPod))).toEqual(p.expect?.railMapTopoFile);
    expect(byGpu(fromPlanner)).toEqual(p.expect?.railMapTopoFile);
    // The pod spreads after the file: nothing is left to spread, nothing changes.
    const after = spread(
      p,
      fromPod,
      r.nics.map((n) => ({ name: n.name, numa: n.numa ?? -1 })),
    );
    expect(byGpu(after)).toEqual(p.expect?.railMapTopoFile);
    if (p.expect?.railLineGBps) expect(lines(p, after)).toEqual(p.expect.railLineGBps);
  });

  it.each(tested.filter(([, p]) => p.rails?.nearNone && p.rails.nics.every((n) => n.numa !== undefined)))(
    '%s: no near NIC, each GPU the NICs of its NUMA node',
    (_id, p) => {
      const r = p.rails as NonNullable<Profile['rails']>;
      const map = spread(
        p,
        noNear(p),
        r.nics.map((n) => ({ name: n.name, numa: n.numa as number })),
      );
      expect(byGpu(map)).toEqual(p.expect?.railMapByNuma);
      if (p.expect?.railLineGBps) expect(lines(p, map)).toEqual(p.expect.railLineGBps);
    },
  );

  it.each(tested.filter(([, p]) => p.rails?.nearNone && p.rails.nics.some((n) => n.numa === undefined)))(
    '%s: no near NIC, the NICs on NUMA nodes not sourced: every layout the kernel could report',
    (_id, p) => {
      const r = p.rails as NonNullable<Profile['rails']>;
      const nodes = r.numaNodes ?? [0];
      const total = nodes.length ** r.nics.length;
      let twoPer = 0;
      for (let code = 0; code < total; code++) {
        const nics = r.nics.map((n, i) => ({
          name: n.name,
          numa: nodes[Math.floor(code / nodes.length ** i) % nodes.length] as number,
        }));
        const map = spread(p, noNear(p), nics);
        for (const rail of map) {
          const g = r.gpus.find((x) => x.index === rail.gpu);
          // A GPU only ever takes NICs of its own node.
          for (const name of (rail.nic ?? '').split(',').filter(Boolean))
            expect(onNuma(nics.find((n) => n.name === name)?.numa as number, g?.numa ?? '')).toBe(true);
        }
        const perNode = nodes.map((x) => nics.filter((n) => n.numa === x).length);
        if (perNode.every((c) => c === r.nics.length / nodes.length)) {
          twoPer++;
          expect(new Set(map.map((m) => m.nic)).size).toBe(map.length);
          expect(lines(p, map)).toEqual(p.expect?.railLineGBpsTwoPerNode);
        }
      }
      expect(twoPer).toBeGreaterThan(0);
      // The kernel names no node: nothing is pinned, UCX chooses (named, never a guessed NIC).
      const none = spread(
        p,
        noNear(p),
        r.nics.map((n) => ({ name: n.name, numa: -1 })),
      );
      expect(none.every((x) => x.nic === undefined)).toBe(true);
    },
  );
});
