import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../../../test/helpers/pair-local-procs.js';
import { describeNeeding } from '../../../test/helpers/preconditions.js';
import { toolPath, tools } from '../../../test/helpers/tools.js';
import { ToolError } from '../../core/errors.js';
import { DisposalStack } from '../../procs/disposal.js';
import { spawnLauncher } from '../../procs/launcher.js';
import { findOnPath } from '../../procs/path.js';
import { rankKey } from '../nixlbench/argv.js';
import { etcdHasKey, startLocalEtcd } from './etcd.js';

describeNeeding([tools('etcd')], 'startLocalEtcd (real etcd on PATH)', () => {
  it('starts a healthy loopback etcd, answers key lookups, and its teardown removes every trace', async () => {
    const stack = new DisposalStack();
    const signal = new AbortController().signal;
    const local = await startLocalEtcd({
      bin: toolPath('etcd'),
      launcher: spawnLauncher,
      stack,
      signal,
      env: process.env,
    });
    const dataDir = local.proc.argv[local.proc.argv.indexOf('--data-dir') + 1]!;
    try {
      expect(local.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(isAlive(local.proc.pid)).toBe(true);
      expect(existsSync(dataDir)).toBe(true);
      const key = rankKey('it-test', 0);
      expect(await etcdHasKey(local.endpoint, key, signal)).toBe(false);
      // Write the key the way nixlbench's rank 0 does, through the same JSON gateway.
      const put = await fetch(`${local.endpoint}/v3/kv/put`, {
        method: 'POST',
        body: JSON.stringify({
          key: Buffer.from(key).toString('base64'),
          value: Buffer.from('active').toString('base64'),
        }),
      });
      expect(put.ok).toBe(true);
      expect(await etcdHasKey(local.endpoint, key, signal)).toBe(true);
    } finally {
      expect(await stack.dispose(10_000)).toEqual([]);
    }
    expect(isAlive(local.proc.pid)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
    expect(await etcdHasKey(local.endpoint, 'x', signal)).toBe(false);
  });
});

describe('startLocalEtcd failures', () => {
  it('is a ToolError naming the endpoint when etcd exits at once, and still cleans up', async () => {
    const stack = new DisposalStack();
    const err = await startLocalEtcd({
      // Not an etcd: a program that exits 1 at once, which is what a broken etcd install looks like from here.
      bin: findOnPath('false', process.env.PATH)!,
      launcher: spawnLauncher,
      stack,
      signal: new AbortController().signal,
      env: process.env,
      readyTimeoutMs: 5000,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect(err.message).toMatch(
      /^the local etcd for nixlbench did not come up on http:\/\/127\.0\.0\.1:\d+ \(it exited: no error printed\)$/,
    );
    expect(stack.size).toBe(2);
    expect(await stack.dispose()).toEqual([]);
  });
});
