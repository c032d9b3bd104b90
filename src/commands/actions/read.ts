import { z } from 'zod';
import { isToolId, TOOLS } from '../../classify/index.js';
import { ToolError } from '../../core/errors.js';
import { INPUT_LIMITS, readBounded } from '../../core/input.js';
import { makeReport } from '../../core/report.js';
import { readSections } from '../../read/sections.js';
import { readPasted } from '../../read/tools.js';
import { type CliContext, emit } from '../context.js';
import { OutputOptionsSchema, parseOptions } from '../options.js';

/** Where `-` reads from; tests pass their own stream. */
export interface ReadDeps {
  stdin?: NodeJS.ReadableStream;
}

const ReadOptionsSchema = OutputOptionsSchema.extend({
  minBandwidth: z.coerce.number().positive().optional(),
  expect: z.enum(['network', 'nvlink', 'any']).default('any'),
  lineRate: z.coerce.number().positive().max(10_000).optional(),
  rails: z.coerce.number().int().positive().max(64).optional(),
});

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

export async function runRead(
  ctx: CliContext,
  deps: ReadDeps,
  tool: string,
  source: string,
  raw: Record<string, unknown>,
): Promise<void> {
  if (!isToolId(tool)) {
    throw new ToolError(`unknown tool '${tool}'`, { fix: `use one of: ${Object.keys(TOOLS).join(', ')}` });
  }
  const opts = parseOptions(ReadOptionsSchema, raw);
  if (opts.rails !== undefined && opts.lineRate === undefined) {
    throw new ToolError('--rails needs --line-rate: the rail count multiplies the line rate of one port', {
      fix: 'add --line-rate <Gb/s>, e.g. --line-rate 400 --rails 4',
    });
  }
  if (opts.lineRate !== undefined && opts.expect === 'nvlink') {
    throw new ToolError(
      '--line-rate is the rate of a network port; --expect nvlink judges an NVLink transfer',
      {
        fix: 'drop --line-rate, or use --expect network',
      },
    );
  }
  const text = await load(source, ctx, deps);
  if (text.trim() === '') {
    throw new ToolError(`${source === '-' ? 'stdin' : source} is empty: there is no ${tool} output to read`, {
      fix: `capture the output of \`${TOOLS[tool].command}\` into the file`,
    });
  }
  const { parsed, checks, readAs } = readPasted(tool, text, {
    expect: opts.expect,
    ...(opts.minBandwidth !== undefined ? { minGBps: opts.minBandwidth } : {}),
    ...(opts.lineRate !== undefined ? { lineRateGbps: opts.lineRate, rails: opts.rails ?? 1 } : {}),
  });
  // One capture answers one question: it shows what it shows and certifies nothing. A matrix read by the
  // reader its cells belong to (read.input says so) is that reader's, as its parsed shape is.
  const read = readAs ?? tool;
  const report = makeReport(
    'read',
    checks,
    { input: { tool: read, source }, parsed },
    {
      kind: 'shows',
      what: `this ${read} capture`,
      note: 'One capture answers one question; only `interconnect-test pair` and `sweep` certify the KV path.',
    },
  );
  await emit(ctx, report, opts, readSections);
}
