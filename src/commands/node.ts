import { Command } from 'commander';
import { addTargetOptions } from '../probes/flags.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

/**
 * `node`: read-only fabric probes (IB ports, /dev/infiniband, peer memory, GPU
 * topology, NVLink, GIDs, memlock, UCX transports) on this host or inside pods,
 * classified, reasoned across probes, and compared between prefill and decode.
 */
export function nodeCommand(ctx: CliContext): Command {
  const cmd = new Command('node').description(
    'Probe RDMA, GPUDirect, NVLink and UCX readiness on this host (--local) or inside pods (--pod, --dgd)',
  );
  addTargetOptions(cmd);
  withExamples(cmd, [
    ['probe this host', 'node --local'],
    ["probe a DGD's prefill and decode worker pods and compare them", 'node -n dynamo --dgd my-disagg'],
  ]);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const { runNode } = await import('./actions/node.js');
    await runNode(ctx, raw);
  });
  return cmd;
}
