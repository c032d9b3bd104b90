import type { TopoResult } from '../../parsers/nvidia-smi-topo.js';
import type { RailsChoice } from '../options/rails-flag.js';

/**
 * The node's GPU↔NIC rails: GPU i with the NIC closest to it. UCX ≥ 1.21
 * registers GPU memory only on the HCAs closest to the GPU (MAX_HCA_PER_GPU=auto,
 * references/rails.md), so one transfer crosses one rail; certifying a node
 * pair means crossing every rail. Pure.
 *
 * The rule (the same one templates/engines/nixl/_rails.sh applies in the pod):
 * a NIC is GPU i's rail when its `nvidia-smi topo -m` cell is PIX (at most one
 * PCIe bridge) or, when the GPU has none, PXB (several bridges, no host bridge);
 * among equal NICs the first one no lower GPU took (A100 boards put two GPUs and
 * two NIC ports behind one switch). A GPU whose nearest NIC is PHB, NODE or SYS
 * has no rail: its traffic crosses the host bridge or the CPU, and is named so.
 */

export interface Rail {
  /** The GPU's index (`GPU3` → 3). */
  gpu: number;
  /** The RDMA device (`mlx5_3`), from the NIC Legend or the column label. */
  nic?: string | undefined;
  /** The topo cell between them: PIX or PXB; undefined when the GPU has no rail. */
  path?: 'PIX' | 'PXB' | undefined;
  /** The GPU's nearest NIC and its path when that is too far for a rail (`mlx5_0 NODE`). */
  nearest?: string | undefined;
}

const FAR_RANK: Record<string, number> = { PHB: 2, NODE: 3, SYS: 4, SOC: 4 };

/** Every GPU of the matrix with its rail NIC (or none), in GPU order. */
export function railMap(topo: TopoResult): Rail[] {
  const nics = topo.devices.filter((d) => d.kind === 'nic');
  const gpus = topo.devices
    .filter((d) => d.kind === 'gpu')
    .map((d) => ({ id: d.id, index: Number(d.id.replace(/^GPU/, '')) }))
    .sort((a, b) => a.index - b.index);
  const taken = new Set<string>();
  return gpus.map((g) => {
    const cells = nics.map((n) => ({
      n,
      cell: topo.matrix[g.id]?.[n.id] ?? topo.matrix[n.id]?.[g.id] ?? '',
    }));
    for (const want of ['PIX', 'PXB'] as const) {
      const same = cells.filter((c) => c.cell === want);
      const pick = same.find((c) => !taken.has(c.n.id)) ?? same[0];
      if (pick) {
        taken.add(pick.n.id);
        return { gpu: g.index, nic: pick.n.name ?? pick.n.id, path: want };
      }
    }
    const far = cells
      .filter((c) => FAR_RANK[c.cell] !== undefined)
      .sort((a, b) => (FAR_RANK[a.cell] as number) - (FAR_RANK[b.cell] as number))[0];
    return { gpu: g.index, ...(far ? { nearest: `${far.n.name ?? far.n.id} ${far.cell}` } : {}) };
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

/** What the pod ran: `interconnect-test: rail 3 gpu 3 nic mlx5_3 path PIX` (nic `-` when none). */
export function railLines(log: string): Rail[] {
  const out: Rail[] = [];
  for (const m of log.matchAll(/^interconnect-test: rail (\d+) gpu (\d+) nic (\S+) path (\S+)/gm)) {
    const nic = m[3] === '-' ? undefined : m[3];
    const path = m[4] === 'PIX' || m[4] === 'PXB' ? m[4] : undefined;
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
