import { readFileSync } from 'node:fs';
import { ToolError } from '../../core/errors.js';
import type { Cluster, PodTarget } from '../../kube/cluster.js';
import type { Launcher, RunningProc } from '../../procs/launcher.js';
import { raceSignal, withinMs } from '../../procs/wait.js';
import { runArgv, stdinFor } from './helper.js';

/**
 * The Launcher of `pair --in-place`: the NIXL probe's two processes, started
 * not here but in the two worker pods, through exec. The engine asks for
 * `[python, probe.py, …flags]` as it would on this host; this runs
 * `python3 -c <helper> run <marker> <seconds> -- …flags` in the pod the side's
 * name routes to and streams the probe's source on stdin (the pod's
 * filesystem is never written). The process's environment is the container's
 * own (exec inherits it): the deployment's UCX_* and NIXL settings, which is
 * the point, so the engine's env is not sent.
 */
export function inPlaceLauncher(input: {
  cluster: Pick<Cluster, 'execStream'>;
  helper: string;
  marker: string;
  /** The probe's own wall-clock limit in the pod (the helper stops it then, whatever we do). */
  seconds: number;
  /** Free memory under the container's limit below which the helper kills the probe at once. */
  guardBytes: number;
  route: (name: string) => PodTarget | undefined;
  onStart?: (target: PodTarget, p: RunningProc) => void;
}): Launcher {
  return {
    async start(spec) {
      const target = input.route(spec.name);
      if (!target) throw new ToolError(`pair --in-place: no pod for ${spec.name}`);
      const [, script, ...flags] = spec.argv;
      if (!script) throw new ToolError(`pair --in-place: ${spec.name} has no probe to run`);
      const p = await input.cluster.execStream(target, {
        name: `${spec.name} in ${target.namespace}/${target.pod}`,
        argv: runArgv(input.helper, input.marker, input.seconds, input.guardBytes, flags),
        stdin: stdinFor(readFileSync(script, 'utf8')),
      });
      input.onStart?.(target, p);
      return p;
    },
  };
}

/** The probe's `ready` event, wherever in the line it lands (another writer may have cut in). */
function isReady(line: string): boolean {
  return /\{"probe":"nixl-probe".*"event":"ready"/.test(line);
}

/** `ready` for the in-place target: its probe printed its `ready` event (its listen thread is up). */
export function whenProbeReady(timeoutMs: number) {
  return async (first: RunningProc, signal: AbortSignal): Promise<boolean> => {
    const seen = () => first.lines().some(isReady);
    const ready = new Promise<boolean>((resolve) => {
      if (seen()) resolve(true);
      first.onLine((l) => {
        if (isReady(l)) resolve(true);
      });
      void first.exited.then(() => resolve(seen()));
    });
    const got = await raceSignal(withinMs(ready, timeoutMs), signal).catch(() => false);
    return got === true;
  };
}
