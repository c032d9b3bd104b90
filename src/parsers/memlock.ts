import { ParseError } from './errors.js';
import { cleanLines, promptCommand } from './lines.js';

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
  /** The most restrictive reading: what RDMA registration would run into. */
  limit: number | 'unlimited';
}

const TOOL = 'ulimit';

function value(s: string, unit: 'kib' | 'bytes'): number | 'unlimited' | undefined {
  if (s === 'unlimited') return 'unlimited';
  if (!/^\d+$/.test(s)) return undefined;
  return unit === 'bytes' ? Math.floor(Number(s) / 1024) : Number(s);
}

export function parseMemlock(text: string): MemlockResult {
  const lines = cleanLines(text);
  const readings: MemlockReading[] = [];
  let hard = false;
  let expectBare = true;
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '' || /^```/.test(t)) continue;
    const cmd = promptCommand(line.text);
    if (cmd !== undefined) {
      hard = /\bulimit\s+-\w*H/.test(cmd);
      expectBare = /\bulimit\s+-\w*l\b/.test(cmd) || cmd === '';
      continue;
    }
    // bash "max locked memory (kbytes, -l) 8192"; dash "locked memory(kbytes) 64";
    // busybox ash "-l: max locked memory (kb) 64"; zsh "-l: locked-in-memory size (kbytes) 64".
    const a = /locked(?:-in-| )memory(?: size)?\s*\((kbytes|kb|bytes)(?:, -l)?\)\s+(\S+)$/i.exec(t);
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
    }
  }
  if (readings.length === 0) {
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
