import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 and 2, for pastes cut above (the first lines of the output not pasted): what the lines
 * shown say is read, and what the cut hides is not shown, never absent.
 */
describe('ibv_devinfo: a paste that starts inside a device header', () => {
  // libibverbs devinfo.c print_hca_cap: hca_id, then transport … phys_port_cnt, then each port block.
  const efaTail = [
    '\tvendor_id:\t\t\t0x1d0f',
    '\tvendor_part_id:\t\t\t61344',
    '\thw_ver:\t\t\t\t0xEFA0',
    '\tphys_port_cnt:\t\t\t1',
    '\t\tport:\t1',
    '\t\t\tstate:\t\t\tPORT_ACTIVE (4)',
    '\t\t\tmax_mtu:\t\t4096 (5)',
    '\t\t\tactive_mtu:\t\t4096 (5)',
    '\t\t\tsm_lid:\t\t\t0',
    '\t\t\tport_lid:\t\t0',
    '\t\t\tport_lmc:\t\t0x01',
    '\t\t\tlink_layer:\t\tInfiniBand',
  ].join('\n');

  it("the header lines shown are the device's: Amazon's vendor id makes its LID-less port an EFA port, not a failed IB one", () => {
    const checks = readChecks('ibv_devinfo', efaTail);
    expect(checkLines(checks)).not.toContain('fail ib.port (hca_id not shown)/1');
    expect(checkLines(checks)).toContain('ok ib.port (hca_id not shown)/1');
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the same port block with a Mellanox vendor id stays an InfiniBand port with no LID: a failure', () => {
    const mlx = efaTail.replace('0x1d0f', '0x02c9').replace('61344', '4129').replace('0xEFA0', '0x0');
    expect(checkLines(readChecks('ibv_devinfo', mlx))).toContain('fail ib.port (hca_id not shown)/1');
  });
});

describe('fi_info: a paste that starts inside a record', () => {
  const dgram = [
    'provider: efa',
    '    fabric: efa',
    '    domain: rdmap0s6-dgrm',
    '    version: 122.0',
    '    type: FI_EP_DGRAM',
    '    protocol: FI_PROTO_EFA',
  ];

  it('attributes before the first `provider:` line: records above the cut are not shown, so "no RDM" is not concluded', () => {
    const checks = readChecks(
      'fi_info',
      ['    version: 122.0', '    type: FI_EP_RDM', '    protocol: FI_PROTO_EFA', ...dgram].join('\n'),
    );
    expect(checkLines(checks)).toEqual(['skipped efa.provider']);
    expect(checks.find((c) => c.id === 'efa.provider')?.detail).toMatch(/starts inside a record \(line 1/);
  });

  it('the same DGRAM record whole and alone still fails', () => {
    expect(checkLines(readChecks('fi_info', dgram.join('\n')))).toEqual(['fail efa.provider']);
  });
});

describe('nccl-tests: one rank told by its rows when the rank lines are cut', () => {
  const header = [
    '#                                                              out-of-place                       in-place          ',
    '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong',
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ',
  ];
  const row = (bytes: number, algbw: string, busbw: string) =>
    `${String(bytes).padStart(12)}  ${String(bytes / 4).padStart(12)}     float     sum      -1    100.0  ${algbw.padStart(6)}  ${busbw.padStart(6)}      0    100.0  ${algbw.padStart(6)}  ${busbw.padStart(6)}      0`;

  it('busbw 0.00 at every size beside algbw in the hundreds of GB/s: one rank, not judged, never a failure', () => {
    const text = [
      ...header,
      row(8, '0.00', '0.00'),
      row(67108864, '412.00', '0.00'),
      row(134217728, '430.10', '0.00'),
    ].join('\n');
    const checks = readChecks('nccl-tests', text);
    expect(checkLines(checks)).toContain('skipped nccl.busbw');
    expect(verdictOf(checks)).not.toBe('untrusted');
  });

  it('busbw 0.00 beside algbw 0.00 is a run that moved nothing, not told as one rank', () => {
    const text = [...header, row(67108864, '0.00', '0.00'), row(134217728, '0.00', '0.00')].join('\n');
    expect(checkLines(readChecks('nccl-tests', text))).toContain('fail nccl.busbw');
  });
});

describe('ibstatus: a paste that starts inside a port block', () => {
  // rdma-core infiniband-diags/scripts/ibstatus port_status: the header line, then default gid, base lid,
  // sm lid, state, phys state, rate, link_layer.
  const block = (state: string, phys: string) =>
    [
      '\tbase lid:\t 0x30c',
      '\tsm lid:\t\t 0x1',
      `\tstate:\t\t ${state}`,
      `\tphys state:\t ${phys}`,
      '\trate:\t\t 100 Gb/sec (4X EDR)',
      '\tlink_layer:\t InfiniBand',
    ].join('\n');

  it('its fields are read as a port of a device not shown: an Active port is ok, the device and those above it not judged', () => {
    const checks = readChecks('ibstatus', block('4: ACTIVE', '5: LinkUp'));
    expect(checkLines(checks)).toEqual([
      'ok ib.port (device not shown)/1',
      'ok ib.ports',
      'skipped ib.port (device not shown)',
    ]);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('a Disabled port shown alone is no proof that the node has no usable port: a warning, not a failure', () => {
    const checks = readChecks('ibstatus', block('1: DOWN', '3: Disabled'));
    expect(checkLines(checks)).toContain('warn ib.ports');
    expect(checkLines(checks)).not.toContain('fail ib.ports');
  });

  it('the same block under its header line, alone, still fails: the whole output shows no usable port', () => {
    const whole = `Infiniband device 'mlx5_0' port 1 status:\n\tdefault gid:\t fe80:0000:0000:0000:0c42:a103:0078:1234\n${block('1: DOWN', '3: Disabled')}\n`;
    expect(checkLines(readChecks('ibstatus', whole))).toContain('fail ib.ports');
  });
});
