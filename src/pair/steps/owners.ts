import type { KubernetesObject } from '@kubernetes/client-node';
import { after } from '../../core/clock.js';
import { messageOf } from '../../core/errors.js';
import { check } from '../../core/model.js';
import { retryTransient } from '../../kube/retry.js';
import type { PairContext } from '../context.js';
import { objectsOf } from './create.js';

/**
 * What a killed CLI leaves must go away without anyone: the probe Jobs do
 * (activeDeadlineSeconds, then ttlSecondsAfterFinished), and everything else
 * of the run in the scratch namespace (its Services, the nixl probe's
 * ConfigMap, the etcd pod) names BOTH Jobs as owners, so the garbage collector
 * deletes it once the last of them is gone (references/garbage-collection.md).
 * Created before the Jobs (a client dials its peer's Service as soon as it
 * runs; the pods mount the ConfigMap), so the owners are patched in after.
 * Only the namespace of a run that created one still needs `gc`.
 */

/** How long the owner patches may retry a failing API server, all together. */
const OWNERS_MS = 20_000;

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller: boolean;
  blockOwnerDeletion: boolean;
}

/** The owner references to the stored Jobs: not controllers, never blocking the Jobs' own deletion. */
export function ownerReferences(jobs: readonly KubernetesObject[]): OwnerReference[] {
  return jobs
    .filter((j) => j.metadata?.uid && j.metadata.name)
    .map((j) => ({
      apiVersion: 'batch/v1',
      kind: 'Job',
      name: j.metadata?.name as string,
      uid: j.metadata?.uid as string,
      controller: false,
      blockOwnerDeletion: false,
    }));
}

/** The run's objects that should go with its Jobs: Services, ConfigMaps, copied networks, bare pods (the etcd), claim sources. */
export function dependentsOf(ctx: PairContext): KubernetesObject[] {
  return [
    'Service',
    'ConfigMap',
    'NetworkAttachmentDefinition',
    'Pod',
    'ResourceClaimTemplate',
    'ComputeDomain',
  ].flatMap((kind) => objectsOf(ctx, kind));
}

export async function ownByJobs(ctx: PairContext, jobs: readonly KubernetesObject[]): Promise<void> {
  const owners = ownerReferences(jobs);
  const dependents = dependentsOf(ctx);
  if (owners.length === 0 || dependents.length === 0) return;
  const cluster = await ctx.cluster();
  const failed: string[] = [];
  let last = '';
  // The run's own limit, and at most OWNERS_MS: a slow API server must not eat the transfer's time.
  const budget = new AbortController();
  const cancel = after(ctx.clock, OWNERS_MS, () => budget.abort());
  const signal = AbortSignal.any([ctx.signal, budget.signal]);
  for (const o of dependents) {
    const m = o.metadata ?? {};
    const ref = {
      apiVersion: o.apiVersion ?? 'v1',
      kind: o.kind ?? '',
      name: m.name ?? '',
      namespace: m.namespace,
    };
    try {
      await retryTransient(() => cluster.patch(ref, { metadata: { ownerReferences: owners } }), {
        clock: ctx.clock,
        signal,
      });
    } catch (err) {
      if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
      failed.push(`${ref.kind.toLowerCase()}/${ref.name}`);
      last = messageOf(err);
    }
  }
  cancel();
  if (failed.length === 0) return;
  // The run itself is fine: only a killed CLI's leftovers would wait for gc instead of the Jobs.
  ctx.progress.warn(`could not make the probe Jobs own ${failed.join(', ')}: ${last}`);
  ctx.state.checks.push(
    check(
      'pair.owners',
      'warn',
      `${failed.join(', ')} will not go away with the probe Jobs if this CLI is killed: ${last}`,
      {
        fix: `grant patch on pods, services, configmaps and network-attachment-definitions in namespace ${ctx.state.plan?.namespace.name} (deploy/cronjob/rbac.yaml)`,
        matters: false,
      },
    ),
  );
}
