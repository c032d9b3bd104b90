import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import type { NvlinkResult } from '../parsers/nvidia-smi-nvlink.js';
import { gpuPairs, nearestNics, type TopoResult } from '../parsers/nvidia-smi-topo.js';

/**
 * `nvidia-smi topo -m`: NVLink between GPU pairs (`nvlink.topology`) and how near
 * each GPU's closest RDMA NIC sits (`gdr.nic-affinity`; PIX/PXB = same PCIe switch,
 * the precondition for efficient GPUDirect RDMA; NODE/SYS cross the root complex,
 * sglang#23020 "CPU bounce buffer RDMA").
 */
export function classifyTopo(t: TopoResult): Check[] {
  const checks: Check[] = [];
  const pairs = gpuPairs(t);
  const nv = pairs.filter((p) => p.link.startsWith('NV'));
  if (t.view === 'pcie-only') {
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
  } else if (pairs.length === 0) {
    checks.push(check('nvlink.topology', 'skipped', 'one GPU: no GPU pairs to link', { matters: false }));
  } else if (nv.length === pairs.length) {
    const kinds = [...new Set(nv.map((p) => p.link))].join('/');
    checks.push(check('nvlink.topology', 'ok', `all ${pairs.length} GPU pairs on NVLink (${kinds})`));
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
        `no NVLink between GPUs: every pair goes over PCIe (${kinds})${t.view === 'unknown' ? '; if this was `topo -mp`, that view never shows NVLink' : ''}`,
        {
          fix: 'expected on PCIe-only GPUs; intra-node KV transfers will be PCIe-bound, so prefer NVLink systems or cross-node RDMA for disaggregation',
        },
      ),
    );
  }
  const near = nearestNics(t);
  const hasNic = t.devices.some((d) => d.kind === 'nic');
  if (!hasNic) {
    checks.push(
      check('gdr.nic-affinity', 'skipped', 'no NIC in the topology matrix: no RDMA NIC is visible here'),
    );
  } else {
    const far = near.filter((n) => !n.path || !['PIX', 'PXB'].includes(n.path));
    if (far.length === 0) {
      checks.push(
        check(
          'gdr.nic-affinity',
          'ok',
          `every GPU has a NIC on its PCIe switch (${[...new Set(near.map((n) => n.path))].join('/')})`,
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

/**
 * `nvidia-smi nvlink --status`: any <inactive> link on a GPU whose other links are up
 * is a fault (NVIDIA health-validation `nvlink_active`, threshold 0); GPUs with every
 * link inactive while others have links is a fault too.
 */
export function classifyNvlinkStatus(r: NvlinkResult): Check[] {
  const checks: Check[] = [];
  const anyActive = r.gpus.some((g) => g.links.some((l) => l.active));
  for (const g of r.gpus) {
    const subject = `GPU${g.index}`;
    const active = g.links.filter((l) => l.active);
    const inactive = g.links.filter((l) => !l.active);
    const total = active.reduce((s, l) => s + (l.gbps ?? 0), 0);
    if (g.links.length === 0) {
      checks.push(
        check('nvlink.links', anyActive ? 'fail' : 'skipped', `${g.name}: no NVLink reported`, {
          subject,
          ...(anyActive
            ? { fix: "check this GPU's NVLink/NVSwitch connection (fabric manager, nvidia-smi -q)" }
            : { matters: false }),
        }),
      );
    } else if (inactive.length === 0) {
      checks.push(
        check(
          'nvlink.links',
          'ok',
          `${g.name}: ${active.length} of ${plural(active.length, 'link')} up, ${round(total)} GB/s per direction`,
          {
            subject,
          },
        ),
      );
    } else if (active.length === 0 && !anyActive) {
      checks.push(
        check(
          'nvlink.links',
          'warn',
          `${g.name}: ${inactive.length === 1 ? 'its 1 link' : `all ${inactive.length} links`} inactive (no NVLink in use)`,
          {
            subject,
            fix: 'expected without an NVLink bridge/NVSwitch; otherwise check the bridge and the fabric manager',
          },
        ),
      );
    } else {
      checks.push(
        check(
          'nvlink.links',
          'fail',
          `${g.name}: link${inactive.length > 1 ? 's' : ''} ${inactive.map((l) => l.link).join(', ')} inactive, ${active.length} of ${g.links.length} up (${round(total)} GB/s per direction)`,
          {
            subject,
            fix: 'degraded NVLink: reset the GPU or drain the node and have the NVLink/NVSwitch hardware checked',
          },
        ),
      );
    }
  }
  return checks;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
