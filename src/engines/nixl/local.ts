import { ToolError } from '../../core/errors.js';
import { type NixlProbeOutput, parseNixlProbe } from '../../parsers/nixl-probe.js';
import { withDisposal } from '../../procs/disposal.js';
import { freePort } from '../../procs/ports.js';
import { NIXL_DEFAULT_ITERS, visibleDevices } from '../local/nixl-defaults.js';
import { procsEnv, runTwoProcs, type TwoProcs, warnTeardown, whenListening } from '../local/two-procs.js';
import type { EngineRun, Placement, RunDeps } from '../local/types.js';
import { NIXL_PIN } from '../nixl-python.js';
import { nixlProbeArgv } from './argv.js';
import { nixlRows } from './logs.js';

export interface NixlPlan {
  /** A Python that imports nixl. */
  python: string;
  /** templates/nixl-probe.py. */
  script: string;
  sizes: readonly number[];
  iters?: number;
  /** --warmup; undefined: a tenth of the timed iterations, at least 1. */
  warmup?: number;
  memory: 'DRAM' | 'VRAM';
  gpuCount: number;
  op: 'READ' | 'WRITE';
  env: NodeJS.ProcessEnv;
  placement: Placement;
  /** Seconds each probe waits for its peer on its own (the run's --timeout). */
  timeoutS: number;
  /**
   * Elsewhere than this host (pair --in-place: two pods through exec): the target's listen port,
   * when it is ready (it says so), flags after the probe's own, and the run's name in errors.
   */
  remote?: {
    port: number;
    ready: TwoProcs['ready'];
    extraArgs: { target: readonly string[]; initiator: readonly string[] };
    label: string;
    fix: string;
  };
}

/** Creating a NIXL agent loads UCX and its plugins: give the target time to listen. */
const READY_MS = 60_000;
/** The target exits as soon as the initiator's "done" notification lands. */
const PEER_GRACE_MS = 10_000;

/** The error a probe reported itself, as `role stage: message`. */
function probeError(role: string, out: NixlProbeOutput | undefined): string | undefined {
  const e = out?.errors[0];
  return e ? `${role} ${e.stage}: ${e.message}` : undefined;
}

function garbageOf(role: string, out: NixlProbeOutput | undefined): string | undefined {
  const g = out?.garbage[0];
  return g
    ? `the ${role} printed a line that is not nixl-probe output (line ${g.line}: ${g.problem})`
    : undefined;
}

/**
 * Our NIXL probe as two local processes: the target (NIXL's listen thread on a
 * free port) first, then the initiator, which exchanges metadata with it and
 * runs the sweep. A NIXL too old for the probe's API is a ToolError naming the
 * version; everything else lands in the EngineRun for the report.
 */
export async function runNixlProbePair(plan: NixlPlan, deps: RunDeps): Promise<EngineRun> {
  const pids: number[] = [];
  const port = plan.remote?.port ?? (await freePort());
  const devices = plan.memory === 'VRAM' ? visibleDevices(plan.gpuCount) : {};
  const envFor = (cuda: string | undefined) =>
    cuda ? { ...plan.env, CUDA_VISIBLE_DEVICES: cuda } : plan.env;
  const common = {
    python: plan.python,
    script: plan.script,
    port,
    op: plan.op,
    memory: plan.memory,
    minBlock: Math.min(...plan.sizes),
    maxBlock: Math.max(...plan.sizes),
    iters: plan.iters ?? NIXL_DEFAULT_ITERS,
    itersExact: plan.iters !== undefined,
    ...(plan.warmup !== undefined ? { warmup: plan.warmup } : {}),
    timeoutS: plan.timeoutS,
  };
  deps.progress.update(`target and initiator, ${plan.op}, metadata over NIXL's listen thread`);
  const run = await withDisposal(
    (stack) =>
      runTwoProcs(
        {
          first: {
            name: 'nixl target',
            argv: [
              ...plan.placement.server.wrap,
              ...nixlProbeArgv({ ...common, role: 'target' }),
              ...(plan.remote?.extraArgs.target ?? []),
            ],
            env: envFor(devices.target),
          },
          second: {
            name: 'nixl initiator',
            argv: [
              ...plan.placement.client.wrap,
              ...nixlProbeArgv({ ...common, role: 'initiator', peer: plan.placement.server.address }),
              ...(plan.remote?.extraArgs.initiator ?? []),
            ],
            env: envFor(devices.initiator),
          },
          ready: plan.remote?.ready ?? whenListening(port, 50, READY_MS),
          peerGraceMs: PEER_GRACE_MS,
        },
        procsEnv(deps, stack, pids),
      ),
    warnTeardown(deps.progress),
  );

  const target = run.first ? parseNixlProbe(run.first.lines.join('\n')) : undefined;
  const initiator = run.second ? parseNixlProbe(run.second.lines.join('\n')) : undefined;
  for (const out of [target, initiator]) {
    const old = out?.errors.find((e) => e.stage === 'version' || e.stage === 'import');
    if (old) {
      throw new ToolError(`${plan.remote?.label ?? 'pair --local --engine nixl'}: ${old.message}`, {
        fix:
          plan.remote?.fix ??
          `install a newer nixl (bash scripts/nixl-venv.sh pins ${NIXL_PIN}), or point INTERCONNECT_TEST_PYTHON at a python with one`,
      });
    }
  }
  const { rows, kv } = nixlRows(initiator);
  const lanes = [...new Set([...(initiator?.lanes ?? []), ...(target?.lanes ?? [])])];
  const transports = [...new Set([...(initiator?.transports ?? []), ...(target?.transports ?? [])])];
  const ucxVersion = initiator?.ucxVersion ?? target?.ucxVersion;
  const nixlVersion = initiator?.start?.nixlVersion ?? target?.start?.nixlVersion;
  const hosts = {
    ...(initiator?.start ? { initiator: initiator.start.host } : {}),
    ...(target?.start ? { target: target.start.host } : {}),
  };
  const base = {
    rows,
    ...(kv ? { kv } : {}),
    lanes,
    transports,
    pids,
    hosts,
    emulated: !!(initiator?.emulated || target?.emulated),
    // Block sizes: the in-flight row repeats the largest.
    sizesDone: rows.filter((r) => (r.inFlight ?? 1) === 1).length,
    probeErrors: [
      ...(initiator?.errors ?? []).map((e) => ({
        role: 'initiator' as const,
        stage: e.stage,
        message: e.message,
      })),
      ...(target?.errors ?? []).map((e) => ({ role: 'target' as const, stage: e.stage, message: e.message })),
    ],
    ...(ucxVersion ? { ucxVersion } : {}),
    ...(nixlVersion ? { engineVersion: `nixl ${nixlVersion}` } : {}),
  };
  const garbage = garbageOf('initiator', initiator) ?? garbageOf('target', target);
  if (garbage) return { ...base, outcome: 'failed', problem: garbage };
  const named = probeError('initiator', initiator) ?? probeError('target', target);
  if (run.outcome !== 'completed') {
    if (initiator?.done && rows.length > 0) {
      return {
        ...base,
        outcome: 'hung-after-results',
        problem: run.problem ?? 'a probe hung after the results',
      };
    }
    const problem = [run.problem, named].filter(Boolean).join('; ');
    return { ...base, outcome: run.outcome, ...(problem ? { problem } : {}) };
  }
  if (rows.length === 0 || !initiator?.done) {
    return {
      ...base,
      outcome: 'failed',
      problem: named ?? 'the initiator exited 0 but printed no measurement and no done line',
    };
  }
  return { ...base, outcome: 'completed' };
}
