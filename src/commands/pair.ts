import { Command, Option } from 'commander';
import { addClusterOptions, addTransferOptions } from '../pair/flags.js';
import { addOutputOptions, type CliContext } from './context.js';

export function pairCommand(ctx: CliContext): Command {
  const cmd = new Command('pair')
    .description(
      'Measure a real KV-cache-style transfer between an initiator (prefill) and a target (decode)',
    )
    .option('--local', 'run both sides as two processes on this host (no cluster needed)')
    .addOption(
      new Option(
        '--mode <mode>',
        'intra-node: GPU memory on both sides (VRAM, cuda_ipc/NVLink); default host memory',
      ).choices(['cross-node', 'intra-node']),
    )
    .option('--timeout <duration>', 'wall-clock limit for the whole run, e.g. 90s, 5m', '5m')
    .addOption(
      new Option(
        '--nixlbench-runtime <runtime>',
        'nixlbench rendezvous: etcd (started on loopback) or ASIO (nixl ≥ 1.1)',
      )
        .choices(['auto', 'etcd', 'asio'])
        .default('auto'),
    );
  addTransferOptions(cmd);
  addClusterOptions(cmd);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const { runPair } = await import('./actions/pair.js');
    await runPair(ctx, raw);
  });
  return cmd;
}
