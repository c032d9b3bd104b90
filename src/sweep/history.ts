import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../core/errors.js';
import { type Regressions, type SweepResult, SweepResultSchema } from './model.js';

/**
 * A sweep's history on disk (`--results-dir`, the nightly install's results volume): one
 * JSON file per run, `sweep-<start>-<run id>.json` (the whole `-o json` report), and `last`,
 * one line naming the newest of them. `--baseline last` reads the run `last` names;
 * `--baseline FILE` any sweep report (or its bare `sweep` result). Each file is written
 * beside its final name and renamed into place, so a run killed half-way never leaves a
 * torn `last` for the next one. Only files this module names are ever removed
 * (`--keep-runs`, the oldest first).
 */

export const LAST = 'last';
export const DEFAULT_KEEP_RUNS = 60;
/** `sweep-<start>-[<cluster>-]<run id>.json`; the cluster name is there from issue 40 on. */
const RUN_FILE = /^sweep-\d{8}T\d{6}Z-(?:[A-Za-z0-9._-]+-)?[a-z0-9]{1,8}\.json$/;

export interface Baseline {
  result: SweepResult;
  meta: Regressions['baseline'];
}

/** The run file's name: its start as 20261130T023000Z, the cluster (a file-safe name) and the sweep's run id. */
export function runFileName(startedAt: string, runId: string, cluster?: string): string {
  const stamp = startedAt.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  return `sweep-${stamp}-${cluster ? `${cluster}-` : ''}${runId}.json`;
}

function errnoText(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (code ?? String(err));
}

/** A sweep result out of a report's JSON text (or a bare result); one line naming the file when it is not one. */
export function parseBaseline(text: string, source: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ToolError(`--baseline ${source}: not JSON`, {
      fix: 'pass a report written by interconnect-test sweep -o json, or --baseline last with --results-dir',
    });
  }
  const obj = (value ?? {}) as { command?: unknown; sweep?: unknown; run?: { runId?: unknown } };
  const inner = typeof obj === 'object' && obj.command === 'sweep' ? obj.sweep : value;
  const r = SweepResultSchema.safeParse(inner);
  if (!r.success) {
    const first = r.error.issues[0];
    const at = first ? `${first.path.join('.') || '(top level)'}: ${first.message}` : '';
    throw new ToolError(`--baseline ${source}: not a sweep result (${at})`, {
      fix: 'pass a report written by interconnect-test sweep -o json (a pair or node report is not one)',
    });
  }
  const runId = typeof obj.run?.runId === 'string' ? obj.run.runId : null;
  return { result: r.data, meta: { source, startedAt: r.data.startedAt, runId } };
}

/**
 * The baseline `spec` names: a file (relative to `cwd`), or `last` in `resultsDir`.
 * Undefined, with why, when `last` has nothing yet (a first run: a warning, not an error).
 */
export async function readBaseline(
  spec: string,
  resultsDir: string | undefined,
  cwd: string,
): Promise<Baseline | { missing: string }> {
  let file: string;
  if (spec === LAST) {
    if (!resultsDir) {
      throw new ToolError('--baseline last reads the newest run of --results-dir, and none was given', {
        fix: 'pass --results-dir DIR (the nightly install keeps /results/history), or --baseline FILE',
      });
    }
    const newest = await newestRunFile(path.resolve(cwd, resultsDir), '--baseline last');
    if (newest === undefined)
      return {
        missing: `no earlier run in ${path.resolve(cwd, resultsDir)} to compare with (a first run?): not compared`,
      };
    file = newest;
  } else {
    file = path.resolve(cwd, spec);
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ToolError(`--baseline ${spec === LAST ? file : spec}: ${errnoText(err)}`, {
      fix: 'pass a report written by interconnect-test sweep -o json, or --baseline last with --results-dir',
    });
  }
  return parseBaseline(text, spec === LAST ? file : spec);
}

/**
 * The newest run file of a results directory (the one `last` names); undefined when there is no
 * `last` yet. `what` names the asker in the one-line errors.
 */
export async function newestRunFile(dir: string, what: string): Promise<string | undefined> {
  let name: string;
  try {
    name = (await readFile(path.join(dir, LAST), 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ToolError(`${what}: cannot read ${path.join(dir, LAST)} (${errnoText(err)})`, {
      fix: 'check the results directory and its permissions',
    });
  }
  if (!RUN_FILE.test(name)) {
    throw new ToolError(`${what}: ${path.join(dir, LAST)} does not name a run file`, {
      fix: `remove it (the next run writes it again) or pass a run file`,
    });
  }
  return path.join(dir, name);
}

async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

/**
 * Keeps this run in `dir`: its report as a run file, `last` pointing at it, and at most
 * `keep` run files (the oldest removed). Returns the run file's path.
 */
export async function saveRun(
  dir: string,
  report: { sweep: SweepResult; run?: { runId: string } },
  json: string,
  keep = DEFAULT_KEEP_RUNS,
  cluster?: string,
): Promise<string> {
  try {
    await mkdir(dir, { recursive: true });
    const name = runFileName(report.sweep.startedAt, report.run?.runId ?? 'run', cluster);
    const file = path.join(dir, name);
    await writeAtomic(file, json);
    await writeAtomic(path.join(dir, LAST), `${name}\n`);
    // The stamp leads the name, so name order is time order.
    const runs = (await readdir(dir)).filter((n) => RUN_FILE.test(n)).sort();
    for (const old of runs.slice(0, Math.max(0, runs.length - keep))) await rm(path.join(dir, old));
    return file;
  } catch (err) {
    throw new ToolError(`--results-dir ${dir}: cannot keep this run there (${errnoText(err)})`, {
      fix: 'check that the directory (the results volume) is writable by the sweep',
    });
  }
}
