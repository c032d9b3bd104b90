import type { TopoResult } from '../../parsers/nvidia-smi-topo.js';
import type { Rail } from './rails.js';

/**
 * The two rail-map rules beside `railMap` (rails.ts), twins of the pod's
 * templates/engines/nixl/_rails.sh (references/rails.md §2); the shell and this
 * file agree on every fixture (rails-numa.test.ts). Pure.
 *
 * `railMapTopoFile`: NCCL's XML topology (NCCL_TOPO_FILE; Azure ships one for its
 * ND VMs, whose PCI tree is virtual): a GPU's rail is every NIC under a PCI bridge
 * the GPU is under too — the file's class for nvidia-smi's PIX/PXB.
 *
 * `spreadRails`: a GPU with no NIC of its own (no PIX/PXB NIC, none under its
 * bridge: Azure without the file, Grace where the NICs hang off the CPU) takes the
 * pod's NICs on its own NUMA node, dealt out among the GPUs of that node that have
 * none, as NCCL deals a GPU's local NICs (ncclTopoGetLocalNetType): with n NICs for
 * g such GPUs the k-th gets NIC k mod n when n < g, else the NICs j with
 * ⌊j·g/n⌋ = k. A GPU with no NIC on its node keeps no rail (UCX chooses).
 */

/** A PCI address as the pod compares them: lower case, the domain as 4 hex digits (`00000001:00:00.0` → `0001:00:00.0`). */
export function normBusId(b: string): string {
  const l = b.toLowerCase();
  const p = l.split(':');
  if (p.length !== 3) return l;
  const d = (p[0] as string).replace(/^0+/, '').padStart(4, '0');
  return `${d}:${p[1]}:${p[2]}`;
}

/**
 * Each GPU's rail from the XML topology file. `gpus`: nvidia-smi's index and PCI
 * address of each GPU; `nics`: the PCI address and device name of each RDMA device
 * the pod can open (only those count). The file is read line by line, as the pod does.
 */
export function railMapTopoFile(
  xml: string,
  gpus: readonly { index: number; busId: string }[],
  nics: readonly { busId: string; name: string }[],
): Rail[] {
  const names = new Map(nics.map((n) => [normBusId(n.busId), n.name]));
  const gpuUp = new Map<string, string[]>();
  const nicUp: { bus: string; up: string[] }[] = [];
  const stack: string[] = [];
  for (const line of xml.split('\n')) {
    if (/<pci[ >]/.test(line)) {
      const bus = normBusId(/busid="([^"]*)"/.exec(line)?.[1] ?? '');
      const cls = /class="([^"]*)"/.exec(line)?.[1] ?? '';
      if (/^0x030[02]/.test(cls)) gpuUp.set(bus, [...stack]);
      if (/^0x020[07]/.test(cls)) nicUp.push({ bus, up: [...stack] });
      if (!/\/>\s*$/.test(line)) stack.push(bus);
    }
    if (/<\/pci>/.test(line)) stack.pop();
  }
  return gpus.map((g) => {
    const up = gpuUp.get(normBusId(g.busId)) ?? [];
    const nic = nicUp
      .filter((n) => n.up.some((b) => up.includes(b)) && names.has(n.bus))
      .map((n) => names.get(n.bus) as string);
    return nic.length ? { gpu: g.index, nic: nic.join(','), path: 'topo-file' } : { gpu: g.index };
  });
}

/** Each GPU's "NUMA Affinity" from `nvidia-smi topo -m` (`0`; `0,3-9,11-17` on Grace), by GPU index. */
export function gpuNuma(topo: TopoResult): Map<number, string> {
  const out = new Map<number, string>();
  for (const d of topo.devices)
    if (d.kind === 'gpu' && d.numaAffinity !== undefined) out.set(Number(d.id.slice(3)), d.numaAffinity);
  return out;
}

/** Whether NUMA node `x` is in a list like `0,3-9,11-17`. */
export function onNuma(x: number, list: string): boolean {
  return list.split(',').some((p) => {
    const r = /^(\d+)-(\d+)$/.exec(p);
    if (r) return x >= Number(r[1]) && x <= Number(r[2]);
    return /^\d+$/.test(p) && Number(p) === x;
  });
}

/**
 * The rails with each GPU that has no NIC given the pod's NICs on its NUMA node.
 * `numa`: each GPU's NUMA nodes (gpuNuma); `nics`: the pod's RDMA devices in the
 * pod's order with their sysfs numa_node (-1: unknown, never chosen).
 */
export function spreadRails(
  rails: readonly Rail[],
  numa: ReadonlyMap<number, string>,
  nics: readonly { name: string; node: number }[],
): Rail[] {
  const known = nics.filter((n) => n.node >= 0);
  const cand = new Map<number, string[]>();
  const groups = new Map<string, number[]>();
  for (const r of rails) {
    const list = numa.get(r.gpu);
    if (r.nic || list === undefined) continue;
    const c = known.filter((n) => onNuma(n.node, list)).map((n) => n.name);
    if (c.length === 0) continue;
    cand.set(r.gpu, c);
    const key = c.join(',');
    groups.set(key, [...(groups.get(key) ?? []), r.gpu]);
  }
  return rails.map((r) => {
    const c = cand.get(r.gpu);
    if (!c) return r;
    const group = groups.get(c.join(',')) as number[];
    const k = group.indexOf(r.gpu);
    const n = c.length;
    const g = group.length;
    const mine = n < g ? [c[k % n] as string] : c.filter((_, j) => Math.floor((j * g) / n) === k);
    return { gpu: r.gpu, nic: mine.join(','), path: 'NUMA' };
  });
}
