import path from 'node:path';

/**
 * How the program was invoked, read before commander sees argv:
 * - its name: `kubectl interconnect-test` when kubectl runs it as the plugin
 *   `kubectl-interconnect_test` (kubectl turns `_` into `-` for the user), else `interconnect-test`;
 * - kubectl's short-flag spelling `-o=json` (commander alone would read the value as `=json`);
 * - kubectl's log level `-v N`, `-v=N`, `--v=N`, `--v N` (anywhere on the line), taken out here.
 */

export const TOOL_NAME = 'interconnect-test';
export const PLUGIN_EXECUTABLE = 'kubectl-interconnect_test';

/** The name help and examples show: how the user typed it. */
export function invokedName(executable: string | undefined): string {
  const base = executable ? path.basename(executable) : '';
  return base === PLUGIN_EXECUTABLE || base.startsWith(`${PLUGIN_EXECUTABLE}.`)
    ? `kubectl ${TOOL_NAME}`
    : TOOL_NAME;
}

export interface Invocation {
  argv: string[];
  /** The -v/--v level, when given. */
  verbosity?: number;
  /** A -v value that is not a level 0-10. */
  badVerbosity?: string;
}

/** argv with `-o=json` split and the log level taken out (after `--`, nothing is touched). */
export function readInvocation(argv: readonly string[]): Invocation {
  const out: string[] = [];
  const inv: Invocation = { argv: out };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const level = /^(?:-v|--v)(?:=(.*))?$/.exec(a);
    if (level) {
      const value = level[1] ?? argv[++i] ?? '';
      if (/^(10|\d)$/.test(value)) inv.verbosity = Number(value);
      else inv.badVerbosity = value;
      continue;
    }
    const short = /^(-[a-zA-Z])=(.*)$/.exec(a);
    if (short) out.push(short[1] as string, short[2] as string);
    else out.push(a);
  }
  return inv;
}
