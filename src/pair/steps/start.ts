import type { PairContext, Step } from '../context.js';
import type { PodRole } from '../probe-script.js';
import { waitFor } from '../watch.js';
import { createTracked, objectsOf } from './create.js';

/**
 * Steps 5 and 6: start the pod that must come first (nixlbench: prefill, so it
 * registers as rank 0 and becomes the initiator; ucx_perftest: the decode-side
 * server) and wait until it is ready for its peer; then start the other.
 */

function order(ctx: PairContext): PodRole[] {
  const plan = ctx.state.plan;
  if (!plan) return [];
  const roles = plan.pods.map((p) => p.role);
  return [plan.first, ...roles.filter((r) => r !== plan.first)];
}

async function startPod(ctx: PairContext, role: PodRole): Promise<void> {
  // The perftest server's Service goes up with the server, before anyone dials it.
  for (const svc of objectsOf(ctx, 'Service', role)) await createTracked(ctx, svc);
  for (const job of objectsOf(ctx, 'Job', role)) await createTracked(ctx, job);
}

export const startFirstStep: Step = {
  title: (ctx) => `Start ${order(ctx)[0]} and wait until it is ready for its peer`,
  when: (ctx) => ctx.state.stop === undefined && ctx.state.plan !== undefined,
  async run(ctx) {
    const first = order(ctx)[0] as PodRole;
    await startPod(ctx, first);
    const end = await waitFor(ctx, 'first', [first]);
    if (end.state === 'problem') {
      ctx.state.problem = end.problem;
      ctx.state.stop = 'failed';
    } else if (end.state === 'deadline') {
      ctx.state.problem = {
        kind: 'timeout',
        role: first,
        detail: `${first} was not ready within --timeout: ${end.status}`,
        fix: 'raise --timeout (a large image takes minutes to pull the first time), or pre-pull the image',
      };
      ctx.state.stop = 'failed';
    }
  },
};

export const startSecondStep: Step = {
  title: (ctx) => `Start ${order(ctx)[1]}`,
  when: (ctx) => ctx.state.stop === undefined && order(ctx).length > 1,
  async run(ctx) {
    await startPod(ctx, order(ctx)[1] as PodRole);
  },
};

export const transferStep: Step = {
  title: (ctx) => `Transfer test (${ctx.state.plan?.engine}, ${ctx.state.plan?.mode})`,
  when: (ctx) => ctx.state.stop === undefined && ctx.state.plan !== undefined,
  async run(ctx) {
    const end = await waitFor(ctx, 'run', order(ctx));
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
            fix: `raise --timeout, or lower --sizes for a shorter ${plan?.engine} sweep`,
          };
      if (!complete) ctx.state.stop = 'failed';
    }
  },
};
