import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ToolError } from '../../core/errors.js';
import { INPUT_LIMITS } from '../../core/input.js';
import type { Report } from '../../core/model.js';
import { rollUp } from '../../core/verdict.js';
import { parseSize } from '../../engines/sizes.js';
import { ENV_VERDICT_SUBJECT, refuseEmptyInputs, runEnv } from '../../env/index.js';
import { EnvReportPartSchema } from '../../env/schema.js';
import { envSections } from '../../env/text.js';
import { VERSION } from '../../version.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

const EnvOptionsSchema = OutputOptionsSchema.extend({
  output: z.enum(['text', 'json', 'yaml', 'sarif', 'github']).default('text'),
  ignore: z.array(z.string().min(1)).default([]),
  ignoreFile: z.string().min(1).optional(),
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

/** What refuseEmptyInputs reads of the report: each service's file and the skipped entries (not a copy of every service). */
const EnvInputsSchema = EnvReportPartSchema.pick({ skipped: true }).extend({
  services: z.array(z.object({ file: z.string() })),
});

/** --ignore and the ignore file applied to the report's checks; its verdict rolled up again. */
async function waive(ctx: CliContext, report: Report, ignore: string[], ignoreFile: string | undefined) {
  const { applyWaivers, cliWaivers, fileWaivers, IGNORE_FILE } = await import('../../env/waivers.js');
  const file = path.resolve(ctx.cwd, ignoreFile ?? IGNORE_FILE);
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (ignoreFile !== undefined || (err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new ToolError(
        `--ignore-file ${ignoreFile ?? IGNORE_FILE}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`,
        {
          fix: 'give a readable file of waivers, one a line: CHECK[:SUBJECT] reason',
        },
      );
  }
  const shown = path.relative(ctx.cwd, file) || file;
  const waivers = [...cliWaivers(ignore), ...(text === undefined ? [] : fileWaivers(text, shown))];
  if (waivers.length === 0) return;
  report.checks = applyWaivers(report.checks, waivers);
  report.verdict = rollUp(report.checks, ENV_VERDICT_SUBJECT);
}

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
  refuseEmptyInputs(opts.paths, EnvInputsSchema.parse(report), ctx.cwd);
  await waive(ctx, report, opts.ignore, opts.ignoreFile);
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
