import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolError } from '../src/core/errors.js';
import { makeReport } from '../src/core/report.js';
import { renderJson } from '../src/render/data.js';
import { LAST, parseBaseline, readBaseline, runFileName, saveRun } from '../src/sweep/history.js';
import type { SweepResult } from '../src/sweep/model.js';
import { runCli } from './helpers/cli.js';
import { sampleSweep } from './helpers/sweep-sample.js';

/** The results directory: a run file per sweep, `last`, and --baseline reading them back. */

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'itest-history-'));
  dirs.push(d);
  return d;
}

function report(startedAt: string, runId: string) {
  const sweep: SweepResult = { ...sampleSweep(), startedAt };
  const r = {
    ...makeReport('sweep', [], { sweep, run: { runId, dryRun: false } }),
    sweep,
    run: { runId, dryRun: false },
  };
  return r;
}

async function save(dir: string, startedAt: string, runId: string, keep?: number): Promise<string> {
  const r = report(startedAt, runId);
  return saveRun(dir, r, renderJson(r), keep);
}

describe('the results directory', () => {
  it('keeps each run as its own file and points last at the newest; --baseline last reads it back', async () => {
    const dir = join(tempDir(), 'history');
    const first = await save(dir, '2026-11-30T02:30:00.000Z', 'abc');
    const second = await save(dir, '2026-12-01T02:30:00.125Z', 'def');
    expect(first).toBe(join(dir, 'sweep-20261130T023000Z-abc.json'));
    expect(second).toBe(join(dir, 'sweep-20261201T023000Z-def.json'));
    expect(readdirSync(dir).sort()).toEqual([
      LAST,
      'sweep-20261130T023000Z-abc.json',
      'sweep-20261201T023000Z-def.json',
    ]);
    expect(readFileSync(join(dir, LAST), 'utf8')).toBe('sweep-20261201T023000Z-def.json\n');
    const b = await readBaseline('last', dir, '/');
    if ('missing' in b) throw new Error(b.missing);
    expect(b.meta).toEqual({ source: second, startedAt: '2026-12-01T02:30:00.125Z', runId: 'def' });
    expect(b.result.pairs).toHaveLength(15);
    // the file is the whole -o json report, which --baseline FILE reads too
    const byFile = await readBaseline('sweep-20261130T023000Z-abc.json', undefined, dir);
    if ('missing' in byFile) throw new Error(byFile.missing);
    expect(byFile.meta.runId).toBe('abc');
  });

  it('removes the oldest run files beyond --keep-runs, and nothing else', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'sweep.html'), '<!doctype html>');
    writeFileSync(join(dir, 'notes-sweep-20200101T000000Z-old.json'), '{}');
    for (const [i, day] of ['01', '02', '03', '04'].entries())
      await save(dir, `2026-12-${day}T02:30:00.000Z`, `r${i}`, 2);
    expect(readdirSync(dir).sort()).toEqual([
      LAST,
      'notes-sweep-20200101T000000Z-old.json',
      'sweep-20261203T023000Z-r2.json',
      'sweep-20261204T023000Z-r3.json',
      'sweep.html',
    ]);
  });

  it('a first run has no last: not compared, said as a warning', async () => {
    const b = await readBaseline('last', tempDir(), '/');
    expect('missing' in b && b.missing).toMatch(
      /^no earlier run in .* to compare with \(a first run\?\): not compared$/,
    );
  });

  it('refuses what is not a sweep result, in one line naming the file', async () => {
    const dir = tempDir();
    await expect(readBaseline('gone.json', undefined, dir)).rejects.toThrow(
      '--baseline gone.json: no such file',
    );
    expect(() => parseBaseline('{"command":"pair","checks":[]}', 'pair.json')).toThrow(
      /^--baseline pair\.json: not a sweep result \(/,
    );
    expect(() => parseBaseline('<html>', 'report.html')).toThrow('--baseline report.html: not JSON');
    await expect(readBaseline('last', undefined, dir)).rejects.toBeInstanceOf(ToolError);
    mkdirSync(join(dir, 'h'));
    writeFileSync(join(dir, 'h', LAST), '../../etc/passwd\n');
    await expect(readBaseline('last', join(dir, 'h'), '/')).rejects.toThrow(/does not name a run file/);
  });

  it('names run files by start and run id', () => {
    expect(runFileName('2026-11-30T02:30:00.000Z', 'x1')).toBe('sweep-20261130T023000Z-x1.json');
  });
});

describe('sweep refuses a bad baseline before it runs', () => {
  const env = { ...process.env, NO_COLOR: '1', KUBECONFIG: '/nonexistent/kubeconfig' };
  async function refused(args: string[]): Promise<string> {
    const r = await runCli(args, { env });
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    return lines[0] as string;
  }

  it('--baseline last without --results-dir, a missing file, and --regression out of range', async () => {
    expect(await refused(['sweep', '--nodes', 'a,b', '--baseline', 'last'])).toBe(
      'error: --baseline last reads the newest run of --results-dir, and none was given (fix: pass --results-dir DIR (the nightly install keeps /results/history), or --baseline FILE)',
    );
    expect(await refused(['sweep', '--nodes', 'a,b', '--baseline', '/nonexistent/sweep.json'])).toMatch(
      /^error: --baseline \/nonexistent\/sweep\.json: no such file \(fix: /,
    );
    expect(await refused(['sweep', '--nodes', 'a,b', '--regression', '150%'])).toBe(
      'error: invalid options: --regression: expected a share of the baseline above 0 and below 1, such as 0.2 or 20%, got "150%" (fix: see --help)',
    );
    expect(await refused(['sweep', '--nodes', 'a,b', '--regression', 'lots'])).toContain('got "lots"');
    expect(await refused(['sweep', '--nodes', 'a,b', '--regression', '0'])).toContain('got "0"');
  });
});
