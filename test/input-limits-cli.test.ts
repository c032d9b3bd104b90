import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from './helpers/cli.js';

/**
 * The built CLI on inputs that never end or never start: /dev/zero as a file
 * and as stdin (a real fd, not a pipe this test feeds), and a FIFO nobody
 * writes to. Each must end within seconds with one line, never grow memory.
 */

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The built CLI with stdin an fd of ours (or none), killed after 15 s: these inputs must end it sooner. */
async function runCli(
  args: string[],
  stdinFd: number | 'ignore',
  onStart?: (c: ChildProcess) => void,
): Promise<Run> {
  const t0 = Date.now();
  const run = await spawnCli(args, { stdin: stdinFd, killAfterMs: 15_000, ...(onStart ? { onStart } : {}) });
  return { ...run, ms: Date.now() - t0 };
}

/** Resolves once the process holds `file` open (Linux /proc), so a signal lands after startup. */
async function opened(pid: number, file: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === file) return;
      }
    } catch {
      // the process is starting or gone
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`process ${pid} never opened ${file}`);
}

/**
 * Resolves once the process sleeps in epoll with stdin registered: node has
 * started the read of `-` (its fd 0 shows in an eventpoll's fdinfo), so a
 * signal lands in our handler rather than before it exists.
 */
async function startedReading(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) !== 'anon_inode:[eventpoll]') continue;
        if (/^tfd:\s+0\s/m.test(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))) return;
      }
    } catch {
      // the process is starting or gone
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`process ${pid} never started reading stdin`);
}

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'ict-input-cli-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('bounded input through the built CLI', () => {
  it('read ibstat - < /dev/zero: exit 2 with one line, in seconds', async () => {
    const fd = openSync('/dev/zero', 'r');
    try {
      const r = await runCli(['read', 'ibstat', '-'], fd);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        'error: stdin is larger than the 16 MiB input limit (fix: give the tool output alone, not a whole job log: cut the run out with grep or sed)\n',
      );
    } finally {
      closeSync(fd);
    }
  });

  it('read ibstat /dev/zero and env /dev/zero: exit 2 with one line, in seconds', async () => {
    const read = await runCli(['read', 'ibstat', '/dev/zero'], 'ignore');
    expect(read.code).toBe(2);
    expect(read.stderr).toMatch(/^error: \/dev\/zero is larger than the 16 MiB input limit \(fix: .*\)\n$/);
    const env = await runCli(['env', '/dev/zero'], 'ignore');
    expect(env.code).toBe(2);
    expect(env.stdout).toBe('');
    expect(env.stderr).toBe(
      'error: /dev/zero is larger than the 4 MiB input limit (fix: give the recipe files, not archives or logs)\n',
    );
  });

  it('read and env on a FIFO a writer floods without end: exit 2 with one line, in seconds', async () => {
    for (const [args, limit] of [
      [['read', 'ibstat'], '16 MiB'],
      [['env'], '4 MiB'],
    ] as const) {
      const fifo = path.join(tmp, `flood-${args[0]}.yaml`);
      execFileSync('mkfifo', [fifo]);
      // A real writer process: cat of /dev/zero into the FIFO, killed when the reader goes.
      const writer = spawn('sh', ['-c', 'exec cat /dev/zero > "$1"', 'sh', fifo], { stdio: 'ignore' });
      try {
        const r = await runCli([...args, fifo], 'ignore');
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(
          new RegExp(`^error: ${fifo} is larger than the ${limit} input limit \\(fix: .*\\)\\n$`),
        );
      } finally {
        writer.kill('SIGKILL');
      }
    }
  });

  it('SIGINT while read waits on a FIFO with no writer: exit 130 at once', async () => {
    const fifo = path.join(tmp, 'capture');
    execFileSync('mkfifo', [fifo]);
    const r = await runCli(['read', 'ibstat', fifo], 'ignore', (child) => {
      void opened(child.pid as number, fifo).then(() => {
        child.kill('SIGINT');
      });
    });
    expect(r.signal).toBeNull();
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
  });

  it('SIGINT while read waits on stdin (a pipe whose writer never writes): exit 130 at once', async () => {
    const fifo = path.join(tmp, 'stdin-pipe');
    execFileSync('mkfifo', [fifo]);
    // Read-write open of a FIFO never blocks (Linux): this test holds the writer end and never writes.
    const fd = openSync(fifo, constants.O_RDWR);
    try {
      const r = await runCli(['read', 'ibstat', '-'], fd, (child) => {
        void startedReading(child.pid as number).then(() => {
          child.kill('SIGINT');
        });
      });
      expect(r.signal).toBeNull();
      expect(r.code).toBe(130);
      expect(r.stdout).toBe('');
    } finally {
      closeSync(fd);
    }
  });

  it('SIGINT while env waits on a named FIFO: exit 130 at once', async () => {
    const fifo = path.join(tmp, 'recipe.yaml');
    execFileSync('mkfifo', [fifo]);
    const r = await runCli(['env', fifo], 'ignore', (child) => {
      void opened(child.pid as number, fifo).then(() => {
        child.kill('SIGINT');
      });
    });
    expect(r.code).toBe(130);
  });
});
