import { TOOLS, type ToolId } from '../classify/index.js';

/** The program a command runs (`sudo ibstat -v` → ibstat, `lsmod | grep x` → lsmod, `/usr/bin/ucx_info -d` → ucx_info). */
export function programOf(command: string): string {
  const words = (command.split('|')[0] ?? '').trim().split(/\s+/);
  let i = 0;
  while (
    i < words.length &&
    (/^(?:sudo|env|time|nohup|exec)$/.test(words[i] as string) || /^\w+=/.test(words[i] as string))
  )
    i++;
  return (words[i] ?? '').split('/').pop() ?? '';
}

/** `ls`, its aliases in Ubuntu's and Debian's default ~/.bashrc (ll='ls -alF', la='ls -A', l='ls -CF'), and find. */
export const LISTS: ReadonlySet<string> = new Set(['ls', 'll', 'la', 'l', 'find']);

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

/** The command runs a known tool other than this one (it may run this one too: `ibstat; ibv_devinfo`). */
export function runsAnotherTool(tool: ToolId, command: string): boolean {
  return (Object.keys(TOOLS) as ToolId[]).some((t) => t !== tool && commandRuns(t, command));
}
