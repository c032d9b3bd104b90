import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import { gpuPairs, nearestNics, type TopoDevice, type TopoResult } from '../parsers/nvidia-smi-topo.js';

/**
 * `nvidia-smi topo -m`: NVLink between GPU pairs (`nvlink.topology`) and how near
 * each GPU's closest RDMA NIC sits (`gdr.nic-affinity`; PIX/PXB = same PCIe switch,
 * the precondition for efficient GPUDirect RDMA; NODE/SYS cross the root complex,
 * sglang#23020 "CPU bounce buffer RDMA").
 */
export function classifyTopo(
  topo: TopoResult,
  opts: { commands?: readonly string[]; grace?: string } = {},
): Check[] {
  // The typed command is context the matrix lacks: `topo -mp` / `--matrix_pcie` is the PCIe-only view.
  const typedPcie = (opts.commands ?? []).some((c) => /\btopo\b.*(?:\s-mp\b|--matrix_pcie\b)/.test(c));
  // `topo -m` typed: the full view, so no "if this was -mp" hedge.
  const typedFull = (opts.commands ?? []).some((c) => /\btopo\b.*(?:\s-m\b|--matrix\b)(?!_)/.test(c));
  const t: TopoResult = typedPcie && topo.view === 'unknown' ? { ...topo, view: 'pcie-only' } : topo;
  if (topo.legendOnly) return [legendOnly(topo.legendOnly)];
  const checks: Check[] = cutChecks(topo);
  // Only NIC rows (a matrix cut above its GPU rows, header and all): no GPU is shown, so neither its NVLink nor
  // its nearest NIC is; "one GPU" or "every GPU has a NIC" would be said of none (issue 38, P2).
  if (!t.devices.some((d) => d.kind === 'gpu' && t.matrix[d.id] !== undefined))
    return [...checks, ...noGpuRow()];
  const pairs = gpuPairs(t);
  const nv = pairs.filter((p) => p.link.startsWith('NV'));
  // One GPU has no GPU pair to link, in the PCIe-only view as in the full one: NVLink between GPUs is moot there
  // (P5), not a part the view hides.
  if (pairs.length === 0) {
    checks.push(check('nvlink.topology', 'skipped', 'one GPU: no GPU pairs to link', { matters: false }));
  } else if (t.view === 'pcie-only') {
    checks.push(
      check(
        'nvlink.topology',
        'skipped',
        'PCIe-only view (`nvidia-smi topo -mp`): it never shows NVLink, so it says nothing about it',
        {
          fix: 'run `nvidia-smi topo -m` to see NVLink',
        },
      ),
    );
  } else if (nv.length === pairs.length) {
    const kinds = [...new Set(nv.map((p) => p.link))].join('/');
    checks.push(check('nvlink.topology', 'ok', `all ${pairs.length} GPU pairs on NVLink (${kinds})`));
  } else if (nv.length > 0 && bridgedPairs(t)) {
    const links = nv.map((p) => `${p.a}-${p.b} ${p.link}`);
    checks.push(
      check(
        'nvlink.topology',
        'warn',
        `NVLink in bridged pairs only (${links.slice(0, 4).join(', ')}${links.length > 4 ? ', …' : ''}); the other ${pairs.length - nv.length} of ${pairs.length} GPU pairs go over PCIe: the layout of PCIe cards joined by NVLink bridges, not a link fault`,
        {
          fix: 'by design on bridged PCIe cards: keep GPUs that exchange KV (or share a tensor-parallel group) on a bridged pair; the other pairs are PCIe-bound',
          data: { nvlinkPairs: nv.map((p) => `${p.a}-${p.b}`) },
        },
      ),
    );
  } else if (nv.length > 0 && (designed(t) ?? isolated(t))) {
    checks.push((designed(t) ?? isolated(t)) as Check);
  } else if (nv.length > 0) {
    const without = pairs.filter((p) => !p.link.startsWith('NV'));
    const gpus = [...new Set(without.flatMap((p) => [p.a, p.b]))];
    checks.push(
      check(
        'nvlink.topology',
        'warn',
        `partial NVLink: ${without.length} of ${pairs.length} GPU pairs have no NV# link (${without
          .slice(0, 4)
          .map((p) => `${p.a}-${p.b} ${p.link}`)
          .join(', ')}${without.length > 4 ? ', …' : ''})`,
        {
          fix: `check the NVLink/NVSwitch health of ${gpus.slice(0, 4).join(', ')} (nvidia-smi nvlink --status, fabric manager) — or keep prefill and decode on GPUs that share NVLink`,
          data: { without: without.map((p) => `${p.a}-${p.b}`) },
        },
      ),
    );
  } else {
    const kinds = [...new Set(pairs.map((p) => p.link))].join('/');
    checks.push(
      check(
        'nvlink.topology',
        'warn',
        `no NVLink between GPUs: every pair goes over PCIe (${kinds})${t.view === 'unknown' && !typedFull ? '; if this was `topo -mp`, that view never shows NVLink' : ''}`,
        {
          fix: 'expected on PCIe-only GPUs; intra-node KV transfers will be PCIe-bound, so prefer NVLink systems or cross-node RDMA for disaggregation',
        },
      ),
    );
  }
  // A GPU whose row the paste cut before its NIC columns shows no NIC: not shown, never "no NIC".
  const nicCols = t.devices.filter((d) => d.kind === 'nic').map((d) => d.id);
  const rowShowsNics = (gpu: string) => nicCols.every((n) => t.matrix[gpu]?.[n] !== undefined);
  // A row cut inside its NIC cells shows a near NIC if one is among them, never that there is none.
  const near = nearestNics(t).filter(
    (n) => rowShowsNics(n.gpu) || (n.path !== undefined && ['PIX', 'PXB'].includes(n.path)),
  );
  const hasNic = t.devices.some((d) => d.kind === 'nic');
  if (!hasNic) {
    checks.push(
      check('gdr.nic-affinity', 'skipped', 'no NIC in the topology matrix: no RDMA NIC is visible here'),
    );
  } else {
    const far = near.filter((n) => !n.path || !['PIX', 'PXB'].includes(n.path));
    const c2c = graceNumaIds(t);
    const grace = c2c ? `the GPUs are NUMA nodes of their own (GPU NUMA ID ${c2c.join(', ')})` : opts.grace;
    if (far.length > 0 && grace) {
      checks.push(
        check(
          'gdr.nic-affinity',
          'ok',
          `a Grace (C2C) platform: ${grace}, and the NICs hang off the Grace CPU, so GPU→NIC ${[...new Set(far.map((n) => n.path ?? '?'))].join('/')} is the design, not a misplaced NIC; GPUDirect RDMA goes over NVLink-C2C (NCCL_NET_GDR_C2C)`,
          { data: { grace } },
        ),
      );
    } else if (far.length === 0) {
      checks.push(
        check(
          'gdr.nic-affinity',
          'ok',
          `${near.length < t.devices.filter((d) => d.kind === 'gpu').length ? `each of the ${near.length} GPUs whose NIC cells are shown has` : 'every GPU has'} a NIC on its PCIe switch (${[...new Set(near.map((n) => n.path))].join('/')})`,
        ),
      );
    } else {
      checks.push(
        check(
          'gdr.nic-affinity',
          'warn',
          `${far.length} of ${plural(near.length, 'GPU')} ${far.length === 1 ? 'has' : 'have'} no NIC on their PCIe switch (${far
            .slice(0, 4)
            .map((n) => `${n.gpu}→${n.nic ?? '?'} ${n.path ?? '?'}`)
            .join(', ')}${far.length > 4 ? ', …' : ''}): GPUDirect RDMA crosses the root complex`,
          {
            fix: 'expect lower RDMA bandwidth from these GPUs; pin decode/prefill to GPUs with a PIX/PXB NIC or set UCX_NET_DEVICES to the nearest NIC',
          },
        ),
      );
    }
  }
  return checks;
}

export { classifyNvlinkStatus, crossNvlinkTopo } from './nvlink.js';

/** The checks of a matrix that shows no GPU row: both not shown, and they matter. */
function noGpuRow(): Check[] {
  const fix = 'paste the whole `nvidia-smi topo -m`, its header and GPU rows included';
  return [
    check(
      'nvlink.topology',
      'skipped',
      'no GPU row is shown (only NIC rows): the links between GPUs are not shown',
      {
        fix,
      },
    ),
    check(
      'gdr.nic-affinity',
      'skipped',
      'no GPU row is shown (only NIC rows): which NIC each GPU reaches is not shown',
      {
        fix,
      },
    ),
  ];
}

/**
 * GPU NUMA IDs (the `GPU NUMA ID` column): NVML reports one only "on platforms where the GPUs are NUMA nodes"
 * (nvmlDeviceGetNumaNodeId), i.e. Grace Hopper / Grace Blackwell, whose GPU memory is a NUMA node reached over
 * NVLink-C2C; x86 hosts print N/A. See references/read-shapes.md.
 */
function graceNumaIds(t: TopoResult): string[] | undefined {
  const ids = t.devices.flatMap((d) =>
    d.kind === 'gpu' && /^\d+$/.test(d.gpuNumaId ?? '') ? [d.gpuNumaId as string] : [],
  );
  return ids.length > 0 ? ids : undefined;
}

/** GPUs whose whole GPU part of the row is shown, with the peers they reach over NVLink. */
function nvPeers(t: TopoResult): { gpu: string; peers: string[] }[] {
  const gpus = t.devices.filter((d) => d.kind === 'gpu').map((d) => d.id);
  return gpus
    .filter((g) => gpus.every((o) => t.matrix[g]?.[o] !== undefined))
    .map((g) => ({ gpu: g, peers: gpus.filter((o) => o !== g && t.matrix[g]?.[o]?.startsWith('NV')) }));
}

/**
 * The DGX-1 hybrid cube-mesh (NVIDIA DGX-1 System Architecture white paper, §3.1): eight GPUs on the corners of
 * a cube, NVLink on the twelve edges and two faces' diagonals, so each GPU reaches four peers over NVLink (NV1/NV2
 * on V100's six links, NV1 on P100's four) and the other three over PCIe/SYS by design.
 */
function designed(t: TopoResult): Check | undefined {
  const gpus = t.devices.filter((d) => d.kind === 'gpu');
  const rows = nvPeers(t);
  if (gpus.length !== 8 || rows.length === 0 || !rows.every((r) => r.peers.length === 4)) return undefined;
  const kinds = new Set(rows.flatMap((r) => r.peers.map((p) => t.matrix[r.gpu]?.[p])));
  if (![...kinds].every((k) => k === 'NV1' || k === 'NV2')) return undefined;
  return check(
    'nvlink.topology',
    'ok',
    `the DGX-1 hybrid cube-mesh (by design): each GPU shown (${rows.map((r) => r.gpu).join(', ')}) has NVLink (${[...kinds].sort().join('/')}) to four peers and reaches the other three over PCIe/SYS; KV between GPUs that are not neighbours in the cube is PCIe-bound`,
    { data: { peers: Object.fromEntries(rows.map((r) => [r.gpu, r.peers])) } },
  );
}

/**
 * A GPU with no NVLink to any peer while the others are joined by NVLink has lost its links (or fell off the
 * NVSwitch fabric): tensor-parallel and KV traffic to it go over PCIe or fail. Not a layout: a FAIL.
 */
function isolated(t: TopoResult): Check | undefined {
  const rows = nvPeers(t);
  const lone = rows.filter((r) => r.peers.length === 0).map((r) => r.gpu);
  const joined = rows.filter((r) => r.peers.length > 0);
  if (lone.length === 0 || joined.length < 2) return undefined;
  return check(
    'nvlink.topology',
    'fail',
    `${lone.join(', ')} ${lone.length === 1 ? 'has' : 'have'} no NVLink to any GPU while ${joined.length} other GPUs are joined by NVLink (${[...new Set(joined.flatMap((r) => r.peers.map((p) => t.matrix[r.gpu]?.[p])))].join('/')}): ${lone.length === 1 ? 'its' : 'their'} NVLinks are down or off the fabric`,
    {
      fix: `check ${lone.join(', ')} with \`nvidia-smi nvlink --status\` and the fabric manager (\`nvidia-smi -q | grep -A3 Fabric\`); until then keep ${lone.length === 1 ? 'it' : 'them'} out of tensor-parallel groups and KV transfers`,
      data: { isolated: lone },
    },
  );
}

/** Every GPU has NVLink to at most one peer, and some do: the layout of NVLink bridges between PCIe cards. */
function bridgedPairs(t: TopoResult): boolean {
  const peers = new Map<string, number>();
  for (const p of gpuPairs(t)) {
    if (!p.link.startsWith('NV')) continue;
    peers.set(p.a, (peers.get(p.a) ?? 0) + 1);
    peers.set(p.b, (peers.get(p.b) ?? 0) + 1);
  }
  return peers.size > 0 && [...peers.values()].every((n) => n === 1);
}

/** Every GPU row is in the paste with a cell for every column. */
function gpuRowsWhole(topo: TopoResult): boolean {
  const gpus = topo.devices.filter((d) => d.kind === 'gpu');
  return (
    gpus.length > 0 && gpus.every((g) => topo.devices.every((d) => topo.matrix[g.id]?.[d.id] !== undefined))
  );
}

function kindOf(topo: TopoResult, id: string): TopoDevice['kind'] | undefined {
  return topo.devices.find((d) => d.id === id)?.kind;
}

/** Only the legend (and NIC legend) was pasted: the matrix is cut above (issue 38, P2). */
function legendOnly(l: NonNullable<TopoResult['legendOnly']>): Check {
  const nics = l.nics;
  return check(
    'topo.cut',
    'skipped',
    `only the legend${nics.length ? ` and a NIC legend (${nics.length} NICs: ${nics.slice(0, 3).join(', ')}${nics.length > 3 ? ', …' : ''})` : ''} is shown, from line ${l.line}: the matrix is cut above, so NVLink and GPU-NIC placement are not shown`,
    { fix: 'paste the whole `nvidia-smi topo -m` output' },
  );
}

/** Rows the paste does not show: GPU rows missing from the end, or a row cut mid-way. */
function cutChecks(topo: TopoResult): Check[] {
  const checks: Check[] = [];
  const unshown = topo.devices.filter((d) => !topo.matrix[d.id]).map((d) => d.id);
  // nvidia-smi prints a row for every GPU of its header: GPU rows missing mean the paste stops short.
  const gpusUnshown = topo.devices.filter((d) => d.kind === 'gpu' && !topo.matrix[d.id]).map((d) => d.id);
  if (!topo.cut?.length && gpusUnshown.length > 0) {
    checks.push(
      check(
        'topo.cut',
        'skipped',
        `the header lists ${gpusUnshown.join(', ')} but the paste has no row for ${gpusUnshown.length === 1 ? 'it' : 'them'}: ${gpusUnshown.length === 1 ? 'its' : 'their'} links and NICs are not shown, so not judged`,
        { fix: 'paste the whole `nvidia-smi topo -m` output' },
      ),
    );
  }
  if (topo.cut?.length) {
    const c = topo.cut[0] as NonNullable<TopoResult['cut']>[number];
    // Cut in the NIC rows after every GPU row is whole (issue 38, P2): the GPU rows already hold every
    // GPU-GPU and GPU-NIC cell; NIC rows only mirror those columns and add NIC-to-NIC distances,
    // which neither check reads. Shown as read, never as "not judged".
    const nicOnly = gpuRowsWhole(topo) && topo.cut.every((x) => kindOf(topo, x.row) === 'nic');
    checks.push(
      check(
        'topo.cut',
        'skipped',
        nicOnly
          ? `the matrix is cut at NIC row ${c.row} (line ${c.line}) after every GPU row is whole: the NIC rows only repeat the GPU columns (and NIC-to-NIC distances), so nothing the checks read is missing`
          : `the matrix is cut at row ${c.row} (line ${c.line}: ${c.shown} of ${c.of} cells)${unshown.length ? `; rows ${unshown.join(', ')} not shown` : ''}: links and NICs beyond the cut are not shown, so they are not judged`,
        { fix: 'paste the whole `nvidia-smi topo -m` output', ...(nicOnly ? { matters: false } : {}) },
      ),
    );
  }
  return checks;
}
