import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it, type TestContext } from 'vitest';
import { type MemoryCgroup, memoryCgroup, memoryCgroups } from '../../../test/helpers/cgroup.js';
import { need } from '../../../test/helpers/preconditions.js';
import {
  inPlaceHelperSource,
  parsePreflight,
  parseReap,
  parseRunMemory,
  preflightArgv,
  reapArgv,
  runArgv,
  stdinFor,
} from './helper.js';

// The in-place helper loses every contest with the worker. Each test runs the helper with this
// host's real python3, as the exec runs it in a pod (`python3 -c <source> MODE MARKER …`), beside
// a real stand-in worker, in a real memory cgroup with a limit where memory is the point.

const helper = inPlaceHelperSource();
const MiB = 1024 * 1024;
const started: ChildProcess[] = [];
const cgroups: MemoryCgroup[] = [];
afterEach(async () => {
  for (const c of started.splice(0)) c.kill('SIGKILL');
  await delay(200);
  for (const g of cgroups.splice(0)) await g.remove();
});

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    // A zombie is dead: its state is Z.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function start(argv: readonly string[], input?: string): ChildProcess & { out: () => string } {
  const [cmd, ...args] = argv;
  const child = spawn(cmd as string, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  started.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  if (input !== undefined) child.stdin?.write(input);
  return Object.assign(child, { out: () => out });
}

function exited(child: ChildProcess): Promise<number | null> {
  // Killed by a signal, a child has no exit code but a signal code: either means it is gone.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.on('exit', (code) => r(code)));
}

async function until(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await delay(50)) if (ok()) return;
  throw new Error(`timed out waiting for ${what}`);
}

/** A process of ours by its environment entry (how the reaper finds the probe child). */
function pidsWithEnv(entry: string): number[] {
  const found: number[] = [];
  for (const name of execFileSync('ls', ['/proc'], { encoding: 'utf8' }).split('\n')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`).toString('latin1').split('\0').includes(entry))
        found.push(Number(name));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** A stand-in worker: allocates and touches `mib` MiB (in `step` MiB steps), says so, and serves on. */
function workerArgv(mib: number, step = mib, everyS = 0): string[] {
  const src = [
    'import sys, time',
    'held = []',
    `while sum(map(len, held)) < ${mib} * 1048576:`,
    `    held.append(bytearray(b"w") * (${step} * 1048576))`,
    `    time.sleep(${everyS})`,
    'print("worker holds", sum(map(len, held)) // 1048576, flush=True)',
    'time.sleep(600)',
  ].join('\n');
  return ['python3', '-c', src];
}

/** A stand-in probe: allocates and touches `mib` MiB, says so, then holds it for `holdS` seconds. */
function probeSource(mib: number, holdS = 600): string {
  return `import time\nb = bytearray(b"p") * (${mib} * 1048576)\nprint("probe holds", flush=True)\ntime.sleep(${holdS})\n`;
}

function cgroupOrSkip(ctx: Pick<TestContext, 'skip'>, name: string, limit: number): MemoryCgroup {
  const g = memoryCgroup(`itest-inplace-${name}-${process.pid}`, limit);
  need(ctx, memoryCgroups(g));
  cgroups.push(g as MemoryCgroup);
  return g as MemoryCgroup;
}

describe('OOM priority and headroom, in a real memory cgroup', () => {
  it('over the limit, the kernel kills the probe, not the larger worker, and the helper says so', async (ctx) => {
    // The experiment: a 500 MiB container, a 350 MiB worker, a 250 MiB probe. With
    // oom_score_adj 0 the kernel killed the worker (the largest); with 1000 it takes the probe.
    const g = cgroupOrSkip(ctx, 'oom', 500 * MiB);
    const worker = start(g.wrap(workerArgv(350)));
    await until('the worker to hold its memory', () => worker.out().includes('worker holds'));
    const marker = `itest-inplace-oom${process.pid}`;
    // GUARD 0: nothing watched, so only the kernel decides.
    const run = start(g.wrap(runArgv(helper, marker, 60, 0, [])), stdinFor(probeSource(250, 1)));
    expect(await exited(run)).toBe(137);
    expect(parseRunMemory(run.out().split('\n'))).toMatchObject({
      memory: 'oom',
      detail: 'the probe was killed for memory, the worker was not touched',
    });
    expect(g.oomKills()).toBe(1);
    expect(alive(worker.pid)).toBe(true);
  }, 60_000);

  it("when the worker's use eats the headroom, the probe is stopped at once, and the line says so", async (ctx) => {
    const g = cgroupOrSkip(ctx, 'guard', 500 * MiB);
    const marker = `itest-inplace-grd${process.pid}`;
    const run = start(g.wrap(runArgv(helper, marker, 60, 128 * MiB, [])), stdinFor(probeSource(64)));
    await until('the probe to hold its memory', () => run.out().includes('probe holds'));
    // The worker grows 16 MiB at a time to 384 MiB: with the probe's 64 MiB the container would
    // pass its limit; alone, it fits.
    const worker = start(g.wrap(workerArgv(384, 16, 0.05)));
    expect(await exited(run)).toBe(137);
    const said = parseRunMemory(run.out().split('\n'));
    expect(said?.memory).toBe('guard');
    expect(said?.detail).toMatch(
      /^the worker's memory grew until \d+ MiB was free under the container's 500 MiB memory limit \(cgroup v\d\) \(below the 128 MiB guard, the probe held \d+ MiB\): the probe was stopped at once, the worker kept its memory$/,
    );
    await until('the worker to reach its size', () => worker.out().includes('worker holds 384'));
    expect(alive(worker.pid)).toBe(true);
    expect(g.oomKills()).toBe(0);
  }, 60_000);

  it("the pre-flight reads the container's own cgroup (from /proc/self/cgroup), not the mount's root", async (ctx) => {
    const g = cgroupOrSkip(ctx, 'pre', 500 * MiB);
    const pre = start(g.wrap(preflightArgv(helper, `itest-inplace-pre${process.pid}`, false)));
    expect(await exited(pre)).toBe(0);
    const cg = parsePreflight(pre.out())?.cgroup;
    // The root of the hierarchy has no limit: read there, the 500 MiB would be missed.
    expect(cg).toMatchObject({ version: g.version, path: g.dir, limit: 500 * MiB });
    expect(cg?.current).toBeGreaterThan(0);
  }, 30_000);
  it("a limit on the pod's cgroup (a parent of the container's) binds as hard: the tightest level is the figure", async (ctx) => {
    const g = cgroupOrSkip(ctx, 'pod', 300 * MiB);
    // The container: a cgroup below the pod's, with no limit of its own.
    const container = path.join(g.dir, 'c1');
    mkdirSync(container);
    try {
      const wrap = ['sh', '-c', `echo $$ > ${container}/cgroup.procs && exec "$@"`, 'sh'];
      const pre = start([...wrap, ...preflightArgv(helper, `itest-inplace-pod${process.pid}`, false)]);
      expect(await exited(pre)).toBe(0);
      expect(parsePreflight(pre.out())?.cgroup).toMatchObject({ path: g.dir, limit: 300 * MiB });
    } finally {
      await delay(100);
      rmdirSync(container);
    }
  }, 30_000);
});

describe('nothing outlives the run', () => {
  it('the probe child has oom_score_adj 1000 and dies with its helper (PR_SET_PDEATHSIG), even on SIGKILL', async () => {
    const marker = `itest-inplace-pds${process.pid}`;
    const run = start(runArgv(helper, marker, 60, 0, []), stdinFor(probeSource(1)));
    await until('the probe to start', () => run.out().includes('probe holds'));
    const [child] = pidsWithEnv(`INTERCONNECT_TEST_IN_PLACE=${marker}`);
    expect(readFileSync(`/proc/${child}/oom_score_adj`, 'utf8').trim()).toBe('1000');
    expect(readFileSync(`/proc/${run.pid}/oom_score_adj`, 'utf8').trim()).toBe('1000');
    // The helper gets no chance to stop its child: only the kernel can.
    run.kill('SIGKILL');
    await exited(run);
    await until('the probe to die with its helper', () => !alive(child), 5_000);
  }, 30_000);
});

describe('the reaper kills only what is ours', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'itest-reap-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exact environment entry and whole argument words, started since the run began; decoys survive', async () => {
    const marker = `itest-inplace-rp${process.pid}`;
    // There before the run began, with our exact entry: never ours.
    const before = spawn('sleep', ['600'], { env: { ...process.env, INTERCONNECT_TEST_IN_PLACE: marker } });
    started.push(before);
    await delay(4_000);
    const began = Date.now();
    // Decoys, started during the run: the marker inside another word, never a whole one.
    const tagged = spawn('sleep', ['600'], { env: { ...process.env, WORKER_TAG: `${marker}abc` } });
    const log = path.join(dir, `${marker}.log`);
    writeFileSync(log, '');
    const tail = spawn('tail', ['-f', log]);
    // Another run whose id starts with ours (user-given ids `rp1` and `rp1x`).
    const other = start(runArgv(helper, `${marker}x`, 60, 0, []), stdinFor(probeSource(1)));
    // Ours: the helper and its probe child.
    const ours = start(runArgv(helper, marker, 60, 0, []), stdinFor(probeSource(1)));
    started.push(tagged, tail);
    await until(
      'both probes to start',
      () => other.out().includes('probe holds') && ours.out().includes('probe holds'),
    );
    const [child] = pidsWithEnv(`INTERCONNECT_TEST_IN_PLACE=${marker}`).filter((p) => p !== before.pid);
    const age = (Date.now() - began) / 1000 + 1;
    const reaped = parseReap(
      execFileSync('python3', reapArgv(helper, marker, age).slice(1), { encoding: 'utf8' }),
    );
    await exited(ours);
    // One look at everything, so a failure shows the whole picture.
    expect({
      reaped,
      ours: alive(ours.pid),
      child: alive(child),
      before: alive(before.pid),
      tagged: alive(tagged.pid),
      tail: alive(tail.pid),
      other: alive(other.pid),
    }).toEqual({
      reaped: { killed: 2, left: 0 },
      ours: false,
      child: false,
      before: true,
      tagged: true,
      tail: true,
      other: true,
    });
    expect(existsSync(log)).toBe(true);
  }, 60_000);
});
