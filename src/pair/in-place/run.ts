import type { V1Pod } from '@kubernetes/client-node';
import { ToolError } from '../../core/errors.js';
import type { Measurement } from '../../core/measurement.js';
import { peakOf } from '../../core/measurement.js';
import type { Check } from '../../core/model.js';
import type { Progress } from '../../core/progress.js';
import type { EngineRun } from '../../engines/local/types.js';
import { nixlProbePath } from '../../engines/nixl/argv.js';
import { runNixlProbePair } from '../../engines/nixl/local.js';
import { formatSize } from '../../engines/sizes.js';
import { frameworkOfContainer } from '../../env/framework.js';
import { findDgdWorkers, pickRunning, type WorkerRole } from '../../env/workers.js';
import {
  cleanupCheck,
  inPlaceBandwidthCheck,
  inPlaceExpectation,
  inPlaceTransportCheck,
  registrationCheck,
  scopeCheck,
} from '../../judge/in-place.js';
import { transferCheck } from '../../judge/local.js';
import { transportKind } from '../../judge/transports.js';
import type { Cluster, PodTarget } from '../../kube/cluster.js';
import { assertRunning, chooseContainer, getPod } from '../../kube/pods.js';
import { chooseLegs } from '../direction.js';
import type { Leg } from '../plan/probe-script.js';
import {
  choosePort,
  headroom,
  IN_PLACE_PORTS,
  inPlaceHelperSource,
  POD_PYTHON,
  type PreflightFacts,
  parsePreflight,
  parseReap,
  preflightArgv,
  reapArgv,
  runMarker,
} from './helper.js';
import { inPlaceLauncher, whenProbeReady } from './launcher.js';

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
}

export interface InPlaceDeps {
  /** Unscoped: the reaper runs after Ctrl-C too, on a signal of its own. */
  cluster: Cluster;
  progress: Progress;
  signal: AbortSignal;
}

interface Worker {
  target: PodTarget;
  pod: V1Pod;
  ip: string;
  node: string | undefined;
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
}

const PREFLIGHT_MS = 60_000;
const REAP_MS = 30_000;
/** The probe's own flags in place: no KV row (its buffer would outgrow --in-place-size), a bounded volume. */
function probeFlags(bytes: number, marker: string, role: 'target' | 'initiator'): string[] {
  const other = role === 'target' ? 'initiator' : 'target';
  return [
    '--kv-layers',
    '0',
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

function worker(pod: V1Pod, container: string): Worker {
  const namespace = pod.metadata?.namespace ?? '';
  const name = pod.metadata?.name ?? '';
  const ip = pod.status?.podIP;
  if (!ip) {
    throw new ToolError(`pod ${namespace}/${name} has no pod IP`, {
      fix: 'wait until the pod is Running with an IP (kubectl get pod -o wide)',
    });
  }
  return { target: { namespace, pod: name, container }, pod, ip, node: pod.spec?.nodeName };
}

async function workers(
  cluster: Cluster,
  o: InPlaceOptions,
): Promise<{ prefill: Worker[]; decode: Worker[] }> {
  if (o.dgd) {
    const found = await findDgdWorkers(cluster, o.namespace, o.dgd);
    const pick = (role: WorkerRole) =>
      pickRunning(found[role], role, o.container, o.allPods).picked.map((p) => worker(p.pod, p.container));
    return { prefill: pick('prefill'), decode: pick('decode') };
  }
  const one = async (name: string) => {
    const pod = await getPod(cluster, { namespace: o.namespace, name });
    const container = chooseContainer(pod, o.container);
    assertRunning(pod, container);
    return worker(pod, container);
  };
  return { prefill: [await one(o.prefillPod as string)], decode: [await one(o.decodePod as string)] };
}

function label(w: Worker): string {
  return `${w.target.namespace}/${w.target.pod}`;
}

async function preflight(
  cluster: Cluster,
  w: Worker,
  helper: string,
  marker: string,
  o: InPlaceOptions,
  signal: AbortSignal,
): Promise<PreflightFacts> {
  const r = await cluster.exec(w.target, preflightArgv(helper, marker, o.memory === 'VRAM'), {
    timeoutMs: PREFLIGHT_MS,
    signal,
  });
  if (r.notFound) {
    throw new ToolError(`pod ${label(w)}: the image has no python3, so NIXL's Python API cannot run in it`, {
      fix: 'use pair with free GPUs (its probe pods run the image with their own Python), or name the container with -c',
    });
  }
  const facts = parsePreflight(r.stdout);
  if (!facts) {
    const said = (r.stderr || r.stdout).trim().split('\n').pop() ?? '';
    throw new ToolError(
      `pod ${label(w)}: the in-place pre-flight ${r.timedOut ? 'timed out' : `printed no result (exit ${r.exitCode ?? '?'})`}${said ? `: ${said.slice(0, 160)}` : ''}`,
      { fix: 'check the container runs a python3 of 3.8 or newer (-c names another container)' },
    );
  }
  if (!facts.nixl) {
    throw new ToolError(
      `pod ${label(w)}: python ${facts.python} has no nixl (${facts.nixlError ?? 'not installed'})`,
      {
        fix: 'the worker image carries no NIXL Python package: run pair with free GPUs and --engine nixlbench or ucx_perftest',
      },
    );
  }
  const room = headroom(facts, o.bytes, o.memory);
  if (!room.ok) {
    throw new ToolError(
      `pod ${label(w)}: not enough memory headroom, refused (nothing ran): ${room.detail}`,
      {
        fix: `lower --in-place-size (now ${formatSize(o.bytes)}), or run pair on free GPUs`,
      },
    );
  }
  return facts;
}

/** Kills what this run started in a pod and says how many are left (undefined: could not look). */
async function reap(
  cluster: Cluster,
  w: Worker,
  helper: string,
  marker: string,
): Promise<number | undefined> {
  try {
    const r = await cluster.exec(w.target, reapArgv(helper, marker), {
      timeoutMs: REAP_MS,
      signal: AbortSignal.timeout(REAP_MS + 5_000),
    });
    return parseReap(r.stdout)?.left;
  } catch {
    return undefined;
  }
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
          target: probeFlags(o.bytes, marker, 'target'),
          initiator: probeFlags(o.bytes, marker, 'initiator'),
        },
        label: `pair --in-place (${subject})`,
        fix: 'the worker image\u2019s NIXL is older than the probe needs: run pair with free GPUs and --engine nixlbench',
      },
    },
    {
      // The helper stops the probe on its own a little after --timeout, whatever happens to us.
      launcher: inPlaceLauncher({ cluster: deps.cluster, helper, marker, seconds: seconds + 30, route }),
      progress: deps.progress,
      interrupt: deps.signal,
      deadline: AbortSignal.timeout(o.timeoutMs),
    },
  );
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
      problem: run.problem,
      engine: 'nixl',
      subject,
      what: `${run.sizesDone} sizes`,
      span: `${formatSize(sizes[0] as number)}–${formatSize(o.bytes)}`,
      timeoutMs: o.timeoutMs,
      between: 'the two pods',
    }),
    registrationCheck(facts),
    inPlaceTransportCheck(facts),
    inPlaceBandwidthCheck(facts),
  ];
  return { prefill: label(p), decode: label(d), leg, checks, measurement: measurementOf(run, o, leg, p, d) };
}

/**
 * `pair --in-place`: a small real NIXL transfer between a live prefill and a
 * live decode pod, through exec, in the framework's direction; nothing is
 * created, changed or deleted in the cluster. Each pod is checked first
 * (python3 with nixl, memory headroom, a free port), and whatever happens the
 * probes are reaped and the pods checked for leftovers.
 */
export async function runInPlace(o: InPlaceOptions, deps: InPlaceDeps): Promise<InPlaceResult> {
  const cluster = deps.cluster;
  const found = await workers(cluster, o);
  const first = found.prefill[0] as Worker;
  const legChoice = chooseLegs({
    initiator: o.initiator,
    op: o.op,
    framework: frameworkOfContainer(
      first.pod.spec?.containers.find((c) => c.name === first.target.container) ?? {},
    ),
  });
  const helper = inPlaceHelperSource();
  const marker = runMarker(o.runId);
  const transfers: InPlaceTransfer[] = [];
  const checks: Check[] = [];
  let port = 0;
  for (const p of found.prefill) {
    for (const d of found.decode) {
      deps.progress.step(`in-place pre-flight: ${label(p)} (prefill) and ${label(d)} (decode)`);
      const [pf, df] = [
        await preflight(cluster, p, helper, marker, o, deps.signal),
        await preflight(cluster, d, helper, marker, o, deps.signal),
      ];
      for (const leg of legChoice.legs) {
        const listening = leg.initiator === 'prefill' ? df.listening : pf.listening;
        const chosen = choosePort(listening);
        if (chosen === undefined) {
          throw new ToolError(
            `every port of ${IN_PLACE_PORTS.first}–${IN_PLACE_PORTS.last} already listens in the target pod`,
            { fix: 'free one of those ports in the worker, or run pair with free GPUs' },
          );
        }
        port = chosen;
        try {
          const t = await transfer(deps, o, { p, d, leg, port, helper, marker });
          transfers.push(t);
          checks.push(...t.checks);
        } finally {
          const left = [
            { pod: label(p), left: await reap(cluster, p, helper, marker) },
            { pod: label(d), left: await reap(cluster, d, helper, marker) },
          ];
          const c = cleanupCheck(left, `${label(p)} ↔ ${label(d)} (in-place, ${leg.initiator} ${leg.op})`);
          checks.push(c);
          if (c.status === 'ok') deps.progress.done(c.detail);
          else deps.progress.warn(c.detail);
        }
      }
    }
  }
  return { transfers, checks, legsWhy: legChoice.why, port };
}
