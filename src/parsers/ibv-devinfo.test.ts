import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { parseIbvDevinfo } from './ibv-devinfo.js';

const expected: Record<string, unknown> = {
  'cx5-eth-plus-cx6-ib-port-init-no-sm.txt': {
    devices: [
      {
        name: 'mlx5_0',
        firmware: '16.34.1002',
        nodeGuid: '1070:fd03:001e:21a6',
        model: '4119',
        ports: [{ device: 'mlx5_0', port: 1, state: 'down', smLid: 0, lid: 0, linkLayer: 'Ethernet' }],
      },
      {
        name: 'mlx5_1',
        firmware: '16.34.1002',
        nodeGuid: '1070:fd03:001e:21a7',
        model: '4119',
        ports: [{ device: 'mlx5_1', port: 1, state: 'active', smLid: 0, lid: 0, linkLayer: 'Ethernet' }],
      },
      {
        name: 'mlx5_2',
        firmware: '20.34.1002',
        nodeGuid: 'e8eb:d303:00d6:3630',
        model: '4123',
        ports: [{ device: 'mlx5_2', port: 1, state: 'init', smLid: 0, lid: 65535, linkLayer: 'InfiniBand' }],
      },
      {
        name: 'mlx5_3',
        firmware: '20.34.1002',
        nodeGuid: 'e8eb:d303:00d6:3631',
        model: '4123',
        ports: [{ device: 'mlx5_3', port: 1, state: 'init', smLid: 0, lid: 65535, linkLayer: 'InfiniBand' }],
      },
    ],
    openFailures: 0,
    noDevices: false,
    verbose: false,
    errors: [],
  },
  'vv-cx6-hdr-1active-1disabled.txt': {
    devices: [
      {
        name: 'mlx5_0',
        firmware: '20.37.1700',
        nodeGuid: '88e9:a4ff:ff25:a462',
        model: '4123',
        ports: [
          {
            device: 'mlx5_0',
            port: 1,
            state: 'active',
            smLid: 1,
            lid: 4,
            linkLayer: 'InfiniBand',
            // 4X × 50.0 Gbps per lane = 200 Gb/s HDR.
            width: 4,
            laneGbps: 50,
            rateGbps: 200,
            speed: 'HDR',
            physState: 'link-up',
          },
        ],
      },
      {
        name: 'mlx5_1',
        firmware: '20.37.1700',
        nodeGuid: '88e9:a4ff:ff25:a463',
        model: '4123',
        // "invalid speed (0)" on the disabled port: no lane speed, so no rate.
        ports: [
          {
            device: 'mlx5_1',
            port: 1,
            state: 'down',
            smLid: 0,
            lid: 65535,
            linkLayer: 'InfiniBand',
            width: 4,
            physState: 'disabled',
          },
        ],
      },
    ],
    openFailures: 0,
    noDevices: false,
    verbose: true,
    errors: [],
  },
};

describe('parseIbvDevinfo on every shared fixture', () => {
  const files = listFixtures('node', 'ibv_devinfo');
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(parseIbvDevinfo(readFixture('node', 'ibv_devinfo', file))).toEqual(expected[file]);
    });
  }
});

// Formats from rdma-core libibverbs/examples/devinfo.c (main: "-l" list, "No IB devices found",
// print_hca_cap: "Failed to open device" on stderr without a device name).
describe('parseIbvDevinfo variants', () => {
  it('reads `ibv_devinfo -l`', () => {
    expect(parseIbvDevinfo('2 HCAs found:\n\tmlx5_0\n\tmlx5_1\n\n')).toEqual({
      devices: [],
      listed: ['mlx5_0', 'mlx5_1'],
      openFailures: 0,
      noDevices: false,
      verbose: false,
      errors: [],
    });
    expect(parseIbvDevinfo('0 HCAs found:\n\n')).toMatchObject({ listed: [], noDevices: true });
  });

  it('counts "Failed to open device" noise (a device whose uverbs node is not in the pod) and keeps the device that opened', () => {
    const text = [
      'Failed to open device',
      'hca_id:\tmlx5_1',
      '\ttransport:\t\t\tInfiniBand (0)',
      '\tphys_port_cnt:\t\t\t1',
      '\t\tport:\t1',
      '\t\t\tstate:\t\t\tPORT_ACTIVE (4)',
      '\t\t\tsm_lid:\t\t\t1',
      '\t\t\tport_lid:\t\t7',
      '\t\t\tlink_layer:\t\tInfiniBand',
      '',
      'Failed to open device',
    ].join('\n');
    const r = parseIbvDevinfo(text);
    expect(r.openFailures).toBe(2);
    expect(r.devices.map((d) => d.name)).toEqual(['mlx5_1']);
    expect(r.errors).toEqual([
      { line: 1, text: 'Failed to open device' },
      { line: 11, text: 'Failed to open device' },
    ]);
  });

  it('reads the older layout with a "Device ports:" line and a 2X NDR200 port', () => {
    const text = [
      'hca_id: mlx5_0',
      '        fw_ver:                         28.36.1010',
      '        phys_port_cnt:                  1',
      '        Device ports:',
      '                port:   1',
      '                        state:                  PORT_ACTIVE (4)',
      '                        sm_lid:                 3',
      '                        port_lid:               12',
      '                        link_layer:             InfiniBand',
      '                        active_width:           2X (16)',
      '                        active_speed:           100.0 Gbps (128)',
      '                        phys_state:             LINK_UP (5)',
    ].join('\n');
    expect(parseIbvDevinfo(text).devices[0]?.ports[0]).toEqual({
      device: 'mlx5_0',
      port: 1,
      state: 'active',
      smLid: 3,
      lid: 12,
      linkLayer: 'InfiniBand',
      width: 2,
      laneGbps: 100,
      rateGbps: 200,
      speed: 'NDR',
      physState: 'link-up',
    });
  });

  it('reads "No IB devices found"', () => {
    expect(parseIbvDevinfo('No IB devices found\n')).toMatchObject({ devices: [], noDevices: true });
  });

  it('rejects garbage with its line', () => {
    expect(() => parseIbvDevinfo('\nlorem ipsum\n')).toThrow(
      /^cannot read ibv_devinfo output at line 2 "lorem ipsum"/,
    );
  });
});
