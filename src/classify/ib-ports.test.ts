import { describe, expect, it } from 'vitest';
import { parseIbstat } from '../parsers/ibstat.js';
import { parseIbstatus } from '../parsers/ibstatus.js';
import { parseIbvDevinfo } from '../parsers/ibv-devinfo.js';
import { classifyIbstat, classifyIbstatus, classifyIbvDevinfo } from './ib-tools.js';

/**
 * The set-level rules of ib-ports.ts on shapes the shared fixtures do not all show:
 * each block is written in the tool's own format (rdma-core infiniband-diags/ibstat.c,
 * scripts/ibstatus, libibverbs/examples/devinfo.c).
 */
const line = (c: { status: string; id: string; subject?: string }) =>
  `${c.status} ${c.id}${c.subject ? ` ${c.subject}` : ''}`;

/** One ibstat CA block; each port is [state, physical state, rate, lid, link layer]. */
function ca(
  name: string,
  type: string,
  fw: string,
  ports: [string, string, string, number, string][],
): string {
  const head = [
    `CA '${name}'`,
    `\tCA type: ${type}`,
    `\tNumber of ports: ${ports.length}`,
    `\tFirmware version: ${fw}`,
  ];
  const body = ports.flatMap(([state, phys, rate, lid, layer], i) => [
    `\tPort ${i + 1}:`,
    `\t\tState: ${state}`,
    `\t\tPhysical state: ${phys}`,
    `\t\tRate: ${rate}`,
    `\t\tBase lid: ${lid}`,
    `\t\tSM lid: ${layer === 'InfiniBand' ? 1 : 0}`,
    `\t\tLink layer: ${layer}`,
  ]);
  return [...head, ...body].join('\n');
}

const ibstat = (text: string) => classifyIbstat(parseIbstat(text));

describe('ports judged as a set', () => {
  it('says which port of a dual-port HCA is down beside the active one', () => {
    const checks = ibstat(
      ca('mlx4_0', 'MT4099', '2.42.5000', [
        ['Down', 'Disabled', '10', 38, 'InfiniBand'],
        ['Active', 'LinkUp', '100', 39, 'InfiniBand'],
      ]),
    );
    expect(checks.find((c) => c.subject === 'mlx4_0/1')?.detail).toMatch(
      /Down\/Disabled.*; beside mlx4_0\/2 Active on the same HCA$/,
    );
  });

  it('fails the one port trained below its seven siblings of the same model (as pair.nic-rate does)', () => {
    const ports = Array.from({ length: 8 }, (_, i) =>
      ca(`mlx5_${i}`, 'MT4129', '28.39.1002', [
        ['Active', 'LinkUp', i === 3 ? '200' : '400', 10 + i, 'InfiniBand'],
      ]),
    );
    const checks = ibstat(ports.join('\n'));
    expect(checks.map(line)).toContain('fail ib.rate MT4129');
    expect(checks.find((c) => c.id === 'ib.rate')?.detail).toBe(
      'ports of one kind run at different speeds: most at 400 Gb/s, mlx5_3/1 at 200 Gb/s',
    );
  });

  it('warns on an Active 56 Gb/s FDR port and fails a 40 Gb/s QDR one, even when every port is Active', () => {
    const fdr = ibstat(ca('mlx4_0', 'MT4099', '2.42.5000', [['Active', 'LinkUp', '56', 12, 'InfiniBand']]));
    expect(fdr.map(line)).toEqual(['warn ib.port mlx4_0/1', 'ok ib.ports']);
    const qdr = ibstat(ca('mlx4_0', 'MT26428', '2.9.1000', [['Active', 'LinkUp', '40', 12, 'InfiniBand']]));
    expect(qdr.map(line)).toEqual(['fail ib.port mlx4_0/1', 'fail ib.ports']);
    expect(qdr.find((c) => c.id === 'ib.ports')?.detail).toMatch(/no RDMA port fast enough/);
  });

  it('ignores a slow NIC of another adapter model beside fast RoCE rails of the same link layer', () => {
    const text = [
      ca('mlx5_0', 'MT4129', '28.39.1002', [['Active', 'LinkUp', '400', 0, 'Ethernet']]),
      ca('mlx5_1', 'MT4129', '28.39.1002', [['Active', 'LinkUp', '400', 0, 'Ethernet']]),
      ca('mlx5_2', 'MT4127', '26.36.1010', [['Active', 'LinkUp', '25', 0, 'Ethernet']]),
    ].join('\n');
    expect(ibstat(text).map(line)).toEqual([
      'ok ib.port mlx5_0/1',
      'ok ib.port mlx5_1/1',
      'skipped ib.port mlx5_2/1',
      'ok ib.ports',
    ]);
  });

  it('warns (not fails) on a slow port whose model is not shown beside fast ports of its link layer (ibstatus)', () => {
    const block = (dev: string, rate: string) =>
      [
        `Infiniband device '${dev}' port 1 status:`,
        '\tstate:\t\t 4: ACTIVE',
        '\tphys state:\t 5: LinkUp',
        `\trate:\t\t ${rate}`,
        '\tlink_layer:\t Ethernet',
      ].join('\n');
    const checks = classifyIbstatus(
      parseIbstatus(
        [block('mlx5_0', '400 Gb/sec (4X NDR)'), block('mlx5_1', '25 Gb/sec (1X EDR)')].join('\n'),
      ),
    );
    expect(checks.map(line)).toEqual([
      'ok ib.port mlx5_0/1',
      'warn ib.port mlx5_1/1',
      'ok ib.ports',
      'warn ib.rate',
    ]);
    expect(checks[1]?.detail).toMatch(/far below the node's other RoCE \(Ethernet\) ports/);
  });

  it('ignores a slow Ethernet NIC beside a fast InfiniBand fabric, but not a slow rail of the fabric itself', () => {
    const text = [
      ca('mlx5_0', 'MT4129', '28.39.1002', [['Active', 'LinkUp', '400', 5, 'InfiniBand']]),
      ca('mlx5_1', 'MT4117', '14.32.1010', [['Active', 'LinkUp', '25', 0, 'Ethernet']]),
      ca('mlx5_2', 'MT4129', '28.39.1002', [['Active', 'LinkUp', '40', 6, 'InfiniBand']]),
    ].join('\n');
    expect(ibstat(text).map(line)).toEqual([
      'ok ib.port mlx5_0/1',
      'skipped ib.port mlx5_1/1',
      'fail ib.port mlx5_2/1',
      'ok ib.ports',
      'warn ib.rate MT4129',
    ]);
  });

  it('reads an ibstat whose State lines were trimmed as "not shown", never as down', () => {
    const text = ca('mlx5_0', 'MT4129', '28.39.1002', [['Active', 'LinkUp', '400', 5, 'InfiniBand']])
      .split('\n')
      .filter((l) => !/State:/.test(l))
      .join('\n');
    const checks = ibstat(text);
    expect(checks.map(line)).toEqual(['skipped ib.port mlx5_0/1', 'skipped ib.ports']);
    expect(checks[0]?.detail).toMatch(/not shown/);
    expect(checks[0]?.matters).not.toBe(false);
  });
});

describe('device kinds', () => {
  it('an EFA device under another name (no CA type, no firmware, link layer unspecified) is not soft RDMA', () => {
    const checks = ibstat(ca('rdmap16s27', '', '', [['Active', 'LinkUp', '100', 0, 'Unknown']]));
    expect(checks.map(line)).toEqual(['ok ib.port rdmap16s27/1', 'ok ib.ports', 'ok rdma.efa']);
    expect(checks[0]?.detail).toMatch(/^EFA port Active\/LinkUp/);
  });

  it('a renamed rxe (no CA type, no firmware, Ethernet) is software RDMA; hardware with firmware is not', () => {
    expect(ibstat(ca('eth0_rxe', '', '', [['Active', 'LinkUp', '100', 0, 'Ethernet']])).map(line)).toEqual([
      'fail ib.port eth0_rxe/1',
      'fail ib.ports',
    ]);
    expect(ibstat(ca('roce0', '', '1.2.3', [['Active', 'LinkUp', '100', 0, 'Ethernet']])).map(line)).toEqual([
      'ok ib.port roce0/1',
      'ok ib.ports',
    ]);
    const modern = parseIbvDevinfo(
      [
        'hca_id:\trocep0s3',
        '\ttransport:\t\t\tInfiniBand (0)',
        '\tfw_ver:\t\t\t\t0.0.0',
        '\tvendor_id:\t\t\t0xffffff',
        '\t\tport:\t1',
        '\t\t\tstate:\t\t\tPORT_ACTIVE (4)',
        '\t\t\tlink_layer:\t\tEthernet',
      ].join('\n'),
    );
    expect(modern.devices[0]?.kind).toBe('soft-roce');
  });
});

describe('ibstatus without a link_layer file', () => {
  it('reads the script\'s "IB" fallback as InfiniBand', () => {
    const r = parseIbstatus(
      [
        "Infiniband device 'mlx4_0' port 1 status:",
        '\tbase lid:\t 0x5',
        '\tsm lid:\t\t 0x1',
        '\tstate:\t\t 4: ACTIVE',
        '\tlink_layer:\t IB',
      ].join('\n'),
    );
    expect(r.devices[0]?.ports[0]?.linkLayer).toBe('InfiniBand');
  });
});

describe('error shapes of the ib tools', () => {
  it('ibv_devinfo "Failed to get IB devices list: Function not implemented" is one failing check', () => {
    const r = parseIbvDevinfo('Failed to get IB devices list: Function not implemented\n');
    expect(r.listError).toBe('Function not implemented');
    const checks = classifyIbvDevinfo(r);
    expect(checks.map(line)).toEqual(['fail rdma.devices']);
    expect(checks[0]?.detail).toMatch(/could not list RDMA devices \(Function not implemented\)/);
  });

  it('ibstat that panicked before any CA says so in one failing check', () => {
    const checks = ibstat("ibpanic: [1234] main: 'mlx5_9' IB device can't be found\n");
    expect(checks.map(line)).toEqual(['fail rdma.devices']);
    expect(checks[0]?.detail).toMatch(/ibstat read no RDMA device: ibpanic/);
  });

  it('ibstatus of one missing device beside readable ones warns about that device only', () => {
    const text = [
      "Infiniband device 'mlx5_0' port 1 status:",
      '\tstate:\t\t 4: ACTIVE',
      '\tphys state:\t 5: LinkUp',
      '\trate:\t\t 400 Gb/sec (4X NDR)',
      '\tlink_layer:\t Ethernet',
      "Fatal error:  device 'mlx5_9': sys files not found (/sys/class/infiniband/mlx5_9/ports)",
    ].join('\n');
    expect(classifyIbstatus(parseIbstatus(text)).map(line)).toEqual([
      'ok ib.port mlx5_0/1',
      'ok ib.ports',
      'warn rdma.devices mlx5_9',
    ]);
  });
});

describe('ibstatus when /sys/class/infiniband is missing', () => {
  it('reads "Fatal error:  No devices" (scripts/ibstatus L46, L61) as no RDMA device', () => {
    const checks = classifyIbstatus(parseIbstatus('Fatal error:  No devices\n'));
    expect(checks.map(line)).toEqual(['fail rdma.devices']);
  });
});
