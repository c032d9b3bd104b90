import type { Clock } from '../core/clock.js';
import { messageOf } from '../core/errors.js';
import { MANAGED_SELECTOR } from '../core/labels.js';
import type { Cluster } from '../kube/cluster.js';
import type { Meter } from '../kube/metered.js';
import { type PodCache, startPodCache } from '../kube/pod-cache.js';
import type { PairResult } from '../pair/run.js';
import type { SweepConfig } from './config.js';

/**
 * The sweep's side of the control plane: one pod watch for all its pairs (src/kube/pod-cache.ts:
 * list once, watch, relist on 410 Gone), creates in a bounded stream (src/kube/metered.ts), and
 * the --debug lines that say where the time went.
 */

/** Creates in flight at once, over all pairs (namespaces, Services, ConfigMaps, Jobs). */
export const SWEEP_CREATE_LIMIT = 16;

export interface SweepWatch {
  cache?: PodCache;
  /** Why there is no watch (a Cluster that cannot, RBAC): the pairs poll. */
  why?: string;
  stop: () => void;
}

/**
 * Watches the pods of this tool in the scratch namespace (every namespace when each pair makes
 * its own): each pair finds its own there by its run id.
 */
export async function sweepWatch(
  cluster: Cluster,
  config: SweepConfig,
  clock: Clock,
  signal: AbortSignal,
): Promise<SweepWatch> {
  const own = new AbortController();
  const { cache, why } = await startPodCache({
    cluster: cluster.withSignal(AbortSignal.any([signal, own.signal])),
    namespace: config.pair.scratchNamespace,
    selector: MANAGED_SELECTOR,
    clock,
    signal: AbortSignal.any([signal, own.signal]),
  });
  return {
    ...(cache ? { cache } : { why: messageOf(why) }),
    stop: () => own.abort(),
  };
}

const sec = (ms: number) => `${(ms / 1000).toFixed(2)}s`;

/** Where the time went: the pairs' steps (mean), the API calls by method, the pod watch. */
export function timingLines(
  timings: readonly PairResult['timing'][],
  wallMs: number,
  meter: Meter,
  watch: SweepWatch,
): string[] {
  const n = timings.length;
  const mean = (f: (t: PairResult['timing']) => number) =>
    n ? timings.reduce((a, t) => a + f(t), 0) / n : 0;
  const names = [...new Set(timings.flatMap((t) => Object.keys(t.steps ?? {})))];
  const steps = names.map((s) => `${s} ${sec(mean((t) => t.steps?.[s] ?? 0))}`);
  const calls = [...meter.byMethod.entries()]
    .sort((a, b) => b[1].calls - a[1].calls)
    .map(([m, s]) => `${m} ${s.calls} (${sec(s.ms / Math.max(1, s.calls))} each)`);
  const total = [...meter.byMethod.values()].reduce((a, s) => a + s.calls, 0);
  const w = watch.cache?.stats;
  return [
    `timing: ${n} pair${n === 1 ? '' : 's'} in ${sec(wallMs)}; per pair (mean): ${steps.join(', ') || 'none'}, teardown ${sec(mean((t) => t.teardownMs))}, probes ran ${sec(mean((t) => t.probeMs ?? 0))}`,
    `timing: API calls ${total}${wallMs > 0 ? ` (${((total * 1000) / wallMs).toFixed(1)}/s)` : ''}: ${calls.join(', ') || 'none'}; creates that waited for a slot, at most ${meter.maxQueued} at once`,
    w
      ? `timing: pod watch: ${w.lists} list${w.lists === 1 ? '' : 's'} (${w.relists} after 410 Gone), ${w.watches} watch${w.watches === 1 ? '' : 'es'}, ${w.events} events, ${w.errors} errors`
      : `timing: no pod watch (${watch.why ?? 'none'}): every pair polled its pods`,
  ];
}
