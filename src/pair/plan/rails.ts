import type { TopoResult } from '../../parsers/nvidia-smi-topo.js';
import type { RailsChoice } from '../options/rails-flag.js';

/**
 * The node's GPU↔NIC rails: GPU i with every NIC the deployment's stack puts
 * its memory on. NIXL sets UCX_MAX_HCA_PER_GPU=auto on UCX ≥ 1.21, and UCX then
 * registers GPU memory on every HCA at the GPU's best topology distance, ties
 * included (openucx/ucx ucp_context.c ucp_context_select_reg_mds; references/
 * rails.md), so a GPU with two NICs under its PCIe switch sends over both.
 * Certifying a node pair means crossing every rail with all its NICs. Pure.
 *
 * The rule (the same one templates/engines/nixl/_rails.sh applies in the pod):
 * GPU i's rail is every NIC whose `nvidia-smi topo -m` cell is PIX or PXB. UCX
 * measures distance by the sysfs PCI path: a common parent below the host
 * bridge (nvidia-smi's PIX, one bridge, and PXB, several) is one class, the
 * nearest, so PIX and PXB NICs tie (topo.c ucs_topo_update_distance_sysfs).
 * A GPU whose nearest NIC is PHB, NODE or SYS has no rail: its traffic crosses
 * the host bridge or the CPU, and is named so. Only the pod's own RDMA devices
 * count (`podDevices`, from /dev/infiniband): with SR-IOV or Multus nvidia-smi
 * lists NICs the pod cannot open, and a rail pinned to one would never run.
 * The pod's other two rules, NCCL_TOPO_FILE and the spread per NUMA node of a
 * GPU with no near NIC, have their twins in rails-numa.ts.
 */

export interface Rail {
  /** The GPU's index (`GPU3` → 3). */
  gpu: number;
  /** The rail's NICs, comma-joined in the matrix's order (`mlx5_0,mlx5_1`); from the NIC Legend or the column label. */
  nic?: string | undefined;
  /**
   * How the rail was chosen: PIX when every NIC is PIX, else PXB (`nvidia-smi topo -m`);
   * `topo-file` from NCCL_TOPO_FILE; `NUMA` dealt from the pod's NICs on the GPU's NUMA
   * node (rails-numa.ts); undefined when the GPU has no rail.
   */
  path?: RailPath | undefined;
  /** The GPU's nearest NIC and its path when that is too far for a rail (`mlx5_0 NODE`). */
  nearest?: string | undefined;
}

export type RailPath = 'PIX' | 'PXB' | 'topo-file' | 'NUMA';
const PATHS: readonly string[] = ['PIX', 'PXB', 'topo-file', 'NUMA'];

const FAR_RANK: Record<string, number> = { PHB: 2, NODE: 3, SYS: 4, SOC: 4 };

/** A rail's NICs (`mlx5_0,mlx5_1` → [mlx5_0, mlx5_1]); none when it has no NIC. */
export function railNics(rail: { nic?: string | null | undefined }): string[] {
  return (rail.nic ?? '').split(',').filter((n) => n !== '');
}

/** UCX_NET_DEVICES for a rail: each NIC's port 1, UCX's `dev:port` form (`mlx5_0:1,mlx5_1:1`). */
export function railNetDevices(nic: string): string {
  return railNics({ nic })
    .map((n) => `${n}:1`)
    .join(',');
}

/**
 * Every GPU of the matrix with its rail NICs (or none), in GPU order. `podDevices`:
 * the RDMA devices the pod can open; a NIC outside it is never chosen.
 */
export function railMap(topo: TopoResult, podDevices?: ReadonlySet<string>): Rail[] {
  const nics = topo.devices
    .filter((d) => d.kind === 'nic')
    .filter((d) => !podDevices || podDevices.has(d.name ?? d.id));
  const gpus = topo.devices
    .filter((d) => d.kind === 'gpu')
    .map((d) => ({ id: d.id, index: Number(d.id.replace(/^GPU/, '')) }))
    .sort((a, b) => a.index - b.index);
  return gpus.map((g) => {
    const cells = nics.map((n) => ({
      name: n.name ?? n.id,
      cell: topo.matrix[g.id]?.[n.id] ?? topo.matrix[n.id]?.[g.id] ?? '',
    }));
    const near = cells.filter((c) => c.cell === 'PIX' || c.cell === 'PXB');
    if (near.length)
      return {
        gpu: g.index,
        nic: near.map((c) => c.name).join(','),
        path: near.some((c) => c.cell === 'PXB') ? 'PXB' : 'PIX',
      };
    const far = cells
      .filter((c) => FAR_RANK[c.cell] !== undefined)
      .sort((a, b) => (FAR_RANK[a.cell] as number) - (FAR_RANK[b.cell] as number))[0];
    return { gpu: g.index, ...(far ? { nearest: `${far.name} ${far.cell}` } : {}) };
  });
}

/**
 * How many GPUs each probe pod requests, and the rails it runs: every GPU the
 * node has (`all`), or enough to reach the highest index asked for (a pod's
 * GPUs are numbered 0..n-1 inside it). When a node has fewer free GPUs, fewer
 * rails run and the rest are named as not tested — never dropped silently.
 */
export interface RailPlan {
  gpus: number;
  /** The GPU indices the pods run a rail on. */
  rails: number[];
  /** Asked for, not run: the node's GPUs were busy or missing. */
  notTested: number[];
  why: string;
}

export function planRails(choice: RailsChoice, node: { allocatable?: number; free?: number }): RailPlan {
  const known = node.allocatable !== undefined && node.allocatable > 0;
  const all = node.allocatable ?? 0;
  const free = Math.min(node.free ?? all, all);
  if (!known && choice === 'all')
    return {
      gpus: 1,
      rails: [0],
      notTested: [],
      why: "the nodes' GPU count is not known (the cluster was not read): one rail, GPU 0; name them with --rails",
    };
  const wanted = choice === 'all' ? Array.from({ length: all }, (_, i) => i) : choice;
  const need = Math.max(...wanted) + 1;
  const room = known ? Math.max(1, free) : need;
  const gpus = Math.max(1, Math.min(need, room));
  const rails = wanted.filter((g) => g < gpus);
  const notTested = wanted.filter((g) => g >= gpus);
  const asked = choice === 'all' ? `every rail: all ${gpus} GPUs of the node` : `--rails ${wanted.join(',')}`;
  const why =
    notTested.length === 0
      ? asked
      : known && need > all
        ? `the node has ${all} GPUs: rail(s) ${notTested.join(', ')} not tested`
        : `only ${free} of ${all} GPUs free: rail(s) ${notTested.join(', ')} not tested`;
  return { gpus, rails, notTested, why };
}

/** What the pod ran: `interconnect-test: rail 3 gpu 3 nic mlx5_3 path PIX` (nic `mlx5_0,mlx5_1` for two, `-` when none; path as `RailPath`). */
export function railLines(log: string): Rail[] {
  const out: Rail[] = [];
  for (const m of log.matchAll(/^interconnect-test: rail (\d+) gpu (\d+) nic (\S+) path (\S+)/gm)) {
    const nic = m[3] === '-' ? undefined : m[3];
    const path = PATHS.includes(m[4] as string) ? (m[4] as RailPath) : undefined;
    if (out.some((r) => r.gpu === Number(m[2]))) continue;
    out.push({ gpu: Number(m[2]), ...(nic ? { nic } : {}), ...(path ? { path } : {}) });
  }
  return out;
}

/**
 * A log of a rails run cut into the part before the first rail (the NIC and
 * topology listing every rail shares) and each rail's own output, between
 * `interconnect-test: rail N begin` and `interconnect-test: rail N end`.
 */
export function railSections(log: string): { head: string; rails: Map<number, string> } {
  const rails = new Map<number, string>();
  const lines = log.split('\n');
  const head: string[] = [];
  let current: number | undefined;
  let started = false;
  for (const line of lines) {
    const b = /^interconnect-test: rail (\d+) begin\b/.exec(line);
    if (b) {
      current = Number(b[1]);
      started = true;
      rails.set(current, rails.get(current) ?? '');
      continue;
    }
    if (/^interconnect-test: rail \d+ end\b/.test(line)) {
      current = undefined;
      continue;
    }
    if (current !== undefined) rails.set(current, `${rails.get(current)}${line}\n`);
    else if (!started) head.push(line);
  }
  return { head: head.join('\n'), rails };
}
