import { ToolError } from '../../core/errors.js';
import { formatBytes } from '../../core/size.js';
import type { WorkerRole } from '../../env/workers.js';
import type { Cluster, PodTarget } from '../../kube/cluster.js';
import { podTargets, type Resolved, type Target } from '../../probes/targets.js';
import {
  headroom,
  type PreflightFacts,
  parsePreflight,
  parseReap,
  preflightArgv,
  reapArgv,
} from './helper.js';

/**
 * The worker pods of `pair --in-place`, found as `node`/`nixl` find theirs (probes/targets.ts
 * podTargets: by --dgd labels or by name, each checked to run), and the two execs that are not
 * the probe: the pre-flight and the reaper.
 */

export interface Worker {
  target: PodTarget;
  /** probes' own Target: the pod's IP, node and container spec. */
  found: Target;
  ip: string;
  node: string | undefined;
}

export interface Workers {
  prefill: Worker[];
  decode: Worker[];
  /** Pods of the graph not used, and why (not Running). */
  leftOut: Resolved['leftOut'];
}

export interface WorkerChoice {
  namespace: string;
  dgd?: string | undefined;
  prefillPod?: string | undefined;
  decodePod?: string | undefined;
  allPods: boolean;
  container?: string | undefined;
}

function worker(t: Target): Worker {
  const namespace = t.namespace ?? '';
  const pod = t.pod ?? '';
  if (!t.ip) {
    throw new ToolError(`pod ${namespace}/${pod} has no pod IP`, {
      fix: 'wait until the pod is Running with an IP (kubectl get pod -o wide)',
    });
  }
  return { target: { namespace, pod, container: t.container ?? '' }, found: t, ip: t.ip, node: t.node };
}

export async function workers(cluster: Cluster, o: WorkerChoice): Promise<Workers> {
  const choice = { local: false, container: o.container, allPods: o.allPods };
  if (o.dgd) {
    const r = await podTargets(cluster, o.namespace, { ...choice, dgd: o.dgd });
    const of = (role: WorkerRole) => r.targets.filter((t) => t.role === role).map(worker);
    return { prefill: of('prefill'), decode: of('decode'), leftOut: r.leftOut };
  }
  const named = async (pod: string) =>
    (await podTargets(cluster, o.namespace, { ...choice, pod: [pod] })).targets.map(worker);
  return {
    prefill: await named(o.prefillPod as string),
    decode: await named(o.decodePod as string),
    leftOut: [],
  };
}

export function label(w: Worker): string {
  return `${w.target.namespace}/${w.target.pod}`;
}

export const PREFLIGHT_MS = 60_000;
const REAP_MS = 30_000;

export async function preflight(
  cluster: Cluster,
  w: Worker,
  run: { helper: string; marker: string; bytes: number; memory: 'DRAM' | 'VRAM'; explicitSize: boolean },
  signal: AbortSignal,
): Promise<PreflightFacts> {
  const r = await cluster.exec(w.target, preflightArgv(run.helper, run.marker, run.memory === 'VRAM'), {
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
  const room = headroom(facts, run.bytes, run.memory, run.explicitSize);
  if (!room.ok) {
    throw new ToolError(
      `pod ${label(w)}: ${room.fix ? 'memory headroom not measurable' : 'not enough memory headroom'}, refused (nothing ran): ${room.detail}`,
      { fix: room.fix ?? `lower --in-place-size (now ${formatBytes(run.bytes)}), or run pair on free GPUs` },
    );
  }
  return facts;
}

/**
 * Kills what this run started in a pod, never what was there before it began `ageSeconds` ago,
 * and says how many are left (undefined: could not look). On its own signal: it runs after
 * Ctrl-C too.
 */
export async function reap(
  cluster: Cluster,
  w: Worker,
  helper: string,
  marker: string,
  ageSeconds: number,
): Promise<number | undefined> {
  try {
    const r = await cluster.exec(w.target, reapArgv(helper, marker, ageSeconds), {
      timeoutMs: REAP_MS,
      signal: AbortSignal.timeout(REAP_MS + 5_000),
    });
    return parseReap(r.stdout)?.left;
  } catch {
    return undefined;
  }
}
