import { ParseError } from './errors.js';
import { dataLines, type Elision, elisionsOf, promptCommand } from './lines.js';

/**
 * The max-locked-memory limit, from `ulimit -l` (KiB or "unlimited"),
 * `ulimit -a` / `ulimit -Ha` ("max locked memory (kbytes, -l) 8192") or
 * /proc/<pid>/limits ("Max locked memory  65536  65536  bytes"). A paste may hold
 * several readings (host and container, qdrant PR #1885); each is kept.
 */
export interface MemlockReading {
  /** KiB, or "unlimited". */
  kib: number | 'unlimited';
  line: number;
  /** From `ulimit -H…` or the hard column of /proc limits. */
  hard?: boolean;
}

export interface MemlockResult {
  readings: MemlockReading[];
  /** The most restrictive reading: what RDMA registration would run into. Absent when no reading is shown. */
  limit?: number | 'unlimited';
  /**
   * A `ulimit -a` table whose max-locked-memory row is not in the paste (cut, or filtered, before it): the
   * other limits' rows it does show. The limit is not shown, which is not "no limit".
   */
  tableWithoutRow?: { rows: number; line: number };
  /** No reading shown, and the author left lines out (`...`): the value may be among them (principle 2). */
  elided?: Elision;
}

const TOOL = 'ulimit';

function value(s: string, unit: 'kib' | 'bytes'): number | 'unlimited' | undefined {
  if (s === 'unlimited') return 'unlimited';
  if (!/^\d+$/.test(s)) return undefined;
  return unit === 'bytes' ? Math.floor(Number(s) / 1024) : Number(s);
}

/**
 * The max-locked-memory row of `ulimit -a` in each shell's layout (references/read-shapes.md):
 * bash `max locked memory       (kbytes, -l) 8192`; dash `locked memory(kbytes) 64`;
 * busybox ash and hush since 1.31 `max locked memory (kb)          (-l) 64` (the unit before the
 * flag: shell/shell_common.c `printf("%-32s(-%c) ", …)`), before 1.31 `-l: locked memory (kb)   64`;
 * zsh `-l: locked-in-memory size (kbytes) 64`.
 */
const LOCKED_ROW =
  /locked(?:-in-| )memory(?: size)?\s*\((kbytes|kb|bytes)(?:, -l)?\)(?:\s+\(-l\))?\s+(\S+)$/i;

/**
 * Any row of a `ulimit -a` table, in the same layouts: a flag in parentheses after the name (bash
 * `(blocks, -c)`, busybox `(-c)`), a `-c: ` flag before it (busybox before 1.31, zsh), or dash's unit
 * glued to the name (`stack(kbytes)`). Used to tell a table that lacks its -l row from other text.
 */
const TABLE_ROW =
  /^(?:[A-Za-z][\w -]*?\s*\((?:[\w ]+, )?-[A-Za-z]\)|[A-Za-z][\w -]*\([\w ]+\)\s+\(-[A-Za-z]\)|-[A-Za-z]: [A-Za-z][\w ()-]*?|[a-z]+\((?:kbytes|blocks|bytes|seconds|microseconds)\))\s+(?:\d+|unlimited)$/;

/**
 * A `ulimit -a` row with its unit and no flag (`core file size (blocks) 0`, `pipe size (512 bytes) 8`: a copy that
 * lost the flags, or a shell that prints none): a row of the table only under a typed `ulimit`.
 */
const UNIT_ROW =
  /^[A-Za-z][\w -]*?\s*\((?:blocks|kbytes|bytes|seconds|microseconds|512 bytes)\)\s+(?:\d+|unlimited)$/;

/**
 * A poster's note after a value, as a shell comment (`8192  # Only 8 MB`): a `#` after a blank
 * starts a comment in sh (POSIX XCU 2.3, "Token Recognition"); neither ulimit nor /proc prints one.
 */
const noted = (t: string) => t.replace(/\s+#.*$/, '');

export function parseMemlock(text: string): MemlockResult {
  const lines = dataLines(text);
  const readings: MemlockReading[] = [];
  let hard = false;
  let expectBare = true;
  let typed = false;
  let table: { rows: number; line: number } | undefined;
  for (const line of lines) {
    const raw = line.text.trim();
    if (raw === '' || /^```/.test(raw)) continue;
    const cmd = promptCommand(line.text);
    if (cmd !== undefined) {
      hard = /\bulimit\s+-\w*H/.test(cmd);
      typed ||= /\bulimit\b|\/limits\b/.test(cmd);
      expectBare = /\bulimit\s+-\w*l\b/.test(cmd) || cmd === '';
      continue;
    }
    const t = noted(raw);
    // /proc/<pid>/limits's header line: the paste is that file's, whatever was typed.
    if (/^Limit\s+Soft Limit\s+Hard Limit\s+Units$/.test(t)) typed = true;
    const a = LOCKED_ROW.exec(t);
    if (a) {
      const v = value(a[2] as string, a[1] === 'bytes' ? 'bytes' : 'kib');
      if (v !== undefined) readings.push({ kib: v, line: line.no, ...(hard ? { hard } : {}) });
      continue;
    }
    const proc = /^Max locked memory\s+(\S+)\s+(\S+)\s+bytes$/.exec(t);
    if (proc) {
      const soft = value(proc[1] as string, 'bytes');
      const hardV = value(proc[2] as string, 'bytes');
      if (soft !== undefined) readings.push({ kib: soft, line: line.no });
      if (hardV !== undefined) readings.push({ kib: hardV, line: line.no, hard: true });
      continue;
    }
    // A bare `ulimit -l` answer: one number or "unlimited" on its own line.
    if (expectBare && /^(\d+|unlimited)$/.test(t)) {
      readings.push({
        kib: value(t, 'kib') as number | 'unlimited',
        line: line.no,
        ...(hard ? { hard } : {}),
      });
      continue;
    }
    if (TABLE_ROW.test(t) || (typed && UNIT_ROW.test(t)))
      table = { rows: (table?.rows ?? 0) + 1, line: table?.line ?? line.no };
  }
  if (readings.length === 0) {
    // Only under a typed `ulimit` (or /proc/<pid>/limits): another tool's paste with a `...` is still not memlock's.
    const elided = typed ? elisionsOf(text)[0] : undefined;
    if (table || elided)
      return { readings, ...(table ? { tableWithoutRow: table } : {}), ...(elided ? { elided } : {}) };
    const first = lines.find((l) => l.text.trim() !== '');
    if (!first)
      throw new ParseError(TOOL, 'the input is empty', {
        fix: 'pass the output of `ulimit -l` or `ulimit -a`',
      });
    throw new ParseError(TOOL, 'no max-locked-memory value found', {
      line: first.no,
      text: first.text,
      fix: 'pass the output of `ulimit -l` or `ulimit -a`',
    });
  }
  const numbers = readings.map((r) => r.kib).filter((k): k is number => k !== 'unlimited');
  return { readings, limit: numbers.length ? Math.min(...numbers) : 'unlimited' };
}
