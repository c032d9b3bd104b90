import { Command, Option } from 'commander';
import { z } from 'zod';
import { isToolId, TOOLS } from '../classify/index.js';
import { ToolError } from '../core/errors.js';
import { INPUT_LIMITS, readBounded } from '../core/input.js';
import { makeReport } from '../core/report.js';
import { readSections } from '../read/sections.js';
import { readOutput } from '../read/tools.js';
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

/** The saved output (a file, a FIFO, a device, or `-` for stdin), at most INPUT_LIMITS.capture bytes. */
function load(source: string, ctx: CliContext, deps: ReadDeps): Promise<string> {
  return readBounded(source, {
    limitBytes: INPUT_LIMITS.capture,
    cwd: ctx.cwd,
    signal: ctx.signal,
    stdin: deps.stdin ?? ctx.stdin ?? process.stdin,
    tooLargeFix: 'give the tool output alone, not a whole job log: cut the run out with grep or sed',
    unreadableFix: 'give the path of a saved tool output, or - to read stdin',
  });
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
