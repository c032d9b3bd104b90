import { TOOLS, type ToolId } from '../classify/index.js';
import { commandRuns, LISTS, programOf, runsAnotherTool } from './command-tool.js';
import type { PasteSection } from './paste.js';

export { commandRuns };

/**
 * Is this program the one the tool runs? A line saying a program did not run names only the program (`bash:
 * rdma: command not found` answers `rdma link show`), so the program of the tool's own command counts too.
 */
export function programRuns(tool: ToolId, program: string): boolean {
  return commandRuns(tool, program) || programOf(TOOLS[tool].command) === program;
}

/** The command plainly runs a different known tool (so its output is not this tool's to try). */
export function commandRunsAnother(tool: ToolId, command: string): boolean {
  return runsAnotherTool(tool, command) || programOf(command) === 'modinfo';
}

/**
 * Does this section hold the tool's output? Its command runs the tool, or, with no command, its first line has
 * the tool's shape. The prompt is context too: `ls -alh` typed where the prompt shows /dev/infiniband as the
 * working directory lists /dev/infiniband (issue 38, principle 3).
 */
export function sectionRuns(tool: ToolId, s: PasteSection): boolean {
  if (s.command === undefined) return s.shape === tool;
  if (commandRuns(tool, s.command)) return true;
  if (
    tool !== 'dev-infiniband' ||
    s.cwd === undefined ||
    !/^\/(?:dev|sys\/class)\/infiniband(?:\/|$)/.test(s.cwd)
  )
    return false;
  const words = (s.command.split('|')[0] ?? '').trim().split(/\s+/).slice(1);
  return LISTS.has(programOf(s.command)) && words.every((w) => w.startsWith('-') || w === '.');
}
