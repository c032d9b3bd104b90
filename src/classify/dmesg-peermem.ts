import { type Check, check } from '../core/model.js';
import type { DmesgPeermemResult } from '../parsers/dmesg-peermem.js';
import { hiddenBy, type Shown } from './shown.js';

/**
 * The kernel's word on GPUDirect RDMA's peer-memory module: a symbol error means the module
 * was built against another ib_core (OFED/DOCA upgraded, or inbox vs MLNX ib_core) and cannot
 * load, so GPUDirect RDMA is off until it is rebuilt; a failed insert the same; failed
 * p2p_get_pages means GPU memory could not be pinned for the NIC. Lines that only taint the
 * kernel (out-of-tree, unsigned) are not faults. No such line is "not shown", never "loaded".
 */
export function classifyDmesgPeermem(r: DmesgPeermemResult, opts: { shown?: Shown } = {}): Check[] {
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
  const gdrdrv = r.lines.find((l) => l.kind === 'loaded' && l.module === 'gdrdrv');
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

/** The peer-memory modules GPUDirect RDMA loads (the driver's nvidia-peermem, Mellanox's nv_peer_mem). */
const PEERMEM = new Set(['nvidia_peermem', 'nv_peer_mem', 'nvidia_peer_mem']);
