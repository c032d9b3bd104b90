import { z } from 'zod';
import type { Report } from '../../core/model.js';
import { refuseEmptyInputs, runEnv } from '../../env/index.js';
import { EnvReportPartSchema } from '../../env/schema.js';
import { envSections } from '../../env/text.js';
import { VERSION } from '../../version.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

const EnvOptionsSchema = OutputOptionsSchema.extend({
  output: z.enum(['text', 'json', 'yaml', 'sarif', 'github']).default('text'),
  paths: z.array(z.string().min(1)).min(1, 'give at least one recipe file or directory'),
});

export async function runEnvCommand(
  ctx: CliContext,
  paths: string[],
  raw: Record<string, unknown>,
): Promise<void> {
  const opts = parseOptions(EnvOptionsSchema, { ...raw, paths });
  // Reading a few files takes milliseconds: no progress lines, so stderr stays for errors only;
  // on a TTY a walk that takes over a second shows how far it got (the line is erased after).
  const report = await runEnv(opts.paths, {
    cwd: ctx.cwd,
    signal: ctx.signal,
    ...(ctx.stderr.isTTY === true ? { progress: ctx.progress } : {}),
    ...(ctx.stdin ? { stdin: ctx.stdin } : {}),
  });
  // Each input named on the command line must have given something to check.
  refuseEmptyInputs(opts.paths, EnvReportPartSchema.parse(report), ctx.cwd);
  if (opts.output === 'sarif' || opts.output === 'github') {
    const format = opts.output;
    const [{ redactText }, render] = await Promise.all([
      import('../../core/redact.js'),
      format === 'sarif'
        ? import('../../render/sarif.js').then((m) => (r: Report) => m.renderSarif(r, VERSION))
        : import('../../render/github.js').then((m) => m.renderGithub),
    ]);
    await emit(ctx, report, { ...opts, output: 'text' }, envSections);
    // CI formats of our own, through the one redaction every printed output passes.
    if (ctx.outcome?.kind === 'report') ctx.outcome.render = (r) => redactText(render(r));
    return;
  }
  await emit(ctx, report, { ...opts, output: opts.output }, envSections);
}
