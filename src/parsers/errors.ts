import { ToolError } from '../core/errors.js';

/** How far to quote an offending line in a one-line error. */
const QUOTE_MAX = 80;

function quote(text: string): string {
  const t = text.trim();
  return JSON.stringify(t.length > QUOTE_MAX ? `${t.slice(0, QUOTE_MAX)}…` : t);
}

/**
 * A tool's output could not be read: it names the tool, the line number and
 * the offending text, and says what to pass instead. Exit code 2 (a ToolError).
 */
export class ParseError extends ToolError {
  readonly tool: string;
  readonly line: number | undefined;
  readonly text: string | undefined;
  constructor(tool: string, problem: string, at: { line?: number; text?: string; fix?: string } = {}) {
    const where =
      at.line === undefined ? '' : ` at line ${at.line}${at.text === undefined ? '' : ` ${quote(at.text)}`}`;
    super(`cannot read ${tool} output${where}: ${problem}`, {
      fix: at.fix ?? `pass the unmodified output of \`${tool}\``,
    });
    this.name = 'ParseError';
    this.tool = tool;
    this.line = at.line;
    this.text = at.text;
  }
}
