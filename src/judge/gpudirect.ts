import { type Check, type CheckStatus, check } from '../core/model.js';
import type { UcxProtoTable } from '../parsers/ucx-log.js';
import { transportOf } from '../parsers/ucx-log.js';
import { INTRA_NODE_TRANSPORTS } from '../parsers/ucx-transports.js';

/**
 * Did GPU memory go zero-copy over RDMA (GPUDirect RDMA), or was it staged
 * through host memory? UCX says so in its UCX_PROTO_INFO tables: each row is a
 * message-size range, the protocol's description and its lanes. The
 * descriptions come from openucx/ucx (references/judge.md cites each line):
 *
 * - `zero-copy` (UCP_PROTO_ZCOPY_DESC): the NIC reads or writes the GPU
 *   buffer itself — `zero-copy`, `rendezvous zero-copy read from remote`
 *   (rndv/get/zcopy), `rendezvous zero-copy write to remote` (rndv/put/zcopy).
 * - staged: `…, frag host` (rndv/get/mtype, rndv/put/mtype, rndv/rtr/mtype,
 *   the pipeline `pipeline …` of rndv/*\/ppln over them: the data is copied
 *   into host fragments by cuda_copy and the NIC moves those), and
 *   `copy-in`/`copy-out` (bcopy: the CPU packs the GPU buffer into a host
 *   bounce buffer), `software emulation` (RMA over active messages).
 *
 * Only tables whose operation involves GPU memory (`from cuda…`, `to cuda…`,
 * rocm likewise), whose endpoint is not the process talking to itself, and
 * whose lanes cross a network (not shared memory or cuda_ipc) count; only
 * rows reaching 1 MiB or more, where bandwidth is decided.
 */

export type GpuPath = 'zero-copy' | 'staged';

export interface GpuPathEvidence {
  path: GpuPath;
  endpoint: string;
  operation: string;
  range: string;
  protocol: string;
  lanes: string[];
}

const LARGE = 1 << 20;
const GPU_MEMORY = /\b(?:from|to)\s+(?:cuda|rocm)/;
const STAGED = /\bfrag host\b|\bcopy-in\b|\bcopy-out\b|\bsoftware emulation\b/;
const ZCOPY = /\bzero-copy\b/;

const UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** The upper end of a UCX memunits range (`6238..inf`, `0..2K`, `0`, `1M..4M`), bytes; Infinity for `inf`. */
export function rangeEnd(range: string): number | undefined {
  const end = range.split('..').pop()?.trim() ?? '';
  if (end === 'inf') return Number.POSITIVE_INFINITY;
  const m = /^(\d+)([KMGT]?)$/.exec(end);
  return m ? Number(m[1]) * (UNITS[m[2] as string] ?? 1) : undefined;
}

function crossesNetwork(lanes: readonly string[]): boolean {
  return lanes.some((l) => !INTRA_NODE_TRANSPORTS.has(transportOf(l)));
}

/** The path of each large-message row of the GPU-memory tables, staged rows first. */
export function gpuPaths(tables: readonly UcxProtoTable[]): GpuPathEvidence[] {
  const staged: GpuPathEvidence[] = [];
  const zcopy: GpuPathEvidence[] = [];
  for (const t of tables) {
    if (t.scope === 'self' || !GPU_MEMORY.test(t.operation)) continue;
    for (const s of t.steps) {
      const end = rangeEnd(s.range);
      if (end === undefined || end < LARGE || !crossesNetwork(s.lanes)) continue;
      const ev = {
        endpoint: t.endpoint,
        operation: t.operation,
        range: s.range,
        protocol: s.protocol,
        lanes: s.lanes,
      };
      if (STAGED.test(s.protocol)) staged.push({ path: 'staged', ...ev });
      else if (ZCOPY.test(s.protocol)) zcopy.push({ path: 'zero-copy', ...ev });
    }
  }
  // The tables of sends from GPU memory first: they are the measured direction in nixlbench and perftest.
  const fromGpu = (e: GpuPathEvidence) => (/\bfrom\s+(?:cuda|rocm)/.test(e.operation) ? 0 : 1);
  return [
    ...staged.sort((a, b) => fromGpu(a) - fromGpu(b)),
    ...zcopy.sort((a, b) => fromGpu(a) - fromGpu(b)),
  ];
}

export interface GpuDirectVerdict {
  status: CheckStatus;
  detail: string;
  fix?: string;
  data: Record<string, unknown>;
}

export const GPUDIRECT_FIX =
  'enable GPUDirect RDMA so the NIC reads GPU memory directly: load nvidia_peermem (or use DMA-BUF: open GPU kernel modules ≥ 515, UCX ≥ 1.14 built with CUDA), mount /dev/infiniband and keep cuda_copy and an RDMA transport in UCX_TLS; `interconnect-test node` checks each';

/**
 * The GPUDirect verdict of a run's protocol tables, or undefined when no table
 * shows GPU memory crossing a network (host memory, NVLink, or no
 * UCX_PROTO_INFO). A staged path is a warning whatever the bandwidth.
 */
export function judgeGpuDirect(tables: readonly UcxProtoTable[]): GpuDirectVerdict | undefined {
  const paths = gpuPaths(tables);
  const first = paths[0];
  if (!first) return undefined;
  const where = (e: GpuPathEvidence) =>
    `"${e.protocol}" for ${e.range} bytes on ${e.lanes.slice(0, 2).join(', ')} (${e.operation})`;
  const data = { path: first.path, evidence: paths.slice(0, 4) };
  if (first.path === 'staged') {
    return {
      status: 'warn',
      detail: `GPU memory was staged through host memory, not sent by GPUDirect RDMA: UCX chose ${where(first)}`,
      fix: GPUDIRECT_FIX,
      data,
    };
  }
  return { status: 'ok', detail: `GPUDirect RDMA: zero-copy from GPU memory, ${where(first)}`, data };
}

/** The GPUDirect verdict as a check (`pair.gpudirect`, `nixlbench.gpudirect`, …), or undefined when there is none. */
export function gpuDirectCheck(
  id: string,
  tables: readonly UcxProtoTable[],
  subject?: string | undefined,
): Check | undefined {
  const gdr = judgeGpuDirect(tables);
  if (!gdr) return undefined;
  return check(id, gdr.status, gdr.detail, {
    ...(subject !== undefined ? { subject } : {}),
    ...(gdr.fix ? { fix: gdr.fix } : {}),
    data: gdr.data,
  });
}
