import { systemClock } from '../core/clock.js';
import { formatDuration } from '../core/duration.js';
import { type Check, check } from '../core/model.js';
import type { Progress } from '../core/progress.js';
import type { Cluster, ObjectRef } from '../kube/cluster.js';
import { MANAGED_SELECTOR } from './names.js';

/**
 * `gc`: deletes what crashed `pair` runs left behind, found by our label,
 * never from memory. An object is stale once its expiry annotation has
 * passed; one without the annotation (or, with an explicit --older-than, any)
 * when it is older than --older-than.
 */

export interface GcOptions {
  olderThanMs: number;
  /** --older-than was given: age alone is enough, even before the expiry annotation. */
  olderThanExplicit: boolean;
  dryRun: boolean;
  /** Look for Jobs/Pods/Services only here (a least-privilege CronJob owns one scratch namespace). */
  namespace?: string | undefined;
}

export interface Stale {
  ref: ObjectRef;
  why: string;
}

function label(r: ObjectRef): string {
  return r.kind === 'Namespace'
    ? `namespace/${r.name}`
    : `${r.kind.toLowerCase()}/${r.name} -n ${r.namespace}`;
}

/** What to delete, and why. Objects inside a stale namespace go with it. Pure. */
export function staleObjects(
  refs: readonly ObjectRef[],
  now: number,
  opts: Omit<GcOptions, 'dryRun'>,
): Stale[] {
  const out: Stale[] = [];
  for (const r of refs) {
    const expires = r.expiresAt ? Date.parse(r.expiresAt) : Number.NaN;
    const created = r.createdAt ? Date.parse(r.createdAt) : Number.NaN;
    if (Number.isFinite(expires) && expires <= now) {
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

export async function runGc(
  cluster: Cluster,
  opts: GcOptions,
  progress: Progress,
  now = systemClock.now(),
): Promise<Check[]> {
  progress.step('Find scratch objects of interconnect-test');
  const refs = await cluster.listByLabel(MANAGED_SELECTOR, opts.namespace);
  const stale = staleObjects(refs, now, opts);
  progress.done(`${refs.length} found, ${stale.length} stale`);
  if (stale.length === 0) {
    return [
      check(
        'gc.scratch',
        'ok',
        `nothing to clean up: ${refs.length} object${refs.length === 1 ? '' : 's'} of ours, none stale`,
        { data: { found: refs.length } },
      ),
    ];
  }
  const checks: Check[] = [];
  if (!opts.dryRun) progress.step(`Delete ${stale.length} stale object${stale.length === 1 ? '' : 's'}`);
  for (const s of stale) {
    const subject = label(s.ref);
    if (opts.dryRun) {
      checks.push(check('gc.delete', 'ok', `would delete (${s.why})`, { subject, matters: false }));
      continue;
    }
    try {
      await cluster.delete(s.ref);
      checks.push(check('gc.delete', 'ok', `deleted (${s.why})`, { subject }));
    } catch (err) {
      checks.push(
        check('gc.delete', 'fail', `could not delete: ${(err as Error).message.split('\n')[0]}`, {
          subject,
          fix: 'check RBAC: gc needs delete on namespaces, jobs, pods, services and configmaps',
        }),
      );
    }
  }
  if (!opts.dryRun) progress.done();
  return checks;
}
