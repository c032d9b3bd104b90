import { ToolError } from '../../core/errors.js';
import type { Measurement } from '../../core/measurement.js';
import type { Check } from '../../core/model.js';
import type { Progress } from '../../core/progress.js';
import type { Section } from '../../core/report.js';
import { plural } from '../../core/verdict.js';
import { chooseOrSetUp, type LocalChoice } from '../../engines/choose.js';
import { assertSizes } from '../../engines/limits.js';
import { setUpNixlVenv } from '../../engines/nixl-venv.js';
import { getEngine } from '../../engines/registry.js';
import { DEFAULT_SIZES } from '../../engines/sizes.js';
import { type EngineRun, LOOPBACK, type Placement } from '../../engines/types.js';
import type { Launcher } from '../../procs/launcher.js';
import { spawnLauncher } from '../../procs/launcher.js';
import { childEnv } from './env.js';
import { type LocalHost, systemHost } from './host.js';
import { localResult, measurementSection } from './report.js';

export interface LocalPairOptions {
  engine: LocalChoice;
  /** `local`: host memory (DRAM); `intra-node`: GPU memory on both sides (VRAM), two GPUs of this host. */
  mode: 'local' | 'intra-node';
  sizes?: readonly number[];
  iters?: number;
  /** --warmup; undefined: a tenth of the timed iterations. */
  warmup?: number;
  timeoutMs: number;
  minGBps?: number;
  ucxTls?: string;
  nixlbenchRuntime: 'auto' | 'etcd' | 'asio';
  /** The NIXL probe's operation, initiator on target (default WRITE, as nixlbench). */
  op?: 'READ' | 'WRITE';
  /** False (--no-setup): with no engine here, refuse instead of setting NIXL up from PyPI. */
  setup?: boolean;
}

export interface LocalPairDeps {
  env: NodeJS.ProcessEnv;
  progress: Progress;
  /** Ctrl-C. */
  signal: AbortSignal;
  launcher?: Launcher;
  host?: LocalHost;
  /** Where the two processes run (tests: network namespaces). ucx_perftest and nixl. */
  placement?: Placement;
  /** The NIXL probe to run (tests: a probe that misbehaves); default templates/nixl-probe.py. */
  nixlProbe?: string;
}

export interface LocalPairResult {
  checks: Check[];
  measurement: Measurement;
  /** Every process the run started; none is running when this returns. */
  pids: number[];
  section: Section;
}

/**
 * `pair --local`: the initiator (prefill) and the target (decode) as two
 * processes of nixlbench or ucx_perftest on this host, and what they measured.
 * Throws ToolError when it cannot run at all (no engine, no GPU for
 * intra-node), the interrupt's reason on Ctrl-C; everything it started is
 * stopped before it returns or throws.
 */
export async function runLocalPair(opts: LocalPairOptions, deps: LocalPairDeps): Promise<LocalPairResult> {
  const host = deps.host ?? systemHost(deps.env);
  const launcher = deps.launcher ?? spawnLauncher;
  const placement = deps.placement ?? LOOPBACK;
  // The host before the engine: without GPUs no engine helps, and choosing may set NIXL up.
  const memory = opts.mode === 'intra-node' ? 'VRAM' : 'DRAM';
  const gpuCount = host.gpuCount();
  if (memory === 'VRAM' && gpuCount === 0) {
    throw new ToolError(
      'pair --local --mode intra-node needs NVIDIA GPUs: none found (no /proc/driver/nvidia/gpus)',
      {
        fix: 'run it on a GPU node (two GPUs to measure NVLink), or drop --mode for a host-memory run',
      },
    );
  }
  const chosen = await chooseOrSetUp(
    opts.engine,
    { which: (p) => host.which(p), nixlPython: (acceptInstalled) => host.nixlPython?.(acceptInstalled) },
    {
      env: deps.env,
      allowed: opts.setup !== false,
      run: () => setUpNixlVenv({ env: deps.env, progress: deps.progress, signal: deps.signal, launcher }),
    },
  );
  const sizes = opts.sizes?.length ? opts.sizes : DEFAULT_SIZES;
  assertSizes(getEngine(chosen.engine), sizes);
  const env = childEnv(deps.env, opts.ucxTls ? { ucxTls: opts.ucxTls } : {});
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  const runDeps = { launcher, progress: deps.progress, interrupt: deps.signal, deadline };

  deps.progress.step(
    `${chosen.engine}: two processes on ${host.hostname()} (${memory}, ${placement.describe})`,
  );
  const run: EngineRun = await getEngine(chosen.engine).local.run(
    {
      bin: chosen.bin,
      sizes,
      iters: opts.iters,
      warmup: opts.warmup,
      memory,
      gpuCount,
      env,
      placement,
      timeoutS: opts.timeoutMs / 1000,
      op: opts.op ?? 'WRITE',
      etcd: () => host.which('etcd'),
      runtime: opts.nixlbenchRuntime,
      probe: deps.nixlProbe,
    },
    runDeps,
  );
  if (run.outcome === 'completed')
    deps.progress.done(`${chosen.engine}: ${plural(run.sizesDone, 'size')} measured`);
  else deps.progress.warn(`${chosen.engine}: ${run.problem ?? run.outcome}`);

  const { checks, measurement } = localResult({
    chosen,
    mode: opts.mode,
    memory,
    hostname: host.hostname(),
    gpuCount,
    ...(memory === 'VRAM' && host.gpuModel() ? { gpuModel: host.gpuModel() as string } : {}),
    where: placement.describe,
    sizes,
    timeoutMs: opts.timeoutMs,
    run,
    ...(getEngine(chosen.engine).namesOp ? { op: opts.op ?? 'WRITE' } : {}),
    ...(opts.minGBps !== undefined ? { minGBps: opts.minGBps } : {}),
  });
  return {
    checks,
    measurement,
    pids: run.pids,
    section: measurementSection(measurement, placement.describe),
  };
}
