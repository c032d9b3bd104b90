import { podStateLine } from '../../scratch/diagnose.js';
import { etcdNotReady, lookAtEtcd } from '../../scratch/etcd.js';
import type { PairContext, Step } from '../context.js';
import { findDisturbance, outageLine } from '../pods/disturbance.js';
import { pause, watchRetried } from '../pods/watch.js';
import { createTracked, objectsOf } from './create.js';

/**
 * Step 4: the scratch namespace (unless --scratch-namespace names one) and the
 * per-run etcd. The start step waits for etcd to be Ready while the probe
 * pods are already pulling their image.
 */

export async function waitEtcdReady(ctx: PairContext, ns: string): Promise<void> {
  const cluster = await ctx.cluster();
  const start = ctx.clock.now();
  // Time the API server did not answer is not time etcd had: its clock stops during an outage.
  const outageAtStart = ctx.state.apiOutage.totalMs;
  for (;;) {
    if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
    const look = await watchRetried(ctx, () => lookAtEtcd(cluster, ns, ctx.runId));
    if (look.ready) return;
    const { pod, problem } = look;
    const name = pod?.metadata?.name ?? '';
    if (pod) ctx.state.seenPods.add(name);
    const waited = ctx.clock.now() - start - (ctx.state.apiOutage.totalMs - outageAtStart);
    const ending = problem !== undefined || waited > ctx.config.peerTimeoutMs || ctx.deadline.aborted;
    const gone = pod ? pod.metadata?.deletionTimestamp !== undefined : ctx.state.seenPods.size > 0;
    if (ending || gone) {
      // Deleted under us (the namespace, the pod, its node), or the API gone until --timeout: not the fabric.
      const what =
        (ctx.deadline.aborted
          ? outageLine(ctx.state.apiOutage, ctx.clock.now(), ctx.config.timeoutMs)
          : undefined) ?? (await findDisturbance(ctx, await ctx.clusterFor(AbortSignal.timeout(5_000))));
      if (what) {
        ctx.state.disturbed = what;
        ctx.state.stop = 'failed';
        return;
      }
    }
    if (ending) {
      ctx.state.problem = {
        kind: problem?.kind ?? 'timeout',
        role: undefined,
        detail: `the run's etcd ${etcdNotReady(look, waited)}`,
        fix: problem?.fix ?? 'check the etcd image (--etcd-image) can be pulled, or pass --etcd-endpoints',
      };
      ctx.state.stop = 'failed';
      return;
    }
    ctx.progress.update(`etcd ${podStateLine(pod)}`);
    await pause(ctx);
  }
}

export const scratchStep: Step = {
  name: 'scratch namespace',
  title: (ctx) =>
    ctx.state.plan?.etcd?.create ? 'Create scratch namespace and etcd' : 'Create scratch namespace',
  when: (ctx) =>
    ctx.state.stop === undefined &&
    ctx.state.plan !== undefined &&
    (ctx.state.plan.namespace.create || !!ctx.state.plan.etcd?.create),
  async run(ctx) {
    const plan = ctx.state.plan;
    if (!plan) return;
    for (const ns of objectsOf(ctx, 'Namespace')) await createTracked(ctx, ns);
    if (!plan.etcd?.create) return;
    for (const kind of ['Pod', 'Service'])
      for (const o of objectsOf(ctx, kind, 'etcd')) await createTracked(ctx, o);
  },
};
