import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';
import { parseIbstat } from '../parsers/ibstat.js';
import { parseIbstatus } from '../parsers/ibstatus.js';
import { parseIbvDevinfo } from '../parsers/ibv-devinfo.js';

/**
 * Issue 38, principle 2 ("not shown is never absent or failed") for a port block cut at the paste's end.
 * ibstat, ibstatus and ibv_devinfo print every block whole and in a fixed order (infiniband-diags ibstat.c
 * ca_dump/port_dump, the ibstatus script's port_status, libibverbs devinfo.c print_hca_cap). A paste whose
 * last block shows its lines whole from the first and stops before a line the tool always prints next, the
 * device's lines before it shown whole, ends inside that block: the devices after it are not shown, so a
 * Down port there is "not judged", never "no usable RDMA port". Each case pairs the cut with the same block
 * whole (still a FAIL) and with a grep selection of it (never read as a cut).
 */
const ports = (checks: ReturnType<typeof readChecks>) => checks.find((c) => c.id === 'ib.ports');

const IBSTAT_CA = [
  "CA 'mlx5_0'",
  '\tCA type: MT4123',
  '\tNumber of ports: 1',
  '\tFirmware version: 20.31.1014',
  '\tHardware version: 0',
  '\tNode GUID: 0x0c42a10300a1b2c3',
  '\tSystem image GUID: 0x0c42a10300a1b2c3',
];
const IBSTAT_PORT = [
  '\tPort 1:',
  '\t\tState: Down',
  '\t\tPhysical state: Polling',
  '\t\tRate: 10',
  '\t\tBase lid: 65535',
  '\t\tLMC: 0',
  '\t\tSM lid: 0',
  '\t\tCapability mask: 0x2659e848',
  '\t\tPort GUID: 0x0c42a10300a1b2c3',
  '\t\tLink layer: InfiniBand',
];
const IBSTAT_WHOLE = [...IBSTAT_CA, ...IBSTAT_PORT];

describe('ibstat: a paste cut inside its last port block', () => {
  it('cut after `State: Down`: the cut is named, no ib.ports fail, NOT FULLY JUDGED', () => {
    const text = ['$ ibstat', ...IBSTAT_CA, ...IBSTAT_PORT.slice(0, 2)].join('\n');
    expect(parseIbstat(text).endsInside).toEqual({
      device: 'mlx5_0',
      port: 1,
      before: 'its `Physical state:` line',
    });
    const checks = readChecks('ibstat', text);
    expect(ports(checks)?.status).toBe('warn');
    expect(ports(checks)?.detail).toMatch(
      /it ends inside port 1 of mlx5_0, before its `Physical state:` line/,
    );
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('cut anywhere before `Port GUID:` reads the same; a cut at `Port 1:` is before its `State:` line', () => {
    for (let n = 1; n < IBSTAT_PORT.length - 1; n++) {
      const text = [...IBSTAT_CA, ...IBSTAT_PORT.slice(0, n)].join('\n');
      expect(parseIbstat(text).endsInside?.port).toBe(1);
      expect(checkLines(readChecks('ibstat', text))).not.toContain('fail ib.ports');
    }
  });

  it('the same block whole and Down still fails', () => {
    const checks = readChecks('ibstat', ['$ ibstat', ...IBSTAT_WHOLE].join('\n'));
    expect(parseIbstat(IBSTAT_WHOLE.join('\n')).endsInside).toBeUndefined();
    expect(ports(checks)?.status).toBe('fail');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('a CA that declares 2 ports and ends after port 1 whole is cut there', () => {
    const text = [...IBSTAT_CA.map((l) => l.replace('ports: 1', 'ports: 2')), ...IBSTAT_PORT].join('\n');
    expect(parseIbstat(text).endsInside).toEqual({
      device: 'mlx5_0',
      port: 1,
      before: 'port 2 (it declares 2 ports)',
      between: true,
    });
    expect(ports(readChecks('ibstat', text))?.detail).toMatch(
      /it ends after port 1 of mlx5_0, before port 2/,
    );
  });

  it('a paste that ends with the next prompt is whole: the cut block still fails', () => {
    const text = ['$ ibstat', ...IBSTAT_CA, ...IBSTAT_PORT.slice(0, 2), '$'].join('\n');
    expect(parseIbstat(text).endsInside).toBeUndefined();
    expect(ports(readChecks('ibstat', text))?.status).toBe('fail');
  });

  it('a selection is no cut: `ibstat | grep -A4 Port` (no CA lines), a CA with lines left out', () => {
    const grepA4 = IBSTAT_PORT.slice(0, 5).join('\n');
    expect(parseIbstat(grepA4).endsInside).toBeUndefined();
    const trimmed = [IBSTAT_CA[0], IBSTAT_CA[1], ...IBSTAT_PORT.slice(0, 2)].join('\n');
    expect(parseIbstat(trimmed).endsInside).toBeUndefined();
    expect(ports(readChecks('ibstat', trimmed))?.status).toBe('fail');
  });
});

const IBSTATUS_BLOCK = [
  "Infiniband device 'mlx5_0' port 1 status:",
  '\tdefault gid:\t fe80:0000:0000:0000:0c42:a103:00a1:b2c3',
  '\tbase lid:\t 0xffff',
  '\tsm lid:\t\t 0x0',
  '\tstate:\t\t 1: DOWN',
  '\tphys state:\t 2: Polling',
  '\trate:\t\t 10 Gb/sec (4X SDR)',
  '\tlink_layer:\t InfiniBand',
];

describe('ibstatus: a paste cut inside its last port block', () => {
  it('cut after `state: 1: DOWN`: the cut is named, no ib.ports fail, NOT FULLY JUDGED', () => {
    const text = ['$ ibstatus', ...IBSTATUS_BLOCK.slice(0, 5)].join('\n');
    expect(parseIbstatus(text).endsInside).toEqual({
      device: 'mlx5_0',
      port: 1,
      before: 'its `phys state:` line',
    });
    const checks = readChecks('ibstatus', text);
    expect(ports(checks)?.status).toBe('warn');
    expect(ports(checks)?.detail).toMatch(/it ends inside port 1 of mlx5_0, before its `phys state:` line/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the same block whole and Down still fails', () => {
    const checks = readChecks('ibstatus', ['$ ibstatus', ...IBSTATUS_BLOCK].join('\n'));
    expect(ports(checks)?.status).toBe('fail');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('a paste cut inside a field name or inside the next device line fails no more either', () => {
    const inField = [...IBSTATUS_BLOCK.slice(0, 6), '\trat'].join('\n');
    expect(ports(readChecks('ibstatus', inField))?.status).toBe('warn');
    const inNext = [...IBSTATUS_BLOCK, '', "Infiniband device 'ml"].join('\n');
    expect(ports(readChecks('ibstatus', inNext))?.status).toBe('warn');
  });

  it('a selection is no cut: `grep -e device -e state`, and `grep -A4 device` that trims every block alike', () => {
    const states = [IBSTATUS_BLOCK[0], IBSTATUS_BLOCK[4]].join('\n');
    expect(parseIbstatus(states).endsInside).toBeUndefined();
    expect(ports(readChecks('ibstatus', states))?.status).toBe('fail');
    const second = IBSTATUS_BLOCK.map((l) => l.replace('mlx5_0', 'mlx5_1'));
    const grepA4 = [...IBSTATUS_BLOCK.slice(0, 5), '--', ...second.slice(0, 5)].join('\n');
    expect(parseIbstatus(grepA4).endsInside).toBeUndefined();
    expect(ports(readChecks('ibstatus', grepA4))?.status).toBe('fail');
  });
});

const DEVINFO_HCA = [
  'hca_id:\tmlx5_0',
  '\ttransport:\t\t\tInfiniBand (0)',
  '\tfw_ver:\t\t\t\t20.31.1014',
  '\tnode_guid:\t\t\t0c42:a103:00a1:b2c3',
  '\tsys_image_guid:\t\t\t0c42:a103:00a1:b2c3',
  '\tvendor_id:\t\t\t0x02c9',
  '\tvendor_part_id:\t\t\t4123',
  '\thw_ver:\t\t\t\t0x0',
  '\tboard_id:\t\t\tMT_0000000223',
  '\tphys_port_cnt:\t\t\t1',
];
const DEVINFO_PORT = [
  '\t\tport:\t1',
  '\t\t\tstate:\t\t\tPORT_DOWN (1)',
  '\t\t\tmax_mtu:\t\t4096 (5)',
  '\t\t\tactive_mtu:\t\t4096 (5)',
  '\t\t\tsm_lid:\t\t\t0',
  '\t\t\tport_lid:\t\t65535',
  '\t\t\tport_lmc:\t\t0x00',
  '\t\t\tlink_layer:\t\tInfiniBand',
];

describe('ibv_devinfo: a paste cut inside its last port block', () => {
  it('cut after `state: PORT_DOWN (1)`: the cut is named, no ib.ports fail, NOT FULLY JUDGED', () => {
    const text = ['$ ibv_devinfo', ...DEVINFO_HCA, ...DEVINFO_PORT.slice(0, 2)].join('\n');
    expect(parseIbvDevinfo(text).endsInside).toEqual({
      device: 'mlx5_0',
      port: 1,
      before: 'its `max_mtu:` line',
    });
    const checks = readChecks('ibv_devinfo', text);
    expect(ports(checks)?.status).toBe('warn');
    expect(ports(checks)?.detail).toMatch(/it ends inside port 1 of mlx5_0, before its `max_mtu:` line/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the same block whole and Down still fails', () => {
    const checks = readChecks('ibv_devinfo', ['$ ibv_devinfo', ...DEVINFO_HCA, ...DEVINFO_PORT].join('\n'));
    expect(ports(checks)?.status).toBe('fail');
    expect(verdictOf(checks)).toBe('untrusted');
  });

  it('phys_port_cnt: 2 with port 1 whole is cut before port 2, unless the prompt asked for one port (-i)', () => {
    const two = [...DEVINFO_HCA.map((l) => l.replace('cnt:\t\t\t1', 'cnt:\t\t\t2')), ...DEVINFO_PORT];
    expect(parseIbvDevinfo(two.join('\n')).endsInside).toEqual({
      device: 'mlx5_0',
      port: 1,
      before: 'port 2 (it declares 2 ports)',
      between: true,
    });
    expect(ports(readChecks('ibv_devinfo', two.join('\n')))?.status).toBe('warn');
    const asked = ['$ ibv_devinfo -d mlx5_0 -i 1', ...two].join('\n');
    expect(parseIbvDevinfo(asked).endsInside).toBeUndefined();
    expect(ports(readChecks('ibv_devinfo', asked))?.status).toBe('fail');
  });

  it('a selection is no cut: `ibv_devinfo | grep -e hca_id -e state`, a block without its device lines', () => {
    const states = [DEVINFO_HCA[0], DEVINFO_PORT[1]].join('\n');
    expect(parseIbvDevinfo(states).endsInside).toBeUndefined();
    expect(ports(readChecks('ibv_devinfo', states))?.status).toBe('fail');
    const noGuids = [DEVINFO_HCA[0], DEVINFO_HCA[1], DEVINFO_HCA[9], ...DEVINFO_PORT.slice(0, 2)].join('\n');
    expect(parseIbvDevinfo(noGuids).endsInside).toBeUndefined();
    expect(ports(readChecks('ibv_devinfo', noGuids))?.status).toBe('fail');
  });
});
