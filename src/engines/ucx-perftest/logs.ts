import { parseUcxPerftest, type UcxPerftestResult } from '../../parsers/ucx-perftest.js';
import { tryParse, unparsable } from '../logs.js';
import type { LogReading, PodRole } from '../types.js';

export function readPerftest(log: string, messageSize?: number): UcxPerftestResult | undefined {
  return tryParse(() => parseUcxPerftest(log, messageSize === undefined ? {} : { messageSize }));
}

/**
 * One pod's log. The client (the leg's initiator, or the intra-node pod)
 * measures; its final row is the result. `initiator`: the first leg's.
 */
export function readPerftestLog(
  log: string,
  role: PodRole,
  ctx: { maxBlockSize: number; initiator: 'prefill' | 'decode' },
): LogReading | undefined {
  const r = readPerftest(log, ctx.maxBlockSize);
  if (!r) return undefined;
  const client = role === ctx.initiator || role === 'intra-node';
  return {
    lanes: [...r.lanes],
    protocols: [...r.ucx.protocols],
    sameNode: [...r.ucx.endpoints, ...r.ucx.protocols].some((e) => e.scope === 'intra-node'),
    emulated: r.emulated,
    hosts: {},
    versions: {},
    result:
      client && r.rows.length > 0
        ? {
            rows: r.rows.map((x) => ({
              blockSize: x.blockSize ?? ctx.maxBlockSize,
              batchSize: x.batchSize,
              gbps: x.gbps,
              ...(x.avgLatUs !== undefined ? { avgLatUs: x.avgLatUs } : {}),
            })),
            fromClient: true,
          }
        : undefined,
  };
}

/** ucx_perftest's server (decode, across nodes) prints only "Waiting for connection...": the client measures. */
export function perftestUnreadable(log: string, role?: string): string | undefined {
  if (role === 'decode') return undefined;
  return unparsable(log, (l) => parseUcxPerftest(l));
}
