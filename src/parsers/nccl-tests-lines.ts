import type { Line } from './lines.js';

/**
 * Line shapes around nccl-tests output that are the launcher's or the log's, not the tool's (issue 38,
 * principle 1).
 */

/**
 * Slurm's `srun --label` (`-l`) prefixes every line with the task number and `: ` (srun(1): "Prepend task
 * number to lines of stdout/err"), padded to the width of the largest: `0: `, ` 3: `, `12: `. No nccl-tests
 * or NCCL line starts with digits and `: `, so the label is the launcher's, not the tool's (principle 1).
 */
export function unlabel(line: string): string {
  return line.replace(/^[ \t]*\d{1,6}: /, '').replace(/^\[(\d{1,6})\] ?(.*)$/, untag);
}

/**
 * MPICH's `mpiexec -prepend-rank` (`-l`) writes its `[%r] ` pattern (hydra ui/mpich/utils.c, prepend_rank_fn)
 * before each chunk it relays, so a row written in pieces carries the rank tag inside the line too, glued to
 * the cell before it (`sum      -1[0]    1626.5    0.64 …`, NVIDIA/nccl#1453). On a line that starts with
 * the tag, the same tag after a cell is the launcher's; NCCL's own lines (`0[0] -> 1[1]` connections) keep theirs.
 */
function untag(_line: string, rank: string, rest: string): string {
  if (/\bNCCL\b| -> /.test(rest)) return rest;
  return rest.replace(new RegExp(`(?<=\\S)\\[${rank}\\](?=\\s)`, 'g'), ' ');
}

/** A number cell of a result row (time, algbw, busbw, #wrong, root) or N/A. */
const CELL = String.raw`(?:-?\d[\d.]*(?:e[+-]?\d+)?|N\/A)`;
/** Cells only: the middle or the end of a row written in pieces. */
const CELLS_ONLY = new RegExp(String.raw`^\s*${CELL}(?:\s+${CELL})*\s*$`, 'i');
/** The start of a row: size, count, the type name (then the op words and cells). */
const ROW_START = /^\s*\d+\s+\d+\s+[a-z]\w*\b/i;
/**
 * Row cells with an NCCL log line glued to the last one (`…  sum      -1mew0:65704:65704 [1] NCCL INFO …`):
 * the cells before, the last cell, and NCCL's `host:pid:tid [dev] NCCL INFO|WARN …` line (a host name starts
 * with a letter; a WARN puts its `file.cc:line` before `NCCL`).
 */
const GLUED = new RegExp(
  String.raw`^((?:[\s\w.+\/-]*\s)?${CELL})([A-Za-z][\w.-]*:\d+:\d+ \[\d+\] (?:\S+ )?NCCL (?:INFO|WARN)\b.*)$`,
  'i',
);

/**
 * A result row that NCCL's own log lines cut into pieces, joined again. nccl-tests writes a row in three
 * parts to stdout: the size, count, type, op and root (util.cu writeBenchmarkLinePreamble), the cells of each
 * placement after it ran (common.cu, writeBenchmarkLineBody, called for out-of-place then in-place) and the
 * newline last (writeBenchmarkLineTerminator); NCCL_DEBUG=INFO writes its lines to stdout too, while the
 * collectives run, so they land between the parts, glued to the cell before them (references/read-shapes.md).
 * Each glued NCCL line is split off onto its own line, and the parts of a row, from its start to the first
 * part that ends its line, are joined into the row (principle 1: the same row, with the log between).
 */
export function joinSplitRows(lines: Line[]): Line[] {
  const out: Line[] = [];
  let pending: { no: number; text: string } | undefined;
  for (const line of lines) {
    const glued = GLUED.exec(line.text);
    const part = glued ? (glued[1] as string) : line.text;
    const isStart = ROW_START.test(part) && (glued !== null || pending !== undefined);
    if (isStart || (pending && CELLS_ONLY.test(part))) {
      if (isStart && pending) out.push({ no: pending.no, text: pending.text });
      pending =
        isStart || !pending
          ? { no: line.no, text: part }
          : { no: pending.no, text: `${pending.text} ${part}` };
      if (glued) out.push({ no: line.no, text: glued[2] as string });
      else {
        out.push({ no: pending.no, text: pending.text });
        pending = undefined;
      }
      continue;
    }
    out.push(line);
  }
  if (pending) out.push({ no: pending.no, text: pending.text });
  return out;
}
