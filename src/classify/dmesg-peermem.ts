import { type Check, check } from '../core/model.js';
import type { DmesgPeermemResult } from '../parsers/dmesg-peermem.js';
import { PEER_MEMORY_MODULES } from '../parsers/lsmod.js';
import { hiddenBy, type Shown } from './shown.js';

/**
 * The kernel's word on GPUDirect RDMA's peer-memory module: a symbol error means the module
 * was built against another ib_core (OFED/DOCA upgraded, or inbox vs MLNX ib_core) and cannot
 * load, so GPUDirect RDMA is off until it is rebuilt; a failed insert the same; failed
 * p2p_get_pages means GPU memory could not be pinned for the NIC. Lines that only taint the
 * kernel (out-of-tree, unsigned) are not faults. No such line is "not shown", never "loaded".
 */
export function classifyDmesgPeermem(r: DmesgPeermemResult, opts: { shown?: Shown } = {}): Check[] {
  return [...driverFailures(r), ...peermem(r, opts)];
}

/**
 * Failures the kernel logs with no summary after them (principle 4): a NIC driver whose probe failed
 * leaves that device without any RDMA port; a gdrdrv error while mapping pinned GPU memory means the
 * CPU mapping GDRCopy (and UCX's gdr_copy transport) depend on fails.
 */
function driverFailures(r: DmesgPeermemResult): Check[] {
  const out: Check[] = [];
  const nic = r.lines.filter((l) => l.kind === 'nic');
  if (nic.length > 0) {
    const devs = [
      ...new Set(
        nic.flatMap((l) => /\b([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d)\b/i.exec(l.text)?.[1] ?? []),
      ),
    ];
    const first = nic[0] as (typeof nic)[number];
    out.push(
      check(
        'nic.driver',
        'fail',
        `${first.module} failed to bring up ${devs.length ? devs.join(', ') : 'a device'} (line ${first.line}: ${first.text.replace(/^\[[^\]]*\]\s*/, '')}): that NIC has no RDMA port`,
        {
          fix: 'read the driver lines just before the failure (firmware version, HCA capabilities, IRQs, memory): update the NIC firmware or driver, or fix the profile it rejects',
          data: { driver: first.module, devices: devs },
        },
      ),
    );
  }
  for (const crash of r.lines.filter((l) => l.kind === 'crash')) {
    const gdr = crash.module === 'gdrdrv';
    const nicDriver = !gdr && !/^(?:nvidia_peermem|nv_peer_mem|NVRM)$/.test(crash.module);
    const id = gdr ? 'gdr.gdrdrv' : nicDriver ? 'nic.driver' : 'gdr.peermem';
    if (out.some((c) => c.id === id)) continue;
    out.push(
      check(
        id,
        'fail',
        `the kernel reports a crash inside ${crash.module} (line ${crash.line}: ${crash.text.replace(/^\[[^\]]*\]\s*/, '')}): ${gdr ? "GDRCopy's CPU mapping of GPU memory" : nicDriver ? 'that NIC' : 'GPUDirect RDMA'} cannot be relied on`,
        {
          fix: `read the call trace after it; update or rebuild ${crash.module} to match the running kernel and drivers`,
        },
      ),
    );
  }
  const map = r.lines.find((l) => l.kind === 'map');
  if (map)
    out.push(
      check(
        'gdr.gdrdrv',
        'fail',
        `gdrdrv could not map pinned GPU memory (line ${map.line}: ${map.text.replace(/^\[[^\]]*\]\s*/, '')}): GDRCopy's CPU mapping of GPU memory fails`,
        {
          fix: 'match gdrdrv to the GPU driver (rebuild GDRCopy against it) and check the platform allows write-combined mappings of the GPU BAR',
        },
      ),
    );
  return out;
}

function peermem(r: DmesgPeermemResult, opts: { shown?: Shown }): Check[] {
  const bad = r.lines.filter((l) => l.kind === 'symbol' || l.kind === 'insert');
  if (bad.length > 0) {
    const first = bad[0] as (typeof bad)[number];
    const syms = [...new Set(bad.flatMap((b) => /symbol (\w+)/.exec(b.text)?.[1] ?? []))];
    return [
      check(
        'gdr.peermem',
        'fail',
        `${first.module} cannot load (line ${first.line}: ${first.text.replace(/^\[[^\]]*\]\s*/, '')})${syms.length ? `; unresolved: ${syms.join(', ')}` : ''}: GPUDirect RDMA is off`,
        {
          fix: 'rebuild the peer-memory module against the running ib_core (reinstall nvidia-peermem/nv_peer_mem after any OFED/DOCA upgrade; GPU Operator: match driver.rdma.useHostMofed to where ib_core comes from), or use DMA-BUF',
          data: { module: first.module, symbols: syms },
        },
      ),
    ];
  }
  const pin = r.lines.filter((l) => l.kind === 'pin');
  if (pin.length > 0)
    return [
      check(
        'gdr.pin',
        'fail',
        `pinning GPU memory for the NIC failed (line ${pin[0]?.line}: ${pin[0]?.text})`,
        {
          fix: 'a driver/GDRCopy/peer-memory version mismatch or an unaligned buffer: update gdrdrv/nvidia-peermem to match the GPU driver',
        },
      ),
    ];
  // Only a peer-memory module's own line speaks for gdr.peermem; GDRCopy's gdrdrv is another driver (CPU
  // mappings of GPU memory), so its clean load leaves the peer-memory module not shown.
  const loaded = r.lines.find((l) => l.kind === 'loaded' && PEERMEM.has(l.module));
  if (loaded)
    return [
      check(
        'gdr.peermem',
        'ok',
        `${loaded.module} logged its load (line ${loaded.line}) and no symbol error`,
      ),
    ];
  const gdrdrv = r.lines.some((l) => l.kind === 'map')
    ? undefined
    : r.lines.find((l) => l.kind === 'loaded' && l.module === 'gdrdrv');
  const hidden = hiddenBy(opts.shown, ['nvidia_peermem: Unknown symbol', 'nv_peer_mem: Unknown symbol']);
  return [
    ...(gdrdrv
      ? [
          check('gdr.gdrdrv', 'ok', `gdrdrv (GDRCopy) logged its load (line ${gdrdrv.line}) and no error`, {
            matters: false,
          }),
        ]
      : []),
    check(
      'gdr.peermem',
      'skipped',
      `${hidden ?? 'no peer-memory module line in these kernel log lines'}: its load state is not shown here`,
      { fix: 'check `lsmod | grep -E "nvidia_peermem|nv_peer_mem"`' },
    ),
  ];
}

/** The peer-memory modules (parsers/lsmod.ts), and `nvidia_peer_mem`, a spelling their kernel log lines carry. */
const PEERMEM = new Set([...PEER_MEMORY_MODULES, 'nvidia_peer_mem']);
