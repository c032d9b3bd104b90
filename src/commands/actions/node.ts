import { nodeReport } from '../../probes/node.js';
import type { CliContext } from '../context.js';
import { runOnTargets } from './probes.js';

export function runNode(ctx: CliContext, raw: Record<string, unknown>): Promise<void> {
  return runOnTargets(ctx, raw, (resolved, _opts, settings) => nodeReport(resolved, settings, ctx.env));
}
