import { type Check, check } from '../core/model.js';
import type { DevInfinibandResult } from '../parsers/dev-infiniband.js';
import type { IbPort } from '../parsers/ib-port.js';
import type { IbvDevinfoResult } from '../parsers/ibv-devinfo.js';
import type { LsmodResult } from '../parsers/lsmod.js';
import type { NvlinkResult } from '../parsers/nvidia-smi-nvlink.js';
import type { TopoResult } from '../parsers/nvidia-smi-topo.js';
import { ibDomains, RMA_RDMA_TRANSPORTS, type UcxInfoResult } from '../parsers/ucx-info.js';
import { judgePort } from './ib.js';
import { crossNvlinkTopo } from './nvlink.js';

/** Whatever probe results are at hand; each rule runs only when its inputs are present. */
export interface ProbeSet {
  /** Ports from ibstat, ibstatus or ibv_devinfo (portsOf(result.devices)). */
  ibPorts?: readonly IbPort[];
  ibvDevinfo?: IbvDevinfoResult;
  ucxInfo?: UcxInfoResult;
  devInfiniband?: DevInfinibandResult;
  lsmod?: LsmodResult;
  /** `nvidia-smi topo -m` and `nvidia-smi nvlink --status`: cross-checked when both are present. */
  topo?: TopoResult;
  nvlink?: NvlinkResult;
}

const MOUNT_FIX =
  'request the RDMA device-plugin resource (rdma/…, nvidia.com/…) in the pod spec so /dev/infiniband/uverbs* is mounted';

/**
 * Reasoning across probes, as an engineer would:
 * - HCAs visible but no uverbs node in the pod → the device is not mounted (`rdma.mount`).
 * - IB ports Active but `ucx_info -d` lists no rc/dc transport → UCX was built without
 *   verbs, or cannot open the HCA (`ucx.verbs`).
 * - No peer-memory module and no cuda in the IB memory types → no GPUDirect RDMA;
 *   peermem loaded but UCX still cannot register GPU memory → a broken peermem/UCX
 *   pairing (NVIDIA/nccl#1939) (`gdr.path`).
 */
export function crossProbe(p: ProbeSet): Check[] {
  const checks: Check[] = p.topo && p.nvlink ? crossNvlinkTopo(p.topo, p.nvlink) : [];
  const active = (p.ibPorts ?? []).filter((x) => judgePort(x).usable);
  const hcasSeen =
    (p.ibPorts?.length ?? 0) > 0 ||
    (p.ibvDevinfo !== undefined &&
      (p.ibvDevinfo.devices.length > 0 ||
        p.ibvDevinfo.openFailures > 0 ||
        (p.ibvDevinfo.listed?.length ?? 0) > 0));
  const noUverbs = p.devInfiniband !== undefined && p.devInfiniband.uverbs.length === 0;
  if (hcasSeen && noUverbs) {
    checks.push(
      check(
        'rdma.mount',
        'fail',
        'HCAs are visible but the pod has no /dev/infiniband/uverbs*: the RDMA device is not mounted',
        {
          fix: MOUNT_FIX,
        },
      ),
    );
  }
  if (active.length > 0 && p.ucxInfo && p.ucxInfo.domains.length > 0) {
    const rc = p.ucxInfo.transports.filter((t) => RMA_RDMA_TRANSPORTS.has(t));
    const ib = ibDomains(p.ucxInfo);
    if (rc.length === 0) {
      const names = active.map((x) => `${x.device}/${x.port}`).join(', ');
      const why =
        ib.length === 0
          ? noUverbs
            ? 'UCX cannot open the HCAs because no uverbs device is mounted'
            : 'UCX was built without verbs (no ib memory domain at all)'
          : 'UCX sees the HCAs but no usable port';
      checks.push(
        check('ucx.verbs', 'fail', `${names} Active, but ucx_info lists no rc/dc transport: ${why}`, {
          fix:
            ib.length === 0 && !noUverbs
              ? 'use a UCX built with rdma-core/verbs (the Dynamo/NIXL images have one)'
              : MOUNT_FIX,
        }),
      );
    } else {
      checks.push(check('ucx.verbs', 'ok', `Active ports and UCX RDMA transports agree (${rc.join(', ')})`));
    }
  }
  if (p.lsmod && p.ucxInfo) {
    const live = ibDomains(p.ucxInfo).filter((d) => !d.noDevices && d.memoryTypes !== undefined);
    const cuda = live.some((d) => d.memoryTypes?.includes('cuda'));
    if (live.length > 0) {
      const state = p.lsmod.peermem.state;
      if (!cuda && state === 'absent') {
        checks.push(
          check(
            'gdr.path',
            'fail',
            'no GPUDirect RDMA: no peer-memory module and the HCA cannot register GPU memory (no DMA-BUF either)',
            {
              fix: 'load nvidia-peermem (GPU Operator driver.rdma.enabled=true) or move to DMA-BUF (open GPU kernel modules, kernel ≥ 5.12)',
            },
          ),
        );
      } else if (!cuda && state === 'loaded') {
        checks.push(
          check(
            'gdr.path',
            'fail',
            `${p.lsmod.peermem.module} is loaded but the HCA still cannot register GPU memory`,
            {
              fix: 'check /sys/kernel/mm/memory_peers/nv_mem exists (reload the module after the HCA driver) and that UCX was built --with-cuda',
            },
          ),
        );
      } else if (cuda) {
        checks.push(
          check(
            'gdr.path',
            'ok',
            `the HCA registers GPU memory${state === 'absent' ? ' without a peer-memory module (DMA-BUF)' : ''}`,
          ),
        );
      }
    }
  }
  return checks;
}
