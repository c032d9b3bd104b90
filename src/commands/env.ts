import { Command } from 'commander';
import { INPUT_LIMITS } from '../core/input.js';
import { formatBytes } from '../core/size.js';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

export function envCommand(ctx: CliContext): Command {
  const cmd = new Command('env')
    .description(
      'Read Dynamo recipes (DynamoGraphDeployment v1alpha1/v1beta1) and pod manifests: which NIXL/UCX/NCCL variables each service sets, which disagg-critical ones are missing, which values are wrong. Reads files only.',
    )
    .argument(
      '<paths...>',
      'recipe files or directories (searched recursively for *.yaml / *.yml; a kustomize directory is rendered with kubectl kustomize)',
    );
  withExamples(cmd, [
    ['check the NIXL/UCX settings of a recipe', 'env deploy.yaml'],
    ['every recipe under a directory; warnings fail the run too', 'env recipes/ --fail-on warn'],
    ['findings as GitHub annotations at their file and line, in a workflow', 'env recipes/ -o github'],
    ['findings as SARIF 2.1.0 for code scanning', 'env recipes/ -o sarif > env.sarif'],
    ['a kustomize overlay, rendered as kubectl would apply it', 'env deploy/overlays/prod'],
  ]);
  cmd
    .option(
      '--max-files <n>',
      `most files a directory walk reads, all walks together (default ${INPUT_LIMITS.manifestFiles}); past it the walk stops and says where`,
    )
    .option(
      '--max-total <size>',
      `most bytes all files of the run together may have (default ${formatBytes(INPUT_LIMITS.manifestTotal)}; e.g. 256M, 1G); files past it are not read and are named`,
    )
    .option(
      '--ignore <check[:subject]>',
      'waive a warning (never a failure): a check id, optionally :its subject (a trailing * matches a prefix); repeatable; listed in env.waivers',
      (v: string, acc: string[] = []) => [...acc, v],
    )
    .option(
      '--ignore-file <file>',
      'waivers, one a line: CHECK[:SUBJECT] and the reason (default .interconnect-test-ignore in the working directory, when there is one)',
    );
  addOutputOptions(cmd);
  // env also writes CI formats: SARIF 2.1.0 and GitHub workflow annotations.
  cmd.options.find((o) => o.long === '--output')?.choices(['text', 'json', 'yaml', 'sarif', 'github']);
  cmd.action(async (paths: string[], raw: Record<string, unknown>) => {
    const { runEnvCommand } = await import('./actions/env.js');
    await runEnvCommand(ctx, paths, raw);
  });
  return cmd;
}
