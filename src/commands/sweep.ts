import { Command, Option } from 'commander';
import { addClusterFlags } from '../kube/flags.js';
import { addProbeOptions, addTransferOptions } from '../pair/options/flags.js';
import { SchemeSchema } from '../sweep/model.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

export function sweepCommand(ctx: CliContext): Command {
  const cmd = new Command('sweep')
    .description(
      'Run pair over many node pairs (auto, ring, all-pairs, matchings, by topology, or the DGD prefill × decode nodes), name the bad node, link or fabric between groups, and report as a matrix, metrics and a heatmap',
    )
    .option(
      '--policy <path>',
      'a sweep policy: a YAML file, or the directory a ConfigMap is mounted at (flags given here win)',
    )
    .addOption(
      new Option(
        '--scheme <scheme>',
        'auto: a screening matching, then each suspect against nodes that passed (the default above 16 nodes); ring: each node with its neighbour (2-3 rounds, the default up to 16); all-pairs: every pair once, the round-robin tournament (N-1 rounds); matching: --matchings seeded random perfect matchings; within-group, across-groups, representatives: by the zone or --topology-label; role: every prefill node × every decode node of --dgd',
      ).choices(SchemeSchema.options),
    )
    .option(
      '--seed <n>',
      'the seed of matching, across-groups and auto plans (the same seed, the same plan)',
      '1',
    )
    .option('--matchings <n>', 'how many perfect matchings --scheme matching draws', '3')
    .option(
      '--topology-label <label>',
      'the rack or leaf label to group nodes by, besides topology.kubernetes.io/zone and nvidia.com/gpu.clique',
    )
    .option(
      '--budget <pairs|duration>',
      '--scheme auto: at most this many pairs (500) or this long (20m); what is left open is reported as undecided',
    )
    .option(
      '--outlier <share>',
      "flag pairs and nodes more than this share below the fleet's median for their path",
      '0.1',
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
      'a whole fleet: screen, then confirm each suspect, at most 2,000 pairs',
      'sweep -l nvidia.com/gpu.present=true --scheme auto --budget 2000',
    ],
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
