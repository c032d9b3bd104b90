import { hostname } from 'node:os';
import { formatDuration } from '../../core/duration.js';
import { ToolError } from '../../core/errors.js';
import { leaseName } from '../../scratch/lease-model.js';
import {
  acquireAll,
  describeHolder,
  type Holder,
  LEASE_POLL_MS,
  type LeaseDeps,
  releaseAll,
  renewWhileHeld,
} from '../../scratch/leases.js';
import type { PairContext, Step } from '../context.js';

/**
 * Between the plan and the first object: hold the run's nodes (one Lease per node in
 * --lease-namespace), so that no other `pair` or `sweep` measures the same link at once. A
 * node held by another live run: wait (a progress line names the holder), bounded by
 * --timeout, or with --no-wait stop at once naming it. Renewed while held; released once
 * the verdict is in (run.ts) or at teardown, whichever comes first.
 */

function nodesOf(ctx: PairContext): string[] {
  const plan = ctx.state.plan;
  if (!plan) return [];
  return [...new Set(plan.pods.map((p) => p.node.name))].sort();
}

function holderOf(ctx: PairContext): Holder {
  const who = ctx.config.leaseOwner ?? `pair ${ctx.runId}`;
  return { runId: ctx.runId, text: `${who} on ${hostname()}, pid ${process.pid}` };
}

/** A node's Lease as teardown names what is left: kind/namespace/name. */
function leaseRef(ctx: PairContext, node: string): string {
  return `Lease/${ctx.config.leaseNamespace}/${leaseName(node)}`;
}

/** Registers the release (before the first create: a create that timed out after it landed is released too). */
function registerRelease(
  ctx: PairContext,
  nodes: string[],
  holder: Holder,
  renewal: { stop: AbortController; running?: Promise<void>; wrote: boolean },
) {
  let released = false;
  const release = async (signal: AbortSignal): Promise<void> => {
    renewal.stop.abort();
    // A renewal in flight finishes first: it never writes after the delete.
    await renewal.running;
    // Nothing was ever written (refused, or every node held by others from the start): nothing to give back.
    if (released || !renewal.wrote) return;
    const cluster = await ctx.clusterFor(signal);
    await releaseAll(
      { cluster, clock: ctx.clock, signal, namespace: ctx.config.leaseNamespace, holder },
      nodes,
    );
    released = true;
  };
  ctx.state.leases = { nodes, release };
  // Named as every scratch object is (kind/namespace/name): what a cut-short teardown leaves.
  const names = nodes.map((n) => leaseRef(ctx, n));
  ctx.stack.defer(names.join(', '), release);
}

export const holdStep: Step = {
  name: 'hold nodes',
  title: (ctx) => {
    const nodes = nodesOf(ctx);
    return `Hold node${nodes.length === 1 ? '' : 's'} ${nodes.join(', ')} (leases in namespace ${ctx.config.leaseNamespace})`;
  },
  when: (ctx) => ctx.state.stop === undefined && ctx.state.plan !== undefined && !ctx.config.dryRun,
  async run(ctx) {
    const nodes = nodesOf(ctx);
    const holder = holderOf(ctx);
    const deps: LeaseDeps = {
      cluster: await ctx.cluster(),
      clock: ctx.clock,
      signal: ctx.signal,
      namespace: ctx.config.leaseNamespace,
      holder,
    };
    const renewal: { stop: AbortController; running?: Promise<void>; wrote: boolean } = {
      stop: new AbortController(),
      wrote: false,
    };
    deps.onWrite = () => {
      renewal.wrote = true;
      for (const n of nodes) ctx.state.mayExist.add(leaseRef(ctx, n));
    };
    registerRelease(ctx, nodes, holder, renewal);
    const since = ctx.clock.now();
    let told = false;
    for (;;) {
      if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
      let got: Awaited<ReturnType<typeof acquireAll>>;
      try {
        got = await acquireAll(deps, nodes);
      } catch (err) {
        if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
        throw err;
      }
      if (got.ok) break;
      const who = describeHolder(got.lease, ctx.clock.now());
      if (!ctx.config.leaseWait)
        throw new ToolError(`node ${got.node} is held by ${who}; --no-wait: not waiting for it`, {
          fix: `run again once that run is over, or drop --no-wait to wait for it (its lease is ${got.lease.namespace}/${got.lease.name})`,
        });
      const line = `waiting for node ${got.node}: held by ${who}`;
      ctx.progress.update(line);
      if (!told) ctx.onWaiting?.(line);
      told = true;
      try {
        await ctx.clock.sleep(LEASE_POLL_MS, ctx.signal);
      } catch (err) {
        if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
        if (!ctx.deadline.aborted) throw err;
        throw new ToolError(
          `--timeout ${formatDuration(ctx.config.timeoutMs)} reached after waiting ${formatDuration(ctx.clock.now() - since)} for node ${got.node}: held by ${who}`,
          {
            fix: 'run again once that run is over, or give this one a longer --timeout',
          },
        );
      }
    }
    renewal.running = renewWhileHeld(deps, nodes, renewal.stop.signal, (l) => ctx.progress.warn(l));
  },
};
