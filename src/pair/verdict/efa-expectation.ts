import type { Expectation } from '../../core/measurement.js';
import {
  ABSOLUTE_CROSS_NODE_CEILING_GBPS,
  CEILING_MARGIN,
  RDMA_FAIL_FRACTION,
  RDMA_WARN_FRACTION,
} from '../../judge/expectations.js';

/**
 * NIXL's LIBFABRIC backend stripes one GPU's transfer over the EFA rails it
 * registered the buffer on; it creates a rail for every EFA the pod sees (ai-dynamo/nixl src/utils/libfabric/libfabric_rail_manager.cpp L232,
 * `Created N rails using provider=efa`, at NIXL_LOG_LEVEL=INFO; VRAM goes on
 * the GPU's own EFA devices, libfabric_topology.cpp getEfaDevicesForPci), and
 * the probe pod sees only the EFA devices of its GPU (networks.ts scaleToGpus). So
 * the bar is N ports, not one: a p5 GPU's 4 × 100 Gb/s rails are 50 GB/s, and a
 * run on 1 of 4 alive falls below it. references/rails.md.
 */

/**
 * The EFA rails one transfer stripes over: M of NIXL's `Registered memory on M rails, mem_type=1`
 * (VRAM_SEG = 1: the GPU's own EFAs; ai-dynamo/nixl src/utils/libfabric/libfabric_rail_manager.cpp:889,
 * nixl_types.h:41), else any memory's M, else N of `Created N rails using provider=…` (:232: a rail
 * for every EFA the pod sees, which on a pod with 16 or 32 EFAs is far more than its GPU's 4).
 * From the first log that has it.
 */
export function libfabricRailCount(logs: readonly (string | undefined)[]): number | undefined {
  for (const re of [
    /Registered memory on (\d+) rails, mem_type=1\b/,
    /Registered memory on (\d+) rails/,
    /Created (\d+) rails using provider=/,
  ]) {
    for (const log of logs) {
      const m = re.exec(log ?? '');
      if (m) return Number(m[1]);
    }
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
    // From the summed line, not the rounded one-port bands (a rounded band × 4 drifts by hundredths).
    floorGBps: round2(line * RDMA_FAIL_FRACTION),
    ...(e.warnGBps !== undefined ? { warnGBps: round2(line * RDMA_WARN_FRACTION) } : {}),
    ceilingGBps: round2(Math.min(line * CEILING_MARGIN, ABSOLUTE_CROSS_NODE_CEILING_GBPS)),
    source: `${rails} LIBFABRIC rails (NIXL: Created ${rails} rails) × ${e.source}`,
  };
}
