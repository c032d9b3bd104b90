import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { findOnPath } from '../src/procs/path.js';
import { capture, childrenOf } from './helpers/pair-local-procs.js';

const perftest = findOnPath('ucx_perftest', process.env.PATH);

describe.skipIf(!perftest)('pair --local interrupted (Ctrl-C)', () => {
  it('exits 130 and leaves no ucx_perftest process behind', async () => {
    const ac = new AbortController();
    const out = capture();
    const err = capture();
    // 64 MiB × 100000 would run for minutes: the abort lands mid-transfer.
    const running = main(
      ['pair', '--local', '--engine', 'ucx_perftest', '--sizes', '64M', '--iters', '100000'],
      {
        stdout: out.stream,
        stderr: err.stream,
        env: process.env,
        signal: ac.signal,
      },
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
    const code = await running;
    expect(code).toBe(130);
    expect(err.text()).toContain('interrupted: scratch resources were cleaned up');
    expect(out.text()).toBe('');
    expect(childrenOf(process.pid, 'ucx_perftest')).toEqual([]);
  });
});
