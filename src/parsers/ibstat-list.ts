import type { Line } from './lines.js';
import { isElision, promptCommand } from './lines.js';

/**
 * ibstat's two list forms, which print no `CA '<name>'` block (rdma-core infiniband-diags/ibstat.c):
 * `ibstat -l` prints each CA name alone on its line (main, `if (list_only) printf("%s\n", ca_name)`),
 * `ibstat -p` each port GUID (ports_list, `printf("0x%016" PRIx64 "\n", …)`). Both name what exists and
 * show none of a port's state, rate or link layer: the ports are not shown (principle 2), never unreadable.
 */
export interface IbstatList {
  /** `ibstat -l`: the CA names. */
  names?: string[];
  /** `ibstat -p`: the port GUIDs. */
  portGuids?: string[];
}

/** A CA name as the kernel gives it (mlx5_0, mlx4_1, efa_0, rxe0, irdma0, bnxt_re0, rocep1s0f0): ends in a digit. */
const CA_NAME = /^[A-Za-z][\w.-]*\d$/;
/** A port GUID as `ibstat -p` prints it: 0x and sixteen hex digits. */
const PORT_GUID = /^0x[0-9a-f]{16}$/i;

/**
 * The list form the output lines are in, or undefined when any line is something else (then the paste is no
 * ibstat list and the caller's error stands). Prompts and an author's elisions are not output lines.
 */
export function parseIbstatList(lines: readonly Line[]): IbstatList | undefined {
  const out = lines
    .map((l) => l.text.trim())
    .filter((t) => t !== '' && promptCommand(t) === undefined && !isElision(t));
  if (out.length === 0) return undefined;
  if (out.every((t) => PORT_GUID.test(t))) return { portGuids: out };
  if (out.every((t) => CA_NAME.test(t))) return { names: out };
  return undefined;
}
