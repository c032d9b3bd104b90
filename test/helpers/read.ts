import type { ToolId } from '../../src/classify/index.js';
import type { Check } from '../../src/core/model.js';
import { rollUp } from '../../src/core/verdict.js';
import { ParseError } from '../../src/parsers/errors.js';
import { readPasted } from '../../src/read/tools.js';

/** The checks `read TOOL -` gives on a paste (any tool's sections accepted, as the command). */
export const readChecks = (tool: ToolId, text: string): Check[] =>
  readPasted(tool, text, { expect: 'any' }).checks;

/** "status id [subject]" per check; `read.input` (what a paste's sections were read as) is left out. */
export const checkLines = (checks: Check[]): string[] =>
  checks
    .filter((c) => c.id !== 'read.input')
    .map((c) => `${c.status} ${c.id}${c.subject ? ` ${c.subject}` : ''}`);

/** The verdict a user sees for these checks. */
export const verdictOf = (checks: Check[]) => rollUp(checks).status;

/**
 * One healthy CA as ibstat prints it (infiniband-diags ibstat.c ca_stat/port_dump): a ConnectX-7 (MT4129)
 * with its single NDR port Active/LinkUp at 400 on InfiniBand, as lines (callers prefix or join them).
 */
export const IBSTAT_ACTIVE_400: readonly string[] = [
  "CA 'mlx5_0'",
  '\tCA type: MT4129',
  '\tNumber of ports: 1',
  '\tPort 1:',
  '\t\tState: Active',
  '\t\tPhysical state: LinkUp',
  '\t\tRate: 400',
  '\t\tBase lid: 7',
  '\t\tSM lid: 1',
  '\t\tLink layer: InfiniBand',
];

/** A corpus capture's reading flags: only what a user passes on the command line. */
export interface CaptureOpts {
  lineRateGbps?: number;
  rails?: number;
  minGBps?: number;
}

/** The verdict `read TOOL` gives a corpus capture as the command does, or `exit 2` when it refuses it. */
export function captureVerdict(
  tool: string,
  text: string,
  opts?: CaptureOpts,
): ReturnType<typeof verdictOf> | 'exit 2' {
  try {
    const { checks } = readPasted(tool as ToolId, text, {
      expect: 'any',
      ...(opts?.lineRateGbps !== undefined
        ? { lineRateGbps: opts.lineRateGbps, rails: opts.rails ?? 1 }
        : {}),
      ...(opts?.minGBps !== undefined ? { minGBps: opts.minGBps } : {}),
    });
    return verdictOf(checks);
  } catch (err) {
    if (err instanceof ParseError) return 'exit 2';
    throw err;
  }
}
