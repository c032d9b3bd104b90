import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixtures.js';
import { testPlan } from '../../../test/helpers/plan.js';
import { libfabricRailCount, stripedExpectation } from './efa-expectation.js';
import { judge } from './verdict.js';

// NIXL's own INFO line (abseil format), as libfabric_rail_manager.cpp L232 prints it.
const created = (n: number) =>
  `I1130 19:20:01.123456      42 libfabric_rail_manager.cpp:232] Created ${n} rails using provider=efa\n`;

describe('LIBFABRIC: the bar is the sum of the EFA rails NIXL striped over', () => {
  it('reads the rail count from NIXL', () => {
    expect(libfabricRailCount([undefined, `x\n${created(4)}`])).toBe(4);
    expect(libfabricRailCount(['no line'])).toBeUndefined();
  });

  it('takes the rails the VRAM was registered on, not every rail NIXL created (a pod with 32 EFAs, a GPU with 4)', () => {
    // libfabric_rail_manager.cpp:889: NIXL_INFO << "Registered memory on " << n << " rails, mem_type=" << mem_type << " device=" << id.
    const registered = (n: number, mem: number) =>
      `I1130 19:20:02.000001      42 libfabric_rail_manager.cpp:889] Registered memory on ${n} rails, mem_type=${mem} device=0\n`;
    expect(libfabricRailCount([`${created(32)}${registered(32, 0)}${registered(4, 1)}`])).toBe(4);
    expect(libfabricRailCount([created(32), registered(4, 1)])).toBe(4);
    expect(libfabricRailCount([`${created(16)}${registered(16, 0)}`])).toBe(16);
  });

  it('4 rails of 100 Gb/s: 50 GB/s line, the bands of the summed line (70 %, 85 %); --min-bandwidth and one rail stay as they are', () => {
    // One 100 Gb/s port as expectationFor gives it: 12.5 GB/s, fail below 8.75, warn below 10.
    const one = {
      lineGBps: 12.5,
      floorGBps: 8.75,
      warnGBps: 10,
      ceilingGBps: 28.75,
      source: 'NIC line rate 100 Gb/s',
    };
    // references/expected-bandwidth.md, "EFA p5": 50 GB/s, fail below 35, warn below 40 (of the summed line).
    expect(stripedExpectation(one, 4)).toMatchObject({
      lineGBps: 50,
      floorGBps: 35,
      warnGBps: 40,
      ceilingGBps: 57.5,
    });
    expect(stripedExpectation(one, 1)).toBe(one);
    const user = { floorGBps: 20, source: '--min-bandwidth 20 GB/s', lineGBps: 12.5 };
    expect(stripedExpectation(user, 4)).toBe(user);
  });

  it("a pod's log with 4 EFA ports and NIXL's 4 rails is judged against 50 GB/s, not one port", () => {
    const nics = [0, 1, 2, 3]
      .map((i) => `interconnect-test: nic rdmap${i}s0|1|4: ACTIVE|100 Gb/sec (4X EDR)|InfiniBand\n`)
      .join('');
    const table = readFixture('nixlbench', 'ucx-vram-h200-cx7-400g-degraded.log');
    const j = judge({
      plan: testPlan({ backend: 'LIBFABRIC' }),
      logs: { prefill: `${nics}${created(4)}${table}`, decode: `${nics}${created(4)}` },
      ranOn: { prefill: 'gpu-a', decode: 'gpu-b' },
    });
    expect(j.measurement.expected).toMatchObject({ lineGBps: 50 });
    expect(j.measurement.expected?.source).toMatch(/^4 LIBFABRIC rails/);
  });
});
