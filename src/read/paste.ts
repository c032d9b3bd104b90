import type { ToolId } from '../classify/index.js';
import { cleanLines, promptCommand, promptCwd, promptHost } from '../parsers/lines.js';
import { CLUSTER_CLI, kubectlCommand, kubectlPod, NOTICES } from './cluster-cli.js';
import { commandRuns, programOf, runsAnotherTool } from './command-tool.js';
import { loaderFailure, type MissingLine, missingProgram, shapeOf } from './shapes.js';

/**
 * What people paste from a terminal: several commands' outputs one after
 * another, each after a shell prompt (`root@pod:/# ibstat`, `$ lsmod | grep
 * nv_peer`), or after the `kubectl exec … -- cmd` / `kubectl logs …` line that
 * produced it, with kubectl's own notices in between. Splitting at those lines
 * lets `read <tool>` keep its tool's section and say what it left out.
 */

export interface PasteSection {
  /** The command typed (`lsmod | grep nv_peer`, the part after `--` of kubectl exec), undefined before the first prompt. */
  command?: string;
  /** 1-based lines, inclusive: the prompt line and the output after it. */
  from: number;
  to: number;
  /** The whole input with every other line blanked: parsers see their section at its real line numbers. */
  text: string;
  /** The output lines alone (no prompt), trimmed. */
  output: string[];
  /** A section with no command that began with a line of this tool's own shape (`CA 'mlx5_0'` → ibstat). */
  shape?: ToolId;
  /** The pod (`kubectl exec POD -- …`) or prompt host (`root@HOST`) the section ran in. */
  where?: string;
  /** The working directory the prompt shows (`root@h:/dev/infiniband# ls`), when it shows one. */
  cwd?: string;
  /** Lines saying a program is not there (`bash: ibstat: command not found`). */
  missing: MissingLine[];
}

export interface Paste {
  sections: PasteSection[];
  /** kubectl's own notices, dropped: line number and text. */
  notices: { line: number; text: string }[];
  /** True when the input had a prompt, a kubectl line or a notice: it is a paste, not one tool's output. */
  isPaste: boolean;
}

/**
 * Programs people run while checking a node, for prompts that are only `#` or
 * `$`: a bare `#` also starts every line of `ucx_info -d` (`# Memory domain:
 * self`) and many comments, so it counts as a prompt only before one of these
 * or a path (`./copybw`, `/usr/bin/ibstat`).
 */
const KNOWN_PROGRAMS = new Set([
  'ibstat',
  'ibstatus',
  'ibv_devinfo',
  'ibv_devices',
  'ibdev2netdev',
  'show_gids',
  'nvidia-smi',
  'lsmod',
  'modinfo',
  'modprobe',
  'ls',
  'll',
  'cat',
  'grep',
  'egrep',
  'ulimit',
  'ucx_info',
  'ucx_perftest',
  'nixlbench',
  'gdrcopy_copybw',
  'copybw',
  'sanity',
  'dmesg',
  'lspci',
  'ip',
  'rdma',
  'kubectl',
  'oc',
  'echo',
  'env',
  'sudo',
  'python',
  'python3',
  'uname',
  'hostname',
  'gdrcopy_sanity',
  'gdrcopy_copylat',
  'copylat',
  'find',
  'ib_write_bw',
  'ib_read_bw',
  'ib_send_bw',
  'ib_write_lat',
  'ib_read_lat',
  'ib_send_lat',
  'ib_atomic_bw',
  'ib_atomic_lat',
  'all_reduce_perf',
  'all_gather_perf',
  'reduce_scatter_perf',
  'alltoall_perf',
  'sendrecv_perf',
  'broadcast_perf',
  'mpirun',
  'srun',
  'fi_info',
  'ibdev2netdev',
]);

/**
 * A command typed with no prompt (a paste that kept the command but not the
 * prompt: `lsmod|sort | grep mlx5`, `ulimit -a`, ` ./copybw`): a known program
 * or a ./path, then options, paths or a pipe, never a table row (`nvidia 56717312 550 …`).
 */
function bareCommand(text: string): string | undefined {
  const t = text.trim();
  if (t === '' || /^\S+\s+\d+\s+-?\d+\b/.test(t) || /\s{2,}/.test(t.replace(/\s{2,}\|/g, ' |')))
    return undefined;
  const prog = programOf(t);
  if (/^\.\/[\w.-]+$/.test(t.split(/\s+/)[0] ?? '')) return t;
  if (!KNOWN_PROGRAMS.has(prog)) return undefined;
  const after = t.slice(t.indexOf(prog) + prog.length);
  return after === '' || /^(?:\s+[-/.'"|*~\w]|\s*\|)/.test(after) ? t : undefined;
}

function bare(text: string): boolean {
  return /^\s*[#$]/.test(text);
}

/**
 * A prompt the poster shortened to one mark glued to the command (`#ll /dev/infiniband/`, the second line of a
 * two-line PS1) or a `>` prompt (`> lsmod | grep nv_peer`: PS2, PowerShell, a quote mark): a command only when
 * the program is one people run while checking a node. Its line is the prompt's, blanked for the parser.
 */
export function markedCommand(text: string): string | undefined {
  const m = /^\s*(?:[#$](?=[\w./])|>\s*)(\S.*)$/.exec(text);
  if (!m) return undefined;
  const typed = (m[1] as string).trim();
  return KNOWN_PROGRAMS.has(programOf(typed)) ? typed : undefined;
}

/**
 * The first line of a two-line prompt (`root@host /sys/bus/pci/devices/0000:81:00.0`, then `# cmd` on the next):
 * user@host and a path, nothing else. It says where and in which directory the next command runs.
 */
function promptHead(text: string): { host: string; cwd: string } | undefined {
  if (promptCommand(text) !== undefined) return undefined;
  const m = /^\s*[\p{L}\p{N}_.-]+@([\p{L}\p{N}_.-]+)(?::|\s+)([~/][^\s#$]*)\s*$/u.exec(text);
  return m ? { host: m[1] as string, cwd: m[2] as string } : undefined;
}

function commandOf(text: string): string | undefined {
  const typed = promptCommand(text);
  const kube = kubectlCommand(typed ?? text);
  if (kube !== undefined) return kube;
  if (typed === undefined || typed === '' || !bare(text)) return typed;
  const prog = programOf(typed);
  return KNOWN_PROGRAMS.has(prog) || /^\.?\//.test(typed.trim()) ? typed : undefined;
}

interface Start {
  line: number;
  command?: string;
  /** The command was typed with no prompt: its line is not the tool's and is blanked for the parser. */
  bare?: boolean;
  shape?: ToolId;
  where?: string;
  cwd?: string;
}

export function splitPaste(input: string): Paste {
  const lines = cleanLines(input);
  const notices: Paste['notices'] = [];
  const starts: Start[] = [];
  let printed = false;
  let lastBare: string | undefined;
  let lastCmd = '';
  let shape: ToolId | undefined;
  let where: string | undefined;
  let prompted = false;
  let head: { host: string; cwd: string; line: number } | undefined;
  const heads = new Set<number>();
  for (const l of lines) {
    if (NOTICES.some((re) => re.test(l.text.trim()))) {
      notices.push({ line: l.no, text: l.text.trim() });
      continue;
    }
    const ph = promptHead(l.text);
    if (ph) {
      head = { ...ph, line: l.no };
      continue;
    }
    let cmd = commandOf(l.text);
    // A bare `#` or `$` alone is a prompt only right after a command that printed nothing
    // (`# lsmod | grep nv_peer` then `#`); elsewhere it is output (`ucx_info -d` prints `#` lines).
    if (
      cmd === '' &&
      bare(l.text) &&
      !(!printed && lastBare === l.text.trim()[0] && !/^ucx_info\b/.test(lastCmd))
    ) {
      printed = true;
      continue;
    }
    const inUcx = /^ucx_info\b/.test(lastCmd);
    const typedBare =
      cmd === undefined && !inUcx ? (bareCommand(l.text) ?? markedCommand(l.text)) : undefined;
    if (typedBare !== undefined) cmd = typedBare;
    // A two-line prompt's first line belongs to the command on the line right after it.
    const ownHead = head && head.line === l.no - 1 && cmd !== undefined ? head : undefined;
    if (ownHead) heads.add(ownHead.line);
    head = undefined;
    if (cmd !== undefined) {
      const pod = kubectlPod(promptCommand(l.text) ?? l.text);
      const host = promptHost(l.text) ?? ownHead?.host;
      if (pod) where = pod;
      else if (host && !CLUSTER_CLI.test(cmd)) where = host;
      const cwd = promptCwd(l.text) ?? ownHead?.cwd;
      starts.push({
        line: l.no,
        command: cmd,
        ...(typedBare !== undefined ? { bare: true } : {}),
        ...(where ? { where } : {}),
        ...(cwd ? { cwd } : {}),
      });
      printed = false;
      prompted = true;
      shape = undefined;
      lastBare = bare(l.text) ? l.text.trim()[0] : undefined;
      lastCmd = cmd;
      continue;
    }
    // Outside a typed command's output, a line of another tool's own shape begins that tool's output; so it does
    // after a typed command that runs one known tool and not that one (`ucx_info -v`, then fi_info's `provider:`
    // with no prompt between: issue 38, P1). A script's or launcher's output may hold any tool's lines.
    const seen = shapeOf(l.text);
    const s = !prompted || (seen !== undefined && runsOtherTool(lastCmd, seen)) ? seen : undefined;
    if (s && s !== shape) {
      starts.push({ line: l.no, shape: s, ...(where ? { where } : {}) });
      shape = s;
    }
    if (l.text.trim() !== '') printed = true;
  }
  const isPaste = starts.some((s) => s.command !== undefined) || notices.length > 0 || starts.length > 1;
  // kubectl's notices and what a script's own `echo` printed: never a section's line.
  const noticeAt = new Set([...notices.map((n) => n.line), ...echoLines(lines, starts)]);
  const cut = (from: number, to: number, st?: Start): PasteSection => {
    const prompt = st?.command !== undefined;
    const own = (no: number) => no >= from && no <= to && !noticeAt.has(no) && !heads.has(no);
    const body = lines.filter((l) => own(l.no) && !(prompt && l.no === from));
    const output = body.map((l) => l.text).filter((t) => t.trim() !== '');
    const missing = body.flatMap((l) => missingLine(l.text, l.no));
    // The shell's or the loader's line saying a program did not run is never the tool's: blanked for the parser.
    const notTool = new Set(missing.map((m) => m.line));
    const text = lines
      .map((l) => (own(l.no) && !(st?.bare && l.no === from) && !notTool.has(l.no) ? l.text : ''))
      .join('\n');
    return {
      ...(st?.command !== undefined && st.command !== '' ? { command: st.command } : {}),
      from,
      to,
      text,
      output,
      ...(st?.shape ? { shape: st.shape } : {}),
      ...(st?.where ? { where: st.where } : {}),
      ...(st?.cwd ? { cwd: st.cwd } : {}),
      missing,
    };
  };
  const sections: PasteSection[] = [];
  const last = lines.length;
  const first = starts[0]?.line ?? last + 1;
  if (first > 1) {
    const head = cut(1, first - 1);
    if (head.output.length > 0 || !isPaste) sections.push(head);
  }
  starts.forEach((s, i) => {
    const end = (starts[i + 1]?.line ?? last + 1) - 1;
    // A bare prompt (`#`, `$`) closes the section before it; what follows it is kept only if it says something.
    const section = cut(s.line, end, s);
    if (s.command === '' && section.output.length === 0) return;
    sections.push(section);
  });
  // A line saying the program did not run is the shell's or the loader's, never the tool's output.
  return { sections, notices, isPaste: isPaste || sections.some((s) => s.missing.length > 0) };
}

/**
 * What `echo WORDS` prints: the words with the shell's quotes taken off (`echo '=== RDMA Devices ==='` →
 * `=== RDMA Devices ===`); undefined for any other command.
 */
function echoed(command: string): string | undefined {
  const m = /^echo(?:\s+-[neE]+)*\s+(\S.*)$/.exec(command.trim());
  if (!m) return undefined;
  const words = (m[1] as string).replace(/'([^']*)'|"([^"]*)"/g, (_, a?: string, b?: string) => a ?? b ?? '');
  return /\p{L}/u.test(words) ? words.trim() : undefined;
}

/**
 * The lines a script's own `echo` printed (a banner, `=== RDMA Devices ===`), wherever they land: in a job log
 * under `set -x` the echo's output (stdout) can come before its trace line (stderr), at the end of the previous
 * command's output. They are the script's words, never a tool's line.
 */
function echoLines(lines: readonly { no: number; text: string }[], starts: readonly Start[]): Set<number> {
  const said = new Set(starts.flatMap((s) => echoed(s.command ?? '') ?? []));
  const at = new Set(starts.map((s) => s.line));
  return new Set(lines.filter((l) => !at.has(l.no) && said.has(l.text.trim())).map((l) => l.no));
}

export { programOf };

/** `lines 4–20` or `line 4`. */
export function lineSpan(from: number, to: number): string {
  return from === to ? `line ${from}` : `lines ${from}–${to}`;
}

export interface ModinfoFinding {
  module: string;
  /** The module file, when modinfo found it; undefined when it said the module is not found. */
  filename?: string;
  line: number;
}

/**
 * `modinfo <module>` output: a `filename:` line means the module is installed,
 * whatever lsmod says; `modinfo: ERROR: Module <m> not found.` means it is not
 * (both shapes: Mellanox/nv_peer_memory#46 and #51).
 */
export function modinfoFindings(paste: Paste): ModinfoFinding[] {
  const out: ModinfoFinding[] = [];
  for (const s of paste.sections) {
    if (!s.command || programOf(s.command) !== 'modinfo') continue;
    const file = s.output.find((l) => /^filename:\s+\S/.test(l));
    const name = s.output
      .find((l) => /^name:\s+\S/.test(l))
      ?.replace(/^name:\s+/, '')
      .trim();
    const arg = s.command.trim().split(/\s+/).pop() ?? '';
    if (file)
      out.push({ module: name ?? arg, filename: file.replace(/^filename:\s+/, '').trim(), line: s.from });
    for (const l of s.output) {
      const missing = /^modinfo: ERROR: Module (\S+) not found\.?$/.exec(l.trim());
      if (missing) out.push({ module: missing[1] as string, line: s.from });
    }
  }
  return out;
}

/** A line saying the program named is not there, or is there but could not start (shapes.ts). */
export function missingLine(text: string, line: number): MissingLine[] {
  const program = missingProgram(text);
  if (program) return [{ program, line, text: text.trim() }];
  const refused = loaderFailure(text);
  return refused
    ? [{ program: refused.program, line, text: text.trim(), loader: refused.occasion, names: refused.names }]
    : [];
}

/** The command runs a known tool, and not this one: a line of this one's shape in its output is another output. */
function runsOtherTool(command: string, tool: ToolId): boolean {
  return command !== '' && !commandRuns(tool, command) && runsAnotherTool(tool, command);
}
