import type { Command } from 'commander';
import { addClusterFlags } from '../kube/flags.js';

const collect = (v: string, prev: string[] = []) => [...prev, v];

/** Where `node` and `nixl` run, and the cluster flags they honour (schema: options.ts). */
export function addTargetOptions(cmd: Command): Command {
  return addClusterFlags(cmd, "the pods' namespace (default: the context's)")
    .option('--local', 'probe this host')
    .option('--pod <name>', 'probe inside this pod (repeat to compare pods)', collect)
    .option(
      '--dgd <name>',
      "probe a DynamoGraphDeployment's prefill and decode worker pods (found by the operator's labels)",
    )
    .option('--all-pods', 'with --dgd: every Running worker pod, not one of each role')
    .option(
      '-c, --container <name>',
      "container to exec into (default: kubectl's default container, else main, else the first)",
    )
    .option(
      '--probe-timeout <duration>',
      'wall-clock limit per probe command, e.g. 20s, 2m, 500ms (plain seconds accepted)',
      '20s',
    )
    .option('--parallel <n>', 'probe commands in flight at once', '4');
}
