import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
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

  it('read ibstat /dev/zero and env /dev/zero: refused with one line, exit 2, before a byte is read', async () => {
    const read = await runCli(['read', 'ibstat', '/dev/zero'], 'ignore');
    expect(read.code).toBe(2);
    expect(read.stderr).toBe(
      'error: cannot read /dev/zero: it is a character device, not a regular file or a directory (fix: save it to a file, or pipe it in and give - for stdin)\n',
    );
    const env = await runCli(['env', '/dev/zero'], 'ignore');
    expect(env.code).toBe(2);
    expect(env.stdout).toBe('');
    expect(env.stderr).toBe(
      'error: cannot read /dev/zero: it is a character device, not a regular file or a directory (fix: save it to a file, or pipe it in and give - for stdin)\n',
    );
  });

  it('read and env on a FIFO with no writer (a real mkfifo): exit 2 with one line, no wait', async () => {
    for (const args of [['read', 'ibstat'], ['env']]) {
      const fifo = path.join(tmp, `idle-${args[0]}.yaml`);
      execFileSync('mkfifo', [fifo]);
      // Before the refusal, this run waited for ever (the runner kills it after 15 s).
      const r = await runCli([...args, fifo], 'ignore');
      expect(r.signal).toBeNull();
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `error: cannot read ${fifo}: it is a FIFO, not a regular file or a directory (fix: save it to a file, or pipe it in and give - for stdin)\n`,
      );
    }
  });

  it('a FIFO with a writer is refused the same way: a stream goes on stdin, and there it is read', async () => {
    const fifo = path.join(tmp, 'fed');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', 'exec cat /dev/zero > "$1"', 'sh', fifo], { stdio: 'ignore' });
    try {
      const r = await runCli(['read', 'ibstat', fifo], 'ignore');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: cannot read .*fed: it is a FIFO, not a regular file or a directory/);
    } finally {
      writer.kill('SIGKILL');
    }
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

  it('env --max-files and --max-total: real files, small caps; each names what was left unread', async () => {
    const dir = path.join(tmp, 'walk');
    mkdirSync(dir);
    const pod = (i: number) =>
      `apiVersion: v1\nkind: Pod\nmetadata: {name: p${i}}\nspec: {containers: [{name: c, image: x}]}\n`;
    for (let i = 0; i < 12; i++) writeFileSync(path.join(dir, `p${String(i).padStart(2, '0')}.yaml`), pod(i));
    const files = await runCli(['env', dir, '--max-files', '5', '-o', 'json'], 'ignore');
    const byFiles = JSON.parse(files.stdout) as { files: string[]; skipped: { file: string; why: string }[] };
    expect(byFiles.files).toHaveLength(5);
    expect(byFiles.skipped).toEqual([
      expect.objectContaining({
        file: path.join(dir, 'p05.yaml'),
        why: 'not read, nor any file the walk would have found after it: this run reached its 5-file limit (raise it with --max-files)',
      }),
    ]);
    const size = pod(0).length;
    const bytes = await runCli(['env', dir, '--max-total', `${size * 3}`, '-o', 'json'], 'ignore');
    const byBytes = JSON.parse(bytes.stdout) as { skipped: { file: string; why: string }[] };
    expect(byBytes.skipped).toEqual([
      expect.objectContaining({
        file: path.join(dir, 'p03.yaml'),
        why: `not read, nor the 8 files after it: this run already read its ${size * 3} bytes total input limit (raise it with --max-total)`,
      }),
    ]);
    const bad = await runCli(['env', dir, '--max-total', 'lots'], 'ignore');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'error: invalid options: --max-total: a size such as 64M, 256MiB or 1G (fix: see --help)\n',
    );
  });
});
