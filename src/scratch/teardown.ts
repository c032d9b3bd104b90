import { after, type Clock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { messageOf } from '../core/errors.js';
import { type Check, check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { Cluster } from '../kube/cluster.js';
import { DeadlineError } from '../kube/errors.js';
import { retryTransient } from '../kube/retry.js';
import type { DisposalStack } from '../procs/disposal.js';
import { DEFAULT_LEASE_NAMESPACE } from './lease-model.js';
import { runSelector } from './names.js';

/** What a teardown needs of the run it ends (a pair's context is one). */
export interface TeardownContext {
  runId: string;
  config: {
    scratchNamespace?: string | undefined;
    leaseNamespace?: string | undefined;
    context?: string | undefined;
    kubeconfig?: string | undefined;
  };
  stack: Pick<DisposalStack, 'names' | 'disposeAll'>;
  state: { mayExist: Set<string>; plan?: { namespace: { name: string } } | undefined };
  clock: Clock;
  progress: Pick<Progress, 'warn' | 'update'>;
}

/**
 * Teardown of a cluster pair: every delete sent at once, each retried through
 * API restarts (retryTransient), then a wait until nothing labelled with the
 * run is left, all under ONE budget (TEARDOWN_MS) on its own clock and signal:
 * the run's own may have fired (Ctrl-C, --timeout). A run so ends within
 * --timeout plus this budget, whatever the API server does. What is still
 * there after it is named, with the `gc --run` that removes it.
 */

/** The stated teardown budget: `pair --timeout T` ends within T plus this (docs/commands/pair.md). */
export const TEARDOWN_MS = 30_000;

export interface TeardownOutcome {
  /** kind/namespace/name of what is still there (or, when the API could not be asked, what may be). */
  left: string[];
  /** Could not list what is left: `left` is what this run created and could not confirm gone. */
  unconfirmed: boolean;
  /** Everything left is being deleted already (Terminating): it goes on its own. */
  terminating?: boolean;
  check?: Check | undefined;
}

/** The command that removes what a run left, with the flags that reach the same cluster. */
export function gcCommand(ctx: Pick<TeardownContext, 'runId' | 'config'>): string {
  const c = ctx.config;
  const flags = [
    c.scratchNamespace ? ` -n ${c.scratchNamespace}` : '',
    c.leaseNamespace && c.leaseNamespace !== DEFAULT_LEASE_NAMESPACE
      ? ` --lease-namespace ${c.leaseNamespace}`
      : '',
    c.context ? ` --context ${c.context}` : '',
    c.kubeconfig ? ` --kubeconfig ${c.kubeconfig}` : '',
  ].join('');
  return `interconnect-test gc --run ${ctx.runId}${flags}`;
}

/** What this run's teardown still has to remove and that may exist (named as kind/namespace/name). */
export function mayBeLeft(ctx: Pick<TeardownContext, 'stack' | 'state'>): string[] {
  return ctx.stack.names.flatMap((n) => n.split(', ')).filter((n) => ctx.state.mayExist.has(n));
}

/** The lines said last about what is left (none when nothing is). */
export function leftoverLines(
  ctx: Pick<TeardownContext, 'runId' | 'config'>,
  left: readonly string[],
  why: string,
): string[] {
  if (left.length === 0) return [];
  return [`left in the cluster (${why}): ${left.join(', ')}`, `remove it now: ${gcCommand(ctx)}`];
}

export async function teardown(
  ctx: TeardownContext,
  base: Cluster | undefined,
  budgetMs: number = TEARDOWN_MS,
): Promise<TeardownOutcome> {
  const budget = new AbortController();
  const cancel = after(ctx.clock, budgetMs, () =>
    budget.abort(new DeadlineError(`the teardown budget (${formatDuration(budgetMs)}) ran out`)),
  );
  try {
    const created = mayBeLeft(ctx);
    const problems = await ctx.stack.disposeAll(budget.signal);
    for (const p of problems) ctx.progress.warn(`teardown: ${p.name}: ${p.message}`);
    const plan = ctx.state.plan;
    if (!plan || !base || created.length === 0) return { left: [], unconfirmed: false };
    const cluster = base.withSignal(budget.signal);
    let left: string[] = [];
    let terminating = 0;
    for (;;) {
      try {
        const refs = await retryTransient(
          () => cluster.listByLabel(runSelector(ctx.runId), plan.namespace.name),
          {
            clock: ctx.clock,
            signal: budget.signal,
            onRetry: (err, _n, ms) =>
              ctx.progress.update(`waiting for the API server, ${formatDuration(ms)}: ${messageOf(err)}`),
          },
        );
        terminating = refs.filter((r) => r.deleting).length;
        left = refs.map(
          (r) =>
            `${r.kind === 'Namespace' ? `Namespace/${r.name}` : `${r.kind}/${r.namespace}/${r.name}`}${r.deleting ? ' (Terminating)' : ''}`,
        );
      } catch (err) {
        // Never confirmed gone: everything this run created may still be there.
        const left = [...new Set(created)];
        return {
          left,
          unconfirmed: true,
          check: check(
            'pair.cleanup',
            'warn',
            `could not confirm the scratch objects are gone within ${formatDuration(budgetMs)}: ${messageOf(err)}`,
            { fix: `remove them now: ${gcCommand(ctx)}`, matters: false, data: { left } },
          ),
        };
      }
      if (left.length === 0) return { left, unconfirmed: false };
      if (budget.signal.aborted) break;
      try {
        await ctx.clock.sleep(250, budget.signal);
      } catch {
        break;
      }
    }
    // Deleted and Terminating (the namespace controller backs off after an API outage): it goes
    // on its own; named all the same, since nobody can be sure when.
    const all = terminating === left.length;
    return {
      left,
      unconfirmed: false,
      terminating: all,
      check: check(
        'pair.cleanup',
        'warn',
        `scratch objects ${all ? 'still being deleted by the cluster' : 'still present'} after ${formatDuration(budgetMs)}: ${left.join(', ')}`,
        { fix: `remove them now: ${gcCommand(ctx)}`, matters: false, data: { left } },
      ),
    };
  } finally {
    cancel();
  }
}
