import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { readWorld } from '../../test/read-world-paste.table.js';
import { parseDevInfiniband } from './dev-infiniband.js';

const dev = (name: string, mode: string, major: number, minor: number) => ({ name, mode, major, minor });

const expected: Record<string, unknown> = {
  'k8s-pod-rdma-hca-device-plugin-selinux.txt': {
    present: true,
    // SELinux "." suffix removed from the modes.
    entries: [
      dev('issm0', 'crw-------', 231, 64),
      dev('rdma_cm', 'crw-rw-rw-', 10, 57),
      dev('ucm0', 'crw-rw-rw-', 231, 224),
      dev('umad0', 'crw-------', 231, 0),
      dev('uverbs0', 'crw-rw-rw-', 231, 192),
    ],
    uverbs: ['uverbs0'],
    rdmaCm: true,
    netdevs: ['bonding_masters', 'eth0', 'lo', 'tunl0'],
  },
  'k8s-pod-shared-rdma-device-one-hca.txt': {
    present: true,
    entries: [
      dev('issm0', 'crw-------', 231, 64),
      dev('rdma_cm', 'crw-rw-rw-', 10, 54),
      dev('umad0', 'crw-------', 231, 0),
      dev('uverbs0', 'crw-rw-rw-', 231, 192),
    ],
    uverbs: ['uverbs0'],
    rdmaCm: true,
    netdevs: ['eth0', 'lo', 'net1', 'tunl0'],
  },
};

describe('parseDevInfiniband on every shared fixture', () => {
  // Pastes (a bare command line, several sections) are read as `read` reads them: test/read-world-paste.test.ts.
  const files = listFixtures('node', 'ls-dev-infiniband').filter((f) => !readWorld(f));
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(parseDevInfiniband(readFixture('node', 'ls-dev-infiniband', file))).toEqual(expected[file]);
    });
  }
});

describe('parseDevInfiniband variants', () => {
  it('reads plain `ls` columns', () => {
    expect(parseDevInfiniband('issm0  issm1  rdma_cm  umad0  umad1  uverbs0  uverbs1\n')).toMatchObject({
      present: true,
      uverbs: ['uverbs0', 'uverbs1'],
      rdmaCm: true,
    });
  });

  it('reads a missing directory and /dev/gdrdrv', () => {
    const text = [
      "ls: cannot access '/dev/infiniband': No such file or directory",
      'crw-rw-rw- 1 root root 234, 0 Jan  2 03:04 /dev/gdrdrv',
    ].join('\n');
    expect(parseDevInfiniband(text)).toEqual({
      present: false,
      entries: [],
      uverbs: [],
      rdmaCm: false,
      gdrdrv: true,
    });
    expect(
      parseDevInfiniband("ls: cannot access '/dev/gdrdrv': No such file or directory\nuverbs0\n"),
    ).toMatchObject({
      gdrdrv: false,
      uverbs: ['uverbs0'],
    });
  });

  it('reads `find` output: full paths, the directory itself and by-path children skipped', () => {
    const text = [
      '$ find /dev/infiniband /sys/class/infiniband',
      '/dev/infiniband',
      '/dev/infiniband/by-path',
      '/dev/infiniband/by-path/pci-0000:c3:00.0',
      '/dev/infiniband/uverbs0',
      '/dev/infiniband/rdma_cm',
      '/sys/class/infiniband',
      '/sys/class/infiniband/mlx5_0',
    ].join('\n');
    expect(parseDevInfiniband(text)).toMatchObject({
      uverbs: ['uverbs0'],
      rdmaCm: true,
      ibdevs: ['mlx5_0'],
    });
  });

  it('reads `ls -alh` in the prompt’s cwd (`.`/`..` and -h sizes) and `ls /sys/class/infiniband/*/ports/*/state` paths', () => {
    const cwd = [
      'root@gpu-11:/dev/infiniband# ls -alh',
      'total 0',
      'drwxr-xr-x  2 root root      660 Dec 28 11:15 .',
      'drwxr-xr-x 24 root root     5.6K Jan 18 17:26 ..',
      'crw-rw-rw-  1 root root  10,  56 Dec 28 14:10 rdma_cm',
      'crw-rw-rw-  1 root root 231, 192 Dec 28 14:10 uverbs0',
    ].join('\n');
    expect(parseDevInfiniband(cwd)).toMatchObject({ uverbs: ['uverbs0'], rdmaCm: true });
    const states = '/sys/class/infiniband/mlx5_0/ports/1/state\n/sys/class/infiniband/mlx5_1/ports/1/state\n';
    // Only sysfs was listed: /dev/infiniband is not shown, never "missing".
    expect(parseDevInfiniband(states)).toMatchObject({ ibdevs: ['mlx5_0', 'mlx5_1'], listed: false });
  });

  it('reads `ls -R /dev/infiniband`: subdirectories (by-ibdev) are not device nodes', () => {
    const text = [
      '/dev/infiniband:',
      'by-ibdev  by-path  rdma_cm  umad0  uverbs0',
      '',
      '/dev/infiniband/by-ibdev:',
      'mlx5_0',
    ].join('\n');
    expect(parseDevInfiniband(text)).toMatchObject({ uverbs: ['uverbs0'], rdmaCm: true });
  });

  it('rejects text that is not an ls listing', () => {
    expect(() => parseDevInfiniband('permission denied (publickey)\n')).toThrow(
      /^cannot read ls \/dev\/infiniband output at line 1 "permission denied \(publickey\)"/,
    );
  });
});

describe('parseDevInfiniband with `ls -la`', () => {
  it('skips the . and .. entries', () => {
    const text = [
      'total 0',
      'drwxr-xr-x  2 root root      120 Nov 19 02:26 .',
      'drwxr-xr-x 15 root root     3240 Nov 19 02:26 ..',
      'crw-rw-rw-  1 root root 231, 192 Nov 19 02:26 uverbs0',
    ].join('\n');
    expect(parseDevInfiniband(text).entries).toEqual([
      { name: 'uverbs0', mode: 'crw-rw-rw-', major: 231, minor: 192 },
    ]);
  });
});
