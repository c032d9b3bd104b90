import type { PodRole } from '../../engines/types.js';
import type { PairContext, Step } from '../context.js';
import { waitFor } from '../pods/watch.js';
import { createTracked, objectsOf } from './create.js';
import { ownByJobs } from './owners.js';
import { waitEtcdReady } from './scratch.js';

/**
 * Steps 5 and 6: create both probe Jobs at once (and, for ucx_perftest, each
 * pod's Service), then watch them run. The order the ranks start in is the
 * probe script's business (a rendezvous in the run's etcd): scheduling and
 * image pulls of either pod run in parallel and count against --pull-timeout;
 * --timeout starts once both run; neither counts against nixlbench's own start barrier.
 */

function roles(ctx: PairContext): PodRole[] {
  return ctx.state.plan?.pods.map((p) => p.role) ?? [];
}

export const startStep: Step = {
  name: 'create + etcd ready',
  title: (ctx) =>
    `Start ${roles(ctx).join(' and ')}${ctx.state.plan?.etcd?.create ? " (and wait for the run's etcd)" : ''}`,
  when: (ctx) => ctx.state.stop === undefined && ctx.state.plan !== undefined,
  async run(ctx) {
    const plan = ctx.state.plan;
    if (!plan) return;
    // The copied networks first: Multus reads them when it builds the pods' sandboxes.
    for (const nad of objectsOf(ctx, 'NetworkAttachmentDefinition')) await createTracked(ctx, nad);
    // Services next: a client may dial its peer's name as soon as its pod runs.
    for (const p of plan.pods)
      for (const svc of objectsOf(ctx, 'Service', p.role)) await createTracked(ctx, svc);
    // nixl: the probe's ConfigMap before the pods that mount it (a missing one keeps them Pending).
    for (const cm of objectsOf(ctx, 'ConfigMap')) await createTracked(ctx, cm);
    // DRA: the claims' templates (or ComputeDomains) before the pods that name them.
    for (const kind of ['ComputeDomain', 'ResourceClaimTemplate'])
      for (const o of objectsOf(ctx, kind)) await createTracked(ctx, o);
    // --pull-timeout counts from here; --timeout starts once both probe pods run (watch.ts).
    ctx.state.jobsCreatedAt = ctx.clock.now();
    const jobs = await Promise.all(objectsOf(ctx, 'Job').map((job) => createTracked(ctx, job)));
    // A killed CLI's Services, ConfigMap and etcd pod then go with the Jobs (owners.ts).
    await ownByJobs(ctx, jobs);
    // The pods retry etcd until it answers; a broken etcd (no image, unschedulable) ends the run here.
    if (plan.etcd?.create) await waitEtcdReady(ctx, plan.namespace.name);
  },
};

export const transferStep: Step = {
  name: 'pods start + transfer',
  title: (ctx) => {
    const plan = ctx.state.plan;
    const legs = plan?.legs.map((l) => `${l.initiator} ${l.op}`).join(', then ');
    return `Transfer test (${plan?.engine}, ${plan?.mode}${legs ? `: ${legs}` : ''})`;
  },
  when: (ctx) => ctx.state.stop === undefined && ctx.state.plan !== undefined,
  async run(ctx) {
    const end = await waitFor(ctx, roles(ctx));
    if (end.state === 'disturbed') {
      ctx.state.stop = 'failed';
      return;
    }
    if (end.state === 'problem') {
      ctx.state.problem = end.problem;
      if (end.problem.kind !== 'hung-after-results') ctx.state.stop = 'failed';
    } else if (end.state === 'deadline') {
      const plan = ctx.state.plan;
      const complete = ctx.state.resultsSince !== undefined;
      ctx.state.problem = complete
        ? {
            kind: 'hung-after-results',
            detail: `the results were printed, then the run did not finish within --timeout (${end.status}); stopped it (the numbers are kept)`,
            fix: 'a known nixlbench/backend shutdown hang (ai-dynamo/nixl#1999); the measurement stands',
          }
        : {
            kind: 'timeout',
            detail: `no complete result within --timeout: ${end.status}`,
            fix: `raise --timeout (it counts from when both probe pods run; pulls have --pull-timeout), or lower --sizes for a shorter ${plan?.engine} sweep`,
          };
      if (!complete) ctx.state.stop = 'failed';
    }
  },
};
