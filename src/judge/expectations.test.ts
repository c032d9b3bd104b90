import { describe, expect, it } from 'vitest';
import { judgeBandwidth } from './bandwidth.js';
import {
  deviceListPorts,
  type ExpectationInput,
  expectationFor,
  type NicPort,
  nvlinkFor,
  parseRate,
  portsInUse,
  selectedDevices,
} from './expectations.js';
import { transportCheck, transportKind } from './transports.js';

const ndr = (device: string, active = true): NicPort => ({
  device,
  port: 1,
  rateGbps: 400,
  active,
  linkLayer: 'InfiniBand',
});
const hdr = (device: string): NicPort => ({
  device,
  port: 1,
  rateGbps: 200,
  active: true,
  linkLayer: 'InfiniBand',
});

describe('line rate inputs', () => {
  it('reads sysfs rate text', () => {
    expect([
      parseRate('400 Gb/sec (4X NDR)'),
      parseRate('25 Gb/sec (1X EDR)'),
      parseRate('53.125 Gb/sec (1X HDR)'),
      parseRate(''),
    ]).toEqual([400, 25, 53.125, undefined]);
  });
  it('honours UCX_NET_DEVICES, and only active ports count', () => {
    expect(selectedDevices('mlx5_0:1,mlx5_3:1')).toEqual(new Set(['mlx5_0', 'mlx5_3']));
    expect(selectedDevices('all')).toBeUndefined();
    const ports = [
      ndr('mlx5_0'),
      ndr('mlx5_1', false),
      hdr('mlx5_3'),
      { device: 'mlx5_4', port: 1, active: true },
    ];
    expect(portsInUse(ports).map((p) => p.device)).toEqual(['mlx5_0', 'mlx5_3']);
    expect(portsInUse(ports, 'mlx5_3:1').map((p) => p.device)).toEqual(['mlx5_3']);
  });
  it('honours NIXL --device_list: only the listed NICs (port 1, as NIXL appends :1) count, over UCX_NET_DEVICES', () => {
    const ports = [ndr('mlx5_0'), hdr('mlx5_1'), { ...ndr('mlx5_2'), port: 2 }];
    expect(deviceListPorts('mlx5_1')).toEqual([{ device: 'mlx5_1', port: 1 }]);
    expect(deviceListPorts('mlx5_0:1,mlx5_2:2')).toEqual([
      { device: 'mlx5_0', port: 1 },
      { device: 'mlx5_2', port: 2 },
    ]);
    expect(deviceListPorts('all')).toBeUndefined();
    expect(portsInUse(ports, undefined, 'mlx5_1').map((p) => p.device)).toEqual(['mlx5_1']);
    expect(portsInUse(ports, 'mlx5_0:1', 'mlx5_1:1').map((p) => p.device)).toEqual(['mlx5_1']);
    expect(portsInUse(ports, undefined, 'mlx5_2').map((p) => p.device)).toEqual([]);
    // Two NDR ports would allow two rails; the device list leaves one HDR port: the line rate and ceiling follow it.
    const both = { prefill: [ndr('mlx5_0'), hdr('mlx5_1')], decode: [ndr('mlx5_0'), hdr('mlx5_1')] };
    expect(expectationFor({ mode: 'cross-node', nics: both })).toMatchObject({
      lineGBps: 50,
      ceilingGBps: 115,
    });
    expect(expectationFor({ mode: 'cross-node', nics: both, deviceList: 'mlx5_1' })).toMatchObject({
      lineGBps: 25,
      ceilingGBps: 28.75,
      source: 'NIC line rate 200 Gb/s (mlx5_1 200 Gb/s)',
    });
    expect(expectationFor({ mode: 'cross-node', nics: both, deviceList: 'mlx5_1:1' }).lineGBps).toBe(25);
  });
  it('knows NVLink per GPU product', () => {
    expect(
      [
        'NVIDIA-H100-80GB-HBM3',
        'NVIDIA-H200',
        'NVIDIA-B200',
        'NVIDIA-GB200',
        'NVIDIA-A100-SXM4-80GB',
        'NVIDIA-H800',
        'NVIDIA-A100-PCIE-40GB',
        'NVIDIA-L40S',
      ].map((p) => nvlinkFor(p)?.gbps),
    ).toEqual([450, 450, 900, 900, 300, 200, undefined, undefined]);
  });
});

describe('expectationFor', () => {
  it('cross-node on NDR: line 50 GB/s, fail below 70 %, warn below 80 %, ceiling two rails', () => {
    expect(
      expectationFor({
        mode: 'cross-node',
        nics: { prefill: [ndr('mlx5_0'), ndr('mlx5_1')], decode: [ndr('mlx5_0'), ndr('mlx5_1')] },
      }),
    ).toEqual({
      lineGBps: 50,
      floorGBps: 35,
      warnGBps: 40,
      ceilingGBps: 115,
      source: 'NIC line rate 400 Gb/s (mlx5_0 400 Gb/s)',
    });
  });
  it('the slower side bounds the link; one NIC means one rail', () => {
    expect(
      expectationFor({ mode: 'cross-node', nics: { prefill: [ndr('mlx5_0')], decode: [hdr('mlx5_2')] } }),
    ).toEqual({
      lineGBps: 25,
      floorGBps: 17.5,
      warnGBps: 20,
      ceilingGBps: 28.75,
      source: 'NIC line rate 200 Gb/s (mlx5_2 200 Gb/s)',
    });
  });
  it('--min-bandwidth replaces the floor and drops the warning band, keeping the ceiling', () => {
    expect(
      expectationFor({
        mode: 'cross-node',
        minBandwidth: 40,
        nics: { prefill: [ndr('a')], decode: [ndr('b')] },
      }),
    ).toEqual({
      lineGBps: 50,
      floorGBps: 40,
      ceilingGBps: 57.5,
      source: '--min-bandwidth 40 GB/s',
    });
  });
  it('without a line rate: a conservative absolute floor, and the check says it cannot judge', () => {
    expect(expectationFor({ mode: 'cross-node' })).toEqual({
      floorGBps: 5,
      ceilingGBps: 250,
      source: 'no NIC line rate known',
    });
    expect(expectationFor({ mode: 'intra-node', gpuProduct: 'NVIDIA-L4' })).toEqual({
      floorGBps: 10,
      ceilingGBps: 1000,
      source: 'no NVLink generation known',
    });
  });
  it('intra-node on H100: NVLink 4, bars from the measured single copy (376 GB/s): fail 40 %, warn 70 %', () => {
    expect(expectationFor({ mode: 'intra-node', gpuProduct: 'NVIDIA-H100-80GB-HBM3' })).toEqual({
      lineGBps: 450,
      floorGBps: 150.4,
      warnGBps: 263.2,
      ceilingGBps: 517.5,
      source: 'NVLink 4 450 GB/s per direction, one copy measured at 376 GB/s (NVIDIA-H100-80GB-HBM3)',
    });
  });
});

/** The verdict of a figure `share` × the bar's base (rails × line rate; the single-copy NVLink figure). */
function verdictAt(
  exp: ReturnType<typeof expectationFor>,
  base: number,
  share: number,
  link: 'cross-node' | 'intra-node',
) {
  return judgeBandwidth({ gbps: base * share, blockSize: 1 << 26, expected: exp, link, userFloor: false })
    .status;
}

describe('the bars: ok, warn and fail at shares of what the rails can carry', () => {
  const port = (device: string, gbps: number, linkLayer: string): NicPort => ({
    device,
    port: 1,
    rateGbps: gbps,
    active: true,
    linkLayer,
  });
  const rdma: [string, ExpectationInput, number][] = [
    [
      'NDR 400 InfiniBand, one rail',
      {
        mode: 'cross-node',
        nics: { prefill: [port('mlx5_0', 400, 'InfiniBand')], decode: [port('mlx5_0', 400, 'InfiniBand')] },
      },
      50,
    ],
    [
      'RoCE 200',
      {
        mode: 'cross-node',
        nics: { prefill: [port('mlx5_0', 200, 'Ethernet')], decode: [port('mlx5_0', 200, 'Ethernet')] },
      },
      25,
    ],
    ['RoCE 400', { mode: 'cross-node', lineRateGbps: 400 }, 50],
    [
      'EFA p5: 4 × 100 Gb/s rails per GPU, the bar is their sum',
      {
        mode: 'cross-node',
        rails: 4,
        nics: {
          prefill: ['rdmap0', 'rdmap1', 'rdmap2', 'rdmap3'].map((d) => port(d, 100, 'Unknown')),
          decode: ['rdmap0', 'rdmap1', 'rdmap2', 'rdmap3'].map((d) => port(d, 100, 'Unknown')),
        },
      },
      50,
    ],
  ];
  for (const [name, input, capacity] of rdma) {
    it(`${name}: ok, warn, fail`, () => {
      const exp = expectationFor(input);
      expect(exp.lineGBps).toBe(capacity);
      expect([0.9, 0.75, 0.6].map((s) => verdictAt(exp, capacity, s, 'cross-node'))).toEqual([
        'ok',
        'warn',
        'fail',
      ]);
    });
  }
  it("EFA p5 at one rail's share (1 of 4 alive, ~12 GB/s) fails; a healthy ~45 GB/s is within the ceiling", () => {
    const exp = expectationFor(rdma[3]?.[1] as ExpectationInput);
    expect(verdictAt(exp, 12.5, 1, 'cross-node')).toBe('fail');
    expect(exp.ceilingGBps).toBe(57.5);
    expect(verdictAt(exp, 45, 1, 'cross-node')).toBe('ok');
  });
  for (const [product, healthy] of [
    ['NVIDIA-H100-80GB-HBM3', 376],
    ['NVIDIA-H200', 376],
    ['NVIDIA-B200', 752],
  ] as const) {
    it(`NVLink on ${product}: ok at 90 % and 80 % of one healthy copy (${healthy} GB/s), warn at 60 %, fail at PCIe P2P speed`, () => {
      const exp = expectationFor({ mode: 'intra-node', gpuProduct: product });
      expect(nvlinkFor(product)?.healthyGBps).toBe(healthy);
      expect([0.9, 0.8, 0.6, 0.3].map((s) => verdictAt(exp, healthy, s, 'intra-node'))).toEqual([
        'ok',
        'ok',
        'warn',
        'fail',
      ]);
      // PCIe Gen5 peer-to-peer (~50 GB/s) is no NVLink.
      expect(verdictAt(exp, 50, 1, 'intra-node')).toBe('fail');
    });
  }
  it('read --line-rate 400: 25 GB/s fails, 38 warns, 45 passes; --rails 2 doubles the bar', () => {
    const one = expectationFor({ mode: 'cross-node', lineRateGbps: 400 });
    expect(one).toMatchObject({
      lineGBps: 50,
      floorGBps: 35,
      warnGBps: 40,
      source: '--line-rate 400 Gb/s',
    });
    expect([25, 38, 45].map((g) => verdictAt(one, g, 1, 'cross-node'))).toEqual(['fail', 'warn', 'ok']);
    const two = expectationFor({ mode: 'cross-node', lineRateGbps: 400, rails: 2 });
    expect(two).toMatchObject({ lineGBps: 100, floorGBps: 70, warnGBps: 80, ceilingGBps: 115 });
    expect(verdictAt(two, 45, 1, 'cross-node')).toBe('fail');
  });
  it('a port trained below its siblings does not set its own bar: it is held to theirs', () => {
    const eight = ['mlx5_0', 'mlx5_1', 'mlx5_2', 'mlx5_3', 'mlx5_4', 'mlx5_5', 'mlx5_6', 'mlx5_7'].map((d) =>
      port(d, d === 'mlx5_3' ? 200 : 400, 'InfiniBand'),
    );
    const exp = expectationFor({
      mode: 'cross-node',
      nics: { prefill: eight, decode: eight },
      deviceList: 'mlx5_3',
    });
    expect(exp).toMatchObject({ lineGBps: 50, floorGBps: 35 });
    expect(exp.source).toBe(
      "NIC line rate 400 Gb/s (mlx5_3 trained to 200 Gb/s, held to its 7 siblings' 400)",
    );
    // The half-speed port's own best (~24 GB/s of its 25) fails against its siblings' rate.
    expect(verdictAt(exp, 24, 1, 'cross-node')).toBe('fail');
  });
});

describe('MIG slices: no NVLink to expect (references/gpu-isolation.md)', () => {
  // GPU feature discovery's `single` MIG strategy product label (docs/gpu-feature-discovery/README.md).
  const slice = 'A100-SXM4-40GB-MIG-1g.5gb';

  it('a MIG product or a MIG resource drops the NVLink line; the whole GPU keeps it', () => {
    const whole = expectationFor({ mode: 'intra-node', gpuProduct: 'NVIDIA-A100-SXM4-40GB' });
    expect([whole.lineGBps, whole.source]).toEqual([300, expect.stringMatching(/^NVLink 3 300 GB\/s/)]);
    const mig = {
      floorGBps: 5,
      ceilingGBps: expect.any(Number),
      source: 'MIG slices: no NVLink expected (P2P between MIG instances is not supported)',
    };
    expect(expectationFor({ mode: 'intra-node', gpuProduct: slice })).toEqual(mig);
    expect(expectationFor({ mode: 'intra-node', gpuProduct: 'NVIDIA-A100-SXM4-40GB', mig: true })).toEqual(
      mig,
    );
    expect(nvlinkFor(slice)).toBeUndefined();
    // Across nodes the NIC is judged as ever: MIG changes nothing there.
    expect(expectationFor({ mode: 'cross-node', gpuProduct: slice, lineRateGbps: 400 }).lineGBps).toBe(50);
  });

  it('pair.transport on one node: a MIG pair without cuda_ipc is fine, a whole-GPU pair is not', () => {
    const lanes = ['cuda_copy/cuda', 'posix/memory'];
    const t = { kind: transportKind(lanes, false), lanes };
    const whole = transportCheck(t, 'intra-node', 's', false, false, true);
    const mig = transportCheck(t, 'intra-node', 's', false, false, true, true);
    expect([whole.status, mig.status]).toEqual(['fail', 'ok']);
    expect(mig.detail).toMatch(/^MIG slices have no NVLink or P2P: UCX used /);
  });
});
