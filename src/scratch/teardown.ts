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
  /** The run's own scratch namespace: deleted, and nothing of the run left in it (untilGone). */
  emptied?: string;
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

/**
 * The kinds a run's teardown waits on: those it created (names as mayBeLeft gives them,
 * kind/namespace/name), and the Pods of its Jobs, which the Job controller made with the run's
 * labels. Listing only these, a kind the run never made cannot hold up the wait (listRefs).
 */
export function kindsCreated(names: readonly string[]): Set<string> {
  const kinds = new Set(names.map((n) => n.split('/')[0] ?? ''));
  if (kinds.has('Job')) kinds.add('Pod');
  return kinds;
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
  const end = ctx.clock.now() + budgetMs;
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
    let left: string[];
    let terminating: number;
    let emptied: string | undefined;
    try {
      ({ left, terminating, emptied } = await untilGone({
        cluster,
        runId: ctx.runId,
        namespace: plan.namespace.name,
        namespaceEmptiedIsGone: true,
        kinds: kindsCreated(created),
        clock: ctx.clock,
        signal: budget.signal,
        until: end,
        onRetry: (err, ms) =>
          ctx.progress.update(`waiting for the API server, ${formatDuration(ms)}: ${messageOf(err)}`),
      }));
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
    if (emptied) {
      ctx.progress.update(
        `namespace ${emptied} is empty and deleted; Kubernetes removes the namespace object itself 5 s after its delete`,
      );
      return { left, unconfirmed: false, emptied };
    }
    if (left.length === 0) return { left, unconfirmed: false };
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

/** What waiting for a run's objects to go needs: where, how long, and the clock it waits on. */
export interface GoneInput {
  cluster: Cluster;
  runId: string;
  namespace: string;
  clock: Clock;
  /** Ends the wait (and any list in flight) early: teardown's own budget. */
  signal: AbortSignal;
  /** The clock time to give up at. */
  until: number;
  /** How often to list again (default 250 ms). */
  pollMs?: number;
  /**
   * The run deleted its own scratch namespace: once nothing of the run is left inside it and its
   * delete was accepted (it carries a deletionTimestamp), it counts as removed and is returned as
   * `emptied` instead of `left`. Kubernetes' namespace controller waits a fixed 5 s before it
   * looks at a deleted namespace (namespaceDeletionGracePeriod, references/kubernetes-teardown.md);
   * waiting for the object itself would wait on that timer, not on anything of ours.
   */
  namespaceEmptiedIsGone?: boolean;
  /** Only these kinds are listed (kindsCreated): all of them when not given. */
  kinds?: ReadonlySet<string>;
  onRetry?: (err: unknown, failingForMs: number) => void;
}

/**
 * THE "wait until gone" of everything a run creates and removes (a pair's teardown, a sweep's
 * etcd): list what still carries the run's label, again every poll, each list retried through
 * API restarts, until none is left or `until`. What is still there is named (kind/namespace/name,
 * with `(Terminating)` when it is being deleted already); a list that never answered throws.
 */
export async function untilGone(
  input: GoneInput,
): Promise<{ left: string[]; terminating: number; emptied?: string }> {
  const poll = input.pollMs ?? 250;
  for (;;) {
    const refs = await retryTransient(
      () => input.cluster.listByLabel(runSelector(input.runId), input.namespace, input.kinds),
      {
        clock: input.clock,
        signal: input.signal,
        onRetry: (err, _n, ms) => input.onRetry?.(err, ms),
      },
    );
    const [only] = refs;
    const emptied =
      input.namespaceEmptiedIsGone && refs.length === 1 && only?.kind === 'Namespace' && only.deleting
        ? only.name
        : undefined;
    if (emptied) return { left: [], terminating: 0, emptied };
    const left = refs.map(
      (r) =>
        `${r.kind === 'Namespace' ? `Namespace/${r.name}` : `${r.kind}/${r.namespace}/${r.name}`}${r.deleting ? ' (Terminating)' : ''}`,
    );
    const terminating = refs.filter((r) => r.deleting).length;
    const wait = input.until - input.clock.now();
    if (left.length === 0 || wait <= 0 || input.signal.aborted) return { left, terminating };
    try {
      await input.clock.sleep(Math.min(poll, wait), input.signal);
    } catch {
      return { left, terminating };
    }
  }
}
