import { ParseError } from './errors.js';
import { dataLines, isLastLine, type NotUnderstood, promptCommand } from './lines.js';

/**
 * `show_gids` (MLNX_OFED script): DEV PORT INDEX GID IPv4 VER DEV(netdev), one
 * row per GID, then "n_gids_found=N". The IPv4 column is empty for IPv6/link-local
 * GIDs. RoCEv2 over IPv4 uses the v2 row with an IPv4 address; its INDEX is the
 * GID index to configure (UCX_IB_GID_INDEX / NCCL_IB_GID_INDEX).
 */
export interface Gid {
  device: string;
  port: number;
  index: number;
  gid: string;
  ipv4?: string;
  version: 'v1' | 'v2';
  netdev?: string;
}

export interface ShowGidsResult {
  gids: Gid[];
  /** From "n_gids_found=N"; undefined when the trailer was not pasted. */
  found?: number;
  /** Rows left out (a row cut mid-line, a line that is no GID row) and fields not read; the rest is read. */
  notUnderstood?: NotUnderstood[];
}

const TOOL = 'show_gids';
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * show_gids prints the IPv4 column from the GID itself: a GID whose first group is 0000 is IPv4-mapped
 * (::ffff:a.b.c.d) and its last two groups are printed as a dotted quad (mlnx-tools sbin/show_gids:94-95).
 */
export function ipv4OfGid(gid: string): string | undefined {
  const m = /^0000:0000:0000:0000:0000:ffff:([0-9a-f]{2})([0-9a-f]{2}):([0-9a-f]{2})([0-9a-f]{2})$/i.exec(
    gid,
  );
  return m
    ? m
        .slice(1, 5)
        .map((h) => Number.parseInt(h as string, 16))
        .join('.')
    : undefined;
}

/**
 * Fields that begin a GID row and stop short of its VER column: a device name, then a port, an index and a
 * GID where shown, then at most the start of the IPv4 address or of the version: show_gids prints
 * `$gid\t$ipv4  \t$_type\t$_ndev` (mlnx-tools sbin/show_gids L96 and L98 at 088fadb), IPv4 before VER.
 */
function rowStart(f: readonly string[]): boolean {
  const [ip, ver, more] = f.slice(4);
  const tail =
    ip === undefined ||
    (ver === undefined && /^(?:\d{1,3}(?:\.\d{0,3}){0,3}|v)$/.test(ip)) ||
    (more === undefined && IPV4.test(ip) && ver === 'v');
  return (
    tail &&
    /^[A-Za-z][\w.-]*$/.test(f[0] ?? '') &&
    (f[1] === undefined || /^\d+$/.test(f[1])) &&
    (f[2] === undefined || /^\d+$/.test(f[2])) &&
    (f[3] === undefined || /^[0-9a-f:]+$/i.test(f[3]))
  );
}

export function parseShowGids(text: string): ShowGidsResult {
  const lines = dataLines(text);
  const gids: Gid[] = [];
  let found: number | undefined;
  let header = false;
  const notUnderstood: NotUnderstood[] = [];
  for (const line of lines) {
    const t = line.text.trim();
    if (t === '' || promptCommand(line.text) !== undefined) continue;
    if (/^DEV\s+PORT\s+INDEX\s+GID/.test(t)) {
      header = true;
      continue;
    }
    if (/^-+(\s+-+)+$/.test(t)) continue;
    const n = /^n_gids_found=(\d+)$/.exec(t);
    if (n) {
      found = Number(n[1]);
      continue;
    }
    const f = t.split(/\s+/);
    const [device, port, index, gid] = f;
    const rest = f.slice(4);
    // A field in the IPv4 column that is no address (a poster's edit: show_gids derives it from the GID) is
    // named, and the address is read from the GID as show_gids does.
    const odd = rest.length >= 2 && /^v[12]$/.test(rest[1] ?? '') ? rest[0] : undefined;
    const ipv4Field = rest[0] && (IPV4.test(rest[0]) || odd !== undefined) ? rest.shift() : undefined;
    const version = rest.shift();
    if (
      !device ||
      !/^\d+$/.test(port ?? '') ||
      !/^\d+$/.test(index ?? '') ||
      !gid?.includes(':') ||
      !/^v[12]$/.test(version ?? '')
    ) {
      // One row that is not a GID row (cut mid-line, edited) does not reject the table around it. The
      // paste's last line holding the start of a row (a device name, then port and index if any) is a
      // row cut short: the rows after it, and the n_gids_found trailer, are not shown.
      const cut = isLastLine(lines, line.no) && rowStart(f);
      notUnderstood.push({
        line: line.no,
        text: t,
        why: cut ? 'the paste ends inside this GID row' : 'not a GID row (DEV PORT INDEX GID [IPv4] VER DEV)',
        ...(cut ? { cut: true as const } : {}),
      });
      continue;
    }
    const ipv4 = ipv4Field !== undefined && IPV4.test(ipv4Field) ? ipv4Field : ipv4OfGid(gid);
    if (ipv4Field !== undefined && !IPV4.test(ipv4Field))
      notUnderstood.push({
        line: line.no,
        text: t,
        why: `IPv4 field "${ipv4Field}" is no address; ${ipv4 ? `read ${ipv4} from the GID, as show_gids derives it` : 'left out'}`,
      });
    gids.push({
      device,
      port: Number(port),
      index: Number(index),
      gid,
      ...(ipv4 ? { ipv4 } : {}),
      version: version as 'v1' | 'v2',
      ...(rest[0] ? { netdev: rest[0] } : {}),
    });
  }
  if (!header && gids.length === 0 && found === undefined) {
    const first = notUnderstood[0];
    if (first)
      throw new ParseError(TOOL, 'not a GID row (DEV PORT INDEX GID [IPv4] VER DEV)', {
        line: first.line,
        text: first.text,
        fix: 'pass the output of `show_gids`',
      });
    throw new ParseError(TOOL, 'the input is empty', { fix: 'pass the output of `show_gids`' });
  }
  return {
    gids,
    ...(found !== undefined ? { found } : {}),
    ...(notUnderstood.length ? { notUnderstood } : {}),
  };
}

/** The GIDs RoCEv2 over IPv4 would use: version v2 with an IPv4 address. */
export function roceV2Ipv4(r: ShowGidsResult): Gid[] {
  return r.gids.filter((g) => g.version === 'v2' && g.ipv4 !== undefined);
}
