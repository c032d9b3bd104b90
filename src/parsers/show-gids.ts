import { ParseError } from './errors.js';
import { cleanLines, promptCommand } from './lines.js';

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
}

const TOOL = 'show_gids';
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export function parseShowGids(text: string): ShowGidsResult {
  const lines = cleanLines(text);
  const gids: Gid[] = [];
  let found: number | undefined;
  let header = false;
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
    const ipv4 = rest[0] && IPV4.test(rest[0]) ? rest.shift() : undefined;
    const version = rest.shift();
    if (
      !device ||
      !/^\d+$/.test(port ?? '') ||
      !/^\d+$/.test(index ?? '') ||
      !gid?.includes(':') ||
      !/^v[12]$/.test(version ?? '')
    ) {
      throw new ParseError(TOOL, 'not a GID row (DEV PORT INDEX GID [IPv4] VER DEV)', {
        line: line.no,
        text: line.text,
        fix: 'pass the output of `show_gids`',
      });
    }
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
    throw new ParseError(TOOL, 'the input is empty', { fix: 'pass the output of `show_gids`' });
  }
  return { gids, ...(found !== undefined ? { found } : {}) };
}

/** The GIDs RoCEv2 over IPv4 would use: version v2 with an IPv4 address. */
export function roceV2Ipv4(r: ShowGidsResult): Gid[] {
  return r.gids.filter((g) => g.version === 'v2' && g.ipv4 !== undefined);
}
