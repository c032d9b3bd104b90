import type { Expectation } from '../../core/measurement.js';
import { ABSOLUTE_CROSS_NODE_CEILING_GBPS, CEILING_MARGIN } from '../../judge/expectations.js';

/**
 * NIXL's LIBFABRIC backend stripes one GPU's transfer over every EFA rail it
 * created (ai-dynamo/nixl src/utils/libfabric/libfabric_rail_manager.cpp L232,
 * `Created N rails using provider=efa`, at NIXL_LOG_LEVEL=INFO; VRAM goes on
 * the GPU's own EFA devices, libfabric_topology.cpp getEfaDevicesForPci), and
 * the probe pod sees only the EFA devices of its GPU (networks.ts scaleToGpus). So
 * the bar is N ports, not one: a p5 GPU's 4 × 100 Gb/s rails are 50 GB/s, and a
 * run on 1 of 4 alive falls below it. references/rails.md.
 */

/** N of NIXL's `Created N rails using provider=…` line, from the first log that has it. */
export function libfabricRailCount(logs: readonly (string | undefined)[]): number | undefined {
  for (const log of logs) {
    const m = /Created (\d+) rails using provider=/.exec(log ?? '');
    if (m) return Number(m[1]);
  }
  return undefined;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The one-port expectation times the rails NIXL striped over; as it is without a line rate or with --min-bandwidth. */
export function stripedExpectation(e: Expectation, rails: number | undefined): Expectation {
  if (!rails || rails < 2 || e.lineGBps === undefined || e.source.startsWith('--min-bandwidth')) return e;
  const line = e.lineGBps * rails;
  return {
    lineGBps: round2(line),
    floorGBps: round2(e.floorGBps * rails),
    ...(e.warnGBps !== undefined ? { warnGBps: round2(e.warnGBps * rails) } : {}),
    ceilingGBps: round2(Math.min(line * CEILING_MARGIN, ABSOLUTE_CROSS_NODE_CEILING_GBPS)),
    source: `${rails} LIBFABRIC rails (NIXL: Created ${rails} rails) × ${e.source}`,
  };
}
