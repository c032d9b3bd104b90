import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../../core/assets.js';
import { formatBytes } from '../../core/size.js';

/**
 * `pair --in-place`'s helper inside the worker pods (templates/in-place.py,
 * run by the image's own python3 as `python3 -c <source> MODE MARKER …`): the
 * pre-flight facts, the probe's runner, and the reaper. Pure builders and
 * readers here; references/in-place.md cites the ports and files they rest on.
 */

export const IN_PLACE_HELPER_FILE = 'in-place.py';

export function inPlaceHelperSource(): string {
  return readFileSync(path.join(repoRoot(), 'templates', IN_PLACE_HELPER_FILE), 'utf8');
}

/** In every command line (and the probe's environment) a run starts in the pods: what `reap` looks for. */
export function runMarker(runId: string): string {
  return `itest-inplace-${runId}`;
}

/** The image's own Python: the one `nixl --pod` asks too (a Dynamo image puts its venv first on PATH). */
export const POD_PYTHON = 'python3';

export function preflightArgv(helper: string, marker: string, vram: boolean): string[] {
  return [POD_PYTHON, '-c', helper, 'preflight', marker, ...(vram ? ['vram'] : [])];
}

/**
 * The reaper: kills what this run started, and only that. `ageSeconds` is how long ago the run
 * began (measured here, a duration, so no clock is compared across machines); a process that
 * started before then is never ours, whatever it carries.
 */
export function reapArgv(helper: string, marker: string, ageSeconds: number): string[] {
  return [POD_PYTHON, '-c', helper, 'reap', marker, String(Math.ceil(ageSeconds))];
}

/**
 * The probe under the helper's `run`: its source goes on stdin, length first. `guardBytes`: the
 * free memory under the container's limit below which the helper kills the probe at once (0:
 * not watched).
 */
export function runArgv(
  helper: string,
  marker: string,
  seconds: number,
  guardBytes: number,
  probeArgs: readonly string[],
) {
  return [
    POD_PYTHON,
    '-c',
    helper,
    'run',
    marker,
    String(Math.ceil(seconds)),
    String(Math.floor(guardBytes)),
    '--',
    ...probeArgs,
  ];
}

export function stdinFor(source: string): string {
  return `${Buffer.byteLength(source)}\n${source}`;
}

const Preflight = z.object({
  helper: z.literal('in-place'),
  mode: z.literal('preflight'),
  python: z.string(),
  nixl: z.string().nullable(),
  nixlError: z.string().optional(),
  cgroup: z
    .object({
      version: z.number(),
      /** The cgroup directory whose limit binds tightest (the container's own, or its pod's). */
      path: z.string().optional(),
      limit: z.number().nullable(),
      current: z.number().nullable(),
    })
    .nullable(),
  memAvailable: z.number().nullable(),
  listening: z.array(z.number()),
  cpus: z.number(),
  host: z.string(),
  vram: z
    .object({
      error: z.string().optional(),
      gpus: z.array(z.object({ index: z.number(), total: z.number(), free: z.number() })).optional(),
    })
    .optional(),
});
export type PreflightFacts = z.infer<typeof Preflight>;

/** The helper's pre-flight line out of what the exec printed, or undefined (not our helper's output). */
export function parsePreflight(stdout: string): PreflightFacts | undefined {
  for (const line of stdout.split('\n').reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      const r = Preflight.safeParse(JSON.parse(line));
      if (r.success) return r.data;
    } catch {
      // not JSON: keep looking
    }
  }
  return undefined;
}

/** What `reap` printed: how many it killed and how many are still there. */
export function parseReap(stdout: string): { killed: number; left: number } | undefined {
  const m = /"mode":"reap".*"killed":(\d+),"left":(\d+)/.exec(stdout);
  return m ? { killed: Number(m[1]), left: Number(m[2]) } : undefined;
}

const RunMemory = z.object({
  helper: z.literal('in-place'),
  mode: z.literal('run'),
  memory: z.enum(['ok', 'guard', 'oom']),
  detail: z.string(),
  minFree: z.number().nullable(),
});
export type RunMemory = z.infer<typeof RunMemory>;

/**
 * The helper's last word on memory when its probe ended: `ok` (the least that stayed free),
 * `guard` (the worker's use ate the headroom: the probe was killed at once), `oom` (the kernel
 * killed the probe: whether the worker lost anything, by the cgroup's OOM count). Undefined: it
 * said nothing (stopped by us, or the connection was lost).
 */
export function parseRunMemory(lines: readonly string[]): RunMemory | undefined {
  for (const line of [...lines].reverse()) {
    const at = line.indexOf('{"helper":"in-place","mode":"run"');
    if (at < 0 || !line.includes('"memory":')) continue;
    try {
      const r = RunMemory.safeParse(JSON.parse(line.slice(at)));
      if (r.success) return r.data;
    } catch {
      // cut by another writer: keep looking
    }
  }
  return undefined;
}

/**
 * The ports in-place NIXL listens on: below Linux's ephemeral range (32768–60999,
 * net.ipv4.ip_local_port_range), clear of what a Dynamo worker binds: NIXL's own
 * default 5555, vLLM's side channel 5600 + rank, Dynamo's 8000 (HTTP), 9085, 9090
 * (system), 19090 + rank (NIXL exporters), 20380 + rank (forward-pass metrics),
 * SGLang's bootstrap 8998 and torch's 29500 (references/in-place.md).
 */
export const IN_PLACE_PORTS = { first: 28_600, last: 28_699 } as const;

/** The first port of the range that listens in neither pod, or undefined. */
export function choosePort(...listening: readonly (readonly number[])[]): number | undefined {
  const taken = new Set(listening.flat());
  for (let p = IN_PLACE_PORTS.first; p <= IN_PLACE_PORTS.last; p++) if (!taken.has(p)) return p;
  return undefined;
}

/**
 * What one probe process costs beside its buffer: 111 MiB resident measured for
 * nixl 1.5.1 with a 16 MiB DRAM buffer (Python, NIXL, UCX and its plugins), taken
 * with room for UCX's registration cache.
 */
export const PROBE_OVERHEAD_BYTES = 192 * 1024 * 1024;
/** A CUDA context's own GPU memory: a few hundred MiB on Hopper and Blackwell, taken high. */
export const CUDA_CONTEXT_BYTES = 512 * 1024 * 1024;
/**
 * Free memory the worker keeps under its limit while the probe runs: the pre-flight wants it
 * beside the probe's need, and the helper kills the probe at once when less is left.
 */
export const MEMORY_GUARD_BYTES = 64 * 1024 * 1024;
/** --in-place-size: 16 MiB by default, never more than 256 MiB. */
export const IN_PLACE_DEFAULT_SIZE = 16 * 1024 * 1024;
export const IN_PLACE_MAX_SIZE = 256 * 1024 * 1024;

export interface Headroom {
  ok: boolean;
  /** One line: what was free, against what the probe needs, and where the figure came from. */
  detail: string;
  /** Set when the figure itself is missing: how to go on anyway. */
  fix?: string;
}

/**
 * Whether a pod can take the probe: the container's own memory cgroup (the tightest of it and
 * its parents) less what it uses, against the buffer, the process and the guard the worker
 * keeps; a cgroup with no limit anywhere: the node's MemAvailable. No readable cgroup at all is
 * untestable, so refused, unless the user chose the size (`explicitSize`) and so accepts the
 * node's figure. For VRAM, also the GPU's free memory against the buffer.
 */
export function headroom(
  f: PreflightFacts,
  size: number,
  memory: 'DRAM' | 'VRAM',
  explicitSize = false,
): Headroom {
  const need = size + PROBE_OVERHEAD_BYTES + MEMORY_GUARD_BYTES;
  const needs = `${formatBytes(need)} needed (${formatBytes(size)} buffer + the probe process + ${formatBytes(MEMORY_GUARD_BYTES)} the worker keeps)`;
  const cg = f.cgroup;
  let host: Headroom;
  if (cg?.limit != null && cg.current != null) {
    const free = cg.limit - cg.current;
    host = {
      ok: free >= need,
      detail: `${formatBytes(Math.max(0, free))} free under the container's ${formatBytes(cg.limit)} memory limit (cgroup v${cg.version}, ${formatBytes(cg.current)} in use), ${needs}`,
    };
  } else if ((cg || explicitSize) && f.memAvailable != null) {
    const why = cg
      ? 'no memory limit on the container or its pod'
      : 'no readable memory cgroup (--in-place-size given: judged on the node alone)';
    host = {
      ok: f.memAvailable >= need,
      detail: `${why}; ${formatBytes(f.memAvailable)} available on the node, ${needs}`,
    };
  } else if (!cg) {
    host = {
      ok: false,
      detail:
        'no readable memory cgroup in the container (/proc/self/cgroup names none the pod can read), so its headroom cannot be measured',
      fix: "pass --in-place-size SIZE to accept the node's MemAvailable as the only figure, or run pair on free GPUs",
    };
  } else {
    host = { ok: false, detail: 'neither a cgroup memory figure nor /proc/meminfo could be read' };
  }
  if (memory === 'DRAM' || !host.ok) return host;
  const gpu = f.vram?.gpus?.[0];
  if (!gpu) {
    return {
      ok: false,
      detail: `no GPU memory figure (${f.vram?.error ?? 'NVML listed no GPU'}): VRAM not checked, so not used`,
    };
  }
  const gpuNeed = size + CUDA_CONTEXT_BYTES;
  return {
    ok: gpu.free >= gpuNeed,
    detail: `${host.detail}; GPU ${gpu.index}: ${formatBytes(gpu.free)} of ${formatBytes(gpu.total)} free, ${formatBytes(gpuNeed)} needed (${formatBytes(size)} buffer + a CUDA context)`,
  };
}
