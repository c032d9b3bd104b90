import { type Check, check } from '../core/model.js';
import { type Expect, fmt, isNixl, type Parsed, size } from './transfer-common.js';
import { pathChecks, stabilityCheck } from './transfer-path.js';
import { runCheck } from './transfer-run.js';

export type { Expect } from './transfer-common.js';

/**
 * Judging a measured transfer (nixlbench or ucx_perftest). Bandwidth is GB/s,
 * 10^9 bytes per second, for both engines.
 *
 * Plausibility ceilings (a result above one never reads as a healthy link):
 * - network: 200 GB/s. NIXL uses at most 2 rails (UCX_MAX_RMA_RAILS=2); 2 × 800G XDR
 *   is 2 × 100 GB/s raw, so more than that across two pods is a same-GPU, HBM or
 *   loopback artefact (ai-dynamo/nixl: MAX_RMA_RAILS=2; measured figures in
 *   references/expected-bandwidth.md).
 * - nvlink / any: 1000 GB/s. NVLink5 (B200/GB200) is 1.8 TB/s bidirectional per GPU,
 *   900 GB/s per direction; a one-way transfer between two GPUs cannot exceed it.
 *
 * Sanity floors used when no --min-bandwidth is given (below them no healthy path of
 * that kind is plausible, on blocks ≥ 1 MiB):
 * - network: 5 GB/s — the slowest RDMA link in scope (100G) gives ~12.5 GB/s raw;
 *   TCP gives 1–2 GB/s in ucx_perftest (Dynamo disagg communication guide).
 * - nvlink: 20 GB/s — even one NVLink2 brick (V100) is ~25 GB/s per direction.
 * - any: 2 GB/s — below PCIe Gen3 and every RDMA link; what TCP or a broken
 *   GPUDirect path gives (nixl #1695: 1 GB/s on a 400G link).
 */
export const CEILING_GBPS = { network: 200, nvlink: 1000, any: 1000 } as const;
export const DEFAULT_FLOOR_GBPS = { network: 5, nvlink: 20, any: 2 } as const;
/** Rows with blocks at least this large show link bandwidth; small blocks are latency-bound. */
export const LARGE_BLOCK = 1 << 20;

export interface TransferOptions {
  minGBps?: number;
  expect: Expect;
}

const STORAGE_BACKENDS = new Set([
  'GDS',
  'GDS_MT',
  'POSIX',
  'HF3FS',
  'OBJ',
  'GUSLI',
  'AZURE_BLOB',
  'INFINIA',
]);

/** Checks for a transfer measurement: run outcome, bandwidth against floor and ceiling, and the transport UCX used. */
export function classifyTransfer(parsed: Parsed, opts: TransferOptions): Check[] {
  const group = isNixl(parsed) ? 'nixlbench' : 'perftest';
  const checks: Check[] = [runCheck(parsed, group)];
  if (isNixl(parsed) && parsed.backend !== undefined && STORAGE_BACKENDS.has(parsed.backend)) {
    checks.push(
      check(`${group}.bandwidth`, 'skipped', `storage backend ${parsed.backend}: not a network measurement`, {
        fix: 'run nixlbench with --backend UCX between a prefill and a decode pod to measure the KV-transfer path',
        ...(parsed.peakGBps !== undefined ? { data: { peakGBps: parsed.peakGBps } } : {}),
      }),
    );
    return checks;
  }
  // A run without results says nothing about bandwidth or path, unless UCX logged its lanes.
  if (parsed.rows.length === 0 && parsed.lanes.length === 0) return checks;
  if (parsed.rows.length > 0) checks.push(bandwidthCheck(parsed, group, opts));
  if (!isNixl(parsed) && parsed.stability) checks.push(stabilityCheck(parsed));
  checks.push(...pathChecks(parsed, group, opts.expect));
  return checks;
}

function bandwidthCheck(p: Parsed, group: string, opts: TransferOptions): Check {
  const id = `${group}.bandwidth`;
  const large = p.rows.filter((r) => r.blockSize !== undefined && r.blockSize >= LARGE_BLOCK);
  const judged = large.length > 0 ? large : p.rows;
  const best = judged.reduce((a, b) => (b.gbps > a.gbps ? b : a));
  const figure = best.gbps;
  const ceiling = CEILING_GBPS[opts.expect];
  const floor = opts.minGBps ?? DEFAULT_FLOOR_GBPS[opts.expect];
  const floorWhy =
    opts.minGBps !== undefined
      ? '--min-bandwidth'
      : `the ${opts.expect === 'any' ? '' : `${opts.expect} `}sanity floor`;
  const at = best.blockSize !== undefined ? ` at ${size(best.blockSize)}` : '';
  const smallOnly = large.length === 0 && p.rows.some((r) => r.blockSize !== undefined);
  const data = { peakGBps: figure, floorGBps: floor, ceilingGBps: ceiling, expect: opts.expect };
  if (figure > ceiling) {
    return check(
      id,
      'fail',
      `${fmt(figure)} GB/s${at} is above any plausible ${opts.expect === 'network' ? 'network' : 'GPU'} link (${ceiling} GB/s): a same-GPU/HBM copy or a measurement artefact, not a link`,
      {
        fix: 'check the two ranks ran on different GPUs (and, for a network test, different nodes)',
        data,
      },
    );
  }
  if (figure < floor) {
    return check(
      id,
      smallOnly && opts.minGBps === undefined ? 'warn' : 'fail',
      `${fmt(figure)} GB/s${at} is below ${floorWhy} of ${floor} GB/s${smallOnly ? ' (only small blocks were measured)' : ''}`,
      {
        fix:
          opts.expect === 'nvlink'
            ? 'the GPUs are not talking over NVLink: check cuda_ipc is in UCX_TLS and both GPUs are visible to one process'
            : 'no GPUDirect RDMA or a TCP/staged path: check the HCA ports, nvidia-peermem/DMA-BUF, UCX_TLS and UCX_NET_DEVICES',
        data,
      },
    );
  }
  const what = isNixl(p) ? 'peak' : p.stability ? 'median interval' : 'measured';
  return check(
    id,
    'ok',
    `${what} ${fmt(figure)} GB/s${at} (floor ${floor} GB/s${opts.minGBps === undefined ? ', sanity' : ''})${smallOnly ? '; only small blocks were measured' : ''}`,
    { data },
  );
}
