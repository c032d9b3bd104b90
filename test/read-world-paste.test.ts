import { describe, expect, it } from 'vitest';
import type { ToolId } from '../src/classify/index.js';
import { anyShown, pipelineOf } from '../src/read/filter.js';
import { readPasted } from '../src/read/tools.js';
import { runCli } from './helpers/cli.js';
import { fixturesRoot, readFixture } from './helpers/fixtures.js';
import { READ_WORLD } from './read-world-paste.table.js';

const lines = (tool: string, text: string) =>
  readPasted(tool as ToolId, text, { expect: 'any' }).checks.map(
    (c) => `${c.status} ${c.id}${c.subject ? ` ${c.subject}` : ''}`,
  );

describe('read on real pastes of any shape (test/fixtures, unchanged; conclusions of each INDEX.md)', () => {
  for (const [file, t] of Object.entries(READ_WORLD)) {
    it(`${t.tool}: ${file}`, () => {
      expect(lines(t.tool, readFixture(...t.dir, file))).toEqual(t.expect);
    });
  }

  it('a `grep mlx5` filter hides peer-memory rows, but ib_core’s whole used-by row still shows neither is loaded', () => {
    const r = readPasted(
      'lsmod',
      readFixture('node', 'lsmod', 'gpu-operator-2511-sort-grep-mlx5-then-md5sum.txt'),
      { expect: 'any' },
    );
    expect(r.checks[0]?.detail).toMatch(/its output goes through `md5sum`, not lsmod lines/);
    expect(r.checks.find((c) => c.id === 'gdr.peermem')?.status).toBe('warn');
  });

  it('sysfs and /dev listed together: the devices without a uverbs node are named', () => {
    const r = readPasted(
      'dev-infiniband',
      readFixture('node', 'ls-dev-infiniband', 'rdma-core-1060-ls-sysfs-and-dev-2-of-4-uverbs.txt'),
      { expect: 'any' },
    );
    expect(r.checks.find((c) => c.id === 'rdma.devices')?.detail).toBe(
      '2 verbs devices: uverbs0, uverbs2; /sys/class/infiniband lists 4 RDMA devices (mlx5_0, mlx5_1, mlx5_2, mlx5_3): the others have no uverbs node here (not granted to this container)',
    );
  });
});

describe('filters after the tool: what they did not keep is not shown', () => {
  it('parses grep flags: -i, -E alternation, basic-regex \\|, -v, -e A -e B, egrep, -w', () => {
    const keeps = (cmd: string, line: string) => pipelineOf(cmd).shown?.keeps(line);
    expect(keeps('ucx_info -d | grep -i rdma', '#      Transport: cuda_copy')).toBe(false);
    expect(keeps('ucx_info -d | grep -i rdma', '#   Memory domain: RDMACM')).toBe(true);
    expect(keeps("lsmod | egrep 'nv|ib'", 'nvidia_peermem 16384 0')).toBe(true);
    expect(keeps("lsmod | grep 'nv\\|ib'", 'ib_core 1 0')).toBe(true);
    expect(keeps("lsmod | grep 'nv|ib'", 'ib_core 1 0')).toBe(false);
    expect(keeps("ibstat | grep -E 'State|Rate'", '\t\tRate: 400')).toBe(true);
    expect(keeps('lsmod | grep -v mlx5', 'mlx5_ib 1 0')).toBe(false);
    expect(keeps('lsmod | grep -e peer -e gdr', 'gdrdrv 1 0')).toBe(true);
    expect(keeps('lsmod | grep -w nvidia', 'nvidia_uvm 1 0')).toBe(false);
    expect(keeps('ulimit -a | grep locked', 'max locked memory       (kbytes, -l) 64')).toBe(true);
    expect(keeps('ibstat | head -20', "CA 'mlx5_0'")).toBeUndefined();
    expect(keeps('lsmod | grep -A2 mlx5', 'nvidia 1 0')).toBeUndefined();
    expect(pipelineOf('lsmod | sort').shown).toBeUndefined();
    expect(pipelineOf('lsmod | grep -c nvidia').opaque).toBe('grep -c nvidia');
    expect(anyShown([pipelineOf('lsmod | grep a').shown, undefined])).toBeUndefined();
  });

  it('`lsmod | grep mlx5` with no ib_core row: peer memory is skipped (not shown), never "neither is loaded"', () => {
    const text = readFixture('node', 'lsmod', 'gpu-operator-2511-sort-grep-mlx5-then-md5sum.txt')
      .split('\n')
      .filter((l) => !l.startsWith('ib_core'))
      .join('\n');
    const c = readPasted('lsmod', text, { expect: 'any' }).checks.find((x) => x.id === 'gdr.peermem');
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toBe(
      'the filter `grep mlx5` does not show nvidia_peermem or nv_peer_mem (peer-memory modules): not shown, so not checked',
    );
  });

  it('an empty `lsmod | grep nvidia_peermem` shows that one absent, but not the legacy nv_peer_mem', () => {
    const c = readPasted('lsmod', '$ lsmod | grep nvidia_peermem\n$\n', { expect: 'any' }).checks.find(
      (x) => x.id === 'gdr.peermem',
    );
    expect(c?.status).toBe('skipped');
    expect(c?.detail).toMatch(
      /^the filter `grep nvidia_peermem` does not show nv_peer_mem \(peer-memory module\)/,
    );
  });

  it('`ucx_info -d | grep -i rdma`: no CUDA transport is not shown, never "no CUDA transport"', () => {
    const ucx = readFixture('node', 'ucx_info-d', 'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt')
      .split('\n')
      .filter((l) => /rdma/i.test(l))
      .join('\n');
    let statuses: string[] = [];
    try {
      statuses = lines('ucx_info', `$ ucx_info -d | grep -i rdma\n${ucx}\n`);
    } catch (err) {
      // Nothing of ucx_info's domain layout kept: read refuses (exit 2) rather than guess.
      expect(String(err)).toMatch(/cannot read ucx_info output/);
    }
    expect(statuses).not.toContain('fail ucx.cuda');
  });
});

describe('read <tool> <file> exit codes on real pastes (built CLI)', () => {
  const cli = (tool: string, ...p: string[]) =>
    runCli(['read', tool, `${fixturesRoot}/${p.join('/')}`, '-q']);
  it('0 on a paste with no failure (an 8 MiB memlock cap is a warning), 1 on a failing one (64 KiB), 2 when nothing of the tool is there', async () => {
    expect((await cli('gdrcopy', 'node', 'gdrcopy_copybw', 'gdrcopy-278-sanity-28-passed.txt')).code).toBe(0);
    expect(
      (await cli('memlock', 'node', 'ulimit-l', 'docker-default-container-8192kb-vs-host.txt')).code,
    ).toBe(0);
    expect((await cli('memlock', 'node', 'ulimit-l', 'ucx-8229-bare-ulimit-a-64kb.txt')).code).toBe(1);
    expect((await cli('show_gids', 'node', 'show_gids', 'k8s-pod-calico-no-gids.txt')).code).toBe(1);
    const none = await cli(
      'ibstat',
      'node',
      'ls-dev-infiniband',
      'mooncake-102-erdma-ls-sysfs-dev-ibv_devices.txt',
    );
    expect(none.code).toBe(2);
  });
});
