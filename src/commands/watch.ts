import { Command } from 'commander';
import { addClusterFlags } from '../kube/flags.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

/**
 * `watch`: a live deployment's own KV transfers, read from its workers'
 * metrics over a window and judged against the fabric (references/watch-metrics.md).
 */
export function watchCommand(ctx: CliContext): Command {
  const cmd = new Command('watch').description(
    "Judge a live DGD's own KV transfers from its workers' metrics (vLLM NIXL, SGLang, NIXL telemetry) over a window",
  );
  addClusterFlags(cmd, "the DGD's namespace");
  cmd
    .option('--dgd <name>', 'the DynamoGraphDeployment whose prefill and decode workers to read')
    .option('-c, --container <name>', "the worker container (default: kubectl's default container)")
    .option(
      '--window <duration>',
      'how long to watch, e.g. 5m (offline: the time between the two captures)',
      '5m',
    )
    .option(
      '--from <file|dir>',
      'offline: the /metrics saved at the start of the window (a file, or a directory of one per worker)',
    )
    .option('--to <file|dir>', 'offline: the /metrics saved at the end of the window')
    .option(
      '--prometheus <url>',
      "read the window's increases from this Prometheus (PromQL) instead of the pods",
    )
    .option(
      '--prometheus-token <token>',
      'bearer token for --prometheus (or PROMETHEUS_TOKEN; never printed)',
    )
    .option(
      '--prometheus-certificate-authority <file>',
      "CA certificate (PEM) of the Prometheus server's TLS",
    )
    .option('--prometheus-insecure-skip-tls-verify', "do not check the Prometheus server's certificate")
    .option('--prometheus-timeout <duration>', 'limit on each PromQL query', '10s')
    .option('--line-rate <Gb/s>', 'line rate of one NIC port the KV path crosses, e.g. 400 for NDR')
    .option('--rails <n>', 'how many such ports carry one transfer (default 1)')
    .option(
      '--history <file|dir>',
      'judge against what pair/sweep last measured between these nodes: a pair or sweep -o json report, or a sweep --results-dir',
    )
    .option('--metrics-file <file>', 'also write the judgement as a Prometheus text exposition to this file');
  withExamples(cmd, [
    ['watch a deployment for five minutes', 'watch -n dynamo --dgd my-disagg --line-rate 400'],
    [
      'the last hour, from your Prometheus',
      'watch -n dynamo --dgd my-disagg --window 1h --prometheus http://prometheus:9090',
    ],
    ['two saved expositions, offline', 'watch --from before/ --to after/ --window 5m'],
  ]);
  addOutputOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const { runWatch } = await import('./actions/watch.js');
    await runWatch(ctx, raw);
  });
  return cmd;
}
