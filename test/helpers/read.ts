import type { ToolId } from '../../src/classify/index.js';
import type { Check } from '../../src/core/model.js';
import { rollUp } from '../../src/core/verdict.js';
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
