import { Command, Option } from 'commander';
import { addClusterFlags } from '../kube/flags.js';
import { addProbeOptions, addTransferOptions } from '../pair/options/flags.js';
import { SchemeSchema } from '../sweep/model.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

/** `sweep report FILE`: a saved sweep or pair result, rendered again offline through the same judge. */
function sweepReportCommand(ctx: CliContext): Command {
  const report = new Command('report')
    .description(
      'Render a saved sweep (sweep -o json, a --results-dir run file) or pair -o json result again, offline, through the same judge',
    )
    .argument('<file>', 'the saved JSON report, a --results-dir directory (its newest run), or - for stdin')
    .addHelpText(
      'after',
      `
Flags (given after the file, as sweep's):
  -o, --output <format>     text, json, yaml, junit, html or prometheus (default text)
  --baseline <file>         compare with an earlier saved sweep (regressions as the sweep flags them)
  --regression <fraction>   with --baseline: the share of a drop that is a regression (default 0.2)
  --fail-on <level>         fail or warn: which verdict exits 1 (text, json, yaml)
  --junit <file>            also write a JUnit report
  --no-color                never colour the text output

The verdict is computed again from the saved result by the sweep's own code; when it differs
from the saved one (a newer judge), a warning says both.`,
    )
    .action(async (file: string, _opts: unknown, self: Command) => {
      const { runSweepReport } = await import('./actions/sweep-report.js');
      await runSweepReport(ctx, file, self.optsWithGlobals());
    });
  withExamples(report, [
    [
      "last night's HTML: the newest run of the results directory",
      'sweep report /results/history -o html > sweep.html',
    ],
    [
      'the same run as JUnit, compared with the night before',
      'sweep report last.json -o junit --baseline before.json',
    ],
  ]);
  return report;
}

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
    .addOption(
      new Option(
        '--gpu-accounting <how>',
        "cluster: count each node's free GPUs from every pod of the cluster (needs get/list on pods cluster-wide); none: read no pod outside the scratch namespace, the scheduler decides (deploy/sweep/components/namespaced)",
      )
        .choices(['cluster', 'none'])
        .default('cluster'),
    )
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
    .option(
      '--cluster-name <name>',
      'the name every report, metric (a cluster label) and history file carries (default: the kubeconfig context)',
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
  // `sweep report FILE -o html`: sweep's own flags come after `report` too (commander parses a
  // parent's options before its subcommand's), so sweep's -o also takes report's formats; a live
  // sweep refuses those with one line.
  cmd.options
    .find((o) => o.long === '--output')
    ?.choices(['text', 'json', 'yaml', 'junit', 'html', 'prometheus']);
  cmd.addCommand(sweepReportCommand(ctx));
  return cmd;
}
