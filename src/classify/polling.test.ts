import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Down/Polling: an InfiniBand port polls for a link partner from the moment it is enabled, so an
 * uncabled spare port and a rail with a cut cable print the same lines. The port is judged by what
 * the paste shows of its use: a LID from the subnet manager (it was linked), or Active ports of its
 * kind on the node's other adapters (it is one of the rails) fail it; alone, or as its own card's
 * second port beside an Active first one, it warns, as the same port does when its physical state
 * is not shown (plain `ibv_devinfo`). Pastes as ibstat and ibv_devinfo print them.
 */

/** One ibstat CA (infiniband-diags ibstat.c ca_stat/port_dump) with one port per entry. */
function ca(name: string, type: string, guid: string, ports: { state: string; phys: string; lid: number }[]) {
  return [
    `CA '${name}'`,
    `\tCA type: ${type}`,
    `\tNumber of ports: ${ports.length}`,
    `\tSystem image GUID: ${guid}`,
    ...ports.flatMap((p, i) => [
      `\tPort ${i + 1}:`,
      `\t\tState: ${p.state}`,
      `\t\tPhysical state: ${p.phys}`,
      `\t\tRate: ${p.state === 'Active' ? 400 : 10}`,
      `\t\tBase lid: ${p.lid}`,
      `\t\tSM lid: ${p.lid ? 1 : 0}`,
      '\t\tLink layer: InfiniBand',
    ]),
  ].join('\n');
}
const UP = { state: 'Active', phys: 'LinkUp', lid: 7 };
const POLLING = { state: 'Down', phys: 'Polling', lid: 0 };
const status = (text: string, subject: string, tool: 'ibstat' | 'ibv_devinfo' = 'ibstat') =>
  readChecks(tool, text).find((c) => c.id === 'ib.port' && c.subject === subject)?.status;

describe('Down/Polling is judged by what the paste shows of the port’s use', () => {
  it('alone, with no LID: a spare and a cut cable look alike, a warning (the node-wide count still fails)', () => {
    const text = ca('mlx5_0', 'MT4129', '0xa1', [POLLING]);
    expect(checkLines(readChecks('ibstat', text))).toEqual(['warn ib.port mlx5_0/1', 'fail ib.ports']);
  });

  it('with a LID from the subnet manager: it was linked and in use, a failure', () => {
    const text = ca('mlx5_0', 'MT4129', '0xa1', [{ ...POLLING, lid: 868 }]);
    expect(status(text, 'mlx5_0/1')).toBe('fail');
  });

  it('beside Active ports of its model on other adapters: a rail without a link partner, a failure', () => {
    const rails = ['mlx5_0', 'mlx5_1', 'mlx5_2'].map((n, i) => ca(n, 'MT4129', `0xb${i}`, [UP]));
    const text = [...rails, ca('mlx5_3', 'MT4129', '0xb3', [POLLING])].join('\n');
    expect(status(text, 'mlx5_3/1')).toBe('fail');
    // Of another model (a spare card of another generation), it may be either: a warning.
    const other = [...rails, ca('mlx5_3', 'MT4123', '0xb3', [POLLING])].join('\n');
    expect(status(other, 'mlx5_3/1')).toBe('warn');
  });

  it("as its own card's second port beside an Active first one: a spare, a warning, whatever other cards show", () => {
    // Two dual-port ConnectX-3 (mlx4: both ports under one device), port 1 of each cabled.
    const text = [
      ca('mlx4_1', 'MT4099', '0xc1', [UP, POLLING]),
      ca('mlx4_0', 'MT4099', '0xc0', [UP, POLLING]),
    ].join('\n');
    expect(status(text, 'mlx4_1/2')).toBe('warn');
    expect(status(text, 'mlx4_0/2')).toBe('warn');
    // mlx5 shows each port of a dual-port card as its own device; the system image GUID names the card.
    const mlx5 = [ca('mlx5_0', 'MT4123', '0xd0', [UP]), ca('mlx5_1', 'MT4123', '0xd0', [POLLING])].join('\n');
    expect(status(mlx5, 'mlx5_1/1')).toBe('warn');
  });

  it('more evidence never raises the severity: ibv_devinfo without and with -v give the port the same status', () => {
    const port = (v: boolean) =>
      [
        'hca_id:\tmlx4_1',
        '\ttransport:\t\t\tInfiniBand (0)',
        '\tvendor_part_id:\t\t\t4099',
        '\tphys_port_cnt:\t\t\t2',
        '\t\tport:\t1',
        '\t\t\tstate:\t\t\tPORT_ACTIVE (4)',
        '\t\t\tport_lid:\t\t22',
        '\t\t\tlink_layer:\t\tInfiniBand',
        '',
        '\t\tport:\t2',
        '\t\t\tstate:\t\t\tPORT_DOWN (1)',
        '\t\t\tport_lid:\t\t0',
        ...(v ? ['\t\t\tphys_state:\t\tPOLLING (2)'] : []),
        '\t\t\tlink_layer:\t\tInfiniBand',
      ].join('\n');
    expect(status(port(false), 'mlx4_1/2', 'ibv_devinfo')).toBe('warn');
    expect(status(port(true), 'mlx4_1/2', 'ibv_devinfo')).toBe('warn');
  });
});
