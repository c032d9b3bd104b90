import { ParseError } from './errors.js';
import { cleanLines, promptCommand } from './lines.js';

/**
 * `ls /dev/infiniband` or `ls -l /dev/infiniband` (optionally with other paths,
 * e.g. `ls -l /dev/infiniband /sys/class/net`, and `/dev/gdrdrv`). Entries:
 * uverbsN (231, 192+N: the verbs data path), rdma_cm (misc 10: RDMA-CM),
 * umadN/issmN (MAD/SM access, usually root-only), ucmN (legacy).
 */
export interface DevEntry {
  name: string;
  /** `ls -l` only: "crw-rw-rw-" (SELinux "." / ACL "+" suffix removed). */
  mode?: string;
  major?: number;
  minor?: number;
}

export interface DevInfinibandResult {
  /** False when ls said it cannot access /dev/infiniband. */
  present: boolean;
  entries: DevEntry[];
  uverbs: string[];
  rdmaCm: boolean;
  /** True/false when /dev/gdrdrv was listed or reported missing; undefined when not asked. */
  gdrdrv?: boolean;
  /** Network interfaces, when /sys/class/net was listed alongside. */
  netdevs?: string[];
}

const TOOL = 'ls /dev/infiniband';
const IB_NODE = /^(uverbs\d+|rdma_cm|umad\d+|issm\d+|ucm\d+|by-ibdev|by-path)$/;
const LONG =
  /^([bcdlps-][rwxsStT-]{9})[.+@]?\s+\d+\s+\S+\s+\S+\s+(?:(\d+),\s*(\d+)|\d+)\s+\S+\s+\S+\s+\S+\s+(.+)$/;

export function parseDevInfiniband(text: string): DevInfinibandResult {
  const lines = cleanLines(text);
  const entries: DevEntry[] = [];
  const netdevs: string[] = [];
  let section = '/dev/infiniband';
  let present = true;
  let gdrdrv: boolean | undefined;
  let recognised = false;
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '' || promptCommand(line.text) !== undefined) continue;
    const missing = /^ls: cannot access '?([^':]+)'?: No such file or directory$/.exec(t);
    if (missing) {
      recognised = true;
      if (missing[1] === '/dev/gdrdrv') gdrdrv = false;
      else if (/^\/dev\/infiniband\/?$/.test(missing[1] as string)) present = false;
      continue;
    }
    const dir = /^(\/\S+):$/.exec(t);
    if (dir) {
      recognised = true;
      section = (dir[1] as string).replace(/\/$/, '');
      continue;
    }
    if (/^total \d+$/.test(t)) {
      recognised = true;
      continue;
    }
    const long = LONG.exec(t);
    const names = long ? [(long[4] as string).replace(/ -> .*$/, '')] : t.split(/\s+/);
    // In /dev/infiniband only the verbs/MAD/CM nodes exist; other listed directories take any name.
    const known = (n: string) =>
      section === '/dev/infiniband'
        ? IB_NODE.test(n.replace(/^\/dev\/infiniband\//, '')) || n === '/dev/gdrdrv'
        : /^[\w./:@-]+$/.test(n);
    if (!long && !names.every(known)) {
      throw new ParseError(TOOL, 'not an `ls` entry', {
        line: line.no,
        text: line.text,
        fix: 'pass the output of `ls -l /dev/infiniband`',
      });
    }
    recognised = true;
    for (const raw of names) {
      if (raw === '.' || raw === '..') continue;
      if (raw === '/dev/gdrdrv' || (section === '/dev' && raw === 'gdrdrv')) {
        gdrdrv = true;
        continue;
      }
      if (section === '/sys/class/net') {
        netdevs.push(raw);
        continue;
      }
      if (section !== '/dev/infiniband') continue;
      const name = raw.replace(/^\/dev\/infiniband\//, '');
      entries.push({
        name,
        ...(long ? { mode: (long[1] as string).slice(0, 10) } : {}),
        ...(long?.[2] !== undefined ? { major: Number(long[2]), minor: Number(long[3]) } : {}),
      });
    }
  }
  if (!recognised) {
    throw new ParseError(TOOL, 'the input is empty', { fix: 'pass the output of `ls -l /dev/infiniband`' });
  }
  return {
    present: present || entries.length > 0,
    entries,
    uverbs: entries.filter((e) => /^uverbs\d+$/.test(e.name)).map((e) => e.name),
    rdmaCm: entries.some((e) => e.name === 'rdma_cm'),
    ...(gdrdrv !== undefined ? { gdrdrv } : {}),
    ...(netdevs.length ? { netdevs } : {}),
  };
}
