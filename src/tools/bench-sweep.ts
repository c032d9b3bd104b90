/**
 * `npm run bench` (second part): first `--scheme auto` on simulated fleets of 64, 256 and
 * 1,024 nodes (bench-fleet.ts, no cluster needed), then `interconnect-test sweep` on the local kwok cluster
 * (npm run cluster:up; KUBECONFIG set). Adds 64 kwok GPU nodes of its own
 * (bench-node-00 … 63, deleted at the end), then measures in one run:
 *
 *   - one pair (the median of BENCH_PAIR_RUNS sweeps over two nodes);
 *   - ring and all-pairs over 16 and over 64 of those nodes,
 *
 * each as wall time against the one pair's. Targets: ring over 64 nodes at most
 * 3× one pair; all-pairs at most (N-1)× one pair, with no node in two pairs at once
 * (checked from the pairs' own start and end times). Where the time goes comes
 * from every pair's own step timings: create + etcd, pod scheduling and start,
 * the transfer (the probe containers' runtime), teardown.
 *
 * The probe pods "run" BENCH_PROBE_SECONDS (default 2) and print a real nixlbench
 * log (kwok ClusterLogs on a shared scratch namespace).
 * Env: BENCH_SWEEP_SIZES (default 16,64), BENCH_SWEEP_SCHEMES (default ring,all-pairs),
 * BENCH_PAIR_RUNS (default 3).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CoreV1Api,
  type KubeConfig,
  type KubernetesObject,
  KubernetesObjectApi,
  type V1Node,
} from '@kubernetes/client-node';
import { repoRoot } from '../core/assets.js';
import { toCriLog as criLog } from '../core/cri-log.js';
import { silentProgress } from '../core/progress.js';
import { median } from '../core/stats.js';
import { openCluster } from '../kube/open.js';
import { toPairConfig } from '../pair/options/options.js';
import { type PairResult, runPairCluster, STEPS } from '../pair/run.js';
import type { Scheme } from '../sweep/model.js';
import { runSweep } from '../sweep/run.js';
import { benchKubeConfig, runBench } from './bench-common.js';
import { fleetBench } from './bench-fleet.js';

const LABEL = 'interconnect-test.dev/bench-sweep';
const SCRATCH = 'itest-bench-sweep';
const PROBE_S = Number(process.env.BENCH_PROBE_SECONDS ?? '2');

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const sec = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function node(i: number): V1Node {
  const name = `bench-node-${String(i).padStart(2, '0')}`;
  const res = { cpu: '224', memory: '2113470Mi', pods: '110', 'nvidia.com/gpu': '8', 'rdma/ib': '8' };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      annotations: { 'kwok.x-k8s.io/node': 'fake', 'node.alpha.kubernetes.io/ttl': '0' },
      labels: {
        type: 'kwok',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'nvidia.com/gpu.present': 'true',
        'nvidia.com/gpu.product': 'NVIDIA-H100-80GB-HBM3',
        [LABEL]: 'true',
        ...(i < 16 ? { [`${LABEL}-16`]: 'true' } : {}),
      },
    },
    status: { capacity: res, allocatable: res },
  };
}

async function setUp(kc: KubeConfig, dir: string): Promise<() => Promise<void>> {
  const core = kc.makeApiClient(CoreV1Api);
  const objects = KubernetesObjectApi.makeApiClient(kc);
  const made: KubernetesObject[] = [];
  for (let i = 0; i < 64; i++) {
    const n = node(i);
    await core.createNode({ body: n }).catch((e: { code?: number }) => {
      if (e.code !== 409) throw e;
    });
    made.push(n as KubernetesObject);
  }
  await core.createNamespace({ body: { metadata: { name: SCRATCH } } }).catch((e: { code?: number }) => {
    if (e.code !== 409) throw e;
  });
  const fixtures = path.join(repoRoot(), 'test', 'fixtures', 'nixlbench');
  const prefill = path.join(dir, 'prefill.log');
  const decode = path.join(dir, 'decode.log');
  writeFileSync(
    prefill,
    criLog(readFileSync(path.join(fixtures, 'legacy-0.x-ucx-vram-to-dram-ok.log'), 'utf8')),
  );
  writeFileSync(
    decode,
    criLog(
      'ETCD Runtime: Registered as rank 1 item 2 of 2\nInit nixl worker, dev all rank 1, type target, hostname bench\n',
    ),
  );
  const logs = {
    apiVersion: 'kwok.x-k8s.io/v1alpha1',
    kind: 'ClusterLogs',
    metadata: { name: SCRATCH },
    spec: {
      selector: { matchNamespaces: [SCRATCH] },
      logs: [
        { containers: ['prefill'], logsFile: prefill },
        { containers: ['decode'], logsFile: decode },
      ],
    },
  } as KubernetesObject;
  await objects.create(logs).catch((e: { code?: number }) => {
    if (e.code !== 409) throw e;
  });
  // Every bench node Ready (kwok takes them over by their annotation).
  for (let t = 0; ; t++) {
    const ready = (await core.listNode({ labelSelector: LABEL })).items.filter((n) =>
      n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
    ).length;
    if (ready === 64) break;
    if (t > 120) throw new Error(`only ${ready} of 64 bench nodes became Ready`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return async () => {
    await objects.delete(logs).catch(() => undefined);
    await core.deleteNamespace({ name: SCRATCH }).catch(() => undefined);
    for (const n of made) await core.deleteNode({ name: n.metadata?.name as string }).catch(() => undefined);
  };
}

interface Figure {
  wallMs: number;
  pairs: number;
  rounds: number;
  verdict: string;
  results: { r: PairResult; start: number; end: number; prefill: string; decode: string }[];
}

async function sweepOnce(
  scheme: Scheme,
  args: { selector?: string; nodes?: string[]; maxParallel: number },
): Promise<Figure> {
  const env = process.env;
  const pair = toPairConfig(
    {
      engine: 'nixlbench',
      mode: 'cross-node',
      timeout: 120_000,
      nixlbenchRuntime: 'auto',
      image: 'registry.example/nixlbench:0.10.1',
      podAnnotation: [
        `interconnect-test.dev/sim-duration=${PROBE_S}s`,
        'etcd:interconnect-test.dev/sim-duration=10m',
      ],
      peerTimeout: 20_000,
      minBandwidth: 1,
      scratchNamespace: SCRATCH,
      requestTimeout: 30_000,
      nodeProbes: false,
    },
    env,
  );
  const results: Figure['results'] = [];
  const t0 = Date.now();
  const run = await runSweep(
    {
      scheme,
      selector: args.selector,
      nodes: args.nodes,
      maxParallel: args.maxParallel,
      timeoutMs: 60 * 60_000,
      pair,
    },
    {
      cluster: () => openCluster({ requestTimeoutMs: 30_000 }, env),
      progress: silentProgress,
      signal: new AbortController().signal,
      cwd: process.cwd(),
      env,
      runPair: async (c, d) => {
        const start = Date.now();
        // A pair's nodes are busy from its start to its verdict; teardown may overlap the next pair.
        let judged: number | undefined;
        const r = await runPairCluster(c, {
          ...d,
          onJudged: () => {
            judged = Date.now();
            d.onJudged?.();
          },
        });
        results.push({
          r,
          start,
          end: judged ?? Date.now(),
          prefill: c.prefillNode as string,
          decode: c.decodeNode as string,
        });
        return r;
      },
    },
  );
  const untrusted = run.result.pairs.filter((p) => p.outcome !== 'trusted' && p.outcome !== 'unverified');
  if (untrusted.length)
    throw new Error(`${scheme}: ${untrusted.length} pairs did not pass, first: ${untrusted[0]?.detail}`);
  return {
    wallMs: Date.now() - t0,
    pairs: run.result.pairs.length,
    rounds: run.result.rounds,
    verdict: untrusted.length ? 'untrusted' : 'passed',
    results,
  };
}

/** The most pairs any one node was in at the same moment (must be 1). */
function maxOverlap(results: Figure['results']): number {
  let worst = 0;
  for (const a of results) {
    for (const node of [a.prefill, a.decode]) {
      const at = results.filter(
        (b) => (b.prefill === node || b.decode === node) && b.start < a.end && a.start < b.end,
      );
      worst = Math.max(worst, at.length);
    }
  }
  return worst;
}

function phases(results: Figure['results']): string {
  // The phases group the steps by the names they carry: a renamed step is an error here, never a 0 s phase.
  const step = (name: string) => {
    if (!STEPS.some((s) => s.name === name))
      throw new Error(`no pair step is named '${name}' (pair/run.ts STEPS)`);
    return mean(results.map((x) => x.r.timing.steps?.[name] ?? 0));
  };
  const probe = mean(results.map((x) => x.r.timing.probeMs ?? PROBE_S * 1000));
  const transferStep = step('pods start + transfer');
  return [
    `plan ${sec(step('plan'))}`,
    `create + etcd ${sec(step('create + etcd ready') + step('render'))}`,
    `scheduling + pod start ${sec(Math.max(0, transferStep - probe))}`,
    `transfer ${sec(probe)}`,
    `collect + judge ${sec(step('collect logs') + step('judge'))}`,
    `teardown ${sec(mean(results.map((x) => x.r.timing.teardownMs)))}`,
  ].join(', ');
}

async function bench(): Promise<number> {
  // The simulated fleet first: it needs no cluster.
  const fleetMissed = fleetBench((s) => process.stdout.write(s));
  const kc = benchKubeConfig();
  if (!kc) return 2;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-sweep-'));
  const tearDown = await setUp(kc, dir);
  let missed = 0;
  try {
    const runs = Number(process.env.BENCH_PAIR_RUNS ?? '3');
    const one: number[] = [];
    for (let i = 0; i < runs; i++)
      one.push(
        (await sweepOnce('ring', { nodes: ['bench-node-00', 'bench-node-01'], maxParallel: 1 })).wallMs,
      );
    const pairMs = median(one) as number;
    process.stdout.write(
      `\nsweep wall time against one pair (kwok, nixlbench, probes ${PROBE_S}s; one pair: median of ${runs} = ${sec(pairMs)})\n`,
    );
    process.stdout.write(
      `${'scheme'.padEnd(10)}${'nodes'.padStart(6)}${'pairs'.padStart(7)}${'rounds'.padStart(8)}${'wall'.padStart(9)}${'× pair'.padStart(8)}${'target'.padStart(8)}  overlap  result\n`,
    );
    const sizes = (process.env.BENCH_SWEEP_SIZES ?? '16,64').split(',').map(Number);
    const lines: string[] = [];
    for (const n of sizes) {
      for (const scheme of (process.env.BENCH_SWEEP_SCHEMES ?? 'ring,all-pairs').split(',') as Scheme[]) {
        const f = await sweepOnce(scheme, {
          selector: n === 16 ? `${LABEL}-16=true` : `${LABEL}=true`,
          maxParallel: n / 2,
        });
        const ratio = f.wallMs / pairMs;
        const target = scheme === 'ring' ? 3 : n - 1;
        const overlap = maxOverlap(f.results);
        const met = ratio <= target && overlap === 1;
        if (!met) missed++;
        process.stdout.write(
          `${scheme.padEnd(10)}${String(n).padStart(6)}${String(f.pairs).padStart(7)}${String(f.rounds).padStart(8)}${sec(f.wallMs).padStart(9)}${`${ratio.toFixed(1)}×`.padStart(8)}${`≤${target}×`.padStart(8)}  ${String(overlap).padStart(7)}  ${met ? 'met' : 'MISSED'}\n`,
        );
        lines.push(`  ${scheme} over ${n}: per pair ${phases(f.results)}`);
      }
    }
    process.stdout.write(`where the time goes (mean per pair):\n${lines.join('\n')}\n`);
    process.stdout.write(
      'overlap: the most pairs one node was in at once (1: no node in two pairs at once)\n',
    );
  } finally {
    await tearDown();
    rmSync(dir, { recursive: true, force: true });
  }
  return missed || fleetMissed ? 1 : 0;
}

runBench(bench);
