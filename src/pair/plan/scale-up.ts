import { isRdmaResource } from '../../kube/nodes.js';
import type { ProbeSettings } from './settings.js';

/**
 * A probe with more GPUs than the worker (every rail of an 8-GPU node from a 4-GPU worker): each
 * RDMA resource that needs no network attachment of its own and is no shared pool (EFA) grows by
 * the same ratio (the recipe's 16 EFA over 4 GPUs → 32 for 8), so each GPU still gets its own
 * NICs; NIXL registers VRAM only on the GPU's own EFAs and fails a GPU that has none
 * (references/rails.md). SR-IOV VFs and their attachments are left as they are: a VF needs an
 * attachment the recipe does not have.
 */
export function scaleUp(
  s: ProbeSettings,
  gpus: number,
  worker: number,
  keep: string | undefined,
  needsNetwork: (resource: string) => boolean,
): ProbeSettings {
  const notes: string[] = [];
  const resources = s.resources.map((r) => {
    const n = Number(r.count);
    if (r.name === keep || !isRdmaResource(r.name) || needsNetwork(r.name) || isSharedRdmaPool(r.name))
      return r;
    if (!Number.isInteger(n) || n <= 0) return r;
    const want = Math.ceil((n * gpus) / worker);
    notes.push(
      `${r.name}: ${want} for ${gpus} GPUs (the worker has ${n} for its ${worker}: the same per GPU)`,
    );
    return { ...r, count: String(want) };
  });
  return notes.length === 0 ? s : { ...s, resources, notes: [...s.notes, ...notes] };
}

/**
 * A k8s-rdma-shared-dev-plugin resource (`rdma/<name>`): one unit gives the pod every HCA of the
 * pool (Mellanox/k8s-rdma-shared-dev-plugin README, `rdmaHcaMax`: how many pods may share it), so
 * its count is no per-GPU share and is never scaled up.
 */
export function isSharedRdmaPool(name: string): boolean {
  return /^rdma\//.test(name);
}
