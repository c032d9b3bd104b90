import { readFile } from 'node:fs/promises';

const TCP_LISTEN = '0A';

/**
 * Whether a /proc/net/tcp or tcp6 table has a socket listening on `port`.
 * Rows look like `  1: 00000000:3BC5 00000000:0000 0A …`: local address and
 * port in hex, then remote, then the state (0A = LISTEN).
 */
export function tableListensOn(table: string, port: number): boolean {
  for (const line of table.split('\n')) {
    const fields = line.trim().split(/\s+/);
    const local = fields[1];
    if (fields[3] !== TCP_LISTEN || !local?.includes(':')) continue;
    const hexPort = local.slice(local.lastIndexOf(':') + 1);
    if (Number.parseInt(hexPort, 16) === port) return true;
  }
  return false;
}

/**
 * Whether anything in `pid`'s network namespace listens on `port`. Reading
 * /proc/PID/net (not /proc/net) sees the namespace the process runs in, so
 * this works for a server started inside `ip netns exec`.
 */
export async function listensOn(pid: number, port: number): Promise<boolean> {
  for (const table of ['tcp', 'tcp6']) {
    try {
      if (tableListensOn(await readFile(`/proc/${pid}/net/${table}`, 'utf8'), port)) return true;
    } catch {
      // tcp6 is absent without IPv6; a gone process reads as not listening.
    }
  }
  return false;
}
