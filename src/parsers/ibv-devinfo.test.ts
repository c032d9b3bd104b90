import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { parseIbvDevinfo } from './ibv-devinfo.js';

/** Each device's sys_image_guid, by node_guid, for the fixtures written as tables below. */
const SYS_IMAGE: Record<string, string> = {
  '7cfe:9003:00a5:95c0': '7cfe:9003:00a5:95c3',
  'e41d:2d03:00e0:c740': 'e41d:2d03:00e0:c743',
  '3417:eb9b:f6d0:0000': '3417:eb9b:f6d0:0000',
  '7369:775f:6c6f:0000': '0000:0000:0000:0000',
  '0242:44a5:225b:0000': '0242:44a5:225b:0000',
};

const expected: Record<string, unknown> = {
  'cx5-eth-plus-cx6-ib-port-init-no-sm.txt': {
    devices: [
      {
        name: 'mlx5_0',
        transport: 'InfiniBand',
        vendorId: '0x02c9',
        hwVersion: '0x0',
        firmware: '16.34.1002',
        nodeGuid: '1070:fd03:001e:21a6',
        systemImageGuid: '1070:fd03:001e:21a6',
        model: '4119',
        ports: [{ device: 'mlx5_0', port: 1, state: 'down', smLid: 0, lid: 0, linkLayer: 'Ethernet' }],
      },
      {
        name: 'mlx5_1',
        transport: 'InfiniBand',
        vendorId: '0x02c9',
        hwVersion: '0x0',
        firmware: '16.34.1002',
        nodeGuid: '1070:fd03:001e:21a7',
        systemImageGuid: '1070:fd03:001e:21a6',
        model: '4119',
        ports: [{ device: 'mlx5_1', port: 1, state: 'active', smLid: 0, lid: 0, linkLayer: 'Ethernet' }],
      },
      {
        name: 'mlx5_2',
        transport: 'InfiniBand',
        vendorId: '0x02c9',
        hwVersion: '0x0',
        firmware: '20.34.1002',
        nodeGuid: 'e8eb:d303:00d6:3630',
        systemImageGuid: 'e8eb:d303:00d6:3630',
        model: '4123',
        ports: [{ device: 'mlx5_2', port: 1, state: 'init', smLid: 0, lid: 65535, linkLayer: 'InfiniBand' }],
      },
      {
        name: 'mlx5_3',
        transport: 'InfiniBand',
        vendorId: '0x02c9',
        hwVersion: '0x0',
        firmware: '20.34.1002',
        nodeGuid: 'e8eb:d303:00d6:3631',
        systemImageGuid: 'e8eb:d303:00d6:3630',
        model: '4123',
        ports: [{ device: 'mlx5_3', port: 1, state: 'init', smLid: 0, lid: 65535, linkLayer: 'InfiniBand' }],
      },
    ],
    openFailures: 0,
    noDevices: false,
    verbose: false,
    warnings: [],
    errors: [],
  },
  'vv-cx6-hdr-1active-1disabled.txt': {
    devices: [
      {
        name: 'mlx5_0',
        transport: 'InfiniBand',
        vendorId: '0x02c9',
        hwVersion: '0x0',
        firmware: '20.37.1700',
        nodeGuid: '88e9:a4ff:ff25:a462',
        systemImageGuid: '88e9:a4ff:ff25:a462',
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
        transport: 'InfiniBand',
        vendorId: '0x02c9',
        hwVersion: '0x0',
        firmware: '20.37.1700',
        nodeGuid: '88e9:a4ff:ff25:a463',
        systemImageGuid: '88e9:a4ff:ff25:a462',
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
    warnings: [],
    errors: [],
  },
  // MLNX_OFED 4.x plain output: two dual-port ConnectX-3 on two IB subnets, port 2 of each down.
  'cx3-2hca-port1-active-port2-down.txt': {
    devices: [
      ['mlx4_1', '7cfe:9003:00a5:95c0', 1, 22],
      ['mlx4_0', 'e41d:2d03:00e0:c740', 18, 32],
    ].map(([name, guid, sm, lid]) => ({
      name,
      transport: 'InfiniBand',
      firmware: '2.42.5000',
      nodeGuid: guid,
      systemImageGuid: SYS_IMAGE[guid as string],
      vendorId: '0x02c9',
      model: '4099',
      hwVersion: '0x1',
      ports: [
        { device: name, port: 1, state: 'active', smLid: sm, lid, linkLayer: 'InfiniBand' },
        { device: name, port: 2, state: 'down', smLid: 0, lid: 0, linkLayer: 'InfiniBand' },
      ],
    })),
    openFailures: 0,
    noDevices: false,
    verbose: false,
    warnings: [],
    errors: [],
  },
  // `-d mlx4_1 -i 2 -v`: the exp-caps/ODP/ooo lines of MLNX_OFED 4.x are skipped; the one port is Polling.
  'cx3-v-port2-down-polling-mofed4-exp-caps.txt': {
    devices: [
      {
        name: 'mlx4_1',
        transport: 'InfiniBand',
        firmware: '2.42.5000',
        nodeGuid: '7cfe:9003:00a5:95c0',
        systemImageGuid: '7cfe:9003:00a5:95c3',
        vendorId: '0x02c9',
        model: '4099',
        hwVersion: '0x1',
        ports: [
          {
            device: 'mlx4_1',
            port: 2,
            state: 'down',
            smLid: 0,
            lid: 0,
            linkLayer: 'InfiniBand',
            width: 4,
            laneGbps: 2.5,
            rateGbps: 10,
            speed: 'SDR',
            physState: 'polling',
          },
        ],
      },
    ],
    openFailures: 0,
    noDevices: false,
    verbose: true,
    warnings: [],
    errors: [],
  },
  // `| head` cut the output after "port: 1": the port exists, its state is not shown.
  'efa0-head-truncated-port-fields-not-shown.txt': {
    devices: [
      {
        name: 'efa_0',
        transport: 'unspecified',
        firmware: '0.0.0.0',
        nodeGuid: '0000:0000:0000:0000',
        systemImageGuid: '0000:0000:0000:0000',
        vendorId: '0x1d0f',
        model: '61344',
        hwVersion: '0xEFA0',
        kind: 'efa',
        ports: [{ device: 'efa_0', port: 1, state: 'not-shown', kind: 'efa' }],
      },
    ],
    // The paste stops at `port:\t1`, before the `state:` line devinfo.c prints next (endOfDevinfo).
    endsInside: { device: 'efa_0', port: 1, before: 'its `state:` line' },
    openFailures: 0,
    noDevices: false,
    verbose: false,
    warnings: [],
    errors: [],
  },
  'failed-to-open-device-x8-plus-cx3-vf-active.txt': {
    devices: [
      {
        name: 'mlx4_2',
        transport: 'InfiniBand',
        firmware: '2.40.7000',
        nodeGuid: '0014:0500:8cc6:cd0a',
        systemImageGuid: '248a:0703:00e5:3d43',
        vendorId: '0x02c9',
        model: '4100',
        hwVersion: '0x1',
        vf: 'ConnectX-3 Virtual Function',
        ports: [
          {
            device: 'mlx4_2',
            port: 1,
            state: 'active',
            smLid: 2,
            lid: 1,
            linkLayer: 'InfiniBand',
            vf: 'ConnectX-3 Virtual Function',
          },
        ],
      },
    ],
    openFailures: 8,
    noDevices: false,
    verbose: false,
    warnings: [],
    errors: [1, 2, 3, 4, 5, 26, 27, 28].map((line) => ({ line, text: 'Failed to open device' })),
  },
  'no-ib-devices-found-no-userspace-driver.txt': {
    devices: [],
    openFailures: 0,
    noDevices: true,
    verbose: false,
    warnings: [
      'no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs1',
      'no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    ],
    errors: [],
  },
  // The early librxe: vendor 0x0000, fw 0.0.0, and no link_layer line at all.
  'rxe0-old-librxe-vendor-0-no-link-layer.txt': {
    devices: [
      {
        name: 'rxe0',
        transport: 'InfiniBand',
        firmware: '0.0.0',
        nodeGuid: '428d:5cff:fe35:bb12',
        systemImageGuid: '0000:0000:0000:0000',
        vendorId: '0x0000',
        model: '0',
        hwVersion: '0x0',
        kind: 'soft-roce',
        ports: [{ device: 'rxe0', port: 1, state: 'active', smLid: 0, lid: 0, kind: 'soft-roce' }],
      },
    ],
    openFailures: 0,
    noDevices: false,
    verbose: false,
    warnings: [],
    errors: [],
  },
  'siw-3dev-enp0s25-lo-docker0.txt': {
    devices: [
      ['siw_enp0s25', '3417:eb9b:f6d0:0000'],
      ['siw_lo', '7369:775f:6c6f:0000'],
      ['siw_docker0', '0242:44a5:225b:0000'],
    ].map(([name, guid]) => ({
      name,
      transport: 'iWARP',
      firmware: '0.0.0',
      nodeGuid: guid,
      systemImageGuid: SYS_IMAGE[guid as string],
      vendorId: '0x626d74',
      model: '0',
      hwVersion: '0x0',
      kind: 'soft-iwarp',
      ports: [
        {
          device: name,
          port: 1,
          state: 'active',
          smLid: 0,
          lid: 0,
          linkLayer: 'Ethernet',
          kind: 'soft-iwarp',
        },
      ],
    })),
    openFailures: 0,
    noDevices: false,
    verbose: false,
    warnings: [],
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
      listedCount: 2,
      openFailures: 0,
      noDevices: false,
      verbose: false,
      warnings: [],
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
