import { Command, Option } from 'commander';
import { addClusterFlags } from '../kube/flags.js';
import { addProbeOptions, addTransferOptions } from '../pair/flags.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

export function sweepCommand(ctx: CliContext): Command {
  const cmd = new Command('sweep')
    .description(
      'Run pair over many node pairs (ring, all-pairs, or the DGD prefill × decode nodes), name the bad node or link, and report as a matrix, metrics and a heatmap',
    )
    .option(
      '--policy <path>',
      'a sweep policy: a YAML file, or the directory a ConfigMap is mounted at (flags given here win)',
    )
    .addOption(
      new Option(
        '--scheme <scheme>',
        'ring: each node with its neighbour (2-3 rounds); all-pairs: every pair (N-1 rounds); role: every prefill node × every decode node of --dgd',
      )
        .choices(['ring', 'all-pairs', 'role'])
        .default('ring'),
    )
    .option('-l, --selector <selector>', 'the nodes to test, by label (e.g. nvidia.com/gpu.present=true)')
    .option('--nodes <list>', 'the nodes to test, by name: a,b,c')
    .option('--max-parallel <n>', 'pairs running at once (pairs of one round never share a node)', '8')
    .option(
      '--timeout <duration>',
      'time budget of the whole sweep; pairs not started by then are reported as not run',
      '30m',
    )
    .option('--pair-timeout <duration>', "each pair's own limit (pod start, transfer, results)", '5m')
    .option(
      '--dgd <name>',
      'a live DynamoGraphDeployment (in --namespace): its nodes, and its transport settings for every pair',
    )
    .option('--recipe <path>', 'a recipe (DGD YAML): take the transport settings from it');
  addTransferOptions(cmd);
  addProbeOptions(cmd)
    .option('--dry-run', 'print the plan (pairs, rounds, left-out nodes) and create nothing')
    .option('--html <file>', 'write a self-contained HTML heatmap of the node × node matrix')
    .option('--metrics-file <file>', 'write the results in the Prometheus text format')
    .option(
      '--pushgateway <url>',
      'push the same metrics to a Prometheus Pushgateway (a failed push is a warning)',
    )
    .option(
      '--results-dir <dir>',
      'keep this run there: a JSON report per run and `last`, the newest (the nightly install keeps /results/history)',
    )
    .option('--keep-runs <n>', 'with --results-dir: run files kept, the oldest removed first', '60')
    .option(
      '--baseline <file|last>',
      'compare with an earlier run: a sweep -o json report, or `last` in --results-dir; links and nodes that fell are flagged',
    )
    .option(
      '--regression <fraction>',
      'with --baseline: a drop of more than this share of the baseline is a regression (0.2 or 20%)',
      '0.2',
    );
  addClusterFlags(cmd, "the DGD's namespace with --dgd (only ever read)");
  withExamples(cmd, [
    ['the plan only: pairs, rounds, left-out nodes, the time it needs', 'sweep --nodes a,b,c,d --dry-run'],
    [
      'every pair of one zone, with an HTML heatmap',
      'sweep --scheme all-pairs -l topology.kubernetes.io/zone=zone-a --html report.html',
    ],
    [
      'keep every run and flag what fell more than 20 % since the last one',
      'sweep --results-dir results --baseline last',
    ],
  ]);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>, self: Command) => {
    const { runSweepCommand } = await import('./actions/sweep.js');
    await runSweepCommand(ctx, raw, (key) => self.getOptionValueSource(key));
  });
  return cmd;
}
