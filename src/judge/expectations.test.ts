import { describe, expect, it } from 'vitest';
import {
  deviceListPorts,
  expectationFor,
  type NicPort,
  nvlinkFor,
  parseRate,
  portsInUse,
  selectedDevices,
} from './expectations.js';

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
  it('cross-node on NDR: line 50 GB/s, fail below 30 %, warn below 60 %, ceiling two rails', () => {
    expect(
      expectationFor({
        mode: 'cross-node',
        nics: { prefill: [ndr('mlx5_0'), ndr('mlx5_1')], decode: [ndr('mlx5_0'), ndr('mlx5_1')] },
      }),
    ).toEqual({
      lineGBps: 50,
      floorGBps: 15,
      warnGBps: 30,
      ceilingGBps: 115,
      source: 'NIC line rate 400 Gb/s (mlx5_0 400 Gb/s)',
    });
  });
  it('the slower side bounds the link; one NIC means one rail', () => {
    expect(
      expectationFor({ mode: 'cross-node', nics: { prefill: [ndr('mlx5_0')], decode: [hdr('mlx5_2')] } }),
    ).toEqual({
      lineGBps: 25,
      floorGBps: 7.5,
      warnGBps: 15,
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
  it('intra-node on H100: NVLink 4', () => {
    expect(expectationFor({ mode: 'intra-node', gpuProduct: 'NVIDIA-H100-80GB-HBM3' })).toEqual({
      lineGBps: 450,
      floorGBps: 45,
      warnGBps: 112.5,
      ceilingGBps: 517.5,
      source: 'NVLink 4 450 GB/s per direction (NVIDIA-H100-80GB-HBM3)',
    });
  });
});
