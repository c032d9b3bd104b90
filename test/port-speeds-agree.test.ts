import { describe, expect, it } from 'vitest';
import type { Check } from '../src/core/model.js';
import { nicRateCheck } from '../src/judge/siblings.js';
import { nicPorts } from '../src/pair/pods/logs.js';
import { readPasted } from '../src/read/tools.js';

/**
 * One rule for slow ports (judge/port-speeds.ts): `read ibstat` and pair's judge,
 * shown the same node, name the same ports at the same severity. Each node is written
 * twice in the tools' own formats: as ibstat prints it (rdma-core
 * infiniband-diags/ibstat.c) and as the pair probe logs it from sysfs
 * (`interconnect-test: nic <dev>|<port>|<state>|<rate>|<link layer>|<hca_type>`).
 */
interface Port {
  dev: string;
  gbps: number;
  model: string;
}

const LANE: Record<number, string> = { 400: '4X NDR', 200: '4X HDR', 100: '4X EDR' };

function ibstat(ports: Port[]): string {
  return ports
    .map((p, i) =>
      [
        `CA '${p.dev}'`,
        `\tCA type: ${p.model}`,
        '\tNumber of ports: 1',
        '\tFirmware version: 28.39.1002',
        '\tPort 1:',
        '\t\tState: Active',
        '\t\tPhysical state: LinkUp',
        `\t\tRate: ${p.gbps}`,
        `\t\tBase lid: ${10 + i}`,
        '\t\tSM lid: 1',
        '\t\tLink layer: InfiniBand',
      ].join('\n'),
    )
    .join('\n');
}

function probeLog(ports: Port[]): string {
  return ports
    .map(
      (p) =>
        `interconnect-test: nic ${p.dev}|1|4: ACTIVE|${p.gbps} Gb/sec (${LANE[p.gbps]})|InfiniBand|${p.model}\n`,
    )
    .join('');
}

interface Named {
  status: string;
  slow: string[];
  odd: string[];
}

function fromRead(ports: Port[]): Named | undefined {
  const rate = readPasted('ibstat', ibstat(ports), { expect: 'any' }).checks.find((c) => c.id === 'ib.rate');
  if (!rate) return undefined;
  const data = rate.data as { slow: string[]; odd: string[] };
  const dev = (s: string) => s.replace(/\/1$/, '');
  return { status: rate.status, slow: data.slow.map(dev).sort(), odd: data.odd.map(dev).sort() };
}

function fromPair(ports: Port[]): Named | undefined {
  const c: Check | undefined = nicRateCheck('gpu-a', nicPorts(probeLog(ports)));
  if (!c) return undefined;
  const data = c.data as { slow: { device: string }[]; odd?: { device: string }[] };
  return {
    status: c.status,
    slow: data.slow.map((s) => s.device).sort(),
    odd: (data.odd ?? []).map((s) => s.device).sort(),
  };
}

const node = (rates: number[], model = 'MT4129') =>
  rates.map((gbps, i) => ({ dev: `mlx5_${i}`, gbps, model }));

describe('read ibstat and pair judge slow ports by one rule', () => {
  const cases: [string, Port[], Named | undefined][] = [
    [
      'one rail at 200 among seven at 400',
      node([400, 400, 400, 200, 400, 400, 400, 400]),
      { status: 'fail', slow: ['mlx5_3'], odd: [] },
    ],
    [
      'a tie, four at 400 and four at 200: nobody slow, all named, a warning',
      node([400, 400, 400, 400, 200, 200, 200, 200]),
      {
        status: 'warn',
        slow: [],
        odd: node([400, 400, 400, 400, 200, 200, 200, 200])
          .map((p) => p.dev)
          .sort(),
      },
    ],
    ['two ports at two speeds', node([400, 200]), { status: 'warn', slow: [], odd: ['mlx5_0', 'mlx5_1'] }],
    ['one port above three', node([200, 200, 200, 400]), { status: 'warn', slow: [], odd: ['mlx5_3'] }],
    ['every rail at one speed', node([400, 400, 400, 400]), undefined],
    [
      'a 100G front-end NIC of another model beside the rails',
      [...node([400, 400, 400]), { dev: 'mlx5_3', gbps: 100, model: 'MT4125' }],
      undefined,
    ],
  ];
  it.each(cases)('%s', (_name, ports, named) => {
    expect(fromRead(ports)).toEqual(named);
    expect(fromPair(ports)).toEqual(named);
  });
});
