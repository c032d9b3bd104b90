import { readdirSync, readFileSync } from 'node:fs';

/**
 * True while `pid` is a live process. A zombie counts as gone: it has exited
 * and only waits for its parent to reap it. Reads /proc (Linux).
 */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).trim()[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Live processes whose command line contains `needle`, from a /proc listing. */
export function pidsMatching(needle: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmd.includes(needle) && isAlive(Number(entry))) out.push(Number(entry));
    } catch {
      // it exited while we looked
    }
  }
  return out;
}

/** Live children of `ppid` whose command line contains `needle` (ppid is field 4 of /proc/PID/stat). */
export function childrenOf(ppid: number, needle: string): number[] {
  return pidsMatching(needle).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppidField = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      return Number(ppidField) === ppid;
    } catch {
      return false;
    }
  });
}
