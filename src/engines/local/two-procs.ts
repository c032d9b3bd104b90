import type { DisposalStack } from '../../procs/disposal.js';
import {
  describeExit,
  type ExitInfo,
  type Launcher,
  type ProcSpec,
  type RunningProc,
} from '../../procs/launcher.js';
import { listensOn } from '../../procs/listen.js';
import { pollUntil, raceSignal, stopProcess, withinMs } from '../../procs/wait.js';

/** One side of a finished (or stopped) pair, with everything it printed. */
export interface ProcEnd {
  name: string;
  pid: number;
  argv: readonly string[];
  /** How it ended; undefined only if it could not be stopped. */
  exit: ExitInfo | undefined;
  /** True when we stopped it (hung after its peer, over the time limit). */
  stopped: boolean;
  lines: readonly string[];
}

const FAILED_PEER_GRACE_MS = 1500;

export type PairOutcome = 'completed' | 'failed' | 'timeout';

export interface PairRun {
  outcome: PairOutcome;
  /** One line saying what went wrong, for `failed` and `timeout`. */
  problem?: string;
  first?: ProcEnd;
  second?: ProcEnd;
}

export interface TwoProcs {
  /** Started first: the listener (ucx_perftest server) or the side that must take rank 0. */
  first: ProcSpec;
  second: ProcSpec;
  /** Resolves true once `first` is ready for its peer; false when it exited or gave up waiting. */
  ready(first: RunningProc, signal: AbortSignal): Promise<boolean>;
  /** How long the survivor may take to exit on its own after its peer exited. */
  peerGraceMs: number;
}

export interface TwoProcsEnv {
  launcher: Launcher;
  stack: DisposalStack;
  /** Ctrl-C: stop everything and rethrow its reason. */
  interrupt: AbortSignal;
  /** The run's wall-clock limit: stop everything and report `timeout`. */
  deadline: AbortSignal;
  onStart?: (p: RunningProc) => void;
}

/** The environment runTwoProcs needs, from an engine's deps; every started pid goes into `pids`. */
export function procsEnv(
  deps: { launcher: Launcher; interrupt: AbortSignal; deadline: AbortSignal },
  stack: DisposalStack,
  pids: number[],
): TwoProcsEnv {
  return {
    launcher: deps.launcher,
    stack,
    interrupt: deps.interrupt,
    deadline: deps.deadline,
    onStart: (p) => pids.push(p.pid),
  };
}

/** withDisposal's teardown report for an engine run: one warning per step that failed. */
export function warnTeardown(progress: { warn(m: string): void }): {
  report: (p: { name: string; message: string }) => void;
} {
  return { report: (p) => progress.warn(`teardown of ${p.name} failed: ${p.message}`) };
}

/** `ready` for a first process that serves on `port`: true once it listens, false if it exits first. */
export function whenListening(port: number, intervalMs: number, timeoutMs: number): TwoProcs['ready'] {
  return async (first, signal) =>
    (await pollUntil(
      async () => (first.exitInfo() ? false : (await listensOn(first.pid, port)) || undefined),
      {
        intervalMs,
        timeoutMs,
        signal,
      },
    )) === true;
}

function endOf(p: RunningProc, stopped: ReadonlySet<RunningProc>): ProcEnd {
  return {
    name: p.name,
    pid: p.pid,
    argv: p.argv,
    exit: p.exitInfo(),
    stopped: stopped.has(p),
    lines: p.lines(),
  };
}

/**
 * The line that best says why a process failed: the last UCX ERROR/FATAL line
 * (a usage text that follows it mentions "error" too), else the last line that
 * looks like an error. UCX's timestamp and host prefix is dropped.
 */
export function lastErrorLine(lines: readonly string[]): string | undefined {
  const ucx = /\bUCX\s+(ERROR|FATAL)\b/;
  const errorish = /\b(ERROR|FATAL|[Ee]rror|[Ff]ailed|refused|[Aa]bort(ed)?)\b/;
  const pick = (re: RegExp) => {
    for (let i = lines.length - 1; i >= 0; i--) {
      const l = lines[i]!.trim();
      if (l && re.test(l)) return l.replace(/^\[[\d.]+\]\s+\[[^\]]+\]\s+/, '').slice(0, 200);
    }
    return undefined;
  };
  return pick(ucx) ?? pick(errorish);
}

function failedExit(p: RunningProc, e: ExitInfo): string {
  const why = lastErrorLine(p.lines());
  return `${p.name} ${describeExit(e)}${why ? `: ${why}` : ''}`;
}

/**
 * Runs two cooperating processes: `first`, then (once it is ready) `second`,
 * and waits for both. Each process registers its teardown the moment it
 * starts. When one exits, the other gets `peerGraceMs` to follow; a failed
 * exit or a survivor that hangs makes the run `failed`, and the survivor is
 * stopped at once rather than left waiting on a dead peer.
 */
export async function runTwoProcs(spec: TwoProcs, env: TwoProcsEnv): Promise<PairRun> {
  const signal = AbortSignal.any([env.interrupt, env.deadline]);
  const started: { first?: RunningProc; second?: RunningProc } = {};
  const stopped = new Set<RunningProc>();
  const stop = async (p: RunningProc) => {
    if (!p.exitInfo()) stopped.add(p);
    await stopProcess(p, { signal: AbortSignal.timeout(10_000) });
  };
  const launch = async (which: 'first' | 'second') => {
    signal.throwIfAborted();
    const p = await env.launcher.start(spec[which]);
    env.stack.defer(`stop ${p.name} (pid ${p.pid})`, (s) => stopProcess(p, { signal: s }));
    started[which] = p;
    env.onStart?.(p);
    return p;
  };
  const result = (outcome: PairOutcome, problem?: string): PairRun => ({
    outcome,
    ...(problem ? { problem } : {}),
    ...(started.first ? { first: endOf(started.first, stopped) } : {}),
    ...(started.second ? { second: endOf(started.second, stopped) } : {}),
  });

  try {
    const first = await launch('first');
    if (!(await raceSignal(spec.ready(first, signal), signal))) {
      if (!first.exitInfo()) {
        await stop(first);
        return result('failed', `${first.name} did not get ready for ${spec.second.name}; stopped it`);
      }
      return result('failed', `${failedExit(first, first.exitInfo()!)} (before ${spec.second.name} started)`);
    }
    const second = await launch('second');
    const winner = await raceSignal(
      Promise.race([first.exited.then(() => first), second.exited.then(() => second)]),
      signal,
    );
    const other = winner === first ? second : first;
    const winnerExit = winner.exitInfo()!;
    const winnerFailed = winnerExit.code !== 0 || winnerExit.signal !== null;
    // After a failed peer, the survivor only gets long enough to print its own error.
    const grace = winnerFailed ? Math.min(spec.peerGraceMs, FAILED_PEER_GRACE_MS) : spec.peerGraceMs;
    const otherExit = await raceSignal(withinMs(other.exited, grace), signal);
    if (!otherExit) {
      await stop(other);
      const why = !winnerFailed
        ? `${winner.name} finished but ${other.name} did not exit within ${spec.peerGraceMs / 1000}s; stopped it`
        : `${failedExit(winner, winnerExit)}; ${other.name} was left waiting on a dead peer and was stopped`;
      return result('failed', why);
    }
    // Both ended: a process killed by a signal is the cause, a peer's error exit its consequence,
    // whichever exit event Node delivered first (they can arrive in either order).
    const ends = [
      [winner, winnerExit],
      [other, otherExit],
    ] as const;
    for (const [p, e] of [...ends].sort((a, b) => Number(!!b[1].signal) - Number(!!a[1].signal))) {
      if (e.code !== 0 || e.signal) return result('failed', failedExit(p, e));
    }
    return result('completed');
  } catch (err) {
    if (env.interrupt.aborted) throw env.interrupt.reason;
    if (!env.deadline.aborted) throw err;
    // The wall-clock limit: stop both now so the result shows what they printed up to here.
    const running = [started.first, started.second].filter((p): p is RunningProc => !!p && !p.exitInfo());
    for (const p of [...running].reverse()) await stop(p).catch(() => undefined);
    return result(
      'timeout',
      running.length ? `stopped ${running.map((p) => p.name).join(' and ')}` : undefined,
    );
  }
}
