import { Command, Option } from 'commander';
import { addClusterOptions, addTransferOptions } from '../pair/options/flags.js';
import { addOutputOptions, type CliContext } from './context.js';
import { regroup, withExamples } from './help.js';

/** `pair --help`'s groups; the headings say which flags `--local` reads. */
export const PAIR_GROUPS = {
  transfer: 'Transfer (both modes, --local too):',
  local: 'Local (--local: two processes on this host):',
  cluster: 'Cluster (not with --local):',
  inPlace: 'In place (--in-place: inside the live worker pods, no probe pod, no free GPU needed):',
  output: 'Output (both modes):',
} as const;

export function pairCommand(ctx: CliContext): Command {
  const cmd = new Command('pair')
    .description(
      'Measure a real KV-cache-style transfer between an initiator (prefill) and a target (decode)',
    )
    .optionsGroup(PAIR_GROUPS.transfer)
    .addOption(
      new Option(
        '--mode <mode>',
        'intra-node: GPU memory on both sides (VRAM, cuda_ipc/NVLink); default host memory',
      ).choices(['cross-node', 'intra-node']),
    )
    .option(
      '--timeout <duration>',
      'wall-clock limit for the run, e.g. 90s, 5m; its teardown then takes at most 30s more',
      '5m',
    );
  addTransferOptions(cmd)
    .optionsGroup(PAIR_GROUPS.local)
    .option('--local', 'run both sides as two processes on this host (no cluster needed)')
    .addOption(
      new Option(
        '--nixlbench-runtime <runtime>',
        'nixlbench rendezvous: etcd (started on loopback) or ASIO (nixl ≥ 1.1)',
      )
        .choices(['auto', 'etcd', 'asio'])
        .default('auto'),
    );
  cmd.optionsGroup(PAIR_GROUPS.cluster);
  addClusterOptions(cmd);
  cmd
    .optionsGroup(PAIR_GROUPS.inPlace)
    .option(
      '--in-place',
      'run a small real NIXL transfer inside the live prefill and decode pods (with --dgd, or --prefill-pod and --decode-pod); creates no object',
    )
    .option('--prefill-pod <pod>', 'with --in-place: the prefill worker pod (in --namespace)')
    .option('--decode-pod <pod>', 'with --in-place: the decode worker pod')
    .option('--all-pods', 'with --in-place --dgd: every prefill × decode pair of running pods, one at a time')
    .option('--container <name>', "with --in-place: the workers' container (default: the pod's main one)")
    .option(
      '--in-place-size <size>',
      'with --in-place: the buffer each pod registers (default 16MiB, at most 256MiB); host memory unless --memory-type vram',
    );
  // Declared with the probe-pod flags, read by --local too.
  regroup(cmd, PAIR_GROUPS.transfer, ['--op']);
  cmd.optionsGroup(PAIR_GROUPS.output);
  withExamples(cmd, [
    ['on this host, no cluster: two processes over loopback', 'pair --local'],
    ['between two nodes of the cluster', 'pair --prefill-node gpu-a --decode-node gpu-b'],
    [
      "between a live DGD's prefill and decode nodes, with its transport settings",
      'pair -n dynamo --dgd my-disagg',
    ],
    [
      'inside the live worker pods of a packed cluster (no free GPU needed)',
      'pair --in-place -n dynamo --dgd my-disagg',
    ],
  ]);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const { runPair } = await import('./actions/pair.js');
    await runPair(ctx, raw);
  });
  return cmd;
}
