import type { CommandRunner, RunResult } from '../procs/runner.js';
import { mapBounded } from './pool.js';

/** One command of the probe set: argv only, never a shell line built from input. */
export interface ProbeSpec {
  /** The key this probe has in the report's `probes` map. */
  tool: string;
  argv: readonly string[];
  /** How people see it when argv is a long fixed script (`sh -c <locate NIXL files>`). */
  label?: string;
  /** Run instead when argv[0] does not exist (ibstat → ibv_devinfo). */
  fallback?: ProbeSpec;
}

/** What one probe did. */
export interface ProbeOutcome extends RunResult {
  tool: string;
  argv: readonly string[];
  label?: string;
  /**
   * The executable was found and started: it exited (any code) or timed out.
   * False when it is missing or could not be started (EACCES, a runtime error).
   */
  ran: boolean;
}

export interface ProbeRunOptions {
  /** Probes in flight at once. */
  concurrency: number;
  /** Per-probe wall-clock limit. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called as each probe finishes (progress lines). */
  onDone?: (o: ProbeOutcome) => void;
}

async function runOne(
  runner: CommandRunner,
  spec: ProbeSpec,
  opts: ProbeRunOptions,
): Promise<ProbeOutcome[]> {
  const r = await runner.run(spec.argv, {
    timeoutMs: opts.timeoutMs,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const outcome: ProbeOutcome = {
    tool: spec.tool,
    argv: spec.argv,
    ...(spec.label ? { label: spec.label } : {}),
    ...r,
    ran: !r.notFound && (r.exitCode !== null || r.timedOut),
  };
  opts.onDone?.(outcome);
  if (r.notFound && spec.fallback) return [outcome, ...(await runOne(runner, spec.fallback, opts))];
  return [outcome];
}

/**
 * Runs the probe set through a runner, at most `concurrency` at once, each
 * under its own timeout. Results keep the set's order, each fallback right
 * after the probe it replaced. An interrupt or a refused exec rejects.
 */
export async function runProbeSet(
  runner: CommandRunner,
  specs: readonly ProbeSpec[],
  opts: ProbeRunOptions,
): Promise<ProbeOutcome[]> {
  const nested = await mapBounded(specs, opts.concurrency, (s) => runOne(runner, s, opts));
  return nested.flat();
}

/** The outcome for one tool key, if that probe was run. */
export function outcomeOf(outcomes: readonly ProbeOutcome[], tool: string): ProbeOutcome | undefined {
  return outcomes.find((o) => o.tool === tool);
}
