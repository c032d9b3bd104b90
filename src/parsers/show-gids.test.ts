import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { readWorld } from '../../test/read-world-paste.table.js';
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
  it('names a row that is not a GID row', () => {
    expect(() => parseShowGids('DEV PORT INDEX GID IPv4 VER DEV\nmlx5_0 1 x\n')).toThrow(
      /^cannot read show_gids output at line 2 "mlx5_0 1 x"/,
    );
  });
});
