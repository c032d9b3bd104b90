import type { ToolId } from '../classify/index.js';

/**
 * Lines that begin a tool's output, for pastes with no prompt between several
 * tools' outputs. Each is the first line the tool prints (rdma-core ibstat.c
 * `CA '%s'`, ibv_devinfo.c `hca_id:\t%s`, ibstatus `Infiniband device '%s' port
 * %d status:`, ucx_info `# Memory domain:`, lsmod's `Module  Size  Used by`
 * header, `nvidia-smi topo -m`'s `GPU0 … CPU Affinity` header, `nvidia-smi
 * nvlink -s`'s `GPU 0: <name> (UUID: …)`, bash's and busybox's `ulimit -a` first row,
 * show_gids' header, gdrcopy's `GPU id:` line, fi_info's `provider:` line). See references/read-pastes.md.
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
  // busybox's `ulimit -a` since 1.31: the unit in the name, then the flag (shell/shell_common.c).
  ['memlock', /^core file size \(blocks\)\s+\(-c\)/],
  ['show_gids', /^DEV\s+PORT\s+INDEX\s+GID\b/],
  ['gdrcopy', /^GPU id:\s?\d+[;\s]/],
  [
    'perftest',
    /^\s*(?:Send|Send_imm|RDMA_Write|RDMA_Write_imm|RDMA_Read|Atomic)(?: \w+)* (?:BW|Latency) Test$/,
  ],
  ['nccl-tests', /^# nThread \d+ nGpus \d+ minBytes \d+/],
  // fi_info's short form opens every record with `provider: %s` at the margin (libfabric util/info.c print_short_info).
  ['fi_info', /^provider: [\w;.-]+$/],
];

/** The tool whose output this line begins, if it is such a line. */
export function shapeOf(line: string): ToolId | undefined {
  const t = line.trimEnd();
  return SHAPES.find(([, re]) => re.test(t))?.[0];
}

/** A line saying a program did not run (not there, or refused by the dynamic loader), and the program it names. */
export interface MissingLine {
  program: string;
  line: number;
  text: string;
  /** The program is there but the dynamic loader could not start it: its occasion (`symbol lookup error`). */
  loader?: string;
  /** The libraries and symbols the loader's line names (`libuct.so.0`, `uct_md_query_v2`). */
  names?: string[];
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
 * The dynamic loader refusing to start a program (references/read-shapes.md): glibc prints
 * `"%s: %s: %s%s%s%s%s\n"`, the program as typed, the occasion (by default `error while loading shared
 * libraries`), the object and its error (elf/dl-error-skeleton.c `fatal_error`), and exits 127;
 * elf/dl-lookup.c signals `symbol lookup error` (`undefined symbol: %s`) and `relocation error`,
 * elf/dl-version.c `version lookup error` with "version `%s' not found (required by %s)", which the loader
 * prints at start-up without the occasion (`prog: /lib64/libc.so.6: version `GLIBC_2.34' not found (required
 * by prog)`). The program it names, the occasion, and the libraries and symbols the line names.
 */
export function loaderFailure(
  text: string,
): { program: string; occasion: string; names: string[] } | undefined {
  const t = text.trim();
  const m =
    /^(\S+?): (error while loading shared libraries|symbol lookup error|relocation error|version lookup error): (\S.*)$/.exec(
      t,
    ) ?? /^(\S+?): (\S+: version `[^']+' not found) \(required by \S+\)$/.exec(t);
  if (!m) return undefined;
  const said = m[3] ?? (m[2] as string);
  // Object paths and names (`/usr/lib/libuct.so.0`, `libfabric.so.1`) and the symbol after `undefined symbol:`
  // or `symbol … ,` (relocation error).
  const names = [
    ...[...said.matchAll(/(?:^|[\s/])(lib[\w+.-]+?\.so(?:\.[\d.]+)?)\b/g)].map((x) => x[1] as string),
    ...[...said.matchAll(/(?:undefined symbol: |symbol )([\w@.]+)/g)].map((x) => x[1] as string),
  ];
  return {
    program: (m[1] as string).split('/').pop() as string,
    occasion: m[3] !== undefined ? (m[2] as string) : 'version lookup error',
    names,
  };
}
