import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b60: a setup script that keeps what `ibv_devinfo` printed as shell comments
 * (`# ` before every line, the command itself bare above them) holds the device list: it is read, not refused
 * (exit 2).
 */
describe('ibv_devinfo: an output kept as shell comments', () => {
  const port = (state: string) => [
    '#         transport:                      InfiniBand (0)',
    '#         fw_ver:                         16.35.2000',
    '#         vendor_id:                      0x02c9',
    '#         vendor_part_id:                 4119',
    '#         phys_port_cnt:                  1',
    '#                 port:   1',
    `#                         state:                  ${state}`,
    '#                         max_mtu:                4096 (5)',
    '#                         active_mtu:             4096 (5)',
    '#                         sm_lid:                 0',
    '#                         port_lid:               0',
    '#                         port_lmc:               0x00',
    '#                         link_layer:             Ethernet',
  ];

  it('an active port is read as active', () => {
    const text = ['ibv_devinfo', '# hca_id: mlx5_0', ...port('PORT_ACTIVE (4)')].join('\n');
    const lines = checkLines(readChecks('ibv_devinfo', text));
    expect(lines.some((l) => l.startsWith('fail '))).toBe(false);
    expect(lines.some((l) => /^ok /.test(l))).toBe(true);
  });

  it('a down port is still a failure, not a refusal', () => {
    const text = ['ibv_devinfo', '# hca_id: mlx5_0', ...port('PORT_DOWN (1)')].join('\n');
    const lines = checkLines(readChecks('ibv_devinfo', text));
    expect(lines.some((l) => l.startsWith('fail '))).toBe(true);
  });

  it('a copy that starts below the commented hca_id line is read as a headless port block, not refused', () => {
    const text = [
      'ibv_devinfo',
      '# libibverbs: Warning: could not load driver',
      ...port('PORT_ACTIVE (4)'),
    ].join('\n');
    const lines = checkLines(readChecks('ibv_devinfo', text));
    expect(lines.some((l) => /^ok ib\.port /.test(l))).toBe(true);
    expect(lines.some((l) => /^skipped ib\.port .*not shown/.test(l))).toBe(true);
  });

  it('commented lines that are no ibv_devinfo output stay comments', () => {
    const text = [
      'ibv_devinfo',
      '# port: 8080 is the web UI',
      'hca_id: mlx5_0',
      ...port('PORT_ACTIVE (4)').map((l) => l.slice(2)),
    ].join('\n');
    const lines = checkLines(readChecks('ibv_devinfo', text));
    expect(lines.some((l) => l.startsWith('fail '))).toBe(false);
    expect(lines.some((l) => /^ok ib\.port mlx5_0\/1/.test(l))).toBe(true);
  });
});
