import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { parseIbstatus } from './ibstatus.js';

const hdr = (device: string, lid: number) => ({
  name: device,
  ports: [
    {
      device,
      port: 1,
      state: 'active',
      physState: 'link-up',
      rateGbps: 200,
      width: 4,
      laneGbps: 50,
      speed: 'HDR',
      linkLayer: 'InfiniBand',
      lid,
      smLid: 1,
    },
  ],
});

/** A 1X RoCE port: ibstatus "25 Gb/sec (1X EDR)", "10 Gb/sec (1X QDR)". */
const eth1x = (device: string, state: string, phys: string, rate: number, speed: string) => ({
  device,
  port: 1,
  state,
  physState: phys,
  rateGbps: rate,
  width: 1,
  laneGbps: rate,
  speed,
  linkLayer: 'Ethernet',
  lid: 0,
  smLid: 0,
});

const expected: Record<string, unknown> = {
  'a100-azure-8port-hdr-plus-accelnet-eth.txt': {
    devices: [
      hdr('mlx5_0', 0x33bf),
      hdr('mlx5_1', 0x33be),
      hdr('mlx5_2', 0x33cb),
      hdr('mlx5_3', 0x33dc),
      hdr('mlx5_4', 0x33f5),
      hdr('mlx5_5', 0x33f4),
      hdr('mlx5_6', 0x33f6),
      hdr('mlx5_7', 0x33f9),
      {
        name: 'mlx5_8',
        ports: [
          {
            device: 'mlx5_8',
            port: 1,
            state: 'active',
            physState: 'link-up',
            // The sysfs rate names an IB lane speed even on this Ethernet (accelerated networking) port.
            rateGbps: 40,
            width: 4,
            laneGbps: 10,
            speed: 'QDR',
            linkLayer: 'Ethernet',
            lid: 0,
            smLid: 0,
          },
        ],
      },
    ],
    errors: [],
  },
  'cx4lx-10g-1x-qdr-and-25g-1x-edr-both-active.txt': {
    devices: [
      { name: 'mlx5_0', ports: [eth1x('mlx5_0', 'active', 'link-up', 10, 'QDR')] },
      { name: 'mlx5_1', ports: [eth1x('mlx5_1', 'active', 'link-up', 25, 'EDR')] },
    ],
    errors: [],
  },
  'cx4lx-25gbe-1x-edr-active-plus-disabled.txt': {
    devices: [
      { name: 'mlx5_0', ports: [eth1x('mlx5_0', 'active', 'link-up', 25, 'EDR')] },
      {
        name: 'mlx5_1',
        ports: [
          {
            device: 'mlx5_1',
            port: 1,
            state: 'down',
            physState: 'disabled',
            rateGbps: 40,
            width: 4,
            laneGbps: 10,
            speed: 'QDR',
            linkLayer: 'Ethernet',
            lid: 0,
            smLid: 0,
          },
        ],
      },
    ],
    errors: [],
  },
  // The script's `fatal` when /sys/class/infiniband has no device: no port, one error naming '*'.
  'no-devices-sys-files-not-found.txt': {
    devices: [],
    errors: [
      {
        line: 2,
        text: "Fatal error:  device '*': sys files not found (/sys/class/infiniband/*/ports)",
        device: '*',
      },
    ],
  },
  'roce-2port-400-ndr-ethernet.txt': {
    devices: ['mlx5_0', 'mlx5_1'].map((name) => ({
      name,
      ports: [
        {
          device: name,
          port: 1,
          state: 'active',
          physState: 'link-up',
          rateGbps: 400,
          width: 4,
          laneGbps: 100,
          speed: 'NDR',
          linkLayer: 'Ethernet',
          lid: 0,
          smLid: 0,
        },
      ],
    })),
    errors: [],
  },
};

describe('parseIbstatus on every shared fixture', () => {
  const files = listFixtures('node', 'ibstatus');
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(parseIbstatus(readFixture('node', 'ibstatus', file))).toEqual(expected[file]);
    });
  }
});

describe('parseIbstatus variants', () => {
  it('tells a 2X HDR port (HDR100) from a 4X EDR port although both are 100 Gb/s', () => {
    const block = (dev: string, rate: string) =>
      [
        `Infiniband device '${dev}' port 1 status:`,
        '\tdefault gid:\t fe80:0000:0000:0000:0000:0000:0000:0001',
        '\tbase lid:\t 0x5',
        '\tsm lid:\t\t 0x1',
        '\tstate:\t\t 4: ACTIVE',
        '\tphys state:\t 5: LinkUp',
        `\trate:\t\t ${rate}`,
        '\tlink_layer:\t InfiniBand',
        '',
      ].join('\n');
    const r = parseIbstatus(block('mlx5_0', '100 Gb/sec (2X HDR)') + block('mlx5_1', '100 Gb/sec (4X EDR)'));
    expect(r.devices.map((d) => d.ports[0])).toMatchObject([
      { rateGbps: 100, width: 2, laneGbps: 50, speed: 'HDR' },
      { rateGbps: 100, width: 4, laneGbps: 25, speed: 'EDR' },
    ]);
  });

  it('rejects output that has no port block', () => {
    expect(() => parseIbstatus('CA type: MT4129\n')).toThrow(
      /cannot read ibstatus output at line 1 "CA type: MT4129"/,
    );
  });
});
