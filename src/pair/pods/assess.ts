import type { CoreV1Event, V1Pod } from '@kubernetes/client-node';
import { formatDuration } from '../../core/duration.js';
import type { EngineName } from '../../core/engine-names.js';
import { getEngine } from '../../engines/registry.js';
import type { PodRole } from '../../engines/types.js';
import { diagnosePod, type PodProblemKind, podStateLine, pullingLine } from '../../scratch/diagnose.js';
import { createRefusal } from '../plan/admission.js';
import { probeScriptProblem, splitLegs, tail, unreadableLog } from './logs.js';

/**
 * One look at the probe pods, turned into: keep waiting, go on, or the problem
 * the user will meet, named with its fix. Pure: the watch loop polls the API
 * and the clock and passes both in.
 */

export interface PodSnap {
  role: PodRole;
  pod?: V1Pod | undefined;
  events: CoreV1Event[];
  log: string;
  /** Events on the pod's Job while it has no pod (the job controller's FailedCreate). */
  jobEvents?: CoreV1Event[] | undefined;
}

export interface RunProblem {
  kind:
    | PodProblemKind
    | 'admission'
    | 'pull-timeout'
    | 'peer-missing'
    | 'hung-after-results'
    | 'unreadable-log'
    | 'timeout';
  role?: PodRole | undefined;
  detail: string;
  fix: string;
}

export type Assessment =
  | { state: 'wait'; status: string }
  | { state: 'ready'; status: string }
  | { state: 'done'; status: string }
  | { state: 'problem'; problem: RunProblem; status: string };

export interface AssessInput {
  engine: EngineName;
  pods: PodSnap[];
  now: number;
  /** When each pod was first seen Running. */
  runningSince: Partial<Record<PodRole, number>>;
  /** When the initiator's log first showed a complete table. */
  resultsSince?: number | undefined;
  peerTimeoutMs: number;
  hangGraceMs: number;
  rdmaResource?: string | undefined;
  /** How many legs (transfers) the pods run; the last one's results end the run. */
  legs?: number | undefined;
  /** ucx_perftest message size, for reading a client log without a test box. */
  messageSize?: number | undefined;
  /** The scratch namespace, for an admission refusal's fix. */
  namespace?: string | undefined;
}

function running(p: PodSnap): boolean {
  return p.pod?.status?.phase === 'Running';
}

function succeeded(p: PodSnap): boolean {
  return p.pod?.status?.phase === 'Succeeded';
}

/** A complete result is in this log (nixlbench reached its last block size; ucx_perftest printed its final row). */
/**
 * The run's final results are in this log: with several legs, the last leg's
 * (a first leg's table is not the end of the run, and must not start the
 * "hung after results" clock while the next leg still runs).
 */
export function finalResultsComplete(
  engine: EngineName,
  log: string,
  legs: number,
  messageSize?: number,
): boolean {
  const parts = splitLegs(log);
  if (legs > 1 || parts.length > 1) {
    const last = parts[legs - 1];
    return last !== undefined && resultsComplete(engine, last, messageSize);
  }
  return resultsComplete(engine, log, messageSize);
}

export function resultsComplete(engine: EngineName, log: string, messageSize?: number): boolean {
  // A rails run is complete when every rail's section is in (the first one's result is not the end).
  if (!railsDone(log)) return false;
  return getEngine(engine).logs.resultsComplete(log, messageSize);
}

/** Every rail the pod announced (`interconnect-test: rails 0 1 …`) has printed its `rail N end` line. */
function railsDone(log: string): boolean {
  const m = /^interconnect-test: rails ([\d ]+)$/m.exec(log);
  if (!m) return true;
  const want = (m[1] as string).trim().split(/\s+/);
  const ended = new Set([...log.matchAll(/^interconnect-test: rail (\d+) end\b/gm)].map((x) => x[1]));
  return want.every((g) => ended.has(g));
}

function rowsSoFar(engine: EngineName, log: string): number {
  return getEngine(engine).logs.rowsSoFar(log);
}

/** Whether the pod's probe script is waiting at the rendezvous for its peer (its last rendezvous line). */
function atRendezvous(log: string): boolean {
  const lines = log.match(/interconnect-test: rendezvous \S+: .*/g);
  return !!lines && /waiting for/.test(lines[lines.length - 1] as string);
}

export function statusLine(pods: readonly PodSnap[], engine: EngineName, now?: number): string {
  return pods
    .map((p) => {
      const rows = rowsSoFar(engine, p.log);
      const waiting =
        p.pod?.status?.phase === 'Running' && atRendezvous(p.log) ? ', waiting for its peer' : '';
      const pulling = now !== undefined ? pullingLine(p.pod, p.events, now) : undefined;
      return `${p.role} ${pulling ?? podStateLine(p.pod, now)}${waiting}${rows ? ` (${rows} result row${rows === 1 ? '' : 's'})` : ''}`;
    })
    .join(', ');
}

/** Why a pod exited non-zero, from its own log first, then its peers' state. */
function exitProblem(
  p: PodSnap,
  code: number | undefined,
  all: readonly PodSnap[],
  engine: EngineName,
): RunProblem {
  const others = all.filter((o) => o !== p).map((o) => `${o.role} is ${podStateLine(o.pod)}`);
  const script = probeScriptProblem(p.log);
  if (script)
    return {
      kind: script.rendezvous ? 'peer-missing' : 'exited',
      role: p.role,
      detail: `${p.role} exited (${code ?? '?'}): ${script.detail} — "${script.evidence}"`,
      fix: script.fix,
    };
  const failure = getEngine(engine).logs.failure?.(p.log);
  if (failure) {
    const peer = failure.peer ? `; ${others.join(', ')}` : '';
    return {
      kind: failure.peer === 'missing' ? 'peer-missing' : 'exited',
      role: p.role,
      detail: `${p.role} exited (${code ?? '?'}): ${failure.detail} — "${failure.text.trim().slice(0, 160)}"${peer}`,
      fix: failure.fix,
    };
  }
  const last = tail(p.log);
  return {
    kind: 'exited',
    role: p.role,
    detail: `${p.role} exited with code ${code ?? '?'}${last ? `: ${last}` : ' and printed nothing'}`,
    fix:
      code === 127
        ? 'the command is missing from the image: check --image'
        : code === 137
          ? 'it was killed (OOM or a signal): raise --memory, or read the pod events'
          : `read the full log: kubectl logs job/<${p.role} job> (rerun with --keep)`,
  };
}

/** The first hard problem any pod shows, or undefined. */
/**
 * The first hard problem the pods show, causes before consequences: a pod
 * that was OOM-killed, evicted, never pulled or never scheduled explains why
 * its peer then exited (a ucx_perftest server aborts with "Endpoint timeout"
 * when its client is killed), so any of those wins over a plain exit.
 */
function podProblems(input: AssessInput): RunProblem | undefined {
  let exited: RunProblem | undefined;
  for (const p of input.pods) {
    if (!p.pod) {
      // No pod: the Job may have been refused one (admission, quota): that is the story, now.
      const refused = createRefusal(p.role, input.namespace ?? '', p.jobEvents ?? []);
      if (refused) return refused;
      continue;
    }
    const d = diagnosePod(p.pod, p.events, { rdma: input.rdmaResource });
    if (!d) continue;
    if (d.kind !== 'exited') return { kind: d.kind, role: p.role, detail: d.detail, fix: d.fix };
    exited ??= exitProblem(p, d.exitCode, input.pods, input.engine);
  }
  return exited;
}

export function assess(input: AssessInput): Assessment {
  const status = statusLine(input.pods, input.engine, input.now);
  const hard = podProblems(input);
  if (hard) return { state: 'problem', problem: hard, status };

  // A pod that finished with output we cannot read will never show results: say so now.
  for (const p of input.pods.filter(succeeded)) {
    const why = unreadableLog(input.engine, p.log, p.role);
    if (why)
      return {
        state: 'problem',
        status,
        problem: {
          kind: 'unreadable-log',
          role: p.role,
          detail: `${p.role} finished, but its log is not ${input.engine} output as expected: ${why}`,
          fix: `check that the probe image runs ${input.engine} (--image, --engine); keep the pods with --keep and read the log`,
        },
      };
  }
  if (input.pods.every(succeeded)) return { state: 'done', status };
  const complete = input.pods.some((p) =>
    finalResultsComplete(input.engine, p.log, input.legs ?? 1, input.messageSize),
  );
  if (complete && input.resultsSince !== undefined && input.now - input.resultsSince > input.hangGraceMs) {
    const stuck = input.pods.filter((p) => !succeeded(p)).map((p) => p.role);
    return {
      state: 'problem',
      status,
      problem: {
        kind: 'hung-after-results',
        role: stuck[0],
        detail: `the results were printed, then ${stuck.join(' and ')} hung for ${formatDuration(input.now - input.resultsSince)} instead of exiting; stopped it (the numbers are kept)`,
        fix: 'a known nixlbench/backend shutdown hang (ai-dynamo/nixl#1999); the measurement stands, but check the image version',
      },
    };
  }
  const barrier = getEngine(input.engine).logs.startBarrier;
  if (barrier && input.pods.length > 1 && input.pods.every(running)) {
    const since = Math.max(...input.pods.map((p) => input.runningSince[p.role] ?? input.now));
    const connected = input.pods.some((p) => barrier.connected(p.log));
    if (!connected && input.now - since > input.peerTimeoutMs) {
      const stuck = input.pods.filter((p) => atRendezvous(p.log)).map((p) => p.role);
      const silent = input.pods.filter((p) => !barrier.registered(p.log)).map((p) => p.role);
      if (stuck.length)
        return {
          state: 'problem',
          status,
          problem: {
            kind: 'peer-missing',
            role: stuck[0],
            detail: `the peers never met: both pods ran ${formatDuration(input.now - since)} and ${stuck.join(' and ')} still waits at the rendezvous in the run's etcd`,
            fix: "check that both pods reach the run's etcd Service on port 2379 (NetworkPolicy, DNS)",
          },
        };
      return {
        state: 'problem',
        status,
        problem: {
          kind: 'peer-missing',
          role: silent[0],
          detail: `the peers never met: both pods ran ${formatDuration(input.now - since)} and ${input.engine}'s start barrier never completed${silent.length ? ` (${silent.join(' and ')} never registered with etcd)` : ''}`,
          fix: 'check that both pods reach the etcd Service and each other (NetworkPolicy); raise --peer-timeout if image start-up is slow',
        },
      };
    }
  }
  return { state: 'wait', status };
}
