import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { childrenOf } from './helpers/pair-local-procs.js';
import { describeWithTools } from './helpers/tools.js';

describeWithTools(['ucx_perftest'], 'pair --local interrupted (Ctrl-C)', () => {
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
    ac.abort(new Error('SIGINT'));
    const { code, stdout, stderr } = await running;
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted: scratch resources were cleaned up');
    expect(stdout).toBe('');
    expect(childrenOf(process.pid, 'ucx_perftest')).toEqual([]);
  });
});
