import { Command } from 'commander';
import { addOutputOptions, type CliContext } from './context.js';
import { withExamples } from './help.js';

export function envCommand(ctx: CliContext): Command {
  const cmd = new Command('env')
    .description(
      'Read Dynamo recipes (DynamoGraphDeployment v1alpha1/v1beta1) and pod manifests: which NIXL/UCX/NCCL variables each service sets, which disagg-critical ones are missing, which values are wrong. Reads files only.',
    )
    .argument('<paths...>', 'recipe files or directories (searched recursively for *.yaml / *.yml)');
  withExamples(cmd, [
    ['check the NIXL/UCX settings of a recipe', 'env deploy.yaml'],
    ['every recipe under a directory; warnings fail the run too', 'env recipes/ --fail-on warn'],
  ]);
  addOutputOptions(cmd).action(async (paths: string[], raw: Record<string, unknown>) => {
    const { runEnvCommand } = await import('./actions/env.js');
    await runEnvCommand(ctx, paths, raw);
  });
  return cmd;
}
