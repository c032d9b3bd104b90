import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { InterruptedError } from '../src/core/errors.js';
import { runCli } from './helpers/cli.js';
import { childrenOf } from './helpers/pair-local-procs.js';
import { describeNeeding } from './helpers/preconditions.js';
import { tools } from './helpers/tools.js';

describeNeeding([tools('ucx_perftest')], 'pair --local interrupted (Ctrl-C)', () => {
  it('exits 130 and leaves no ucx_perftest process behind', async () => {
    const ac = new AbortController();
    // 64 MiB × 100000 would run for minutes: the abort lands mid-transfer.
    const running = runCli(
      ['pair', '--local', '--engine', 'ucx_perftest', '--sizes', '64M', '--iters', '100000'],
      { env: process.env, signal: ac.signal },
    );
    // Wait until both processes of the pair are ours and alive, then press "Ctrl-C".
    let seen: number[] = [];
    for (let i = 0; i < 100 && seen.length < 2; i++) {
      await delay(100);
      seen = childrenOf(process.pid, 'ucx_perftest');
    }
    expect(seen).toHaveLength(2);
    await delay(300);
    ac.abort(new InterruptedError('SIGINT'));
    const { code, stdout, stderr } = await running;
    expect(code).toBe(130);
    // Both processes were stopped before the error reached cli.ts, which only says why the run ended.
    expect(stderr.trim().split('\n').at(-1)).toBe('interrupted by SIGINT');
    expect(stdout).toBe('');
    expect(childrenOf(process.pid, 'ucx_perftest')).toEqual([]);
  });
});
