import type { Expectation } from '../../core/measurement.js';
import {
  ABSOLUTE_CROSS_NODE_CEILING_GBPS,
  CEILING_MARGIN,
  RDMA_FAIL_FRACTION,
  RDMA_WARN_FRACTION,
} from '../../judge/expectations.js';
import { type Rail, railNics } from '../plan/rails.js';

/**
 * NIXL's UCX backend sets UCX_MAX_RMA_RAILS=2 (ai-dynamo/nixl src/plugins/ucx/ucx_utils.cpp:486):
 * one transfer runs on at most two of the devices its memory was registered on.
 */
export const NIXL_MAX_RMA_RAILS = 2;

/**
 * How many NICs' worth of line one rail had on one node: its NICs (the map the pod
 * printed), each shared equally by the rails that ran on it at the same time (two
 * GPUs behind one switch with two NICs both use both, so each has one NIC's worth),
 * at most NIXL_MAX_RMA_RAILS of them. Undefined when the rail has no NIC named.
 */
export function railWorth(map: readonly Rail[], gpu: number, ran: readonly number[]): number | undefined {
  const rail = map.find((r) => r.gpu === gpu);
  const mine = rail ? railNics(rail) : [];
  if (mine.length === 0) return undefined;
  const users = (nic: string) =>
    Math.max(1, map.filter((r) => ran.includes(r.gpu) && railNics(r).includes(nic)).length);
  return mine
    .map((n) => 1 / users(n))
    .sort((a, b) => b - a)
    .slice(0, NIXL_MAX_RMA_RAILS)
    .reduce((a, b) => a + b, 0);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The one-port expectation of a rail times its NICs' worth: two 200 Gb/s NICs are one
 * rail of 50 GB/s. As it is for a worth of 1, without a line rate or with --min-bandwidth.
 */
export function railExpectation(e: Expectation, worth: number | undefined): Expectation {
  if (
    worth === undefined ||
    worth === 1 ||
    e.lineGBps === undefined ||
    e.source.startsWith('--min-bandwidth')
  )
    return e;
  const line = e.lineGBps * worth;
  return {
    lineGBps: round2(line),
    floorGBps: round2(line * RDMA_FAIL_FRACTION),
    ...(e.warnGBps !== undefined ? { warnGBps: round2(line * RDMA_WARN_FRACTION) } : {}),
    ceilingGBps: round2(Math.min(line * CEILING_MARGIN, ABSOLUTE_CROSS_NODE_CEILING_GBPS)),
    source: `${round2(worth)} NICs' worth (the rail's NICs, shared with the rails beside it) × ${e.source}`,
  };
}
