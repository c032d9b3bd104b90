import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { readWorld } from '../../test/read-world-paste.table.js';
import { parseLsmod } from './lsmod.js';

const expected: Record<string, unknown> = {
  'a100-peermem-and-nv_peer_mem-both-absent.txt': {
    modules: [],
    complete: false,
    grepped: ['nvidia_peermem', 'nv_peer_mem'],
    peermem: { state: 'absent' },
    gdrdrv: 'unknown',
  },
  'egx-grep-nv_peer_mem-legacy-loaded.txt': {
    modules: [
      { name: 'nv_peer_mem', size: 16384, useCount: 0, usedBy: [] },
      {
        name: 'ib_core',
        size: 323584,
        useCount: 11,
        usedBy: [
          'rdma_cm',
          'ib_ipoib',
          'mlx4_ib',
          'nv_peer_mem',
          'iw_cm',
          'ib_umad',
          'rdma_ucm',
          'ib_uverbs',
          'mlx5_ib',
          'ib_cm',
          'ib_ucm',
        ],
      },
      {
        name: 'nvidia',
        size: 20385792,
        useCount: 117,
        usedBy: ['nvidia_uvm', 'nv_peer_mem', 'nvidia_modeset'],
      },
    ],
    complete: false,
    grepped: [],
    peermem: { state: 'loaded', module: 'nv_peer_mem' },
    // gdrdrv would be a user of nvidia; nvidia's used-by list is shown and lacks it.
    gdrdrv: 'absent',
  },
  'gpu-operator-doc-grep-nvidia-peermem-and-nvidia-fs.txt': {
    modules: [
      { name: 'nvidia_fs', size: 245760, useCount: 0, usedBy: [] },
      { name: 'nvidia_peermem', size: 16384, useCount: 0, usedBy: [] },
      { name: 'nvidia_modeset', size: 1159168, useCount: 0, usedBy: [] },
      { name: 'nvidia_uvm', size: 1048576, useCount: 0, usedBy: [] },
      {
        name: 'nvidia',
        size: 39059456,
        useCount: 115,
        usedBy: ['nvidia_uvm', 'nvidia_peermem', 'nvidia_modeset'],
      },
      {
        name: 'ib_core',
        size: 319488,
        useCount: 9,
        usedBy: [
          'rdma_cm',
          'ib_ipoib',
          'nvidia_peermem',
          'iw_cm',
          'ib_umad',
          'rdma_ucm',
          'ib_uverbs',
          'mlx5_ib',
          'ib_cm',
        ],
      },
      {
        name: 'drm',
        size: 491520,
        useCount: 6,
        usedBy: ['drm_kms_helper', 'drm_vram_helper', 'nvidia', 'mgag200', 'ttm'],
      },
    ],
    complete: false,
    grepped: [],
    peermem: { state: 'loaded', module: 'nvidia_peermem' },
    gdrdrv: 'absent',
  },
};

describe('parseLsmod on every shared fixture', () => {
  // Pastes (a bare command line, several sections) are read as `read` reads them: test/read-world-paste.test.ts.
  const files = listFixtures('node', 'lsmod').filter((f) => !readWorld(f));
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(parseLsmod(readFixture('node', 'lsmod', file))).toEqual(expected[file]);
    });
  }
});

describe('parseLsmod variants', () => {
  it("proves nvidia_peermem absent from `lsmod | grep gdrdrv` through nvidia's used-by list (openucx/ucx#9908)", () => {
    const r = parseLsmod(
      'gdrdrv                 24576  0\nnvidia              56717312  1045 nvidia_uvm,gdrdrv,nvidia_modeset\n',
    );
    expect(r.gdrdrv).toBe('loaded');
    expect(r.peermem).toEqual({ state: 'absent' });
  });

  it('reads a complete lsmod (header) where an absent module is absent', () => {
    const r = parseLsmod('Module                  Size  Used by\nmlx5_ib               450560  0\n');
    expect(r).toMatchObject({ complete: true, peermem: { state: 'absent' }, gdrdrv: 'absent' });
  });

  it('cannot decide from output filtered for something else', () => {
    expect(parseLsmod('mlx5_core            2043904  1 mlx5_ib\n')).toMatchObject({
      peermem: { state: 'unknown' },
      gdrdrv: 'unknown',
    });
  });

  it('names a line that is not lsmod output', () => {
    expect(() => parseLsmod('nvidia_peermem loaded\n')).toThrow(
      /^cannot read lsmod output at line 1 "nvidia_peermem loaded"/,
    );
  });
});

describe('parseLsmod with the grep patterns given by the caller', () => {
  it('reads empty `lsmod | grep` output as "none of them loaded"', () => {
    expect(parseLsmod('', { grepped: ['nvidia_peermem', 'nv_peer_mem', 'gdrdrv'] })).toMatchObject({
      modules: [],
      peermem: { state: 'absent' },
      gdrdrv: 'absent',
    });
  });
  it('refuses empty input without them', () => {
    expect(() => parseLsmod('')).toThrow(/cannot read lsmod output: the input is empty/);
  });
});

describe('parseLsmod on /proc/modules', () => {
  it('reads the kernel list lsmod is built from (complete, so absent means absent)', () => {
    const text = [
      'nvidia_peermem 16384 0 - Live 0x0000000000000000 (OE)',
      'nvidia 56717312 1045 nvidia_uvm,nvidia_peermem,nvidia_modeset, Live 0xffffffffc0a00000 (POE)',
      'ib_core 434176 9 rdma_cm,ib_ipoib,nvidia_peermem,iw_cm,ib_umad,rdma_ucm,ib_uverbs,mlx5_ib,ib_cm, Live 0x0000000000000000',
    ].join('\n');
    expect(parseLsmod(text)).toEqual({
      modules: [
        { name: 'nvidia_peermem', size: 16384, useCount: 0, usedBy: [] },
        {
          name: 'nvidia',
          size: 56717312,
          useCount: 1045,
          usedBy: ['nvidia_uvm', 'nvidia_peermem', 'nvidia_modeset'],
        },
        {
          name: 'ib_core',
          size: 434176,
          useCount: 9,
          usedBy: [
            'rdma_cm',
            'ib_ipoib',
            'nvidia_peermem',
            'iw_cm',
            'ib_umad',
            'rdma_ucm',
            'ib_uverbs',
            'mlx5_ib',
            'ib_cm',
          ],
        },
      ],
      complete: true,
      grepped: [],
      peermem: { state: 'loaded', module: 'nvidia_peermem' },
      gdrdrv: 'absent',
    });
  });
});
