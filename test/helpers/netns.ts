import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { missingMessage, missingTools } from './tools.js';

/**
 * Two network namespaces of our own joined by a veth pair, each end addressed
 * from 169.254.0.0/16 (link-local: it exists only inside these namespaces).
 * Tests use them for a real link between two processes. Needs root and `ip`.
 */
export interface VethPair {
  /** Namespace names, end names and addresses, per side. */
  ns: { a: string; b: string };
  veth: { a: string; b: string };
  addr: { a: string; b: string };
  /** Prefix a command with this to run it in side's namespace. */
  exec(side: 'a' | 'b'): string[];
  /** Why set-up failed (not root, `ip` missing, ip error), or undefined when it worked. */
  problem: string | undefined;
  /** Deletes both namespaces (and with them the veth pair); safe to call when set-up failed. */
  remove(): void;
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

/**
 * `subnet` is the third octet of <base>.<subnet>.0/30: give each test file its own.
 * `base` is 169.254 (link-local) unless a test needs otherwise: UCX 1.22+ (since
 * commit b531a68957, openucx/ucx#11504, src/ucs/sys/sock.c ucs_netif_get_addr) skips
 * IPv4 link-local addresses, so its tcp transport sees no device on such a veth;
 * those tests use 198.18 (RFC 2544's benchmarking range, never routed).
 */
export function vethPair(prefix: string, subnet: number, base = '169.254'): VethPair {
  const tag = randomBytes(3).toString('hex');
  const ns = { a: `${prefix}a-${tag}`, b: `${prefix}b-${tag}` };
  // Interface names are at most 15 characters.
  const veth = { a: `${prefix.slice(0, 4)}A${tag}`, b: `${prefix.slice(0, 4)}B${tag}` };
  const addr = { a: `${base}.${subnet}.1`, b: `${base}.${subnet}.2` };
  const pair: VethPair = {
    ns,
    veth,
    addr,
    exec: (side) => ['ip', 'netns', 'exec', ns[side]],
    problem: undefined,
    remove() {
      for (const n of [ns.a, ns.b]) {
        try {
          ip('netns', 'del', n);
        } catch {
          // never created
        }
      }
    },
  };
  if (process.getuid?.() !== 0) {
    pair.problem = 'not root: creating network namespaces needs root';
    return pair;
  }
  const missing = missingTools(['ip']);
  if (missing.length > 0) {
    pair.problem = missingMessage(missing);
    return pair;
  }
  try {
    ip('netns', 'add', ns.a);
    ip('netns', 'add', ns.b);
    ip('link', 'add', veth.a, 'type', 'veth', 'peer', 'name', veth.b);
    for (const side of ['a', 'b'] as const) {
      ip('link', 'set', veth[side], 'netns', ns[side]);
      ip('-n', ns[side], 'addr', 'add', `${addr[side]}/30`, 'dev', veth[side]);
      ip('-n', ns[side], 'link', 'set', veth[side], 'up');
      ip('-n', ns[side], 'link', 'set', 'lo', 'up');
    }
  } catch (err) {
    pair.problem = `ip netns failed: ${(err as Error).message.split('\n')[0]}`;
  }
  return pair;
}
