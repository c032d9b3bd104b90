import { TOOLS, type ToolId, toolMissing, toolRefused } from '../classify/index.js';
import { type Check, check } from '../core/model.js';
import { programRuns } from './commands.js';
import { lineSpan, type PasteSection } from './paste.js';
import type { MissingLine } from './shapes.js';

/**
 * A program that never ran (issue 38, P2 and P4): the shell did not find it (`bash: rdma: command not found`)
 * or the dynamic loader refused to start it (`ucx_info: symbol lookup error: …`). Its output is not shown,
 * which is never bad input; what that means is the tool's (`toolMissing`, `toolRefused`). One place for every
 * tool: the lines are found when the paste is split (`src/read/paste.ts`, `shapes.ts`).
 */
export type NotRunLine = MissingLine & { where?: string };

/** The lines saying this tool's program did not run, with the pod or host each was in. */
export function notRunLines(tool: ToolId, sections: readonly PasteSection[]): NotRunLine[] {
  return sections.flatMap((s) =>
    s.missing
      .filter((m) => programRuns(tool, m.program))
      .map((m) => ({ ...m, ...(s.where ? { where: s.where } : {}) })),
  );
}

/** The check for a tool whose program did not run: not there (skipped), or refused by the loader. */
export function notRunCheck(tool: ToolId, m: NotRunLine): Check {
  const at = `${m.where ? `in ${m.where} ` : ''}(line ${m.line}: "${m.text.slice(0, 120)}")`;
  if (m.loader)
    return toolRefused(tool, { program: m.program, occasion: m.loader, names: m.names ?? [] }, at);
  return toolMissing(tool, `is not there ${at}`);
}

/**
 * The loader can stop a program after it printed lines (a function bound lazily at its first call): a failure
 * over the fabric's libraries fails even when what it printed was read.
 */
export function refusedAfterOutput(tool: ToolId, lines: readonly NotRunLine[]): Check[] {
  const m = lines.find((l) => l.loader);
  if (!m) return [];
  const c = notRunCheck(tool, m);
  return c.status === 'fail' ? [c] : [];
}

/**
 * The tool's own commands printed nothing (principle 2: "printed nothing", never empty input). A banner's rules
 * alone (perftest's `****` box with its message line not pasted) hold no word: nothing was printed to read either.
 */
export function printedNothing(own: readonly PasteSection[]): boolean {
  return own.length > 0 && own.every((s) => s.output.every((l) => !/\w/.test(l)));
}

export function printedNothingCheck(tool: ToolId, own: readonly PasteSection[]): Check {
  return check(
    `${TOOLS[tool].group}.${tool}`,
    'skipped',
    `${own.map((s) => `\`${s.command}\` (${lineSpan(s.from, s.to)})`).join(' and ')} printed nothing: nothing to judge`,
    {
      fix: `run \`${TOOLS[tool].command}\` again and paste what it prints (an empty output can mean no device, no permission or a wrapper that swallowed it)`,
    },
  );
}
