import { hostname } from 'node:os';
import type { Clock } from '../../core/clock.js';
import { formatDuration } from '../../core/duration.js';
import { ToolError } from '../../core/errors.js';
import type { Progress } from '../../core/progress.js';
import type { Cluster } from '../../kube/cluster.js';
import {
  acquireAll,
  describeHolder,
  LEASE_POLL_MS,
  type LeaseDeps,
  releaseAll,
  renewWhileHeld,
} from '../../scratch/leases.js';

/**
 * One probe per worker: before anything runs in a worker pod, `pair --in-place` holds that pod
 * through a Lease (coordination.k8s.io/v1) named after it, `itest-pod.<namespace>.<pod>`, in the
 * lease namespace every `pair` and `sweep` shares, so a manual run and the nightly one never
 * both run inside one worker. As pair holds nodes (src/pair/steps/hold.ts): a pod held by
 * another live run is waited for (a progress line names the holder), bounded by --timeout, or
 * with --no-wait refused at once naming it; renewed while held; given back when the run ends.
 */

export interface PodHoldInput {
  cluster: Cluster;
  clock: Clock;
  progress: Progress;
  /** Ctrl-C: stops the wait with its reason. */
  interrupt: AbortSignal;
  /** --timeout: bounds the wait. */
  deadline: AbortSignal;
  timeoutMs: number;
  leaseNamespace: string;
  wait: boolean;
  runId: string;
  /** `namespace/pod` of every worker this run will exec into. */
  pods: readonly string[];
}

/** Holds every pod (all or nothing); returns the release, which never throws. */
export async function holdPods(input: PodHoldInput): Promise<() => Promise<void>> {
  const signal = AbortSignal.any([input.interrupt, input.deadline]);
  const deps: LeaseDeps = {
    cluster: input.cluster,
    clock: input.clock,
    signal,
    namespace: input.leaseNamespace,
    holder: {
      runId: input.runId,
      text: `pair --in-place ${input.runId} on ${hostname()}, pid ${process.pid}`,
    },
    kind: 'pod',
  };
  let wrote = false;
  deps.onWrite = () => {
    wrote = true;
  };
  const stop = new AbortController();
  let renewing: Promise<void> | undefined;
  const release = async () => {
    stop.abort();
    await renewing;
    if (!wrote) return;
    // Its own bound: the run's signal may be why we are here.
    await releaseAll({ ...deps, signal: AbortSignal.timeout(30_000) }, input.pods).catch((err: Error) =>
      input.progress.warn(
        `could not give back the pod leases in ${input.leaseNamespace}: ${err.message.split('\n')[0]} (they expire within a minute)`,
      ),
    );
  };
  const since = input.clock.now();
  let told = false;
  try {
    for (;;) {
      const got = await acquireAll(deps, input.pods);
      if (got.ok) break;
      const who = describeHolder(got.lease, input.clock.now());
      if (!input.wait)
        throw new ToolError(`pod ${got.node} is held by ${who}; --no-wait: not waiting for it`, {
          fix: `run again once that run is over, or drop --no-wait to wait for it (its lease is ${got.lease.namespace}/${got.lease.name})`,
        });
      input.progress.update(`waiting for pod ${got.node}: held by ${who}`);
      if (!told) input.progress.warn(`pod ${got.node} is held by ${who}: waiting for it`);
      told = true;
      try {
        await input.clock.sleep(LEASE_POLL_MS, signal);
      } catch {
        if (input.interrupt.aborted) throw input.interrupt.reason;
        throw new ToolError(
          `--timeout ${formatDuration(input.timeoutMs)} reached after waiting ${formatDuration(input.clock.now() - since)} for pod ${got.node}: held by ${who}`,
          { fix: 'run again once that run is over, or give this one a longer --timeout' },
        );
      }
    }
  } catch (err) {
    if (input.interrupt.aborted) {
      await release();
      throw input.interrupt.reason;
    }
    await release();
    throw err;
  }
  renewing = renewWhileHeld({ ...deps, signal: input.interrupt }, input.pods, stop.signal, (l) =>
    input.progress.warn(l),
  );
  return release;
}
