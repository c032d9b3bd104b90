import { type Check, check } from '../core/model.js';
import type { GdrcopyResult } from '../parsers/gdrcopy.js';
import type { LsmodResult } from '../parsers/lsmod.js';

const DMABUF_NOTE = 'DMA-BUF (open GPU kernel modules, CUDA ≥ 11.7, kernel ≥ 5.12) can replace it';

/**
 * GPUDirect RDMA kernel support from lsmod (node-probes.md §8, §10). A missing
 * peer-memory module is a warning while DMA-BUF may serve instead; pass
 * `dmabuf: false` when DMA-BUF is known to be unavailable, and it fails.
 */
export function classifyLsmod(r: LsmodResult, opts: { dmabuf?: boolean } = {}): Check[] {
  const checks: Check[] = [];
  const p = r.peermem;
  if (p.state === 'loaded') {
    checks.push(
      check(
        'gdr.peermem',
        'ok',
        p.module === 'nv_peer_mem'
          ? 'legacy nv_peer_mem loaded (pre-R470 Mellanox module): GPUDirect RDMA kernel support present'
          : 'nvidia_peermem loaded: GPUDirect RDMA kernel support present',
        { data: { module: p.module } },
      ),
    );
  } else if (p.state === 'absent') {
    checks.push(
      opts.dmabuf === false
        ? check(
            'gdr.peermem',
            'fail',
            'neither nvidia_peermem nor nv_peer_mem is loaded and DMA-BUF is not available: no GPUDirect RDMA',
            {
              fix: 'load nvidia-peermem (GPU Operator driver.rdma.enabled=true, or `modprobe nvidia-peermem`)',
            },
          )
        : check('gdr.peermem', 'warn', `neither nvidia_peermem nor nv_peer_mem is loaded; ${DMABUF_NOTE}`, {
            fix: 'load nvidia-peermem (GPU Operator driver.rdma.enabled=true) unless this node uses DMA-BUF; confirm with `ucx_info -d` (cuda in the IB memory types)',
          }),
    );
  } else {
    checks.push(
      check('gdr.peermem', 'skipped', 'this lsmod output does not show whether nvidia_peermem is loaded', {
        fix: 'run `lsmod` unfiltered, or `lsmod | grep -e peer -e nvidia`',
      }),
    );
  }
  if (r.gdrdrv === 'loaded')
    checks.push(check('gdr.gdrdrv', 'ok', 'gdrdrv loaded: GDRCopy kernel support present'));
  else if (r.gdrdrv === 'absent') {
    checks.push(
      check(
        'gdr.gdrdrv',
        'skipped',
        'gdrdrv not loaded: GDRCopy (UCX gdr_copy) unavailable; optional for NIXL',
        {
          matters: false,
        },
      ),
    );
  }
  return checks;
}

/** gdrcopy_copybw: a buffer pinned, BAR-mapped and copied both ways, ending in "closing gdrdrv", means GDRCopy works. */
export function classifyGdrcopy(r: GdrcopyResult): Check[] {
  if (r.errors.length > 0 || !r.closed || r.mapped === false) {
    const why =
      r.errors[0]?.text ?? (r.mapped === false ? 'the GPU buffer was not mapped' : 'the test did not finish');
    return [
      check('gdr.gdrcopy', 'fail', `gdrcopy_copybw failed: ${why}`, {
        fix: 'load gdrdrv (GDRCopy insmod.sh / gdrcopy-dkms) and pass /dev/gdrdrv into the container',
      }),
    ];
  }
  const bw =
    r.writeGBps !== undefined
      ? `; write ${r.writeGBps} GB/s, read ${r.readGBps ?? '?'} GB/s (BAR reads are slow by design)`
      : '';
  return [
    check(
      'gdr.gdrcopy',
      'ok',
      `GDRCopy works: GPU buffer pinned and mapped${r.wcMapping ? ' (write-combined)' : ''}${bw}`,
    ),
  ];
}
