import type { V1Pod } from '@kubernetes/client-node';
import type { PodRole } from '../../engines/types.js';
import type { PairContext, Step } from '../context.js';
import { snapshot } from '../pods/watch.js';
import { judgeLegs } from '../verdict/legs.js';

/**
 * Steps 7 and 8: collect every probe pod's log before teardown deletes it,
 * then judge. Both run after a failure too: a failed pod's log names the cause.
 */

const created = (ctx: PairContext) =>
  ctx.state.plan !== undefined && (ctx.state.stop === undefined || ctx.state.stop === 'failed');

/** First container start to last container finish, from the pods' own status. */
export function probeRuntimeMs(pods: readonly (V1Pod | undefined)[]): number | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const p of pods) {
    const s = p?.status?.containerStatuses?.[0]?.state;
    const t = s?.terminated ?? s?.running;
    if (t?.startedAt) starts.push(new Date(t.startedAt).getTime());
    if (s?.terminated?.finishedAt) ends.push(new Date(s.terminated.finishedAt).getTime());
  }
  if (starts.length === 0 || ends.length === 0) return undefined;
  return Math.max(0, Math.max(...ends) - Math.min(...starts));
}

export const collectStep: Step = {
  name: 'collect logs',
  title: () => 'Collect logs',
  when: created,
  async run(ctx) {
    const plan = ctx.state.plan;
    if (!plan) return;
    const roles = plan.pods.map((p) => p.role);
    try {
      const pods = await snapshot(ctx, roles);
      ctx.state.probeMs = probeRuntimeMs(pods.map((p) => p.pod));
    } catch (err) {
      // The logs read while watching are still there; judge those.
      if (ctx.interrupt.aborted) throw ctx.interrupt.reason;
      ctx.progress.warn(
        `could not read the final logs (${(err as Error).message.split('\n')[0]}); using what was read while watching`,
      );
    }
    const have = roles.filter((r) => ctx.state.logs[r]);
    ctx.progress.update(`${have.length} of ${roles.length} logs${have.length ? `: ${have.join(', ')}` : ''}`);
  },
};

export const judgeStep: Step = {
  name: 'judge',
  title: () => 'Judge the result',
  when: created,
  async run(ctx) {
    const plan = ctx.state.plan;
    if (!plan) return;
    const ranOn: Partial<Record<PodRole, string>> = {};
    for (const [role, pod] of Object.entries(ctx.state.pods))
      if (pod?.spec?.nodeName) ranOn[role as PodRole] = pod.spec.nodeName;
    const j = judgeLegs({
      plan,
      logs: ctx.state.logs,
      ranOn,
      problem: ctx.state.problem,
      minBandwidth: ctx.config.minBandwidth,
    });
    ctx.state.checks.push(...j.checks);
    ctx.state.measurement = j.measurement;
    ctx.state.measurements = j.measurements;
  },
};
