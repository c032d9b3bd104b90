import { nixlReport } from '../../nixl/index.js';
import type { CliContext } from '../context.js';
import { runOnTargets } from './probes.js';

export function runNixl(ctx: CliContext, raw: Record<string, unknown>): Promise<void> {
  return runOnTargets(ctx, raw, (resolved, opts, settings) => nixlReport(resolved, opts, settings, ctx.env));
}
