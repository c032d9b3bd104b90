import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { rollUp } from '../core/verdict.js';
import { readPasted } from '../read/tools.js';
import { ParseError } from './errors.js';
import type { IbDevice } from './ib-port.js';
import { parseIbstat } from './ibstat.js';

/** Every port of every CA as one tuple: device, port, state, phys, rate, LID, SM LID, link layer, CA type (, kind when not plain hardware). */
function project(devices: IbDevice[]) {
  return devices.flatMap((d) =>
    d.ports.map((p) => [
      d.name,
      p.port,
      p.state,
      p.physState,
      p.rateGbps,
      p.lid,
      p.smLid,
      p.linkLayer,
      d.model,
      ...(d.kind ? [d.kind] : []),
    ]),
  );
}

const ib = (name: string, rate: number, lid: number, sm: number, model: string) =>
  [name, 1, 'active', 'link-up', rate, lid, sm, 'InfiniBand', model] as const;
const eth = (name: string, state: string, phys: string, rate: number, model: string) =>
  [name, 1, state, phys, rate, 0, 0, 'Ethernet', model] as const;

const expected: Record<string, { ports: readonly (readonly unknown[])[]; errors: number[] }> = {
  'a100-hdr-partial-output-ibpanic.txt': {
    ports: [
      ib('mlx5_0', 200, 13247, 1, 'MT4124'),
      ib('mlx5_1', 200, 13246, 1, 'MT4124'),
      ib('mlx5_2', 200, 13259, 1, 'MT4124'),
      ib('mlx5_3', 200, 13276, 1, 'MT4124'),
      ib('mlx5_4', 200, 13301, 1, 'MT4124'),
      ib('mlx5_5', 200, 13300, 1, 'MT4124'),
      ib('mlx5_6', 200, 13302, 1, 'MT4124'),
      ib('mlx5_7', 200, 13305, 1, 'MT4124'),
    ],
    errors: [137],
  },
  'cx5-edr-4port-2active-2disabled.txt': {
    ports: [
      ib('mlx5_0', 100, 44, 1, 'MT4119'),
      ib('mlx5_1', 100, 105, 1, 'MT4119'),
      ['mlx5_2', 1, 'down', 'disabled', 10, 65535, 0, 'InfiniBand', 'MT4119'],
      ['mlx5_3', 1, 'down', 'disabled', 10, 65535, 0, 'InfiniBand', 'MT4119'],
    ],
    errors: [],
  },
  'cx7-ib-port-down-polling-redacted.txt': {
    ports: [['mlx5_10', 1, 'down', 'polling', 10, 868, 334, 'InfiniBand', 'MT4129']],
    errors: [],
  },
  'h100-ndr-ib-8active-plus-3-eth-disabled.txt': {
    ports: [
      ib('mlx5_0', 400, 75, 334, 'MT4129'),
      eth('mlx5_1', 'active', 'link-up', 100, 'MT4125'),
      ib('mlx5_10', 400, 828, 334, 'MT4129'),
      ib('mlx5_11', 400, 944, 334, 'MT4129'),
      eth('mlx5_2', 'down', 'disabled', 40, 'MT4125'),
      ib('mlx5_3', 400, 143, 334, 'MT4129'),
      ib('mlx5_4', 400, 343, 334, 'MT4129'),
      ib('mlx5_5', 400, 454, 334, 'MT4129'),
      ib('mlx5_6', 400, 597, 334, 'MT4129'),
      eth('mlx5_7', 'down', 'disabled', 40, 'MT4125'),
      eth('mlx5_8', 'down', 'disabled', 40, 'MT4125'),
      ib('mlx5_9', 400, 771, 334, 'MT4129'),
    ],
    errors: [],
  },
  'h100-ndr-ib-8port-active-plus-bond-roce.txt': {
    ports: [
      ib('mlx5_0', 400, 128, 1, 'MT4129'),
      ib('mlx5_1', 400, 534, 1, 'MT4129'),
      ib('mlx5_4', 400, 972, 1, 'MT4129'),
      ib('mlx5_5', 400, 1775, 1, 'MT4129'),
      ib('mlx5_6', 400, 1494, 1, 'MT4129'),
      ib('mlx5_7', 400, 717, 1, 'MT4129'),
      ib('mlx5_8', 400, 774, 1, 'MT4129'),
      ib('mlx5_9', 400, 2015, 1, 'MT4129'),
      eth('mlx5_bond_0', 'active', 'link-up', 200, 'MT41692'),
    ],
    errors: [],
  },
  'h100-roce-12port-all-active-400-100.txt': {
    ports: [
      eth('mlx5_0', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_1', 'active', 'link-up', 100, 'MT4125'),
      eth('mlx5_10', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_11', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_2', 'active', 'link-up', 100, 'MT4125'),
      eth('mlx5_3', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_4', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_5', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_6', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_7', 'active', 'link-up', 100, 'MT4125'),
      eth('mlx5_8', 'active', 'link-up', 100, 'MT4125'),
      eth('mlx5_9', 'active', 'link-up', 400, 'MT4129'),
    ],
    errors: [],
  },
  'h100-roce-8rail-1-polling-1-disabled-plus-4-cx6dx.txt': {
    ports: [
      eth('mlx5_0', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_1', 'active', 'link-up', 100, 'MT4125'),
      eth('mlx5_10', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_11', 'down', 'polling', 40, 'MT4129'),
      eth('mlx5_2', 'active', 'link-up', 100, 'MT4125'),
      eth('mlx5_3', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_4', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_5', 'down', 'disabled', 40, 'MT4129'),
      eth('mlx5_6', 'active', 'link-up', 400, 'MT4129'),
      eth('mlx5_7', 'active', 'link-up', 100, 'MT4125'),
      eth('mlx5_8', 'active', 'link-up', 100, 'MT4125'),
      eth('mlx5_9', 'active', 'link-up', 400, 'MT4129'),
    ],
    errors: [],
  },
  // EFA: CA type and firmware printed empty, LID 0 / SM lid 0, "Link layer: Unknown" (unspecified).
  'efa0-ca-no-lid-link-layer-unknown.txt': {
    ports: [['efa_0', 1, 'active', 'link-up', 100, 0, 0, 'Unspecified', '', 'efa']],
    errors: [],
  },
  // Soft-RoCE: known by its name and by the empty CA type and firmware a device with no hardware prints.
  'rxe0-soft-roce-aws-ena-rate-100.txt': {
    ports: [['rxe0', 1, 'active', 'link-up', 100, 0, 0, 'Ethernet', '', 'soft-roce']],
    errors: [],
  },
  'rxe0-soft-roce-over-wlan-rate-2.5.txt': {
    ports: [['rxe0', 1, 'active', 'link-up', 2.5, 0, 0, 'Ethernet', '', 'soft-roce']],
    errors: [],
  },
  'rxe0-soft-roce-vmware-vm-rate-fdr10.txt': {
    ports: [['rxe0', 1, 'active', 'link-up', 10, 0, 0, 'Ethernet', '', 'soft-roce']],
    errors: [],
  },
};

describe('parseIbstat on every shared fixture', () => {
  const files = listFixtures('node', 'ibstat');
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      const r = parseIbstat(readFixture('node', 'ibstat', file));
      expect({ ports: project(r.devices), errors: r.errors.map((e) => e.line) }).toEqual(expected[file]);
    });
  }

  it('reads the single-CA fragment (spaces for tabs, redacted GUIDs) into exactly this object', () => {
    expect(parseIbstat(readFixture('node', 'ibstat', 'cx7-ib-port-down-polling-redacted.txt'))).toEqual({
      devices: [
        {
          name: 'mlx5_10',
          model: 'MT4129',
          firmware: '28.39.1002',
          hwVersion: '0',
          nodeGuid: '...',
          systemImageGuid: '...',
          ports: [
            {
              device: 'mlx5_10',
              port: 1,
              state: 'down',
              physState: 'polling',
              rateGbps: 10,
              lid: 868,
              smLid: 334,
              linkLayer: 'InfiniBand',
            },
          ],
        },
      ],
      errors: [],
    });
  });

  it('keeps the ports printed before an ibpanic and records the panic', () => {
    const r = parseIbstat(readFixture('node', 'ibstat', 'a100-hdr-partial-output-ibpanic.txt'));
    expect(r.errors).toEqual([
      {
        line: 137,
        text: "ibpanic: [1400444] main: stat of IB device 'mlx5_8' failed: No such file or directory",
      },
    ]);
  });
});

describe('parseIbstat variants', () => {
  it("an author's `...` before the CAs is not data: the other CAs are not shown, so a healthy one is not the whole host (principle 2)", () => {
    const text = [
      'ibstat',
      '...',
      "CA 'mlx5_5'",
      '        CA type: MT4129',
      '        Port 1:',
      '                State: Active',
      '                Physical state: LinkUp',
      '                Rate: 400',
      '                Link layer: InfiniBand',
    ].join('\n');
    const r = parseIbstat(text);
    expect(r.devices.map((d) => d.name)).toEqual(['mlx5_5']);
    expect(r.elided).toEqual([{ line: 2, text: '...' }]);
    const checks = readPasted('ibstat', text, { expect: 'any' }).checks;
    expect(checks.map((c) => `${c.status} ${c.id}`)).toContain('skipped ib.elided');
    expect(rollUp(checks).status).toBe('unverified');
  });

  it('ignores unknown extra lines (newer rdma-core "Effective speed:") and reads Initializing', () => {
    const text = [
      "CA 'mlx5_0'",
      '\tCA type: MT4129',
      '\tPort 1:',
      '\t\tState: Initializing',
      '\t\tPhysical state: LinkUp',
      '\t\tRate: 400',
      '\t\tEffective speed: 425 Gb/s',
      '\t\tBase lid: 65535',
      '\t\tSM lid: 0',
      '\t\tLink layer: InfiniBand',
    ].join('\n');
    expect(parseIbstat(text).devices[0]?.ports).toEqual([
      {
        device: 'mlx5_0',
        port: 1,
        state: 'init',
        physState: 'link-up',
        rateGbps: 400,
        lid: 65535,
        smLid: 0,
        linkLayer: 'InfiniBand',
      },
    ]);
  });

  it("reads a value before the poster's mark after it (an emoji, an arrow, a comment): no ibstat field prints one (principle 1)", () => {
    const text = [
      "CA 'mlx5_0'",
      '\tPort 1:',
      '\t\tState: Down  ❌',
      '\t\tPhysical state: Disabled  <-- cable pulled',
      '\t\tRate: 40',
      '\t\tLink layer: Ethernet  ❌',
      "CA 'mlx5_1'",
      '\tPort 1:',
      '\t\tState: Active ✅',
      '\t\tPhysical state: LinkUp # ok',
      '\t\tRate: 400',
      '\t\tLink layer: InfiniBand // the rail',
    ].join('\n');
    expect(
      parseIbstat(text).devices.flatMap((d) =>
        d.ports.map((p) => [p.device, p.state, p.physState, p.linkLayer]),
      ),
    ).toEqual([
      ['mlx5_0', 'down', 'disabled', 'Ethernet'],
      ['mlx5_1', 'active', 'link-up', 'InfiniBand'],
    ]);
  });

  it('names the line of garbage input', () => {
    expect(() => parseIbstat('total 0\nsomething else\n')).toThrow(ParseError);
    expect(() => parseIbstat('total 0\nsomething else\n')).toThrow(
      /^cannot read ibstat output at line 1 "total 0"/,
    );
  });
});
