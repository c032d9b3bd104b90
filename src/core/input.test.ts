import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InterruptedError, ToolError } from './errors.js';
import { INPUT_LIMITS, readBounded, readBoundedBytes } from './input.js';
import { formatBytes } from './size.js';

let tmp: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'ict-input-'));
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function fifo(name: string): string {
  const p = path.join(tmp, name);
  execFileSync('mkfifo', [p]);
  return p;
}

/** A shell writer on the FIFO (a separate process, as in real use). */
function writer(script: string, fifoPath: string): ChildProcess {
  const c = spawn('sh', ['-c', script, 'sh', fifoPath], { stdio: 'ignore' });
  children.push(c);
  return c;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('readBounded', () => {
  it('reads a regular file as UTF-8, dropping a BOM', async () => {
    const f = path.join(tmp, 'a.txt');
    writeFileSync(f, '\uFEFFCA mlx5_0 — ok\n');
    expect(await readBounded(f, { limitBytes: 1024 })).toBe('CA mlx5_0 — ok\n');
    expect(await readBounded('a.txt', { limitBytes: 1024, cwd: tmp })).toBe('CA mlx5_0 — ok\n');
  });

  it('accepts exactly the limit and refuses one byte more', async () => {
    const f = path.join(tmp, 'b.txt');
    writeFileSync(f, 'x'.repeat(100));
    expect((await readBoundedBytes(f, { limitBytes: 100 })).length).toBe(100);
    const err = await rejection(
      readBoundedBytes(f, { limitBytes: 99, what: 'b.txt', tooLargeFix: 'cut it' }),
    );
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toBe('b.txt is larger than the 99 bytes input limit');
    expect((err as ToolError).fix).toBe('cut it');
  });

  it('takes only what is left of a total limit, and says so', async () => {
    const f = path.join(tmp, 'c.txt');
    writeFileSync(f, 'x'.repeat(100));
    const total = { limitBytes: 1024, usedBytes: 974 };
    expect((await readBoundedBytes(f, { limitBytes: 100, total: { ...total, usedBytes: 924 } })).length).toBe(
      100,
    );
    const err = await rejection(readBoundedBytes(f, { limitBytes: 100, what: 'c.txt', total }));
    expect((err as ToolError).message).toBe(
      'c.txt is larger than the 50 bytes left of the 1 KiB total input limit (974 bytes already read by this run; one file may have up to 100 bytes)',
    );
    // When the per-file limit is the smaller, only it is named.
    const per = await rejection(
      readBoundedBytes(f, { limitBytes: 99, what: 'c.txt', total: { limitBytes: 1024, usedBytes: 0 } }),
    );
    expect((per as ToolError).message).toBe('c.txt is larger than the 99 bytes input limit');
  });

  it('refuses a character device (/dev/zero) with one line before reading a byte', async () => {
    const err = await rejection(readBounded('/dev/zero', { limitBytes: INPUT_LIMITS.capture }));
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toBe(
      'cannot read /dev/zero: it is a character device, not a regular file or a directory',
    );
    expect((err as ToolError).fix).toBe('save it to a file, or pipe it in and give - for stdin');
  });

  it('names a missing file and a directory in one line', async () => {
    const missing = await rejection(
      readBounded(path.join(tmp, 'nope'), { limitBytes: 10, what: 'nope', unreadableFix: 'give a file' }),
    );
    expect(missing).toBeInstanceOf(ToolError);
    expect((missing as ToolError).message).toBe('cannot read nope: no such file');
    expect((missing as ToolError).fix).toBe('give a file');
    const dir = path.join(tmp, 'd');
    mkdirSync(dir);
    expect(((await rejection(readBounded(dir, { limitBytes: 10, what: 'd' }))) as Error).message).toBe(
      'cannot read d: it is a directory',
    );
  });

  it('reads stdin (-) from the stream given, within the limit', async () => {
    expect(await readBounded('-', { limitBytes: 10, stdin: Readable.from([Buffer.from('abc')]) })).toBe(
      'abc',
    );
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    const err = await rejection(readBounded('-', { limitBytes: 1024 * 1024, stdin: endless }));
    expect((err as Error).message).toBe('stdin is larger than the 1 MiB input limit');
    expect(endless.destroyed).toBe(true);
  });

  it('rejects at once when the signal fires while stdin waits', async () => {
    const idle = new Readable({ read() {} });
    const ac = new AbortController();
    const p = readBounded('-', { limitBytes: 10, stdin: idle, signal: ac.signal });
    setTimeout(() => ac.abort(new InterruptedError('SIGINT')), 50);
    expect(await rejection(p)).toBeInstanceOf(InterruptedError);
    expect(idle.destroyed).toBe(true);
  });

  it('a FIFO with no writer: refused at once with one line, no wait (a real mkfifo)', async () => {
    const f = fifo('nowriter');
    // No signal: before the refusal, this read waited for ever.
    const err = await rejection(readBounded(f, { limitBytes: 10, what: 'nowriter' }));
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).message).toBe(
      'cannot read nowriter: it is a FIFO, not a regular file or a directory',
    );
    expect((err as ToolError).fix).toBe('save it to a file, or pipe it in and give - for stdin');
  });

  it('a FIFO with a writer is refused too: a stream goes on stdin (-)', async () => {
    const f = fifo('text');
    const w = writer('exec 3>"$1"; printf "Port 1:\\n" >&3; sleep 30', f);
    const err = await rejection(readBounded(f, { limitBytes: 1024, what: 'text' }));
    expect((err as ToolError).message).toBe(
      'cannot read text: it is a FIFO, not a regular file or a directory',
    );
    w.kill('SIGKILL');
  });

  it('an already aborted signal reads nothing', async () => {
    const ac = new AbortController();
    ac.abort(new InterruptedError('SIGTERM'));
    const f = path.join(tmp, 'aborted.txt');
    writeFileSync(f, 'x');
    expect(await rejection(readBounded(f, { limitBytes: 10, signal: ac.signal }))).toBeInstanceOf(
      InterruptedError,
    );
  });
});

describe('formatBytes', () => {
  it('MiB, KiB, bytes', () => {
    expect(formatBytes(16 * 1024 * 1024)).toBe('16 MiB');
    expect(formatBytes(4096)).toBe('4 KiB');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });
});
