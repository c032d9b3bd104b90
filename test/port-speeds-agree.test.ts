import { describe, expect, it } from 'vitest';
import type { Check } from '../src/core/model.js';
import { nicRateCheck } from '../src/judge/siblings.js';
import { nicPorts } from '../src/pair/pods/logs.js';
import { readPasted } from '../src/read/tools.js';

/**
 * One rule for slow ports (judge/port-speeds.ts): `read` and pair's judge, shown the
 * same node, name the same ports at the same severity. Each node is written in the
 * tools' own formats: as ibstat prints it (rdma-core infiniband-diags/ibstat.c: the CA
 * type, `Rate: 400`), as ibstatus prints it (scripts/ibstatus: the sysfs rate
 * `400 Gb/sec (4X NDR)`, no model), and as the pair probe logs it from sysfs
 * (`interconnect-test: nic <dev>|<port>|<state>|<rate>|<link layer>[|<hca_type>]`;
 * older probes print no hca_type).
 */
interface Port {
  dev: string;
  /** The sysfs rate string. */
  rate: string;
}

const MODEL = 'MT4129';
const RATE: Record<string, string> = {
  '400': '400 Gb/sec (4X NDR)',
  '200': '200 Gb/sec (4X HDR)',
  '100': '100 Gb/sec (4X EDR)',
  '100/2X': '100 Gb/sec (2X HDR)',
};
const node = (rates: string[]): Port[] =>
  rates.map((r, i) => ({ dev: `mlx5_${i}`, rate: RATE[r] as string }));

function ibstat(ports: Port[]): string {
  return ports
    .map((p, i) =>
      [
        `CA '${p.dev}'`,
        `\tCA type: ${MODEL}`,
        '\tNumber of ports: 1',
        '\tFirmware version: 28.39.1002',
        '\tPort 1:',
        '\t\tState: Active',
        '\t\tPhysical state: LinkUp',
        `\t\tRate: ${Number.parseInt(p.rate, 10)}`,
        `\t\tBase lid: ${10 + i}`,
        '\t\tSM lid: 1',
        '\t\tLink layer: InfiniBand',
      ].join('\n'),
    )
    .join('\n');
}

function ibstatus(ports: Port[]): string {
  return ports
    .map((p, i) =>
      [
        `Infiniband device '${p.dev}' port 1 status:`,
        `\tbase lid:\t 0x${(10 + i).toString(16)}`,
        '\tsm lid:\t\t 0x1',
        '\tstate:\t\t 4: ACTIVE',
        '\tphys state:\t 5: LinkUp',
        `\trate:\t\t ${p.rate}`,
        '\tlink_layer:\t InfiniBand',
        '',
      ].join('\n'),
    )
    .join('\n');
}

function probeLog(ports: Port[], model: boolean): string {
  return ports
    .map(
      (p) => `interconnect-test: nic ${p.dev}|1|4: ACTIVE|${p.rate}|InfiniBand${model ? `|${MODEL}` : ''}\n`,
    )
    .join('');
}

interface Named {
  status: string;
  slow: string[];
  odd: string[];
}

function fromRead(tool: 'ibstat' | 'ibstatus', text: string): Named | undefined {
  const rate = readPasted(tool, text, { expect: 'any' }).checks.find((c) => c.id === 'ib.rate');
  if (!rate) return undefined;
  const data = rate.data as { slow: string[]; odd: string[] };
  const dev = (s: string) => s.replace(/\/1$/, '');
  return { status: rate.status, slow: data.slow.map(dev).sort(), odd: data.odd.map(dev).sort() };
}

function fromPair(log: string): Named | undefined {
  const c: Check | undefined = nicRateCheck('gpu-a', nicPorts(log));
  if (!c) return undefined;
  const data = c.data as { slow: { device: string }[]; odd?: { device: string }[] };
  return {
    status: c.status,
    slow: data.slow.map((s) => s.device).sort(),
    odd: (data.odd ?? []).map((s) => s.device).sort(),
  };
}

const EIGHT = ['mlx5_0', 'mlx5_1', 'mlx5_2', 'mlx5_3', 'mlx5_4', 'mlx5_5', 'mlx5_6', 'mlx5_7'];

describe('read ibstat and pair (probe with the adapter model) judge port speeds by one rule', () => {
  const cases: [string, Port[], Named | undefined][] = [
    [
      'one rail at 200 among seven at 400 fails',
      node(['400', '400', '400', '200', '400', '400', '400', '400']),
      { status: 'fail', slow: ['mlx5_3'], odd: [] },
    ],
    [
      'a tie, four at 400 and four at 200: nobody slow, all named, a warning',
      node(['400', '400', '400', '400', '200', '200', '200', '200']),
      { status: 'warn', slow: [], odd: EIGHT },
    ],
    [
      'two ports at two speeds are a tie',
      node(['400', '200']),
      { status: 'warn', slow: [], odd: ['mlx5_0', 'mlx5_1'] },
    ],
    [
      'one port above three warns',
      node(['200', '200', '200', '400']),
      { status: 'warn', slow: [], odd: ['mlx5_3'] },
    ],
    ['every rail at one speed says nothing', node(['400', '400', '400', '400']), undefined],
  ];
  it.each(cases)('%s', (_name, ports, named) => {
    expect(fromRead('ibstat', ibstat(ports))).toEqual(named);
    expect(fromPair(probeLog(ports, true))).toEqual(named);
  });

  it('a 100G NIC of another model beside the rails is no sibling in either', () => {
    const rails = node(['400', '400', '400']);
    const text = `${ibstat(rails)}\n${ibstat([{ dev: 'mlx5_3', rate: RATE['100'] as string }]).replace(MODEL, 'MT4125')}`;
    const log = `${probeLog(rails, true)}interconnect-test: nic mlx5_3|1|4: ACTIVE|${RATE['100']}|InfiniBand|MT4125\n`;
    expect(fromRead('ibstat', text)).toBeUndefined();
    expect(fromPair(log)).toBeUndefined();
  });
});

describe('read ibstatus and pair (probe without the model) judge port speeds by one rule', () => {
  const cases: [string, Port[], Named | undefined][] = [
    [
      'one rail at 200 among seven at 400: slow, but only a warning with no model shown',
      node(['400', '400', '400', '200', '400', '400', '400', '400']),
      { status: 'warn', slow: ['mlx5_3'], odd: [] },
    ],
    [
      'a tie: nobody slow, all named, a warning',
      node(['400', '400', '200', '200']),
      { status: 'warn', slow: [], odd: ['mlx5_0', 'mlx5_1', 'mlx5_2', 'mlx5_3'] },
    ],
    [
      'a 2X HDR port among 4X EDR ports, all 100 Gb/s: odd by width',
      node(['100', '100', '100/2X']),
      { status: 'warn', slow: [], odd: ['mlx5_2'] },
    ],
  ];
  it.each(cases)('%s', (_name, ports, named) => {
    expect(fromRead('ibstatus', ibstatus(ports))).toEqual(named);
    expect(fromPair(probeLog(ports, false))).toEqual(named);
  });
});
