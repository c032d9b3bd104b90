import { ParseError } from './errors.js';
import { dataLines, isLastLine, type NotUnderstood, promptCommand } from './lines.js';

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
  /** RDMA devices, when /sys/class/infiniband was listed (by `ls`, `find` or a path under it). */
  ibdevs?: string[];
  /** False when the capture lists other paths (/sys/class/infiniband, /dev/gdrdrv) but not /dev/infiniband; else absent. */
  listed?: false;
  /**
   * The paste ends inside an `ls -l` row of /dev/infiniband, or a pane copy stops inside its last row: the entries
   * after it (ls sorts uverbs last) are not shown.
   */
  cut?: NotUnderstood;
  notUnderstood?: NotUnderstood[];
}

const TOOL = 'ls /dev/infiniband';
const IB_NODE = /^(uverbs\d+|rdma_cm|umad\d+|issm\d+|ucm\d+|by-ibdev|by-path)$/;
// `ls -l`/`-la`/`-ls` row: [blocks] mode links owner group (major, minor | size, maybe `-h` 5.6K) date name.
const LONG =
  /^(?:\d+\s+)?([bcdlps-][rwxsStT-]{9})[.+@]?\s+\d+\s+\S+\s+\S+\s+(?:(\d+),\s*(\d+)|[\d.]+[KMGTP]?)\s+\S+\s+\S+\s+\S+\s+(.+)$/;
const DEV = '/dev/infiniband';
const SYS = '/sys/class/infiniband';

/** The directory a typed `ls`/`find` lists when it names one path, or the prompt's cwd when it names none. */
function listedDir(prompt: string, cmd: string): string | undefined {
  const words = cmd.trim().split(/\s+/);
  if (!/^(?:ls|ll|find)$/.test(words[0] ?? '')) return undefined;
  const pipe = words.indexOf('|');
  const list = (pipe >= 0 ? words.slice(1, pipe) : words.slice(1)).filter(
    (w) => !w.startsWith('-') && !/^[|>]/.test(w),
  );
  if (list.length === 1) return (list[0] as string).replace(/\/+$/, '');
  if (list.length === 0) return /@[\w.-]+:(\/[^\s#$]*)\s*[#$]/.exec(prompt)?.[1]?.replace(/\/+$/, '');
  return undefined;
}

/** `/dev/infiniband/<glob, brace list or device node>`: the typed path names nodes of /dev/infiniband itself. */
function nodesOf(path: string): boolean {
  const rest = path.startsWith(`${DEV}/`) ? path.slice(DEV.length + 1) : undefined;
  return rest !== undefined && !rest.includes('/') && (/[*?[{]/.test(rest) || IB_NODE.test(rest));
}

export function parseDevInfiniband(text: string): DevInfinibandResult {
  const lines = dataLines(text);
  const entries: DevEntry[] = [];
  const netdevs: string[] = [];
  const ibdevs: string[] = [];
  let section = DEV;
  let present = true;
  let gdrdrv: boolean | undefined;
  let recognised = false;
  let devListed = false;
  let otherListed = false;
  let cut: NotUnderstood | undefined;
  const enter = (dir: string) => {
    section = dir;
    if (dir === DEV) devListed = true;
    else otherListed = true;
  };
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '') continue;
    const cmd = promptCommand(line.text);
    if (cmd !== undefined) {
      const dir = listedDir(line.text, cmd);
      // `ls -l /dev/infiniband/{rdma_cm,uverbs*}` (a brace list, a glob or one node) lists nodes of /dev/infiniband.
      if (dir) enter(nodesOf(dir) ? DEV : dir);
      continue;
    }
    // `find` output and `ls /sys/class/infiniband/*/ports/*/state`: one absolute path a line.
    const path = /^(\/(?:dev|sys)\/\S+)$/.exec(t)?.[1];
    if (path && !path.endsWith(':')) {
      recognised = true;
      const under = (root: string) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined);
      const dev = under(DEV);
      const sys = under(SYS);
      if (path === DEV) devListed = true;
      else if (dev !== undefined) {
        devListed = true;
        if (!dev.includes('/') && IB_NODE.test(dev)) entries.push({ name: dev });
      } else if (sys !== undefined) {
        otherListed = true;
        const name = sys.split('/')[0] as string;
        if (!ibdevs.includes(name)) ibdevs.push(name);
      } else if (path === '/dev/gdrdrv') gdrdrv = true;
      else otherListed = true;
      continue;
    }
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
      enter((dir[1] as string).replace(/\/$/, ''));
      continue;
    }
    // coreutils ls prints _("total") translated (`insgesamt 0`, `总用量 0`, `итого 0`): one word and the size.
    if (/^\p{L}+ \d+(?:[.,]\d+)?[KMGTkmgt]?$/u.test(t)) {
      recognised = true;
      continue;
    }
    const long = LONG.exec(t);
    const names = long ? [(long[4] as string).replace(/ -> .*$/, '')] : t.split(/\s+/);
    // In /dev/infiniband only the verbs/MAD/CM nodes exist (and `.`/`..` of `ls -a`); other listed directories take any name.
    const known = (n: string) =>
      section === DEV
        ? IB_NODE.test(n.replace(/^\/dev\/infiniband\//, '')) ||
          n === '/dev/gdrdrv' ||
          n === '.' ||
          n === '..' ||
          n === './' ||
          n === '../'
        : /^[\w./:@-]+$/.test(n);
    if (!long && !names.every(known)) {
      // The paste's last line stops inside an `ls -l` row (`crw-rw-rw-  1 root root 2`): cut, not garbage.
      if (section === DEV && /^[bcdlps-][rwxsStT-]{9}[.+@]?(?:\s|$)/.test(t) && isLastLine(lines, line.no)) {
        recognised = true;
        devListed = true;
        cut = { line: line.no, text: t, why: 'the paste ends inside this `ls -l` row', cut: true };
        continue;
      }
      throw new ParseError(TOOL, 'not an `ls` entry', {
        line: line.no,
        text: line.text,
        fix: 'pass the output of `ls -l /dev/infiniband`',
      });
    }
    recognised = true;
    if (section === DEV) devListed = true;
    // A TUI pane's last line that lost its closing border: the copy stops there, later (uverbs) rows are not shown.
    if (line.cut && section === DEV)
      cut = { line: line.no, text: t, why: 'the pane copy stops inside this line' };
    for (const raw of names) {
      if (/^\.\.?\/?$/.test(raw)) continue;
      if (section === SYS) {
        // Its entries are symlinks to the devices (`ls -F` marks them `@`); a name ending in `/` is a directory,
        // never a device there: the shell's completion list of /sys/class (`infiniband/  infiniband_mad/`).
        if (raw.endsWith('/')) continue;
        const dev = raw.replace(/@$/, '');
        if (!ibdevs.includes(dev)) ibdevs.push(dev);
        continue;
      }
      if (raw === '/dev/gdrdrv' || (section === '/dev' && raw === 'gdrdrv')) {
        gdrdrv = true;
        continue;
      }
      if (section === '/sys/class/net') {
        netdevs.push(raw);
        continue;
      }
      if (section !== DEV) continue;
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
    ...(ibdevs.length ? { ibdevs } : {}),
    ...(devListed || !otherListed || !present ? {} : { listed: false as const }),
    ...(cut ? { cut, notUnderstood: [cut] } : {}),
  };
}
