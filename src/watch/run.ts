import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../core/clock.js';
import { ToolError } from '../core/errors.js';
import type { Check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import { findDgdWorkers, pickRunning, type WorkerRole } from '../env/workers.js';
import type { HistoryLink, KvReference } from '../judge/kv-traffic.js';
import type { Cluster } from '../kube/cluster.js';
import { parsePrometheusText } from '../parsers/prometheus-text.js';
import { judgeWorkers, type WorkerReading, type WorkerResult } from './judge.js';
import { type PromOptions, podIncreases } from './promql.js';
import { scrapePod, systemPortOf } from './scrape.js';

/** What `watch` found and judged, whichever way it read the metrics. */
export interface WatchResult {
  source: 'pod-proxy' | 'prometheus' | 'files';
  windowSeconds: number;
  reference: KvReference;
  workers: WorkerResult[];
  checks: Check[];
}

function roleFromName(name: string): WorkerRole | undefined {
  if (/prefill/i.test(name)) return 'prefill';
  if (/decode/i.test(name)) return 'decode';
  return undefined;
}

/** Reads a saved exposition; unreadable or not an exposition: one line, exit 2. */
export type ReadText = (file: string) => Promise<string>;

async function listPair(
  from: string,
  to: string,
): Promise<{ name: string; before: string; after: string }[]> {
  const [a, b] = await Promise.all([stat(from), stat(to)]).catch((err: NodeJS.ErrnoException) => {
    throw new ToolError(`cannot read ${err.path ?? from}: ${err.code ?? err.message}`, {
      fix: 'give --from and --to as two saved /metrics bodies, or two directories of them with the same file names',
    });
  });
  if (a.isDirectory() !== b.isDirectory()) {
    throw new ToolError('--from and --to must both be files or both be directories', {
      fix: "save each worker's /metrics under the same file name in a before and an after directory",
    });
  }
  if (!a.isDirectory())
    return [
      { name: path.basename(to).replace(/(\.after)?\.(txt|prom|metrics)$/, ''), before: from, after: to },
    ];
  const names = (await readdir(to)).filter((n) => !n.startsWith('.')).sort();
  const before = new Set(await readdir(from));
  const missing = names.filter((n) => !before.has(n));
  if (names.length === 0 || missing.length > 0) {
    throw new ToolError(
      names.length === 0
        ? `${to} holds no exposition`
        : `${from} has no ${missing.join(', ')} to compare with ${to}`,
      { fix: "save each worker's /metrics under the same file name at both ends of the window" },
    );
  }
  return names.map((n) => ({
    name: n.replace(/\.(txt|prom|metrics)$/, ''),
    before: path.join(from, n),
    after: path.join(to, n),
  }));
}

/** `watch --from BEFORE --to AFTER`: two saved expositions (or directories of them) of the same workers. */
export async function watchFiles(
  from: string,
  to: string,
  read: ReadText,
  reference: KvReference,
  windowSeconds: number,
): Promise<WatchResult> {
  const readings: WorkerReading[] = [];
  for (const p of await listPair(from, to)) {
    readings.push({
      name: p.name,
      role: roleFromName(p.name),
      before: parsePrometheusText(await read(p.before)),
      after: parsePrometheusText(await read(p.after)),
    });
  }
  return { source: 'files', windowSeconds, reference, ...judgeWorkers(readings, reference, windowSeconds) };
}

export interface LiveDeps {
  cluster: Pick<Cluster, 'listPods' | 'getPod' | 'proxyGet'>;
  clock: Clock;
  progress: Progress;
  signal?: AbortSignal | undefined;
  /** Set: read the window's increases from this Prometheus instead of the pods. */
  prometheus?: PromOptions | undefined;
}

interface Worker {
  pod: string;
  role: WorkerRole;
  node?: string | undefined;
  port: number;
}

async function workersOf(
  cluster: LiveDeps['cluster'],
  namespace: string,
  dgd: string,
  container?: string,
): Promise<Worker[]> {
  const found = await findDgdWorkers(cluster, namespace, dgd);
  const out: Worker[] = [];
  for (const role of ['prefill', 'decode'] as const) {
    for (const p of pickRunning(found[role], role, container, true).picked) {
      out.push({
        pod: p.pod.metadata?.name ?? '',
        role,
        node: p.pod.spec?.nodeName,
        port: systemPortOf(p.pod, p.container),
      });
    }
  }
  return out;
}

/** `watch --dgd NAME`: every Running prefill and decode worker, read twice a window apart (or once through PromQL). */
export async function watchDgd(
  namespace: string,
  dgd: string,
  opts: {
    windowSeconds: number;
    reference: KvReference;
    container?: string | undefined;
    history?: readonly HistoryLink[] | undefined;
  },
  deps: LiveDeps,
): Promise<WatchResult> {
  deps.progress.step(`finding the workers of ${dgd}`);
  const workers = await workersOf(deps.cluster, namespace, dgd, opts.container);
  deps.progress.done(workers.map((w) => w.pod).join(', '));
  const { windowSeconds, reference } = opts;
  if (deps.prometheus) {
    const prom = deps.prometheus;
    deps.progress.step(`reading the last ${windowSeconds} s from Prometheus`);
    const readings: WorkerReading[] = [];
    for (const w of workers) {
      readings.push({
        name: w.pod,
        role: w.role,
        node: w.node,
        after: await podIncreases(prom, namespace, w.pod, windowSeconds),
      });
    }
    deps.progress.done(`${readings.length} workers`);
    return {
      source: 'prometheus',
      windowSeconds,
      reference,
      ...judgeWorkers(readings, reference, windowSeconds),
    };
  }
  const scrapeAll = () =>
    Promise.all(
      workers.map(async (w) => parsePrometheusText(await scrapePod(deps.cluster, namespace, w.pod, w.port))),
    );
  deps.progress.step("reading each worker's /metrics through the API server");
  const before = await scrapeAll();
  deps.progress.done(`${workers.length} workers`);
  deps.progress.step(`waiting ${windowSeconds} s for KV traffic`);
  await deps.clock.sleep(windowSeconds * 1000, deps.signal);
  const after = await scrapeAll();
  deps.progress.done('read again');
  const readings = workers.map((w, i) => ({
    name: w.pod,
    role: w.role,
    node: w.node,
    before: before[i],
    after: after[i] as NonNullable<(typeof after)[number]>,
  }));
  return {
    source: 'pod-proxy',
    windowSeconds,
    reference,
    ...judgeWorkers(readings, reference, windowSeconds),
  };
}
