/**
 * `npm run bench:kwok`: `sweep` at fleet scale on the local kwok cluster (npm run cluster:up;
 * KUBECONFIG set). For each size in BENCH_KWOK_SIZES (default 64,256,1024) it adds that many
 * nodes of its own (scripts/cluster/nodes.sh add; deleted after), then sweeps them twice:
 * healthy, and with faults injected through the probe-log shim (test/cluster/README.md,
 * "Injected faults": 2 faulty nodes, 1 slow node, 1 bad link). Per run: pairs, rounds, wall
 * time, wall time against one pair, the sweep's own CPU (this process) against the API
 * server's (utime + stime of kube-apiserver from /proc/<pid>/stat, its pid from the cluster's
 * state dir), and whether exactly the injected faults were named (no false blame).
 *
 * Aims (issue 25): a healthy 1,024-node sweep in at most 3 rounds; with faults, all found in at
 * most 3 + 2·log2(N) rounds; the sweep's CPU below the API server's. The scheme is
 * BENCH_KWOK_SCHEME (default auto, the sweep's own default above 16 nodes; ring to compare).
 * `npm run bench` runs it last with --if-cluster: without a KUBECONFIG it says so and exits 0.
 * Env: BENCH_KWOK_SIZES, BENCH_KWOK_SCHEME, BENCH_KWOK_PARALLEL (default N/2), BENCH_PROBE_SECONDS (1).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CoreV1Api, type KubeConfig } from '@kubernetes/client-node';
import { repoRoot } from '../core/assets.js';
import { silentProgress } from '../core/progress.js';
import { median } from '../core/stats.js';
import { openCluster } from '../kube/open.js';
import { toPairConfig } from '../pair/options/options.js';
import type { Scheme, SweepResult } from '../sweep/model.js';
import { runSweep } from '../sweep/run.js';
import { benchKubeConfig, runBench } from './bench-common.js';

const run = promisify(execFile);
const PROBE_S = Number(process.env.BENCH_PROBE_SECONDS ?? '1');
const SCHEME = (process.env.BENCH_KWOK_SCHEME ?? 'auto') as Scheme;
const FAULTS = { namespace: 'kube-public', name: 'interconnect-test-faults' };
const sec = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function stateDir(): string {
  return (
    process.env.CLUSTER_STATE_DIR ?? path.join(homedir(), '.cache', 'interconnect-test', 'cluster', 'state')
  );
}

/** kube-apiserver's CPU so far, ms (utime + stime, fields 14 and 15 of /proc/<pid>/stat, in 1/100 s). */
function apiServerCpuMs(): number {
  const pid = readFileSync(path.join(stateDir(), 'run', 'kube-apiserver.pid'), 'utf8').trim();
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function nodesSh(...args: string[]): Promise<void> {
  await run('bash', [path.join(repoRoot(), 'scripts', 'cluster', 'nodes.sh'), ...args], {
    timeout: 600_000,
  });
}

async function setFaults(kc: KubeConfig, data: Record<string, string>): Promise<void> {
  const core = kc.makeApiClient(CoreV1Api);
  const cm = await core.readNamespacedConfigMap(FAULTS);
  await core.replaceNamespacedConfigMap({ ...FAULTS, body: { ...cm, data } });
}

async function sweep(
  set: string,
  selector: string,
  maxParallel: number,
  dryRun = false,
): Promise<SweepResult> {
  const env = process.env;
  const pair = toPairConfig(
    {
      engine: 'nixlbench',
      mode: 'cross-node',
      timeout: 300_000,
      nixlbenchRuntime: 'auto',
      image: 'registry.example/nixlbench:0.10.1',
      podAnnotation: [
        `interconnect-test.dev/sim-duration=${PROBE_S}s`,
        'etcd:interconnect-test.dev/sim-duration=10m',
      ],
      peerTimeout: 20_000,
      // The set's own taint (nodes.sh add): nothing else lands on these nodes.
      toleration: [`interconnect-test.dev/node-set=${set}:NoSchedule`],
      minBandwidth: 4,
      initiator: 'prefill',
      op: 'write',
      requestTimeout: 30_000,
      nodeProbes: false,
      dryRun,
    },
    env,
  );
  const r = await runSweep(
    { scheme: SCHEME, selector, maxParallel, timeoutMs: 3 * 60 * 60_000, pair },
    {
      cluster: () => openCluster({ requestTimeoutMs: 30_000 }, env),
      progress: silentProgress,
      signal: new AbortController().signal,
      cwd: process.cwd(),
      env,
      debug: (lines) => process.stderr.write(`${lines.join('\n')}\n`),
    },
  );
  return r.result;
}

interface Injected {
  nodes: string[];
  link: [string, string];
}

/** Faults far apart in the plan: 2 faulty nodes, 1 slow, 1 bad link on a planned pair. */
function faultsFor(plan: SweepResult): Injected & { data: Record<string, string> } {
  const nodes = plan.matrix.nodes;
  const n = nodes.length;
  const at = (f: number) => nodes[Math.floor(n * f)] as string;
  const [f1, f2, slow] = [at(1 / 8), at(1 / 2), at(3 / 4)];
  const near = at(5 / 16);
  // A planned pair with two healthy ends (a matching may pair a fault with its neighbour).
  const faults = new Set([f1, f2, slow]);
  const clean = plan.pairs.filter((x) => !faults.has(x.prefill) && !faults.has(x.decode));
  const p = clean.find((x) => x.prefill === near || x.decode === near) ?? clean[0];
  const link: [string, string] = [p?.prefill ?? near, p?.decode ?? near];
  return {
    nodes: [f1, f2, slow],
    link,
    data: {
      probeLogs: 'on',
      faultyNodes: `${f1},${f2}`,
      slowNodes: slow,
      badLinks: link.join(':'),
      badZoneLinks: '',
    },
  };
}

/** "exact" when the culprits are the injected faults and nothing else; else what was missed or blamed. */
function found(result: SweepResult, want: Injected | undefined): string {
  const nodes = result.culprits.nodes.map((c) => c.node).sort();
  const links = result.culprits.links.map((l) => [l.a, l.b].sort().join('↔'));
  const wantNodes = [...(want?.nodes ?? [])].sort();
  const wantLinks = want ? [[...want.link].sort().join('↔')] : [];
  const missed = [
    ...wantNodes.filter((x) => !nodes.includes(x)),
    ...wantLinks.filter((x) => !links.includes(x)),
  ];
  const blamed = [
    ...nodes.filter((x) => !wantNodes.includes(x)),
    ...links.filter((x) => !wantLinks.includes(x)),
  ];
  if (!missed.length && !blamed.length) return 'exact';
  return [
    missed.length ? `missed ${missed.join(',')}` : '',
    blamed.length ? `false blame ${blamed.join(',')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

async function bench(): Promise<number> {
  if (process.argv.includes('--if-cluster') && !process.env.KUBECONFIG) {
    process.stdout.write(
      '\nsweep at scale (kwok): not run, KUBECONFIG is not set (npm run cluster:up, export its KUBECONFIG, then npm run bench:kwok)\n',
    );
    return 0;
  }
  const kc = benchKubeConfig();
  if (!kc) return 2;
  const sizes = (process.env.BENCH_KWOK_SIZES ?? '64,256,1024').split(',').map(Number);
  const cols = ['nodes', 'faults', 'pairs', 'rounds', 'wall', '× pair', 'sweep CPU', 'API CPU', 'found'];
  const lines: string[] = [];
  let missed = 0;
  let pairMs: number | undefined;
  const core = kc.makeApiClient(CoreV1Api);
  const original = (await core.readNamespacedConfigMap(FAULTS)).data ?? {};
  try {
    for (const n of sizes) {
      const set = `bench-kwok-${n}`;
      const selector = `interconnect-test.dev/node-set=${set}`;
      const parallel = Number(process.env.BENCH_KWOK_PARALLEL ?? n / 2);
      const t0 = Date.now();
      await nodesSh('add', set, String(n));
      process.stderr.write(`bench:kwok: ${n} nodes Ready in ${sec(Date.now() - t0)}\n`);
      try {
        await setFaults(kc, { probeLogs: 'on' });
        if (pairMs === undefined) {
          const one: number[] = [];
          for (let i = 0; i < 3; i++) {
            const s = Date.now();
            await sweep(set, `${selector},kubernetes.io/hostname in (${set}-0,${set}-2)`, 1);
            one.push(Date.now() - s);
          }
          pairMs = median(one) as number;
        }
        const plan = await sweep(set, selector, parallel, true);
        const injected = faultsFor(plan);
        for (const faulty of [false, true]) {
          await setFaults(kc, faulty ? injected.data : { probeLogs: 'on' });
          const cpu0 = process.cpuUsage();
          const api0 = apiServerCpuMs();
          const w0 = Date.now();
          const r = await sweep(set, selector, parallel);
          const wall = Date.now() - w0;
          const cpu = process.cpuUsage(cpu0);
          const sweepCpu = (cpu.user + cpu.system) / 1000;
          const apiCpu = apiServerCpuMs() - api0;
          const verdict = found(r, faulty ? injected : undefined);
          if (verdict !== 'exact') missed++;
          lines.push(
            [
              String(n),
              faulty ? '2+1+1' : 'none',
              String(r.pairs.length),
              String(r.rounds),
              sec(wall),
              `${(wall / pairMs).toFixed(1)}×`,
              sec(sweepCpu),
              sec(apiCpu),
              verdict,
            ].join('\t'),
          );
          process.stderr.write(`bench:kwok: ${lines.at(-1)}\n`);
        }
      } finally {
        await nodesSh('delete', set);
      }
    }
  } finally {
    await setFaults(kc, original);
  }
  process.stdout.write(
    `\nsweep at scale (kwok, scheme ${SCHEME}, probes ${PROBE_S}s; one pair: median of 3 = ${sec(pairMs ?? 0)}; faults 2+1+1 = 2 faulty nodes, 1 slow node, 1 bad link)\n`,
  );
  const rows = [cols, ...lines.map((l) => l.split('\t'))];
  const width = cols.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows) process.stdout.write(`${r.map((c, i) => c.padStart(width[i] ?? 0)).join('  ')}\n`);
  process.stdout.write(
    'sweep CPU: this process (user + system); API CPU: kube-apiserver (utime + stime) over the same run; found: exact = the injected faults and nothing else\n',
  );
  return missed ? 1 : 0;
}

runBench(bench);
