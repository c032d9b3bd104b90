import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../../core/assets.js';
import { formatSize } from '../../engines/sizes.js';

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

export function reapArgv(helper: string, marker: string): string[] {
  return [POD_PYTHON, '-c', helper, 'reap', marker];
}

/** The probe under the helper's `run`: its source goes on stdin, length first. */
export function runArgv(helper: string, marker: string, seconds: number, probeArgs: readonly string[]) {
  return [POD_PYTHON, '-c', helper, 'run', marker, String(Math.ceil(seconds)), '--', ...probeArgs];
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
    .object({ version: z.number(), limit: z.number().nullable(), current: z.number().nullable() })
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
/** --in-place-size: 16 MiB by default, never more than 256 MiB. */
export const IN_PLACE_DEFAULT_SIZE = 16 * 1024 * 1024;
export const IN_PLACE_MAX_SIZE = 256 * 1024 * 1024;

export interface Headroom {
  ok: boolean;
  /** One line: what was free, against what the probe needs, and where the figure came from. */
  detail: string;
}

/**
 * Whether a pod can take the probe: the container's memory limit less what it
 * uses (cgroup), else the node's MemAvailable, against the buffer plus the
 * process; for VRAM, the GPU's free memory against the buffer.
 */
export function headroom(f: PreflightFacts, size: number, memory: 'DRAM' | 'VRAM'): Headroom {
  const need = size + PROBE_OVERHEAD_BYTES;
  const cg = f.cgroup;
  let host: Headroom;
  if (cg?.limit != null && cg.current != null) {
    const free = cg.limit - cg.current;
    host = {
      ok: free >= need,
      detail: `${formatSize(Math.max(0, free))} free under the container's ${formatSize(cg.limit)} memory limit (cgroup v${cg.version}, ${formatSize(cg.current)} in use), ${formatSize(need)} needed (${formatSize(size)} buffer + the probe process)`,
    };
  } else if (f.memAvailable != null) {
    host = {
      ok: f.memAvailable >= need,
      detail: `no container memory limit; ${formatSize(f.memAvailable)} available on the node, ${formatSize(need)} needed`,
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
    detail: `${host.detail}; GPU ${gpu.index}: ${formatSize(gpu.free)} of ${formatSize(gpu.total)} free, ${formatSize(gpuNeed)} needed (${formatSize(size)} buffer + a CUDA context)`,
  };
}
