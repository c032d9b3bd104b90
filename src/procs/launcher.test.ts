import { describe, expect, it } from 'vitest';
import { isAlive } from '../../test/helpers/pair-local-procs.js';
import { ToolError } from '../core/errors.js';
import { describeExit, spawnLauncher } from './launcher.js';
import { stopProcess, waitForExit } from './wait.js';

const node = process.execPath;

describe('spawnLauncher', () => {
  it('passes argv through without a shell and collects both streams line by line', async () => {
    const p = await spawnLauncher.start({
      name: 'echo',
      argv: [
        node,
        '-e',
        'console.log(process.argv.slice(1).join("|")); console.error("to stderr")',
        '$HOME',
        'a b',
        ';ls',
      ],
    });
    const exit = await p.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    // '$HOME' and ';ls' arrive verbatim: no shell expanded or split them.
    expect([...p.lines()].sort()).toEqual(['$HOME|a b|;ls', 'to stderr']);
    expect(p.exitInfo()).toEqual(exit);
  });

  it('gives the child the environment it is handed, not the parent one', async () => {
    const p = await spawnLauncher.start({
      name: 'env',
      argv: [node, '-e', 'console.log(process.env.ONLY_HERE ?? "unset", process.env.HOME ?? "nohome")'],
      env: { ONLY_HERE: 'yes', PATH: process.env.PATH },
    });
    await p.exited;
    expect(p.lines()).toEqual(['yes nohome']);
  });

  it('reports a program that does not exist as a ToolError naming it', async () => {
    const err = await spawnLauncher
      .start({ name: 'ghost', argv: ['no-such-program-interconnect-test'] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect(err.message).toBe('cannot start ghost (no-such-program-interconnect-test): not found on PATH');
  });

  it('calls line listeners for lines printed after they registered', async () => {
    const p = await spawnLauncher.start({
      name: 'late',
      argv: [node, '-e', 'setTimeout(() => { console.log("one"); console.log("two"); }, 200)'],
    });
    const seen: string[] = [];
    p.onLine((l, s) => seen.push(`${s}:${l}`));
    await p.exited;
    expect(seen).toEqual(['stdout:one', 'stdout:two']);
  });

  it('stops the whole process group, grandchildren included', async () => {
    // The child starts a grandchild and prints its pid; stopping the child must end both.
    const script =
      'const c = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });' +
      'console.log(c.pid); setInterval(() => {}, 1000);';
    const p = await spawnLauncher.start({ name: 'parent', argv: [node, '-e', script] });
    const grandchild = await new Promise<number>((resolve) => {
      if (p.lines()[0]) resolve(Number(p.lines()[0]));
      p.onLine((l) => resolve(Number(l)));
    });
    expect(isAlive(grandchild)).toBe(true);
    const exit = await stopProcess(p, { graceMs: 1000 });
    expect(describeExit(exit)).toBe('killed by SIGTERM');
    await expect.poll(() => isAlive(grandchild), { timeout: 3000 }).toBe(false);
    expect(isAlive(p.pid)).toBe(false);
  });

  it('escalates to SIGKILL when SIGTERM is ignored', async () => {
    const p = await spawnLauncher.start({
      name: 'stubborn',
      argv: [
        node,
        '-e',
        'process.on("SIGTERM", () => {}); console.log("ready"); setInterval(() => {}, 1000)',
      ],
    });
    await new Promise<void>((r) => (p.lines().length ? r() : p.onLine(() => r())));
    const exit = await stopProcess(p, { graceMs: 300 });
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('waits with a timeout and an abort signal', async () => {
    const p = await spawnLauncher.start({
      name: 'sleeper',
      argv: [node, '-e', 'setTimeout(() => {}, 30000)'],
    });
    try {
      expect(await waitForExit(p, { timeoutMs: 100 })).toBeUndefined();
      const ac = new AbortController();
      setTimeout(() => ac.abort(new Error('stop waiting')), 50);
      await expect(waitForExit(p, { signal: ac.signal })).rejects.toThrow('stop waiting');
    } finally {
      await stopProcess(p);
    }
    expect(isAlive(p.pid)).toBe(false);
  });
});
