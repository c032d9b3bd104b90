import { Command } from 'commander';
import { z } from 'zod';
import { runEnv } from '../env/index.js';
import { envSections } from '../env/text.js';
import { OutputOptionsSchema, parseOptions } from './options.js';
import { addOutputOptions, type CliContext, emit } from './shared.js';

const EnvOptionsSchema = OutputOptionsSchema.extend({
  paths: z.array(z.string().min(1)).min(1, 'give at least one recipe file or directory'),
});

export function envCommand(ctx: CliContext): Command {
  const cmd = new Command('env')
    .description(
      'Read Dynamo recipes (DynamoGraphDeployment v1alpha1/v1beta1) and pod manifests: which NIXL/UCX/NCCL variables each service sets, which disagg-critical ones are missing, which values are wrong. Reads files only.',
    )
    .argument('<paths...>', 'recipe files or directories (searched recursively for *.yaml / *.yml)');
  addOutputOptions(cmd).action(async (paths: string[], raw: Record<string, unknown>) => {
    const opts = parseOptions(EnvOptionsSchema, { ...raw, paths });
    // Reading a few files takes milliseconds: no progress lines, so stderr stays for errors only.
    const report = await runEnv(opts.paths, { cwd: ctx.cwd, signal: ctx.signal });
    await emit(ctx, report, opts, envSections);
  });
  return cmd;
}
