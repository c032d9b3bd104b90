import type { PairContext, Step } from '../context.js';
import { renderPlan } from '../plan/manifests.js';

/** Step 3: render and check the manifests; --dry-run prints them and stops here. */
export const renderStep: Step = {
  name: 'render',
  title: (ctx) => (ctx.config.dryRun ? 'Render manifests (dry run: nothing is created)' : 'Render manifests'),
  when: (ctx) => ctx.state.stop === undefined && ctx.state.plan !== undefined,
  async run(ctx: PairContext) {
    const plan = ctx.state.plan;
    if (!plan) return;
    ctx.state.objects = renderPlan(plan);
    if (ctx.config.dryRun) {
      ctx.printManifests(ctx.state.objects);
      ctx.state.stop = 'dry-run';
    }
  },
};
