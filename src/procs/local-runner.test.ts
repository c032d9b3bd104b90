import { describe, expect, it } from 'vitest';
import { LocalRunner } from './local-runner.js';

const runner = new LocalRunner({ host: 'testhost' });

describe('LocalRunner', () => {
  it('runs argv without a shell and returns its output and exit code', async () => {
    const r = await runner.run(['echo', '$(id)', ';', 'x'], { timeoutMs: 5000 });
    expect(r).toEqual({ exitCode: 0, stdout: '$(id) ; x\n', stderr: '', notFound: false, timedOut: false });
    expect(runner.where).toBe('local host testhost');
  });

  it('keeps a non-zero exit status and stderr', async () => {
    const r = await runner.run(['sh', '-c', 'echo oops >&2; exit 3'], { timeoutMs: 5000 });
    expect(r).toEqual({ exitCode: 3, stdout: '', stderr: 'oops\n', notFound: false, timedOut: false });
  });

  it('reports a missing executable as notFound, not as a failure of the tool', async () => {
    const r = await runner.run(['interconnect-test-no-such-tool', '-d'], { timeoutMs: 5000 });
    expect(r.notFound).toBe(true);
    expect(r.exitCode).toBeNull();
    expect(r.timedOut).toBe(false);
  });

  it('uses the PATH of the environment it was given', async () => {
    const r = await new LocalRunner({ env: { PATH: '/nonexistent' } }).run(['echo', 'x'], {
      timeoutMs: 5000,
    });
    expect(r.notFound).toBe(true);
  });

  it('stops a command that runs past its timeout', async () => {
    const r = await runner.run(['sleep', '10'], { timeoutMs: 200 });
    expect(r).toEqual({ exitCode: null, stdout: '', stderr: '', notFound: false, timedOut: true });
  });

  it('rejects with the abort reason when interrupted', async () => {
    const ac = new AbortController();
    const reason = new Error('interrupted by SIGINT');
    const p = runner.run(['sleep', '10'], { timeoutMs: 10_000, signal: ac.signal });
    setTimeout(() => ac.abort(reason), 100);
    await expect(p).rejects.toBe(reason);
    await expect(runner.run(['echo'], { timeoutMs: 1000, signal: ac.signal })).rejects.toBe(reason);
  });
});
