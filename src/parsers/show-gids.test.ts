import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { readWorld } from '../../test/read-world-paste.table.js';
import { readPasted } from '../read/tools.js';
import { parseShowGids, roceV2Ipv4 } from './show-gids.js';

const gid = (index: number, g: string, version: 'v1' | 'v2', ipv4?: string) => ({
  device: 'mlx5_0',
  port: 1,
  index,
  gid: g,
  ...(ipv4 ? { ipv4 } : {}),
  version,
  netdev: 'ens1f0',
});

const expected: Record<string, unknown> = {
  'cx6-roce-single-port-v1-v2-ipv4.txt': {
    gids: [
      gid(0, 'fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8', 'v1'),
      gid(1, 'fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8', 'v2'),
      gid(2, 'fe80:0000:0000:0000:1186:a6b1:3f0b:c441', 'v1'),
      gid(3, 'fe80:0000:0000:0000:1186:a6b1:3f0b:c441', 'v2'),
      gid(4, '0000:0000:0000:0000:0000:ffff:ac13:003c', 'v1', '172.19.0.60'),
      gid(5, '0000:0000:0000:0000:0000:ffff:ac13:003c', 'v2', '172.19.0.60'),
    ],
    found: 6,
  },
  'k8s-macvlan-pod-a-gid-index-4-5.txt': {
    gids: [4, 5].map((index) => ({
      device: 'mlx5_4',
      port: 1,
      index,
      gid: '0000:0000:0000:0000:0000:ffff:ac14:0101',
      ipv4: '172.20.1.1',
      version: index === 4 ? 'v1' : 'v2',
      netdev: 'net1',
    })),
  },
  'k8s-pod-calico-no-gids.txt': { gids: [], found: 0 },
};

describe('parseShowGids on every shared fixture', () => {
  // Pastes (a bare command line, several sections) are read as `read` reads them: test/read-world-paste.test.ts.
  const files = listFixtures('node', 'show_gids').filter((f) => !readWorld(f));
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(parseShowGids(readFixture('node', 'show_gids', file))).toEqual(expected[file]);
    });
  }
  it('picks the RoCEv2 IPv4 GID: index 5, not the common default 3', () => {
    const r = parseShowGids(readFixture('node', 'show_gids', 'cx6-roce-single-port-v1-v2-ipv4.txt'));
    expect(roceV2Ipv4(r).map((g) => g.index)).toEqual([5]);
  });
});

describe('parseShowGids variants', () => {
  it('names a row that is not a GID row and reads the table around it; text with no GID row at all is refused', () => {
    expect(parseShowGids('DEV PORT INDEX GID IPv4 VER DEV\nmlx5_0 1 x\n')).toEqual({
      gids: [],
      notUnderstood: [
        { line: 2, text: 'mlx5_0 1 x', why: 'not a GID row (DEV PORT INDEX GID [IPv4] VER DEV)' },
      ],
    });
    expect(() => parseShowGids('mlx5_0 1 x\n')).toThrow(
      /^cannot read show_gids output at line 1 "mlx5_0 1 x"/,
    );
  });

  // Issue 38, principle 1: one malformed field in one row does not reject the table. show_gids prints the IPv4
  // column from the GID (mlnx-tools sbin/show_gids:94-95), so a column that is no address was edited after.
  it('reads a row whose IPv4 field is no address from its GID, and names the line', () => {
    const paste = [
      'DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV',
      '---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---',
      'mlx5_2\t1\t0\tfe80:0000:0000:0000:0a00:27ff:fe12:3456\t\t\tv1\tens1f0',
      'mlx5_2\t1\t3\t0000:0000:0000:0000:0000:ffff:c0a8:0107\t192.16.8.1.7  \tv2\tens1f0',
      'mlx5_2\t1\t4\t0000:0000:0000:0000:0000:ffff:c0a8:01',
    ].join('\n');
    expect(parseShowGids(paste)).toEqual({
      gids: [
        {
          device: 'mlx5_2',
          port: 1,
          index: 0,
          gid: 'fe80:0000:0000:0000:0a00:27ff:fe12:3456',
          version: 'v1',
          netdev: 'ens1f0',
        },
        {
          device: 'mlx5_2',
          port: 1,
          index: 3,
          gid: '0000:0000:0000:0000:0000:ffff:c0a8:0107',
          ipv4: '192.168.1.7',
          version: 'v2',
          netdev: 'ens1f0',
        },
      ],
      notUnderstood: [
        {
          line: 4,
          text: 'mlx5_2\t1\t3\t0000:0000:0000:0000:0000:ffff:c0a8:0107\t192.16.8.1.7  \tv2\tens1f0',
          why: 'IPv4 field "192.16.8.1.7" is no address; read 192.168.1.7 from the GID, as show_gids derives it',
        },
        {
          line: 5,
          text: 'mlx5_2\t1\t4\t0000:0000:0000:0000:0000:ffff:c0a8:01',
          why: 'the paste ends inside this GID row',
          cut: true,
        },
      ],
    });
  });
});

describe('show_gids rows it counted that could not be read (principle 2)', () => {
  it('n_gids_found above the rows read leaves the RoCEv2 question not shown, never "no GID at all"', () => {
    // Each row wrapped at 80 columns: its VER and DEV fell onto a line of their own.
    const wrapped = [
      'DEV     PORT    INDEX   GID                                     IPv4            ',
      'VER     DEV',
      'mlx5_0  1       0       fe80:0000:0000:0000:268a:07ff:feb1:bc04                 ',
      'v1      ens11f0',
      'mlx5_0  1       3       0000:0000:0000:0000:0000:ffff:0a00:0001 10.0.0.1        ',
      'v2      ens11f0',
      'n_gids_found=2',
    ].join('\n');
    const gidCheck = readPasted('show_gids', wrapped, { expect: 'any' }).checks.find(
      (c) => c.id === 'rdma.gid',
    );
    expect(gidCheck?.status).toBe('skipped');
    expect(gidCheck?.detail).toMatch(/n_gids_found=2 but 0 of those rows could be read/);
    // The same trailer with no row at all and a count of 0 is still no GID at all.
    const none = readPasted('show_gids', 'DEV\tPORT\tINDEX\tGID\tIPv4\tVER\tDEV\nn_gids_found=0\n', {
      expect: 'any',
    });
    expect(none.checks.find((c) => c.id === 'rdma.gid')?.status).toBe('fail');
  });
});
