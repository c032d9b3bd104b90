import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBounded } from './bounded-run.js';

/** The bounds of runBounded, on real programs (sleep, yes); no wall-clock assertion. */
const scratch = mkdtempSync(path.join(tmpdir(), 'bounded-run-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('runBounded', () => {
  it('a command past its time limit is killed and says so', async () => {
    const run = await runBounded(['sleep', '30'], {
      env: { PATH: process.env.PATH },
      cwd: scratch,
      timeoutMs: 50,
      limitBytes: 10,
    });
    expect(run).toMatchObject({ timedOut: true, code: null });
  });

  it('output past the byte limit stops the command; nothing past the limit is kept', async () => {
    const run = await runBounded(['yes'], {
      env: { PATH: process.env.PATH },
      cwd: scratch,
      timeoutMs: 30_000,
      limitBytes: 4096,
    });
    expect(run.tooLarge).toBe(true);
    expect(run.stdout.length).toBeLessThanOrEqual(4096);
  });

  it('a program that is not there is a spawn error, not a throw', async () => {
    const run = await runBounded([path.join(scratch, 'none')], {
      env: {},
      cwd: scratch,
      timeoutMs: 30_000,
      limitBytes: 10,
    });
    expect(run.spawnError).toMatch(/ENOENT/);
    expect(run.code).toBeNull();
  });
});
