import { type Clock, systemClock } from '../../core/clock.js';
import { ToolError } from '../../core/errors.js';
import type { Measurement } from '../../core/measurement.js';
import { peakOf } from '../../core/measurement.js';
import type { Check } from '../../core/model.js';
import type { Progress } from '../../core/progress.js';
import { formatBytes } from '../../core/size.js';
import { nixlProbePath, runNixlProbePair } from '../../engines/nixl-probe.js';
import type { EngineRun, Leg } from '../../engines/types.js';
import { frameworkOfContainer } from '../../env/framework.js';
import type { WorkerRole } from '../../env/workers.js';
import {
  cleanupCheck,
  inPlaceBandwidthCheck,
  inPlaceExpectation,
  inPlaceTransportCheck,
  memoryCheck,
  registrationCheck,
  scopeCheck,
} from '../../judge/in-place.js';
import { transferCheck } from '../../judge/local.js';
import { transportKind } from '../../judge/transports.js';
import type { Cluster } from '../../kube/cluster.js';
import type { RunningProc } from '../../procs/launcher.js';
import { chooseLegs } from '../direction.js';
import {
  choosePort,
  IN_PLACE_PORTS,
  inPlaceHelperSource,
  MEMORY_GUARD_BYTES,
  POD_PYTHON,
  parseRunMemory,
  runMarker,
} from './helper.js';
import { holdPods } from './hold.js';
import { inPlaceLauncher, whenProbeReady } from './launcher.js';
import { label, preflight, reap, type Worker, type Workers, workers } from './pods.js';

export interface InPlaceOptions {
  namespace: string;
  dgd?: string | undefined;
  prefillPod?: string | undefined;
  decodePod?: string | undefined;
  allPods: boolean;
  container?: string | undefined;
  bytes: number;
  memory: 'DRAM' | 'VRAM';
  timeoutMs: number;
  minGBps?: number | undefined;
  initiator?: WorkerRole | undefined;
  op?: 'READ' | 'WRITE' | undefined;
  runId: string;
  /** --in-place-size was given: with no readable cgroup, the node's MemAvailable is accepted. */
  explicitSize: boolean;
  /** Where the per-pod Leases live (pair's --lease-namespace). */
  leaseNamespace: string;
  /** false with --no-wait: a pod held by another run stops this one at once. */
  leaseWait: boolean;
}

export interface InPlaceDeps {
  /** Unscoped: the reaper runs after Ctrl-C too, on a signal of its own. */
  cluster: Cluster;
  progress: Progress;
  signal: AbortSignal;
  clock?: Clock;
}

export interface InPlaceTransfer {
  prefill: string;
  decode: string;
  leg: Leg;
  checks: Check[];
  measurement: Measurement;
}

export interface InPlaceResult {
  transfers: InPlaceTransfer[];
  /** Every check of every transfer, each with its pods as subject. */
  checks: Check[];
  legsWhy: string;
  port: number;
  /** Pods of the graph not used, and why (not Running). */
  leftOut: Workers['leftOut'];
}

/** How long after the run began a process may have started and still be ours: the reaper's bound, with a margin. */
const REAP_MARGIN_S = 5;
/**
 * The probe's own flags in place: no KV row and no in-flight row (each would grow the buffer past
 * --in-place-size: the in-flight row keeps `--in-flight` × the largest block, nixl-probe.py), a
 * bounded volume. In a worker's pod our memory is the worker's to lose.
 */
export function inPlaceProbeFlags(bytes: number, marker: string, role: 'target' | 'initiator'): string[] {
  const other = role === 'target' ? 'initiator' : 'target';
  return [
    '--kv-layers',
    '0',
    '--in-flight',
    '1',
    '--min-seconds',
    '0.5',
    '--min-bytes',
    String(Math.min(1 << 30, bytes * 16)),
    '--name',
    `interconnect-test-${role}-${marker}`,
    '--peer-name',
    `interconnect-test-${other}-${marker}`,
  ];
}

function measurementOf(run: EngineRun, o: InPlaceOptions, leg: Leg, p: Worker, d: Worker): Measurement {
  const sameNode = !!p.node && p.node === d.node;
  return {
    engine: 'nixl',
    mode: sameNode ? 'intra-node' : 'cross-node',
    transport: { kind: transportKind(run.lanes, run.emulated), lanes: run.lanes },
    nodes: { prefill: p.node ?? null, decode: d.node ?? null },
    peakGBps: peakOf(run.rows),
    rows: run.rows,
    ...(run.hosts && Object.keys(run.hosts).length ? { hosts: run.hosts } : {}),
    memory: { initiator: o.memory, target: o.memory },
    opType: leg.op,
    initiator: leg.initiator,
    expected: inPlaceExpectation(o.minGBps),
    versions: {
      ...(run.engineVersion ? { nixl: run.engineVersion.replace(/^nixl /, '') } : {}),
      ...(run.ucxVersion ? { ucx: run.ucxVersion } : {}),
    },
    inPlace: { prefillPod: label(p), decodePod: label(d), bytes: o.bytes },
  };
}

async function transfer(
  deps: InPlaceDeps,
  o: InPlaceOptions,
  pair: { p: Worker; d: Worker; leg: Leg; port: number; helper: string; marker: string },
): Promise<InPlaceTransfer> {
  const { p, d, leg, port, helper, marker } = pair;
  const init = leg.initiator === 'prefill' ? p : d;
  const target = leg.initiator === 'prefill' ? d : p;
  const subject = `${label(p)} ↔ ${label(d)} (in-place, ${leg.initiator} ${leg.op})`;
  const seconds = o.timeoutMs / 1000;
  const route = (name: string) =>
    /target/.test(name) ? target.target : /initiator/.test(name) ? init.target : undefined;
  deps.progress.step(
    `in-place: ${leg.initiator} ${leg.op}s over NIXL, ${label(init)} → ${label(target)} port ${port}`,
  );
  const sizes = [Math.min(1 << 20, o.bytes), o.bytes];
  const started: { pod: string; proc: RunningProc }[] = [];
  const run = await runNixlProbePair(
    {
      python: POD_PYTHON,
      script: nixlProbePath(),
      sizes,
      iters: 64,
      warmup: 4,
      memory: o.memory,
      gpuCount: 0,
      op: leg.op,
      env: {},
      placement: {
        server: { wrap: [], address: target.ip },
        client: { wrap: [] },
        describe: 'the pod network, in place',
      },
      timeoutS: seconds,
      remote: {
        port,
        ready: whenProbeReady(Math.min(o.timeoutMs, 120_000)),
        extraArgs: {
          target: inPlaceProbeFlags(o.bytes, marker, 'target'),
          initiator: inPlaceProbeFlags(o.bytes, marker, 'initiator'),
        },
        label: `pair --in-place (${subject})`,
        fix: 'the worker image\u2019s NIXL is older than the probe needs: run pair with free GPUs and --engine nixlbench',
      },
    },
    {
      // The helper stops the probe on its own a little after --timeout, whatever happens to us,
      // and at once when the worker's memory use eats the guard.
      launcher: inPlaceLauncher({
        cluster: deps.cluster,
        helper,
        marker,
        seconds: seconds + 30,
        guardBytes: MEMORY_GUARD_BYTES,
        route,
        onStart: (t, proc) => started.push({ pod: `${t.namespace}/${t.pod}`, proc }),
      }),
      progress: deps.progress,
      interrupt: deps.signal,
      deadline: AbortSignal.timeout(o.timeoutMs),
    },
  );
  // Prefill first, decode second, whichever side started first.
  const memory = [label(p), label(d)]
    .map((pod) => ({ pod, proc: started.find((s) => s.pod === pod)?.proc }))
    .filter((m) => m.proc !== undefined)
    .map(({ pod, proc }) => ({ pod, said: parseRunMemory(proc?.lines() ?? []) }));
  const pressed = memory.find((m) => m.said && m.said.memory !== 'ok');
  if (pressed) deps.progress.warn(`${pressed.pod}: ${pressed.said?.detail}`);
  const facts = {
    bytes: o.bytes,
    memory: o.memory,
    sameNode: !!p.node && p.node === d.node,
    lanes: run.lanes,
    emulated: run.emulated,
    rows: run.rows,
    errors: run.probeErrors ?? [],
    minGBps: o.minGBps,
    subject,
  };
  const checks = [
    scopeCheck(facts),
    transferCheck({
      outcome: run.outcome,
      // The helper's own account comes first: the probe was stopped or killed for the worker's sake.
      problem: pressed ? `${pressed.pod}: ${pressed.said?.detail}` : run.problem,
      engine: 'nixl',
      subject,
      what: `${run.sizesDone} sizes`,
      span: `${formatBytes(sizes[0] as number)}–${formatBytes(o.bytes)}`,
      timeoutMs: o.timeoutMs,
      between: 'the two pods',
    }),
    registrationCheck(facts),
    inPlaceTransportCheck(facts),
    inPlaceBandwidthCheck(facts),
    memoryCheck(
      memory.map((m) => ({ pod: m.pod, ...(m.said ? { said: m.said } : {}) })),
      subject,
    ),
  ];
  return { prefill: label(p), decode: label(d), leg, checks, measurement: measurementOf(run, o, leg, p, d) };
}

/** Reaps both pods of a pair and judges what is left. */
async function reapPair(
  deps: InPlaceDeps,
  run: { p: Worker; d: Worker; helper: string; marker: string; age: () => number },
  subject: string,
): Promise<Check> {
  const { p, d, helper, marker } = run;
  const left = [
    { pod: label(p), left: await reap(deps.cluster, p, helper, marker, run.age()) },
    { pod: label(d), left: await reap(deps.cluster, d, helper, marker, run.age()) },
  ];
  const c = cleanupCheck(left, subject);
  if (c.status === 'ok') deps.progress.done(c.detail);
  else deps.progress.warn(c.detail);
  return c;
}

/** Every (prefill, decode) pair: pre-flight both, then each leg; every exec inside the reaping scope. */
async function transfers(
  deps: InPlaceDeps,
  o: InPlaceOptions,
  found: Workers,
  legs: readonly Leg[],
  run: { helper: string; marker: string; age: () => number },
): Promise<{ transfers: InPlaceTransfer[]; checks: Check[]; port: number }> {
  const out = { transfers: [] as InPlaceTransfer[], checks: [] as Check[], port: 0 };
  const { helper, marker } = run;
  for (const p of found.prefill) {
    for (const d of found.decode) {
      // From the first exec on, something of ours may be in these pods: a pre-flight that times
      // out or is cut by Ctrl-C is reaped as surely as a probe.
      let dirty = true;
      try {
        deps.progress.step(`in-place pre-flight: ${label(p)} (prefill) and ${label(d)} (decode)`);
        const fit = { helper, marker, bytes: o.bytes, memory: o.memory, explicitSize: o.explicitSize };
        const pf = await preflight(deps.cluster, p, fit, deps.signal);
        const df = await preflight(deps.cluster, d, fit, deps.signal);
        for (const leg of legs) {
          const chosen = choosePort(leg.initiator === 'prefill' ? df.listening : pf.listening);
          if (chosen === undefined) {
            throw new ToolError(
              `every port of ${IN_PLACE_PORTS.first}–${IN_PLACE_PORTS.last} already listens in the target pod`,
              { fix: 'free one of those ports in the worker, or run pair with free GPUs' },
            );
          }
          out.port = chosen;
          dirty = true;
          try {
            const t = await transfer(deps, o, { p, d, leg, port: chosen, helper, marker });
            out.transfers.push(t);
            out.checks.push(...t.checks);
          } finally {
            const subject = `${label(p)} ↔ ${label(d)} (in-place, ${leg.initiator} ${leg.op})`;
            out.checks.push(await reapPair(deps, { p, d, ...run }, subject));
            dirty = false;
          }
        }
      } finally {
        if (dirty) await reapPair(deps, { p, d, ...run }, `${label(p)} ↔ ${label(d)} (in-place pre-flight)`);
      }
    }
  }
  return out;
}

/**
 * `pair --in-place`: a small real NIXL transfer between a live prefill and a
 * live decode pod, through exec, in the framework's direction. Each worker pod
 * is held through a Lease first (one probe per worker), then checked (python3
 * with nixl, memory headroom, a free port), and whatever happens, from the
 * first exec on, the run's processes are reaped and the pods checked for
 * leftovers. Nothing else is created, changed or deleted in the cluster.
 */
export async function runInPlace(o: InPlaceOptions, deps: InPlaceDeps): Promise<InPlaceResult> {
  const clock = deps.clock ?? systemClock;
  const found = await workers(deps.cluster, o);
  for (const l of found.leftOut) deps.progress.warn(`left out ${l.role} pod ${l.pod}: ${l.why}`);
  const first = found.prefill[0] as Worker;
  const legChoice = chooseLegs({
    initiator: o.initiator,
    op: o.op,
    framework: frameworkOfContainer(first.found.spec ?? {}),
  });
  const pods = [...new Set([...found.prefill, ...found.decode].map(label))];
  const release = await holdPods({
    cluster: deps.cluster,
    clock,
    progress: deps.progress,
    interrupt: deps.signal,
    deadline: AbortSignal.timeout(o.timeoutMs),
    timeoutMs: o.timeoutMs,
    leaseNamespace: o.leaseNamespace,
    wait: o.leaseWait,
    runId: o.runId,
    pods,
  });
  try {
    // The reaper spares any process that started before this moment, whatever it carries.
    const began = clock.now();
    const age = () => (clock.now() - began) / 1000 + REAP_MARGIN_S;
    const run = { helper: inPlaceHelperSource(), marker: runMarker(o.runId), age };
    const r = await transfers(deps, o, found, legChoice.legs, run);
    return { ...r, legsWhy: legChoice.why, leftOut: found.leftOut };
  } finally {
    await release();
  }
}
