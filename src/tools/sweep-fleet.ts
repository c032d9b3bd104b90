import type { NodeTopology, SweepNode, SweepPair, SweepResult } from '../sweep/model.js';

/**
 * A fleet-sized sweep result for the HTML report's tests and its load bench: N nodes in
 * zones and racks, an all-pairs, ring or matching plan, and injected faults. Built from the
 * model, not from a run; its figures are the shapes real runs print at 400G (ConnectX-7 NDR,
 * line 50 GB/s, floor 35, warning below 40; references/expected-bandwidth.md):
 * - healthy pairs between 42.6 GB/s (nixlbench on 400G RoCE, ai-dynamo/nixl PR #1647) and
 *   48.5 GB/s (97 % of line rate, the commonly quoted ceiling);
 * - a bad node moves about 1.0 GB/s (host staging without GPUDirect: nixl issue #1695,
 *   1.005530 GB/s on H200 + ConnectX-7, test/fixtures/nixlbench/ucx-vram-h200-cx7-400g-degraded.log);
 * - a bad link 23.6 GB/s (a port trained at 200G: the 23.58 GB/s of NVIDIA/cloudai's
 *   test data, test/fixtures/nixlbench/cloudai-current-format-4rows-no-config.log);
 * - a slow node about half of healthy (24 GB/s), as the test cluster's CLUSTER_SLOW_NODES;
 * - one pair in 200 unverified at 40.1 GB/s (between the floor and the warning share).
 */

export type FleetScheme = 'all-pairs' | 'ring' | 'matching';

export interface FleetOptions {
  nodes: number;
  scheme: FleetScheme;
  /** Rounds of random perfect matchings (scheme matching; default 3). */
  rounds?: number;
  zones?: number;
  racksPerZone?: number;
  /** Indices of nodes that fail every pair, of slow nodes, of bad links. */
  badNodes?: number[];
  slowNodes?: number[];
  badLinks?: [number, number][];
  /** Node names: `gpu-h100-007.cluster.local` by default. */
  name?: (i: number) => string;
  seed?: number;
}

/** mulberry32: a small seeded generator, so every run draws the same fleet. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function plan(
  n: number,
  scheme: FleetScheme,
  rounds: number,
  rand: () => number,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  if (scheme === 'ring') {
    for (let i = 0; i < n; i++) out.push([i, (i + 1) % n, i % 2]);
    return out;
  }
  if (scheme === 'matching') {
    for (let r = 0; r < rounds; r++) {
      const order = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
      for (let k = 0; k + 1 < n; k += 2) out.push([order[k] as number, order[k + 1] as number, r]);
    }
    return out;
  }
  // all-pairs: the circle method, n even.
  const ring = Array.from({ length: n - 1 }, (_, i) => i + 1);
  for (let round = 0; round < n - 1; round++) {
    const order = [0, ...ring];
    for (let k = 0; k < n / 2; k++) {
      const [a, b] = [order[k] as number, order[n - 1 - k] as number];
      out.push(round % 2 === 0 ? [a, b, round] : [b, a, round]);
    }
    ring.unshift(ring.pop() as number);
  }
  return out;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

export function fleetSweep(o: FleetOptions): SweepResult {
  const rand = rng(o.seed ?? 25);
  const name = o.name ?? ((i: number) => `gpu-h100-${String(i).padStart(3, '0')}.cluster.local`);
  const nodes = Array.from({ length: o.nodes }, (_, i) => name(i));
  const bad = new Set(o.badNodes ?? []);
  const slow = new Set(o.slowNodes ?? []);
  const links = new Set((o.badLinks ?? []).map(([a, b]) => `${Math.min(a, b)},${Math.max(a, b)}`));
  const pairs: SweepPair[] = plan(o.nodes, o.scheme, o.rounds ?? 3, rand).map(([pi, di, round], index) => {
    const link = links.has(`${Math.min(pi, di)},${Math.max(pi, di)}`);
    const healthy = r1(42.6 + rand() * 5.9);
    const gbps =
      bad.has(pi) || bad.has(di)
        ? r1(0.95 + rand() * 0.1)
        : link
          ? 23.6
          : slow.has(pi) || slow.has(di)
            ? r1(23 + rand() * 2)
            : rand() < 0.005
              ? 40.1
              : healthy;
    const outcome = gbps < 35 ? 'untrusted' : gbps < 40 ? 'unverified' : 'trusted';
    const detail =
      outcome === 'untrusted'
        ? `pair.bandwidth: peak ${gbps} GB/s is below the floor of 35 GB/s (70% of 50 GB/s line rate)`
        : outcome === 'unverified'
          ? `pair.bandwidth: peak ${gbps} GB/s is below 40 GB/s (80% of 50 GB/s line rate)`
          : `peak ${gbps} GB/s over rdma (rc_mlx5, mlx5_0:1)`;
    return {
      index,
      round,
      prefill: nodes[pi] as string,
      decode: nodes[di] as string,
      outcome,
      detail,
      ...(outcome === 'trusted'
        ? {}
        : { fix: 'check the link: ibstat on both nodes, cables, switch port counters' }),
      failure: outcome === 'untrusted' ? 'fabric' : null,
      runId: `ft${index.toString(36)}`,
      namespace: `itest-pair-ft${index.toString(36)}`,
      engine: 'nixl',
      peakGBps: gbps,
      transport: 'rdma',
      lineGBps: 50,
      floorGBps: 35,
      durationMs: 3800 + Math.round(rand() * 900),
      checks: [],
    };
  });
  const index = new Map(nodes.map((n, i) => [n, i] as const));
  const cells = nodes.map(() => nodes.map(() => null as number | null));
  for (const p of pairs)
    (cells[index.get(p.prefill) as number] as (number | null)[])[index.get(p.decode) as number] = p.index;
  const linkEnds = new Set((o.badLinks ?? []).flat());
  const culpritSet = new Set([...bad, ...slow]);
  const standing = (n: string, i: number): SweepNode => {
    const mine = pairs.filter((p) => p.prefill === n || p.decode === n);
    const c = (x: SweepPair['outcome']) => mine.filter((p) => p.outcome === x).length;
    return {
      name: n,
      // A failed pair with a culprit is the culprit's (sweep/isolate.ts); a bad link's ends stay suspects.
      status: culpritSet.has(i)
        ? 'culprit'
        : linkEnds.has(i)
          ? 'suspect'
          : c('unverified') > 0
            ? 'unverified'
            : 'ok',
      detail: `${c('trusted')} of ${mine.length} pairs trusted`,
      pairs: {
        trusted: c('trusted'),
        unverified: c('unverified'),
        untrusted: c('untrusted'),
        notRun: c('not-run'),
      },
    };
  };
  const zones = o.zones ?? 0;
  const racks = o.racksPerZone ?? 0;
  const topology: Record<string, NodeTopology> = {};
  if (zones > 0) {
    const perZone = Math.ceil(o.nodes / zones);
    nodes.forEach((n, i) => {
      const z = Math.floor(i / perZone);
      const t: NodeTopology = { zone: `us-east-1${'abcdefgh'[z] ?? z}` };
      if (racks > 0)
        t.rack = `leaf-${z}${String(Math.floor(((i % perZone) * racks) / perZone)).padStart(2, '0')}`;
      topology[n] = t;
    });
  }
  return {
    settings: {
      // `matching` is a plan newer than the model's schemes: the page must draw it all the same.
      scheme: o.scheme as SweepResult['settings']['scheme'],
      engine: 'nixl',
      selection: '-l nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3',
      maxParallel: Math.min(64, Math.floor(o.nodes / 2)),
      timeoutMs: 3_600_000,
      pairTimeoutMs: 300_000,
      minBandwidthGBps: null,
      sizes: [64 << 10, 64 << 20],
    },
    nodes: [
      ...nodes.map(standing),
      {
        name: 'gpu-h100-cordoned',
        status: 'excluded',
        detail: 'cordoned (spec.unschedulable)',
        pairs: { trusted: 0, unverified: 0, untrusted: 0, notRun: 0 },
      },
    ],
    pairs,
    rounds: new Set(pairs.map((p) => p.round)).size,
    matrix: { nodes, cells },
    culprits: {
      nodes: [...culpritSet].map((i) => ({
        node: nodes[i] as string,
        detail: 'failed all its pairs it ran, while every partner passed with other nodes',
      })),
      links: (o.badLinks ?? []).map(([a, b]) => ({
        a: nodes[a] as string,
        b: nodes[b] as string,
        detail: 'the link failed while both nodes passed with every other partner',
      })),
    },
    startedAt: '2026-11-30T02:30:00.000Z',
    durationMs: 19 * 60_000 + 12_000,
    ...(zones > 0 ? { topology } : {}),
  };
}
