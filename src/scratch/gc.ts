import type { Clock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { messageOf } from '../core/errors.js';
import { LABEL, MANAGED_SELECTOR } from '../core/labels.js';
import { type Check, check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { Cluster, ObjectRef } from '../kube/cluster.js';
import { isClusterError } from '../kube/errors.js';
import { retryTransient } from '../kube/retry.js';
import { runSelector } from './names.js';

/**
 * `gc`: deletes what crashed `pair` runs left behind, found by our label,
 * never from memory. An object is stale once its expiry annotation has
 * passed; one without the annotation (or, with an explicit --older-than, any)
 * when it is older than --older-than; a Lease of ours once it expired. Nothing
 * of a run whose Lease is live is ever deleted, in any mode. `--run <id>`
 * deletes everything of one run now, whatever its expiry.
 */

export interface GcOptions {
  olderThanMs: number;
  /** --older-than was given: age alone is enough, even before the expiry annotation. */
  olderThanExplicit: boolean;
  dryRun: boolean;
  /** Look only here (a least-privilege CronJob owns one scratch namespace); nothing cluster-wide. */
  namespace?: string | undefined;
  /** --run: everything labelled with this run id, now. */
  runId?: string | undefined;
  /** Where the runs' Leases are, when `namespace` narrows the rest (default interconnect-test). */
  leaseNamespace?: string | undefined;
}

export interface GcDeps {
  clock: Clock;
  /** Bounds every retry: gc's --timeout and Ctrl-C. */
  signal: AbortSignal;
}

export interface Stale {
  ref: ObjectRef;
  why: string;
}

/** A run that is still going: one of its Leases is live. */
export interface LiveRun {
  runId: string;
  lease: ObjectRef;
  /** When that Lease expires unless renewed (ms). */
  until: number;
}

function label(r: ObjectRef): string {
  if (r.kind === 'Namespace') return `namespace/${r.name}`;
  return `${r.kind.toLowerCase()}/${r.name} -n ${r.namespace}`;
}

const runOf = (r: ObjectRef): string | undefined => r.labels?.[LABEL.runId] ?? r.lease?.holderIdentity;

/** When a Lease stops counting as renewed (renewTime + leaseDurationSeconds), NaN when it cannot say. */
export function leaseUntil(r: ObjectRef): number {
  const renewed = r.lease?.renewTime ? Date.parse(r.lease.renewTime) : Number.NaN;
  return renewed + (r.lease?.leaseDurationSeconds ?? Number.NaN) * 1000;
}

/** The runs with a live Lease among `refs`, the one that lasts longest for each. Pure. */
export function liveRuns(refs: readonly ObjectRef[], now: number): LiveRun[] {
  const live = new Map<string, LiveRun>();
  for (const r of refs) {
    if (r.kind !== 'Lease') continue;
    const id = runOf(r);
    const until = leaseUntil(r);
    if (!id || !(until > now)) continue;
    if ((live.get(id)?.until ?? 0) < until) live.set(id, { runId: id, lease: r, until });
  }
  return [...live.values()];
}

/** What to delete, and why. Objects inside a stale namespace go with it; a live run keeps everything. Pure. */
export function staleObjects(
  refs: readonly ObjectRef[],
  now: number,
  opts: Pick<GcOptions, 'olderThanMs' | 'olderThanExplicit'>,
): Stale[] {
  const live = new Set(liveRuns(refs, now).map((l) => l.runId));
  const out: Stale[] = [];
  for (const r of refs) {
    const id = runOf(r);
    if (id && live.has(id)) continue;
    const expires = r.expiresAt ? Date.parse(r.expiresAt) : Number.NaN;
    const created = r.createdAt ? Date.parse(r.createdAt) : Number.NaN;
    const leaseEnd = r.kind === 'Lease' ? leaseUntil(r) : Number.NaN;
    if (Number.isFinite(leaseEnd)) {
      out.push({ ref: r, why: `lease expired ${formatDuration(now - leaseEnd)} ago` });
    } else if (Number.isFinite(expires) && expires <= now) {
      out.push({ ref: r, why: `expired ${formatDuration(now - expires)} ago` });
    } else if (
      (opts.olderThanExplicit || !Number.isFinite(expires)) &&
      Number.isFinite(created) &&
      now - created >= opts.olderThanMs
    ) {
      out.push({ ref: r, why: `created ${formatDuration(now - created)} ago` });
    }
  }
  const goneWithNs = new Set(out.filter((s) => s.ref.kind === 'Namespace').map((s) => s.ref.name));
  return out.filter((s) => s.ref.kind === 'Namespace' || !goneWithNs.has(s.ref.namespace ?? ''));
}

function liveDetail(l: LiveRun, now: number): string {
  const holder = l.lease.lease?.holderIdentity;
  return `its lease ${l.lease.namespace}/${l.lease.name} is live${holder ? ` (held by ${holder})` : ''}, for ${formatDuration(l.until - now)} more unless renewed`;
}

/**
 * Everything of ours the selector finds: the objects (in `namespace`, or everywhere), and the
 * Leases, from the lease namespace when `namespace` narrows the rest. Leases come only from
 * listLeases (a refusal there is an error, not "no live run").
 */
async function findAll(
  cluster: Cluster,
  selector: string,
  opts: GcOptions,
  deps: GcDeps,
): Promise<ObjectRef[]> {
  const leaseNs = opts.namespace ? (opts.leaseNamespace ?? opts.namespace) : undefined;
  // A cluster that cannot be reached at all (a wrong kubeconfig) is one line at once; one that
  // answers 429 or 5xx (restarting: a custom resource's storage "is (re)initializing" for a few
  // seconds after the API server starts) is asked again, within gc's --timeout.
  const [objects, leases] = await retryTransient(
    () => Promise.all([cluster.listByLabel(selector, opts.namespace), cluster.listLeases(selector, leaseNs)]),
    {
      clock: deps.clock,
      signal: deps.signal,
      retryIf: (err) =>
        isClusterError(err, 'api') && err.status !== undefined && (err.status === 429 || err.status >= 500),
    },
  );
  return [...objects.filter((r) => r.kind !== 'Lease'), ...leases];
}

/** Jobs first (their pods go with them), then loose pods, Services, ConfigMaps, Leases, the namespace last. */
const DELETE_ORDER = [
  'Job',
  'Pod',
  'Service',
  'ConfigMap',
  'NetworkAttachmentDefinition',
  'Lease',
  'Namespace',
];

async function deleteAll(cluster: Cluster, stale: Stale[], opts: GcOptions, deps: GcDeps): Promise<Check[]> {
  const checks: Check[] = [];
  const sorted = [...stale].sort(
    (a, b) => DELETE_ORDER.indexOf(a.ref.kind) - DELETE_ORDER.indexOf(b.ref.kind),
  );
  for (const s of sorted) {
    const subject = label(s.ref);
    if (opts.dryRun) {
      checks.push(check('gc.delete', 'ok', `would delete (${s.why})`, { subject, matters: false }));
      continue;
    }
    try {
      await retryTransient(() => cluster.delete(s.ref), deps);
      checks.push(check('gc.delete', 'ok', `deleted (${s.why})`, { subject }));
    } catch (err) {
      checks.push(
        check('gc.delete', 'fail', `could not delete: ${messageOf(err).split('\n')[0]}`, {
          subject,
          fix: 'check RBAC: gc needs delete on namespaces, jobs, pods, services and configmaps, and on leases in the lease namespace',
        }),
      );
    }
  }
  return checks;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * `gc --run <id>`: everything of that run, now. It is what a run that could not clean up prints
 * ("remove it now"), when its Leases may still look live (a killed CLI never gave them back): an
 * explicit run id is deleted even then, saying so, since a run still going would be disturbed.
 */
async function gcRun(cluster: Cluster, runId: string, opts: GcOptions, progress: Progress, deps: GcDeps) {
  progress.step(`Find what is left of run ${runId}`);
  const refs = await findAll(cluster, runSelector(runId), opts, deps);
  const now = deps.clock.now();
  const [live] = liveRuns(refs, now);
  progress.done(plural(refs.length, 'object'));
  const warning = live
    ? [
        check(
          'gc.live',
          'warn',
          `${liveDetail(live, now)}: deleting run ${runId} anyway (--run); if it is still going, it ends as disturbed`,
          {
            subject: `run/${runId}`,
            fix: 'nothing, when the run was killed; otherwise let it end on its own next time (plain gc leaves live runs alone)',
            matters: false,
          },
        ),
      ]
    : [];
  if (refs.length === 0)
    return [
      check('gc.run', 'ok', `nothing left of run ${runId}`, {
        subject: `run/${runId}`,
        data: { found: 0 },
      }),
    ];
  if (!opts.dryRun) progress.step(`Delete ${plural(refs.length, 'object')} of run ${runId}`);
  const checks = await deleteAll(
    cluster,
    refs.map((ref) => ({ ref, why: `run ${runId}` })),
    opts,
    deps,
  );
  if (!opts.dryRun) progress.done();
  return [...warning, ...checks];
}

export async function runGc(
  cluster: Cluster,
  opts: GcOptions,
  progress: Progress,
  deps: GcDeps,
): Promise<Check[]> {
  if (opts.runId !== undefined) return gcRun(cluster, opts.runId, opts, progress, deps);
  progress.step('Find scratch objects of interconnect-test');
  const refs = await findAll(cluster, MANAGED_SELECTOR, opts, deps);
  const now = deps.clock.now();
  const stale = staleObjects(refs, now, opts);
  progress.done(`${refs.length} found, ${stale.length} stale`);
  const skipped = liveRuns(refs, now).map((l) =>
    check('gc.live', 'ok', `skipped run ${l.runId}: ${liveDetail(l, now)}`, {
      subject: `run/${l.runId}`,
      matters: false,
    }),
  );
  if (stale.length === 0) {
    return [
      check('gc.scratch', 'ok', `nothing to clean up: ${plural(refs.length, 'object')} of ours, none stale`, {
        data: { found: refs.length },
      }),
      ...skipped,
    ];
  }
  if (!opts.dryRun) progress.step(`Delete ${plural(stale.length, 'stale object')}`);
  const checks = await deleteAll(cluster, stale, opts, deps);
  if (!opts.dryRun) progress.done();
  return [...checks, ...skipped];
}
