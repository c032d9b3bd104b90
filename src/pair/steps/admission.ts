import type { V1Namespace } from '@kubernetes/client-node';
import { check } from '../../core/model.js';
import { isClusterError } from '../../kube/errors.js';
import type { PairContext, Step } from '../context.js';
import { admissionCheck, probePodSpecs } from '../plan/admission.js';

/**
 * Before anything is created (Leases included): would the existing scratch namespace
 * (--scratch-namespace) admit the probe pods? Its Pod Security labels, judged by the
 * predictor (src/pair/plan/pod-security.ts); a namespace we may not read is "unknown" (a
 * warning, never a pass); OpenShift is detected by its SCC annotations and said so. A
 * refusal stops the run here, unless --force (then the Job's FailedCreate names it).
 * pair's own namespace is labelled enforce=privileged (src/pair/plan/values.ts namespaceValues).
 */
export const admissionStep: Step = {
  name: 'admission',
  title: (ctx) => `Check admission in namespace ${ctx.state.plan?.namespace.name}`,
  when: (ctx) =>
    ctx.state.stop === undefined && ctx.state.plan !== undefined && !ctx.state.plan.namespace.create,
  async run(ctx: PairContext) {
    const plan = ctx.state.plan;
    if (!plan) return;
    const name = plan.namespace.name;
    const cluster = await ctx.cluster();
    let ns: V1Namespace | 'forbidden' | undefined;
    try {
      ns = (await cluster.read({ apiVersion: 'v1', kind: 'Namespace', name })) as V1Namespace | undefined;
    } catch (err) {
      if (!isClusterError(err, 'forbidden')) throw err;
      ns = 'forbidden';
    }
    const c = admissionCheck(name, ns, probePodSpecs(ctx.state.objects ?? []));
    ctx.state.checks.push(c);
    if (c.status === 'warn') ctx.progress.warn(c.detail);
    if (c.status !== 'fail') return;
    if (ctx.config.force) {
      ctx.progress.warn(`${c.detail} (--force: creating the pods anyway)`);
      return;
    }
    ctx.state.checks.push(
      check('pair.transfer', 'skipped', `not run: ${c.detail}`, {
        fix: c.fix ?? 'fix the namespace first, or pass --force to try anyway',
      }),
    );
    ctx.state.stop = 'blocked';
  },
};
