import { cleanLines, promptCommand } from '../parsers/lines.js';
import { MAX_BEFORE } from './around.js';

/**
 * A job launcher that never started the ranks (issue 38, P2 and P4). HPE Cray PALS's `mpiexec` (the launcher of
 * PBS-scheduled Cray EX systems: ALCF's Polaris and Aurora) reports a job it could not start as `launch failed on
 * <host>: <reason>` or `start failed on <host>: <reason>`, and no rank runs: the tool printed nothing, so its output
 * is not shown. When the reason is the Slingshot NIC refusing the job its resources (`CXI alloc failed on cxi0:
 * request exceeds ACs limits`, argonne-lcf/AuroraBugTracking#12), the fabric itself failed the job: a fault of the
 * transfer path, not of the paste (sources: references/read-shapes.md).
 */
export interface LaunchFailure {
  line: number;
  text: string;
  /** The reason names the fabric NIC's resources (`CXI alloc failed on cxiN`). */
  fabric: boolean;
}

const LAUNCH = /^(?:launch|start) failed on \S+: \S/;
/**
 * Open MPI's mapper refusing the job before any rank starts (orte/mca/rmaps/base/help-orte-rmaps-base.txt
 * [orte-rmaps-base:alloc-error], lines 25-27 at open-mpi/ompi@7a40f98: `There are not enough slots available in the
 * system to satisfy the %d / slots that were requested by the application:`), printed by show_help between two rules
 * of dashes. When that framed help text is all the paste holds, the job never started: the tool's output is not shown.
 */
const OMPI_ALLOC = /^There are not enough slots available in the system to satisfy the \d+/;
const RULE = /^-{20,}$/;
const CXI_ALLOC = /\bCXI alloc failed on cxi\d+\b/;

/**
 * The launcher's failure when it is all the paste holds (its lines and the reason's continuations, `CXI alloc
 * failed on cxi1: …`): a paste with other lines is the tool's and is read as such.
 */
export function launchFailure(text: string): LaunchFailure | undefined {
  // An empty prompt copied after the output (the terminal's next one) is no line of the launcher's.
  const filled = cleanLines(text).filter((l) => l.text.trim() !== '' && promptCommand(l.text) !== '');
  // The command typed before it (`$ mpirun -np 16 …`) is the user's, not the launcher's, and up to MAX_BEFORE lines
  // of the poster's before the first rule are read around, as before any output (read/around.ts).
  const said = filled.filter((l) => promptCommand(l.text) === undefined);
  // A copy may lose one of the two rules (cut at the message, or before the closing rule): the help text between
  // them is still all it holds, as long as no closing rule ends it early (output after it is the tool's).
  const open = said.findIndex((l) => RULE.test(l.text.trim()) || OMPI_ALLOC.test(l.text.trim()));
  const rules = said.slice(open + 1).filter((l) => RULE.test(l.text.trim())).length;
  const closed = RULE.test(said.at(-1)?.text.trim() ?? '');
  const opened = open >= 0 && RULE.test(said[open]?.text.trim() ?? '');
  const framed =
    open >= 0 && open <= MAX_BEFORE && said.length - open > 2 && (closed || (opened && rules === 0));
  const alloc = framed ? said.slice(open).find((l) => OMPI_ALLOC.test(l.text.trim())) : undefined;
  if (alloc) return { line: alloc.no, text: alloc.text.trim(), fabric: false };
  const first = filled.find((l) => LAUNCH.test(l.text.trim()));
  if (!first) return undefined;
  if (!filled.every((l) => LAUNCH.test(l.text.trim()) || CXI_ALLOC.test(l.text))) return undefined;
  return {
    line: first.no,
    text: first.text.trim(),
    fabric: filled.some((l) => CXI_ALLOC.test(l.text)),
  };
}
