import { z } from 'zod';
import { INPUT_LIMITS } from '../../core/input.js';
import { parseSize } from '../../engines/sizes.js';
import { refuseEmptyInputs, runEnv } from '../../env/index.js';
import { EnvReportPartSchema } from '../../env/schema.js';
import { envSections } from '../../env/text.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

const EnvOptionsSchema = OutputOptionsSchema.extend({
  paths: z.array(z.string().min(1)).min(1, 'give at least one recipe file or directory'),
  maxFiles: z.coerce.number().int().positive().default(INPUT_LIMITS.manifestFiles),
  maxTotal: z
    .string()
    .optional()
    .transform((v, c) => {
      if (v === undefined) return INPUT_LIMITS.manifestTotal;
      const n = parseSize(v);
      if (n === undefined) c.addIssue({ code: 'custom', message: 'a size such as 64M, 256MiB or 1G' });
      return n ?? 0;
    }),
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
    caps: { maxFiles: opts.maxFiles, maxTotalBytes: opts.maxTotal },
    ...(ctx.stderr.isTTY === true ? { progress: ctx.progress } : {}),
    ...(ctx.stdin ? { stdin: ctx.stdin } : {}),
  });
  // Each input named on the command line must have given something to check.
  refuseEmptyInputs(opts.paths, EnvReportPartSchema.parse(report), ctx.cwd);
  await emit(ctx, report, opts, envSections);
}
