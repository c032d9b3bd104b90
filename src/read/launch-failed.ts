import { cleanLines, promptCommand } from '../parsers/lines.js';

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
const CXI_ALLOC = /\bCXI alloc failed on cxi\d+\b/;

/**
 * The launcher's failure when it is all the paste holds (its lines and the reason's continuations, `CXI alloc
 * failed on cxi1: …`): a paste with other lines is the tool's and is read as such.
 */
export function launchFailure(text: string): LaunchFailure | undefined {
  // An empty prompt copied after the output (the terminal's next one) is no line of the launcher's.
  const filled = cleanLines(text).filter((l) => l.text.trim() !== '' && promptCommand(l.text) !== '');
  const first = filled.find((l) => LAUNCH.test(l.text.trim()));
  if (!first) return undefined;
  if (!filled.every((l) => LAUNCH.test(l.text.trim()) || CXI_ALLOC.test(l.text))) return undefined;
  return {
    line: first.no,
    text: first.text.trim(),
    fabric: filled.some((l) => CXI_ALLOC.test(l.text)),
  };
}
