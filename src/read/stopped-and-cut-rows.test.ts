import { describe, expect, it } from 'vitest';
import { checkLines, IBSTAT_ACTIVE_400, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 2 ("not shown" is never "absent" or "failed"), two forms found by corpus batch b29:
 * ibstat stopping at a device it cannot query before printing any CA, and a show_gids row cut after its GID
 * (inside the IPv4 column, before VER). Each pairs the part with an output that still fails or passes, so the
 * rule cannot pass by never failing.
 */
describe('2. ibstat that stops at a device it cannot stat has listed devices: their ports are not shown', () => {
  const PANIC = "ibpanic: [8371] main: stat of IB device 'mlx5_an0' failed: No such file or directory";

  it('`stat of IB device x failed` before any CA: the CAs exist (x is on the list ibstat read), not "no device"', () => {
    const checks = readChecks('ibstat', `$ ibstat\n${PANIC}\n`);
    expect(checkLines(checks)).toEqual(['warn ib.ibstat mlx5_an0']);
    const stopped = checks.find((c) => c.id === 'ib.ibstat');
    expect(stopped?.detail).toMatch(/stopped at mlx5_an0 before printing any CA/);
    expect(stopped?.fix).toMatch(/ibstat -l/);
    expect(verdictOf(checks)).toBe('unverified');
  });

  it('the panics before ibstat has a device list still fail: no device was found', () => {
    for (const text of [
      "ibpanic: [12] main: can't list IB device names\n",
      "ibpanic: [13] main: 'mlx5_9' IB device can't be found\n",
    ])
      expect(checkLines(readChecks('ibstat', text))).toEqual(['fail rdma.devices']);
  });

  it('the same panic after CAs keeps the ports ibstat printed: a Down port among them still fails', () => {
    const active = readChecks('ibstat', `$ ibstat\n${IBSTAT_ACTIVE_400.join('\n')}\n${PANIC}\n`);
    expect(checkLines(active).some((l) => l.startsWith('warn ib.ibstat'))).toBe(true);
    expect(checkLines(active)).toContain('ok ib.port mlx5_0/1');
    const down = IBSTAT_ACTIVE_400.map((l) =>
      l.replace('State: Active', 'State: Down').replace('LinkUp', 'Disabled'),
    );
    expect(verdictOf(readChecks('ibstat', `$ ibstat\n${down.join('\n')}\n${PANIC}\n`))).toBe('untrusted');
  });
});

describe('2. a show_gids paste that ends inside a row after its GID is cut: the rest is not shown', () => {
  const HEAD = [
    '# show_gids',
    'DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV',
    '---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---',
    'mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a9c:8184\t10.156.129.132  \tv2\tnet1',
  ];

  it.each([
    ['inside the IPv4 address', 'mlx5_1\t1\t3\t0000:0000:0000:0000:0000:ffff:0a9c:8584\t10.156.13'],
    [
      'after the IPv4 address, before VER',
      'mlx5_1\t1\t3\t0000:0000:0000:0000:0000:ffff:0a9c:8584\t10.156.133.132',
    ],
    ['at the v of the version', 'mlx5_1\t1\t3\t0000:0000:0000:0000:0000:ffff:0a9c:8584\t10.156.133.132  \tv'],
  ])('the last line cut %s: NOT FULLY JUDGED, the whole rows before it still read', (_where, last) => {
    const checks = readChecks('show_gids', `${[...HEAD, last].join('\n')}\n`);
    expect(verdictOf(checks)).toBe('unverified');
    expect(checks.find((c) => c.id === 'rdma.gid')?.detail).toMatch(/mlx5_0\/1 index 3/);
    // The same row whole: a healthy table passes.
    const whole = `${[...HEAD, 'mlx5_1\t1\t3\t0000:0000:0000:0000:0000:ffff:0a9c:8584\t10.156.133.132  \tv2\tnet2', 'n_gids_found=2'].join('\n')}\n`;
    expect(verdictOf(readChecks('show_gids', whole))).toBe('trusted');
  });

  it('a line in the middle that is no GID row is read around, not taken for a cut', () => {
    const text = `${[...HEAD, 'mlx5_1\t1\t3\t0000:0000:0000:0000:0000:ffff:0a9c:8584\t10.156.13', 'mlx5_1\t1\t3\t0000:0000:0000:0000:0000:ffff:0a9c:8584\t10.156.133.132  \tv2\tnet2', 'n_gids_found=2'].join('\n')}\n`;
    const checks = readChecks('show_gids', text);
    expect(checkLines(checks)).toContain('ok rdma.gid');
    expect(checks.find((c) => c.id === 'read.lines')?.detail).toMatch(/not a GID row/);
  });
});

describe('2. a physical state cut mid-word is not shown: never read as an unknown, failing state', () => {
  const ibstatus = (phys: string) =>
    [
      "Infiniband device 'mlx5_0' port 1 status:",
      '\tdefault gid:\t fe80:0000:0000:0000:58a2:e103:0022:f878',
      '\tbase lid:\t 0xffff',
      '\tsm lid:\t\t 0x0',
      '\tstate:\t\t 1: DOWN',
      `\tphys state:\t ${phys}`,
    ].join('\n');

  it('ibstatus `phys state: 3: Disable` at the end of the paste: the port is Down, its physical state not shown (warn)', () => {
    const checks = readChecks('ibstatus', `${ibstatus('3: Disable')}\n`);
    const port = checks.find((c) => c.id === 'ib.port');
    expect(port?.status).toBe('warn');
    expect(port?.detail).toMatch(/cut before its physical state/);
    expect(checkLines(checks)).not.toContain('fail ib.port mlx5_0/1');
  });

  it('ibstat `Physical state: Poll` says the same; a whole state word that is no Disabled or Polling still fails', () => {
    const cut = IBSTAT_ACTIVE_400.slice(0, 6)
      .join('\n')
      .replace('State: Active', 'State: Down')
      .replace('Physical state: LinkUp', 'Physical state: Poll');
    expect(readChecks('ibstat', `${cut}\n`).find((c) => c.id === 'ib.port')?.detail).toMatch(
      /cut before its physical state/,
    );
    expect(
      checkLines(
        readChecks(
          'ibstatus',
          `${ibstatus('1: Sleep')}\n\trate:\t\t 10 Gb/sec (4X SDR)\n\tlink_layer:\t InfiniBand\n`,
        ),
      ),
    ).toContain('fail ib.port mlx5_0/1');
  });
});

describe('1. a poster note after a `CA ...` line belongs to the poster: the CA and its ports are read', () => {
  const ca = (line: string) =>
    [
      line,
      ...IBSTAT_ACTIVE_400.slice(1).map((l) =>
        l.replace('State: Active', 'State: Down').replace('LinkUp', 'Disabled'),
      ),
    ].join('\n');

  it.each([["CA 'mlx5_0' <-- the first HCA (dual port)"], ["CA 'mlx5_0'' ——>>>> 这是第一个HCA卡"]])(
    '%s: the port is mlx5_0/1, never "(CA not shown)", and its Disabled state is judged',
    (line) => {
      const lines = checkLines(readChecks('ibstat', `$ ibstat\n${ca(line)}\n`));
      expect(lines).toContain('fail ib.ports');
      expect(lines.some((l) => l.includes('mlx5_0/1'))).toBe(true);
      expect(lines.some((l) => l.includes('CA not shown'))).toBe(false);
    },
  );
});
