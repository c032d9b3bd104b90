import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress } from '../src/core/progress.js';
import { runLocalPair } from '../src/pair/local/index.js';
import type { Placement } from '../src/pair/local/types.js';
import { isAlive } from './helpers/pair-local-procs.js';
import { missingMessage, missingTools, requireTools } from './helpers/tools.js';

/**
 * The cross-host code path over a real link: server and client in two network
 * namespaces of our own, joined by a veth pair, addressed from 169.254.0.0/16
 * (link-local, only inside those namespaces). Needs root and `ip netns`; CI
 * runs as root. UCX_TLS=tcp, because between namespaces of one host UCX would
 * still pick shared memory.
 */
const tag = randomBytes(3).toString('hex');
const ns = { server: `it-srv-${tag}`, client: `it-cli-${tag}` };
const veth = { server: `itS${tag}`, client: `itC${tag}` };
const addr = { server: '169.254.77.1', client: '169.254.77.2' };

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

function setUp(): string | undefined {
  if (process.getuid?.() !== 0) return 'not root: creating network namespaces needs root';
  const missing = missingTools(['ip', 'ucx_perftest']);
  if (missing.length > 0) return missingMessage(missing);
  try {
    ip('netns', 'add', ns.server);
    ip('netns', 'add', ns.client);
    ip('link', 'add', veth.server, 'type', 'veth', 'peer', 'name', veth.client);
    ip('link', 'set', veth.server, 'netns', ns.server);
    ip('link', 'set', veth.client, 'netns', ns.client);
    ip('-n', ns.server, 'addr', 'add', `${addr.server}/30`, 'dev', veth.server);
    ip('-n', ns.client, 'addr', 'add', `${addr.client}/30`, 'dev', veth.client);
    for (const [n, dev] of [
      [ns.server, veth.server],
      [ns.client, veth.client],
    ] as const) {
      ip('-n', n, 'link', 'set', dev, 'up');
      ip('-n', n, 'link', 'set', 'lo', 'up');
    }
    return undefined;
  } catch (err) {
    return `ip netns failed: ${(err as Error).message.split('\n')[0]}`;
  }
}

let skipped: string | undefined = 'not set up';

beforeAll(() => {
  skipped = setUp();
});

afterAll(() => {
  // Deleting a namespace removes its end of the veth pair, and with it the other end.
  for (const n of [ns.server, ns.client]) {
    try {
      ip('netns', 'del', n);
    } catch {
      // it was never created
    }
  }
});

describe('pair --local across two network namespaces (veth, TCP)', () => {
  it('moves data over the veth link and reports tcp on the namespace interfaces', async (ctx) => {
    // A missing tool fails in CI; not being root only skips (CI runs as root, see .ci/run).
    requireTools(ctx, 'ip', 'ucx_perftest');
    if (skipped) ctx.skip(skipped);
    const placement: Placement = {
      server: { wrap: ['ip', 'netns', 'exec', ns.server], address: addr.server },
      client: { wrap: ['ip', 'netns', 'exec', ns.client] },
      describe: 'network namespaces over veth',
    };
    const result = await runLocalPair(
      {
        engine: 'ucx_perftest',
        mode: 'local',
        nixlbenchRuntime: 'auto',
        sizes: [65536, 1 << 20],
        iters: 50,
        timeoutMs: 60_000,
        ucxTls: 'tcp',
      },
      { env: process.env, progress: silentProgress, signal: new AbortController().signal, placement },
    );
    const m = result.measurement;
    expect(m.transport).toEqual({ kind: 'tcp', lanes: [`tcp/${veth.client}`, `tcp/${veth.server}`] });
    expect(m.rows.map((r) => r.blockSize)).toEqual([65536, 1 << 20]);
    expect(m.peakGBps).toBeGreaterThan(0);
    expect(result.checks.map((c) => `${c.id}=${c.status}`)).toEqual([
      'pair.engine=ok',
      'pair.transfer=ok',
      'pair.bandwidth=ok',
      'pair.transport=warn',
    ]);
    expect(result.checks[3]?.detail).toBe(
      'local run over tcp (network namespaces over veth): software path works; this does not certify RDMA or NVLink',
    );
    for (const pid of result.pids) expect(isAlive(pid)).toBe(false);
  });
});
