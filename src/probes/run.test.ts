import { describe, expect, it } from 'vitest';
import { LocalRunner } from '../procs/local-runner.js';
import { RecordedRunner } from '../procs/recorded-runner.js';
import type { CommandRunner, RunOptions, RunResult } from '../procs/runner.js';
import { outcomeOf, type ProbeSpec, runProbeSet } from './run.js';

const specs: ProbeSpec[] = [
  { tool: 'ibstat', argv: ['ibstat'], fallback: { tool: 'ibv_devinfo', argv: ['ibv_devinfo', '-v'] } },
  { tool: 'memlock', argv: ['sh', '-c', 'ulimit -l'] },
  { tool: 'ucx_info', argv: ['ucx_info', '-d'] },
];

describe('runProbeSet', () => {
  it('runs the fallback only when the first command is missing, keeping the set order', async () => {
    const runner = new RecordedRunner({
      'ibv_devinfo -v': { stdout: 'hca_id: mlx5_0\n' },
      'sh -c ulimit -l': { stdout: 'unlimited\n' },
      'ucx_info -d': { stdout: '', exitCode: 1, stderr: 'boom' },
    });
    const out = await runProbeSet(runner, specs, { concurrency: 2, timeoutMs: 1000 });
    expect(out.map((o) => [o.tool, o.ran, o.notFound, o.exitCode])).toEqual([
      ['ibstat', false, true, null],
      ['ibv_devinfo', true, false, 0],
      ['memlock', true, false, 0],
      ['ucx_info', true, false, 1],
    ]);
    expect(outcomeOf(out, 'ibv_devinfo')?.stdout).toBe('hca_id: mlx5_0\n');
    const withIbstat = new RecordedRunner({ ibstat: { stdout: "CA 'mlx5_0'\n" } });
    await runProbeSet(withIbstat, specs, { concurrency: 1, timeoutMs: 1000 });
    expect(withIbstat.calls).toEqual([['ibstat'], ['sh', '-c', 'ulimit -l'], ['ucx_info', '-d']]);
  });

  it('bounds the probes in flight and gives each its own timeout', async () => {
    let active = 0;
    let peak = 0;
    const seen: number[] = [];
    const slow: CommandRunner = {
      where: 'test',
      async run(argv: readonly string[], opts: RunOptions): Promise<RunResult> {
        active++;
        peak = Math.max(peak, active);
        seen.push(opts.timeoutMs);
        await new Promise((r) => setTimeout(r, 20));
        active--;
        return { exitCode: 0, stdout: argv.join(' '), stderr: '', notFound: false, timedOut: false };
      },
    };
    const many = Array.from({ length: 7 }, (_, i) => ({ tool: `t${i}`, argv: ['echo', String(i)] }));
    const out = await runProbeSet(slow, many, { concurrency: 3, timeoutMs: 1234 });
    expect(peak).toBe(3);
    expect(seen).toEqual(Array(7).fill(1234));
    expect(out.map((o) => o.stdout)).toEqual(many.map((m) => m.argv.join(' ')));
  });

  it('counts a timed-out probe as run (it started) but not one that could not start', async () => {
    const out = await runProbeSet(
      new LocalRunner(),
      [
        { tool: 'slow', argv: ['sleep', '5'] },
        { tool: 'gone', argv: ['interconnect-test-no-such-tool'] },
      ],
      { concurrency: 2, timeoutMs: 150 },
    );
    expect(out.map((o) => [o.tool, o.ran, o.timedOut, o.notFound])).toEqual([
      ['slow', true, true, false],
      ['gone', false, false, true],
    ]);
  });

  it('stops on an interrupt and rethrows its reason', async () => {
    const ac = new AbortController();
    const reason = new Error('interrupted by SIGINT');
    const p = runProbeSet(new LocalRunner(), [{ tool: 's', argv: ['sleep', '5'] }], {
      concurrency: 1,
      timeoutMs: 10_000,
      signal: ac.signal,
    });
    setTimeout(() => ac.abort(reason), 50);
    await expect(p).rejects.toBe(reason);
  });
});
