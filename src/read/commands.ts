import { TOOLS, type ToolId } from '../classify/index.js';
import { type PasteSection, programOf } from './paste.js';

/** `ls`, its aliases in Ubuntu's and Debian's default ~/.bashrc (ll='ls -alF', la='ls -A', l='ls -CF'), and find. */
const LISTS = new Set(['ls', 'll', 'la', 'l', 'find']);

/** `nvidia-smi topo -p2p r` prints the P2P status matrix, not the topology matrix. */
const P2P_FLAG = /\s(?:-p2p|--p2pstatus)\b/;

/** Does a typed command run this tool? (`lsmod | grep x` → lsmod; `ls -l /dev/infiniband` → dev-infiniband.) */
export function commandRuns(tool: ToolId, command: string): boolean {
  const prog = programOf(command);
  switch (tool) {
    case 'dev-infiniband':
      return LISTS.has(prog) && /\/(?:dev|sys\/class)\/infiniband\b/.test(command);
    case 'topo':
      return prog === 'nvidia-smi' && /\btopo\b/.test(command) && !P2P_FLAG.test(command);
    case 'topo-p2p':
      return prog === 'nvidia-smi' && /\btopo\b/.test(command) && P2P_FLAG.test(command);
    case 'nvlink':
      return prog === 'nvidia-smi' && /\bnvlink\b/.test(command);
    case 'memlock':
      return prog === 'ulimit' || /\bulimit\s+-\w*l/.test(command);
    case 'lsmod':
      return prog === 'lsmod' || /^cat\s+\/proc\/modules\b/.test(command.trim());
    case 'gdrcopy':
      return /^(?:gdrcopy_)?(?:copybw|copylat|sanity)$/.test(prog);
    case 'rdma-link':
      return (prog === 'rdma' && /\blink\b/.test(command)) || prog === 'ibdev2netdev';
    case 'dmesg':
      return prog === 'dmesg' || (prog === 'journalctl' && /\s-k\b|--dmesg/.test(command));
    case 'fi_info':
      return prog === 'fi_info';
    case 'perftest':
      return /^ib_(?:write|read|send|atomic)_(?:bw|lat)$/.test(prog);
    case 'nccl-tests':
      return (
        /\b\w+_perf(?:_mpi)?\b/.test(command) &&
        /(?:^|[\s/])(?:all_reduce|all_gather|reduce_scatter|alltoall|alltoallv|broadcast|reduce|sendrecv|gather|scatter|hypercube)_perf\b/.test(
          command,
        )
      );
    default:
      return prog === TOOLS[tool].command.split(' ')[0];
  }
}

/**
 * Is this program the one the tool runs? A line saying a program did not run names only the program (`bash:
 * rdma: command not found` answers `rdma link show`), so the program of the tool's own command counts too.
 */
export function programRuns(tool: ToolId, program: string): boolean {
  return commandRuns(tool, program) || programOf(TOOLS[tool].command) === program;
}

/** The command plainly runs a different known tool (so its output is not this tool's to try). */
export function commandRunsAnother(tool: ToolId, command: string): boolean {
  return (
    (Object.keys(TOOLS) as ToolId[]).some((t) => t !== tool && commandRuns(t, command)) ||
    programOf(command) === 'modinfo'
  );
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
