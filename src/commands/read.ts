import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import { z } from 'zod';
import { isToolId, TOOLS } from '../classify/index.js';
import { ToolError } from '../core/errors.js';
import { readSections } from '../read/sections.js';
import { readOutput } from '../read/tools.js';
import { makeReport } from '../core/report.js';
import { OutputOptionsSchema, parseOptions } from './options.js';
import { addOutputOptions, type CliContext, emit } from './shared.js';

const ReadOptionsSchema = OutputOptionsSchema.extend({
  minBandwidth: z.coerce.number().positive().optional(),
  expect: z.enum(['network', 'nvlink', 'any']).default('any'),
});

/** Where `-` reads from; tests pass their own stream. */
export interface ReadDeps {
  stdin?: NodeJS.ReadableStream;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function load(source: string, ctx: CliContext, deps: ReadDeps): Promise<string> {
  if (source === '-') return readAll(deps.stdin ?? ctx.stdin ?? process.stdin);
  const file = path.resolve(ctx.cwd, source);
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (err as Error).message;
    throw new ToolError(`cannot read ${source}: ${why}`, {
      fix: 'give the path of a saved tool output, or - to read stdin',
    });
  }
}

export function readCommand(ctx: CliContext, deps: ReadDeps = {}): Command {
  const cmd = new Command('read')
    .description(
      `Classify a captured tool output offline (a pasted log, a CI artefact). Tools: ${Object.keys(TOOLS).join(', ')}`,
    )
    .argument('<tool>', 'which tool produced the output')
    .argument('<file>', 'the saved output, or - for stdin')
    .option('--min-bandwidth <GB/s>', 'nixlbench/ucx_perftest: fail below this many GB/s (10^9 bytes/s)')
    .addOption(
      new Option('--expect <link>', 'nixlbench/ucx_perftest: the link the transfer should have used')
        .choices(['network', 'nvlink', 'any'])
        .default('any'),
    );
  addOutputOptions(cmd).action(async (tool: string, source: string, raw: Record<string, unknown>) => {
    if (!isToolId(tool)) {
      throw new ToolError(`unknown tool '${tool}'`, { fix: `use one of: ${Object.keys(TOOLS).join(', ')}` });
    }
    const opts = parseOptions(ReadOptionsSchema, raw);
    const text = await load(source, ctx, deps);
    if (text.trim() === '') {
      throw new ToolError(
        `${source === '-' ? 'stdin' : source} is empty: there is no ${tool} output to read`,
        {
          fix: `capture the output of \`${TOOLS[tool].command}\` into the file`,
        },
      );
    }
    const { parsed, checks } = readOutput(tool, text, {
      expect: opts.expect,
      ...(opts.minBandwidth !== undefined ? { minGBps: opts.minBandwidth } : {}),
    });
    const report = makeReport('read', checks, { input: { tool, source }, parsed });
    await emit(ctx, report, opts, readSections);
  });
  return cmd;
}
