import { ParseError } from '../parsers/errors.js';

/** What our probe script prints itself (`interconnect-test: …`), as opposed to the tool's output. */
const OWN_LINE = /^interconnect-test:/;

/**
 * Why a log that holds a tool's output cannot be read by `parse`, or
 * undefined: while the log holds only our own lines (or nothing), there is
 * nothing to read yet, which is not a problem. Our lines are blanked (line
 * numbers kept), so the error quotes the tool's first line.
 */
export function unparsable(log: string, parse: (toolOnly: string) => unknown): string | undefined {
  const toolOnly = log
    .split('\n')
    .map((l) => (OWN_LINE.test(l.trim()) ? '' : l))
    .join('\n');
  if (toolOnly.trim() === '') return undefined;
  try {
    parse(toolOnly);
    return undefined;
  } catch (err) {
    if (err instanceof ParseError) return err.message;
    throw err;
  }
}

/** `parse(log)`, or undefined while the log holds nothing it can read yet. */
export function tryParse<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch {
    return undefined;
  }
}
