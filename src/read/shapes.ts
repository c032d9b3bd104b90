import type { ToolId } from '../classify/index.js';

/**
 * Lines that begin a tool's output, for pastes with no prompt between several
 * tools' outputs. Each is the first line the tool prints (rdma-core ibstat.c
 * `CA '%s'`, ibv_devinfo.c `hca_id:\t%s`, ibstatus `Infiniband device '%s' port
 * %d status:`, ucx_info `# Memory domain:`, lsmod's `Module  Size  Used by`
 * header, `nvidia-smi topo -m`'s `GPU0 … CPU Affinity` header, `nvidia-smi
 * nvlink -s`'s `GPU 0: <name> (UUID: …)`, bash `ulimit -a`'s first row,
 * show_gids' header, gdrcopy's `GPU id:` line). See references/read-pastes.md.
 */
const SHAPES: readonly [ToolId, RegExp][] = [
  ['ibstat', /^CA '[^']+'$/],
  ['ibv_devinfo', /^hca_id:\s+\S+$/],
  ['ibstatus', /^Infiniband device '[^']+' port \d+ status:$/],
  ['ucx_info', /^#\s+Memory domain:\s+\S+/],
  ['lsmod', /^Module\s+Size\s+Used by$/],
  ['topo', /^\s*GPU0(?:\s+\S+)*\s+CPU Affinity\b/],
  ['nvlink', /^GPU \d+: .+\(UUID: [^)]+\)$/],
  ['memlock', /^(?:real-time non-blocking time|core file size)\s+\((?:microseconds|blocks), -[Rc]\)/],
  ['show_gids', /^DEV\s+PORT\s+INDEX\s+GID\b/],
  ['gdrcopy', /^GPU id:\s?\d+[;\s]/],
  [
    'perftest',
    /^\s*(?:Send|Send_imm|RDMA_Write|RDMA_Write_imm|RDMA_Read|Atomic)(?: \w+)* (?:BW|Latency) Test$/,
  ],
  ['nccl-tests', /^# nThread \d+ nGpus \d+ minBytes \d+/],
];

/** The tool whose output this line begins, if it is such a line. */
export function shapeOf(line: string): ToolId | undefined {
  const t = line.trimEnd();
  return SHAPES.find(([, re]) => re.test(t))?.[0];
}

/** A line saying a program is not there, and the program it names. */
export interface MissingLine {
  program: string;
  line: number;
  text: string;
  /** The program is there but the dynamic linker could not start it (a missing library, an undefined symbol). */
  cannotRun?: true;
}

/**
 * Shapes (references/read-pastes.md): bash `bash: ibstat: command not found`
 * (also `-bash:`), dash/busybox `sh: 1: ibstat: not found` / `sh: ibstat: not
 * found`, zsh `zsh: command not found: ibstat`, a path `bash: ./copybw: No such
 * file or directory`, and the container runtime through kubectl exec: `OCI
 * runtime exec failed: exec failed: … exec: "ibstat": executable file not found
 * in $PATH: unknown` (runc), `… exec: \"ibstat\": executable file not found in
 * $PATH` (older docker/rpc form), and Ubuntu's command-not-found handler
 * `Command 'ibv_devinfo' not found, but can be installed with:`.
 */
export function missingProgram(text: string): string | undefined {
  const t = text.trim();
  const m =
    /^-?(?:ba|z|k|da|a)?sh(?:: line \d+)?(?:: \d+)?: ([^\s:]+): (?:command not found|not found|No such file or directory)$/.exec(
      t,
    ) ??
    /^zsh: (?:command not found|no such file or directory): (\S+)$/.exec(t) ??
    /^Command '([^']+)' not found\b/.exec(t) ??
    /exec: \\?"([^"\\]+)\\?": executable file not found in \$PATH/.exec(t) ??
    /^(?:sudo: )?([^\s:]+): command not found$/.exec(t);
  return m ? (m[1] as string).split('/').pop() : undefined;
}

/**
 * A line saying the program is there but never started: glibc's dynamic linker prints
 * `<prog>: error while loading shared libraries: <lib>: cannot open shared object file: …`
 * and `<prog>: symbol lookup error: <object>: undefined symbol: <sym>` and exits 127
 * (references/read-shapes.md). The program it names, or undefined.
 */
export function cannotRunProgram(text: string): string | undefined {
  const m =
    /^(\S+?): (?:error while loading shared libraries: \S+:|symbol lookup error: \S+: undefined symbol:) /.exec(
      text.trim(),
    );
  return m ? (m[1] as string).split('/').pop() : undefined;
}
