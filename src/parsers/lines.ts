import { FENCE, unpage } from './page-layers.js';
import { carriedByMost } from './page-marks.js';
import { isSessionLine } from './session-lines.js';

/**
 * Line handling shared by every parser: CRLF and ANSI colour codes removed,
 * and the per-line prefixes that log collectors add stripped, keeping the
 * original 1-based line number for error messages.
 */
export interface Line {
  /** 1-based line number in the input. */
  readonly no: number;
  /** The line with collector prefixes and trailing whitespace removed. */
  readonly text: string;
  /**
   * A TUI pane's line that lost the closing border every other line of the pane has: the copy stops inside it,
   * so what followed in the pane is not shown (issue 38, principle 2).
   */
  readonly cut?: true;
}

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
/**
 * Spaces a page or a chat puts where the tool printed plain ones: the no-break space (U+00A0, what `&nbsp;` renders
 * as and what a browser copies from `white-space: pre` text), the other Unicode spaces (U+2000–U+200A, U+202F,
 * U+205F, U+3000) and zero-width marks (U+200B, U+2060, U+FEFF). No tool here prints them: they are the page's.
 */
const SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;
const ZERO_WIDTH = /[\u200b\u2060\ufeff]/g;
/**
 * A page's typography (issue 38, P1): "smart" quotes for the ASCII ones the tools print (gdrcopy's `Assertion "…"
 * failed`, ibstat's `CA '…'`), and a long option's `--` that a blog engine set as one dash (SmartyPants and
 * WordPress's wptexturize turn `--` into an en or em dash): a dash glued to a word after a space is `--`.
 */
const DOUBLE_CURLY = /[\u201c\u201d\u201e\u201f]/g;
const SINGLE_CURLY = /[\u2018\u2019\u201a\u201b]/g;
const DASHED_FLAG = /(^|[ \t])[\u2013\u2014](?=[A-Za-z])/g;

/**
 * Prefixes put in front of every line by the thing that captured the log.
 * Each is a commented branch with its source.
 */
const PREFIXES: readonly RegExp[] = [
  // Jenkins timestamper plugin: "[2026-07-28T10:17:17.743Z] " (fixture
  // nixlbench/ucx-dram-ci-2rank-same-host-timestamped-ok.log, nixl issue #1999).
  /^\[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?\] ?/,
  // `kubectl logs --timestamps` (RFC3339Nano, "2024-05-01T12:00:00.123456789Z ")
  // and GitHub Actions raw logs ("2024-05-01T12:00:00.1234567Z ").
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}) /,
  // `kubectl logs --prefix`: "[pod/nixl-abc/main] ".
  /^\[pod\/[^\]\s]+\] ?/,
  // Open MPI `mpirun --tag-output`: "[1,0]<stdout>:" (jobid,rank then the stream; orte/mca/iof);
  // indented when the poster put the paste inside a markdown list (the tag is unambiguous there too).
  /^[ \t]*\[\d+,\d+\]<(?:stdout|stderr|stddiag)>: ?/,
  // Open MPI `mpirun --timestamp-output` (with or without --tag-output): ctime(3) with its newline removed, glued to
  // the tag, "Sun Aug  5 18:49:42 2018[1,1]<stdout>:" or "…2018<stdout>:" (orte/mca/iof/base/iof_base_output.c,
  // orte_iof_base_write_output; no space follows the tag); a line whose stored copy starts inside that tag keeps only
  // "<stdout>:".
  /^(?:[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})?(?:\[\d+,\d+\])?<(?:stdout|stderr|stddiag)>:/,
  // Ray's driver relays a task's or actor's stdout behind `(pid=45601) `, `(MyActor pid=480956) `,
  // `(MyActor(index=2) pid=482120) ` (ray-project/ray doc/source/ray-observability/ray-logging.rst), with `, ip=…`
  // when the worker runs on another node (`(RayWorkerWrapper pid=581, ip=10.225.128.18) `); a launcher on Ray names
  // the task, `(head, rank=0, pid=21170) ` (skypilot): the process tag is Ray's, not the tool's.
  /^\((?:[^()]*(?:\([^()]*\))?[^()]*?[ ,])?pid=\d+(?:, ip=[\d.:a-fA-F]+)?\) ?/,
];

/**
 * Open MPI's IOF writes the `--tag-output` tag before every chunk it relays, not only at the start of a line
 * (open-mpi/ompi @ 34d089db orte/mca/iof/base/iof_base_output.c, orte_iof_base_write_output: the tag, then the
 * bytes read, with no newline added at the end), so a line the program wrote in several pieces carries
 * `[1,0]<stdout>:` inside it too, between two cells (`sum      -1[1,0]<stdout>:    187.7`; references/read-shapes.md,
 * b34). The tag is inserted, never the tool's: removing it restores the line (issue 38, principle 1).
 */
const OMPI_TAG_INSIDE = /\[\d+,\d+\]<(?:stdout|stderr|stddiag)>:/g;

/** Removes collector prefixes (possibly stacked, e.g. --prefix and --timestamps). */
export function stripPrefix(line: string): string {
  let s = line;
  for (let guard = 0; guard < 4; guard++) {
    const before = s;
    for (const re of PREFIXES) s = s.replace(re, '');
    if (s === before) break;
  }
  return s.replace(OMPI_TAG_INSIDE, '');
}

/**
 * The last text cleanLines read and its lines: a reading's parser, its elision pass (elisionsOf) and the paste's
 * reader read the same text, so it is cleaned once (the corpus reads in about a third less time). Lines are readonly: the
 * copies returned share them.
 */
let lastClean: { text: string; lines: readonly Line[] } | undefined;

export function cleanLines(text: string): Line[] {
  if (lastClean?.text === text) return [...lastClean.lines];
  const lines = cleanLinesOnce(text);
  lastClean = { text, lines };
  return [...lines];
}

function cleanLinesOnce(text: string): Line[] {
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(ANSI, '')
    .replace(SPACES, ' ')
    .replace(ZERO_WIDTH, '');
  // After the page's layers are off (a quoted-printable or HTML body decodes to the same typography).
  const raw = unpage(body.split(/\r?\n|\r/)).map((l) =>
    l.replace(DOUBLE_CURLY, '"').replace(SINGLE_CURLY, "'").replace(DASHED_FLAG, '$1--'),
  );
  const boxed = raw.filter((l) => BOX_SIDE.test(l)).length >= 2;
  const filled = raw.filter((l) => l.trim() !== '');
  // Slurm `srun --label` puts `<task id>: ` before every line (srun(1), -l/--label): when most lines carry it,
  // it is the launcher's, not the tool's.
  const labelled = carriedByMost(filled, SRUN_LABEL);
  // The Jenkins Timestamper plugin's default console format is `'<b>'HH:mm:ss'</b> '` ("12:25:56 " in the text;
  // jenkinsci/timestamper-plugin TimestamperConfig.java DEFAULT_TIMESTAMP_FORMAT): a bare clock time, so only
  // when most lines carry it is it the CI's, not the tool's.
  const clocked = carriedByMost(filled, CLOCK_TIME);
  // A paste copied from a unified diff's added lines (a docs PR's example output) carries the diff's `+` on every
  // line (GNU diffutils, "Unified Format": `+` marks a line added): when most lines carry it, it is the diff's.
  const diffed = carriedByMost(filled, DIFF_ADDED);
  // `docker compose logs` (and `up`) put the container's name, padded to the longest, and `| ` before every line
  // (docker/compose cmd/formatter/logs.go, presenter.setPrefix: `%-<longest name + 1>s | `): when most lines carry it,
  // it is compose's.
  const composed = carriedByMost(filled, COMPOSE_PREFIX);
  const lastFilled = raw.reduce((at, l, i) => (l.trim() === '' ? at : i), -1);
  const closed = raw.filter((l) => BOX_CLOSE.test(l)).length;
  return raw.flatMap((r, i) => {
    const own = unlabel(
      unclock(
        boxed ? unbox(r) : diffed ? r.replace(DIFF_ADDED, '') : composed ? r.replace(COMPOSE_PREFIX, '') : r,
        clocked,
      ),
      labelled,
    );
    const text = FENCE.test(r) ? '' : unwrap(stripPrefix(own)).trimEnd();
    // The session's own lines (a shell's locale warning, sudo's prompt, ssh's notes) are not the tool's: left out,
    // every other line keeping its number (session-lines.ts).
    if (isSessionLine(text)) return [];
    const cut = boxed && closed >= 2 && i === lastFilled && BOX_SIDE.test(r) && !BOX_CLOSE.test(r);
    return [{ no: i + 1, text, ...(cut ? { cut: true as const } : {}) }];
  });
}

const SRUN_LABEL = /^\s*\d+: /;
/** A compose service's container name (`worker-1`, v1's `worker_1`), padded, then `| ` (or `|` on an empty line). */
const COMPOSE_PREFIX = /^[\w.-]+\s+\|(?: |$)/;
/** A unified diff's added line: `+` then the line (not the `+++` file header, not a `+---+` table rule). */
const DIFF_ADDED = /^\+(?![+-])/;
const unlabel = (line: string, labelled: boolean) => (labelled ? line.replace(SRUN_LABEL, '') : line);
const CLOCK_TIME = /^\d{2}:\d{2}:\d{2} /;
const unclock = (line: string, clocked: boolean) => (clocked ? line.replace(CLOCK_TIME, '') : line);

/**
 * A TUI pane (k9s, tmux, screen, a `dialog` box) draws a box-drawing border around each
 * line: `│ CA 'mlx5_0'   │`, with `┌──┐`/`└──┘`/`├──┤` rules between. Two or more such
 * lines in a paste mean the borders are the pane's, not the tool's (no tool `read` knows
 * prints U+2500–U+257F box-drawing characters).
 */
const BOX_SIDE = /^\s*[│┃║]/;
const BOX_CLOSE = /[│┃║]\s*$/;
function unbox(line: string): string {
  if (/^\s*[┌┍┎┏╔╒╓├┝┠┣╠╞╟└┕┖┗╚╘╙─━═][─━═┬┴┼╤╧╪╦╩╬\s]*[┐┑┒┓╗╕╖┤┥┨┫╣╡╢┘┙┚┛╝╛╜─━═]?\s*$/.test(line)) return '';
  // The pane's first line often lacks its left border (the selection started after it): the right one still goes.
  const m = /^\s*(?:[│┃║] ?)?(.*?)\s*[│┃║]?\s*$/.exec(line);
  return m ? (m[1] as string) : line;
}

/**
 * A prompt the poster wrapped in markdown (`**$ ibstat**`, `` `root@h:~# ibstat` ``,
 * `__$ lsmod__`): the marks are the post's, the prompt is the paste's.
 */
function unwrap(line: string): string {
  const m = /^\s*(\*\*|__|`)(.+?)\1\s*$/.exec(line);
  if (!m) return line;
  const inner = m[2] as string;
  return promptCommand(inner) !== undefined ? inner : line;
}

/**
 * A line a parser could not place and left out, read around instead of rejecting the paste (issue 38,
 * principle 1): `read` names it in a `read.lines` check. `why` says what was wrong with it.
 */
export interface NotUnderstood {
  line: number;
  text: string;
  why?: string;
  /** The paste ends inside this line (a row cut short): whatever followed it is not shown. */
  cut?: true;
}

/** Is this line the last one that carries something? A line cut there is a paste cut mid-line. */
export function isLastLine(lines: readonly Line[], no: number): boolean {
  return !lines.some((l) => l.no > no && l.text.trim() !== '');
}

/** The lines that carry something. */
export function nonEmpty(lines: readonly Line[]): Line[] {
  return lines.filter((l) => l.text.trim() !== '');
}

/**
 * A shell prompt echoed into a paste: "[root@gpu3 ~]# cmd", "(env) [u@h d]$ cmd",
 * "root@a53653df85ce:/# cmd", "$ cmd", "# cmd", and the prompts `kubectl exec -it …
 * -- sh` shows: bash/sh without a hostname ("sh-4.4# cmd", "bash-5.1$ cmd", PS1's
 * `\s-\v\$` default) and busybox ash in Alpine images ("/ # cmd", "~ $ cmd", its
 * `\w \$` default). Returns the command typed (possibly empty), or undefined when
 * the line is not a prompt.
 */
export function promptCommand(text: string): string | undefined {
  const m =
    // user@host may be a placeholder an author wrote in a doc (`ubuntu@<hostname>:~$`).
    /^\s*(?:\([^)]*\)\s*)?(?:\[[^\]]*\]|[\p{L}\p{N}_.<>-]+@[\p{L}\p{N}_.<>-]+(?::[^\s#$]*)?)\s*[#$](?:\s+(.*))?$/u.exec(
      text,
    ) ??
    /^\s*(?:sh|bash|dash|zsh)-\d+(?:\.\d+)*[#$](?:\s+(.*))?$/.exec(text) ??
    // Singularity/Apptainer shell (`Singularity> cmd`, its default PS1).
    /^\s*(?:Singularity|Apptainer)>(?:\s+(.*))?$/.exec(text) ??
    // oh-my-zsh's default theme (robbyrussell: `➜  %c $(git_prompt_info)`, `➜  repo git:(main) ✗ cmd`), and the `❯` of
    // pure, spaceship and starship: no tool read here prints either mark.
    /^\s*➜\s+\S+(?:\s+git:\([^)]*\))?(?:\s+✗)?(?:\s+(.*))?$/u.exec(text) ??
    /^\s*❯(?:\s+(.*))?$/u.exec(text) ??
    // `host:path$ cmd` without a user (macOS `\h:\W \u\$` with the user cut, `-MacBookPro:~$`).
    /^\s*(?:\([^)]*\)\s*)?[\w.-]*:[~/][^\s#$]*\s*[#$]\s+(.+)$/.exec(text) ??
    // csh/tcsh `%m:%~ %` with an optional `[%T] ` clock (tcsh(1) prompt escapes): `[4:01] host:~/mpi % cmd`.
    /^\s*(?:\[[\d:]+\]\s*)?[\w.-]+:[~/][^\s%]*\s+%(?:\s+(.*))?$/.exec(text) ??
    // zsh's default `%n@%m %1~ %#`: `user@host ~ % cmd`.
    /^\s*(?:\([^)]*\)\s*)?[\w.-]+@[\w.-]+\s+\S+\s+[%#]\s+(.+)$/.exec(text) ??
    /^\s*[/~][^\s#$]*\s[#$](?:\s+(.*))?$/.exec(text) ??
    // `\w\$` with no space (`~$ cmd`, `/workspace# cmd`), a PS1 whose user@host was cut from the paste.
    /^\s*[/~][^\s#$]*[#$]\s+(.+)$/.exec(text) ??
    // The tail of bash's `[\u@\h \W]\$` after a page broke the prompt in two or an author cut its head: `qemu]# cmd`,
    // `]# cmd` (the working directory's basename, then the bracket the prompt closes with).
    /^\s*[\p{L}\p{N}_.~-]*\]\s?[#$]\s+(.+)$/u.exec(text) ??
    // `$/usr/bin/copybw …`, `$./copybw`: a `$` prompt with the path glued to it.
    /^\s*\$(\.?\/\S.*)$/.exec(text) ??
    // `set -x` (xtrace): the shell echoes each command after PS4, `+ ` by default, its first character repeated
    // once per level of indirection (`++ hostname` inside a `$(…)`); bash(1) PS4 and `set -x`.
    /^\s*\++ (\S.*)$/.exec(text) ??
    // IPython's shell escape in a notebook cell (`!nvidia-smi topo -m`, `!!lsmod`; Jupyter, Colab, Kaggle): the cell's
    // line is the command typed (IPython docs, "System shell access"); a markdown image `![…]` is not.
    /^\s*!!?([a-z./][\w./-]*(?:\s.*)?)$/.exec(text) ??
    /^\s*[#$](?:\s+(.*))?$/.exec(text);
  if (!m) return undefined;
  return (m[1] ?? '').trim();
}

/** The host a prompt names (`root@gpu3`, `[root@gpu3 ~]#`), for telling machines apart in one paste. */
export function promptHost(text: string): string | undefined {
  return /^\s*(?:\([^)]*\)\s*)?\[?[\p{L}\p{N}_.-]+@([\p{L}\p{N}_.-]+)[\s:\]]/u.exec(text)?.[1];
}

/**
 * The working directory a prompt shows, when it shows a path: `root@h:/dev/infiniband# …` (Debian's
 * `\u@\h:\w\$`), `/dev/infiniband # …` (busybox ash's `\w \$`), `~/x$ …`. `[root@h infiniband]#` shows only
 * the last component (RHEL's `\W`), which is no path: undefined.
 */
export function promptCwd(text: string): string | undefined {
  if (promptCommand(text) === undefined) return undefined;
  const m =
    /^\s*(?:\([^)]*\)\s*)?[\p{L}\p{N}_.<>-]+@[\p{L}\p{N}_.<>-]+:([~/][^\s#$]*)\s*[#$]/u.exec(text) ??
    /^\s*([~/][^\s#$]*)\s?[#$]/.exec(text);
  return m?.[1];
}

/** True when every character of s is whitespace. */
export function isBlank(s: string): boolean {
  return s.trim() === '';
}

/**
 * An author's elision, not data: `...`, `…`, `[snip]`, `<snip>`, `(snipped)`, `[... 40 lines ...]`,
 * `-- snip --`, `# ...`. What it stands for is not shown.
 */
export function isElision(text: string): boolean {
  return /^\s*(?:#\s*)?(?:\.{2,}|…+|[[(<]\s*(?:\.{2,}|…|snip(?:ped)?|truncated|cut|omitted|more)[^\])>]*[\])>]|-+\s*(?:snip|cut)\s*-+|(?:snip|snipped|truncated)\.*)\s*$/i.test(
    text,
  );
}

/** An author's elision line in a paste: where it is and what it reads (`...`, `[snip]`). */
export interface Elision {
  line: number;
  text: string;
}

/**
 * cleanLines less the author's elisions (issue 38, principle 2: an elision is not data): every other line keeps
 * its number, and a matrix or table pasted on both sides of one reads as one, under its header. What an elision
 * stands for is not shown; elisionsOf names them for the reading (src/read/elisions.ts).
 */
export function dataLines(text: string): Line[] {
  return cleanLines(text).filter((l) => !isElision(l.text));
}

/** The author's elision lines of a paste, in order, with their line numbers. */
export function elisionsOf(text: string): Elision[] {
  return cleanLines(text).flatMap((l) => (isElision(l.text) ? [{ line: l.no, text: l.text.trim() }] : []));
}

/** The first elision next to one of the lines numbered `at` (no filled line between them), as a list's continuation. */
export function elisionBeside(
  lines: readonly Line[],
  marks: readonly Elision[],
  at: readonly number[],
): Elision | undefined {
  const filled = lines.filter((l) => l.text.trim() !== '');
  return marks.find((m) => {
    const before = filled.findLast((l) => l.no < m.line)?.no;
    const after = filled.find((l) => l.no > m.line)?.no;
    return (before !== undefined && at.includes(before)) || (after !== undefined && at.includes(after));
  });
}

/** A YAML key opening a block scalar (`raw: |-`, `out: >`; YAML 1.2 §8.1: `|` literal, `>` folded, chomping, indent). */
const BLOCK_KEY = /^(\s*)(?:- )?[\w.-]+:\s*[|>][-+]?\d?\s*$/;

/**
 * The content lines of the YAML block scalars in a report that embeds a tool's output (gpud's `lsmod_peermem:`
 * then `raw: |-` and the lsmod lines indented under it; issue 38, principle 1): every line indented deeper than
 * its key, with that indentation removed, keeping line numbers. Empty when the input has no block scalar.
 */
export function yamlBlockLines(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  let key: number | undefined;
  let indent: number | undefined;
  for (const l of lines) {
    const lead = (/^\s*/.exec(l.text)?.[0] ?? '').length;
    if (key !== undefined && (l.text.trim() === '' || lead > key)) {
      indent ??= lead;
      out.push({ no: l.no, text: l.text.slice(Math.min(indent, lead)) });
      continue;
    }
    key = undefined;
    indent = undefined;
    const open = BLOCK_KEY.exec(l.text);
    if (open) key = (open[1] as string).length;
  }
  return out;
}
