import { parseQuantity } from '../../env/shm.js';

/**
 * The CPU and memory a probe pod asks for, sized by the probe processes it runs:
 * one per rail across nodes (templates/engines/nixl/pod.sh.hbs starts them all at
 * once), two for a pair inside one node, one otherwise. Pure; the arithmetic and
 * its sources are in references/pod-resources.md.
 *
 * - CPU (a request, never a limit): one per probe process, which busy-polls its
 *   transfers (check_xfer_state in a loop), plus one for the pod's own: the pod
 *   script, and NIXL's and UCX's progress and listen threads; at most the node's
 *   allocatable CPUs. Before, 8 rails shared one CPU, and a rail starved of CPU reads slow.
 * - Memory (the limit): per probe process PROCESS_MEMORY, the pod's own POD_MEMORY,
 *   and the memory-backed /dev/shm: what is written there is charged to the pod's
 *   memory cgroup, so a tmpfs of sizeLimit must fit under the limit beside the
 *   processes. Rounded up to whole GiB.
 */

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** One probe process's CPU: it polls its transfers without sleeping. */
export const CPU_PER_PROCESS = 1;
/** The pod's own CPU beside its probe processes. */
export const POD_CPU = 1;
/**
 * Host memory of one probe process: Python with NIXL, UCX and numpy, a DRAM probe's buffer
 * included, peaked at 772 MiB here (VmHWM, default sizes); on VRAM, torch with its CUDA
 * libraries and a CUDA context instead of the buffer (budgeted 1 GiB, not measured: no GPU);
 * then margin. references/pod-resources.md.
 */
export const PROCESS_MEMORY = 2 * GiB;
/** The pod script and the tools it runs (sh, nvidia-smi, cat of sysfs). */
export const POD_MEMORY = 256 * MiB;

/** The probe processes a pod runs at once. */
export function probeProcesses(p: {
  mode: string;
  rails?: { rails: readonly number[] } | undefined;
}): number {
  if (p.mode === 'intra-node') return 2;
  return Math.max(1, p.rails?.rails.length ?? 1);
}

export interface PodResources {
  cpu: string;
  memory: string;
  /** For people and tests: how the memory was sized. */
  why: string;
}

/**
 * The pod's CPU request and memory limit. `memoryLimit`: the user's `--memory`, taken as
 * given; undefined: processes × PROCESS_MEMORY + POD_MEMORY + the /dev/shm sizeLimit.
 */
export function podResources(
  processes: number,
  shmSize: string,
  memoryLimit?: string,
  nodeCpus?: number,
): PodResources {
  // Never more than the node has: such a request never schedules (the processes then share).
  const want = processes * CPU_PER_PROCESS + POD_CPU;
  const cpu = String(nodeCpus !== undefined && nodeCpus >= 1 ? Math.min(want, Math.floor(nodeCpus)) : want);
  if (memoryLimit !== undefined) return { cpu, memory: memoryLimit, why: '--memory' };
  const shm = parseQuantity(shmSize) ?? 0;
  const bytes = processes * PROCESS_MEMORY + POD_MEMORY + shm;
  const gib = Math.ceil(bytes / GiB);
  return {
    cpu,
    memory: `${gib}Gi`,
    why: `${processes} probe process(es) × ${PROCESS_MEMORY / GiB} GiB + ${POD_MEMORY / MiB} MiB + /dev/shm ${shmSize}`,
  };
}
