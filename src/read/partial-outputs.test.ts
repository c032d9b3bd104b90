import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 (read what is there, whatever its shape) and 2 ("not shown" is never "absent",
 * "failed" or "fine"), from corpus batch b27. Each paste is a small one in the tool's own format, paired
 * with the whole (or healthy) form it falls short of, so a rule cannot pass by never failing or never
 * passing. Sources: references/read-shapes.md.
 */
const read = readChecks;
const lines = checkLines;
const verdict = verdictOf;
const byId = (checks: ReturnType<typeof read>, id: string) => checks.find((c) => c.id === id);

describe('1. `dmesg -H` / `--reltime` timestamps are kernel log lines', () => {
  // util-linux dmesg: `[%b%e %H:%M]` at each new minute, then the delta `[  %+8.06f]`.
  const human = [
    '[Aug 1 10:23] nvidia-peermem: loaded',
    '[  +0.000006] mlx5_core 0000:3b:00.0: mlx5_load_one failed with error code -22',
  ].join('\n');

  it('a NIC probe failure behind relative timestamps fails, as behind raw ones', () => {
    expect(lines(read('dmesg', human))).toContain('fail nic.driver');
    const raw = human.replace('[Aug 1 10:23]', '[  11.000000]').replace('[  +0.000006]', '[  11.000006]');
    expect(lines(read('dmesg', raw))).toEqual(lines(read('dmesg', human)));
  });

  it('gdrdrv notices alone behind `-H` stamps are read (peer memory not shown), never refused', () => {
    const notices =
      '[Aug10 09:02] gdrdrv:invoking unpin_buffer while callback has already been fired\n[  +1.815832] gdrdrv:filp is not opened by the current process\n';
    expect(lines(read('dmesg', notices))).toEqual(['skipped gdr.peermem']);
    expect(() => read('dmesg', 'Aug 1 10:23 gdrdrv notice without brackets\n')).toThrow(/no kernel log line/);
  });
});

describe('2. perftest refusing its own command line never started: not shown, not a fault', () => {
  const refused = [
    '$ ib_write_bw -d mlx5_0 --use_cuda_dmabuf --use_cuda=1 10.0.0.2',
    'CUDA DMA-BUF cannot be used without CUDA',
    ' Parser function exited with Error',
  ].join('\n');

  it('skipped with the reason perftest printed, and the fix names the flags', () => {
    const checks = read('perftest', refused);
    expect(lines(checks)).toEqual(['skipped verbs.run']);
    expect(byId(checks, 'verbs.run')?.detail).toMatch(
      /refused its command line \(line 3: "CUDA DMA-BUF cannot be used without CUDA", Parser function exited with Error\): the test never started/,
    );
    expect(verdict(checks)).toBe('unverified');
  });

  it('a test that started and then failed still fails', () => {
    const failed = `$ ib_write_bw -d mlx5_0 --use_cuda=0 10.0.0.2\ninitializing CUDA\nCouldn't allocate MR\nFailed to create MR\n Couldn't create IB resources\n`;
    expect(lines(read('perftest', failed))).toContain('fail verbs.run');
  });
});

describe('2. a topo -m paste: the NIC rows mirror the GPU columns; a legend alone is no matrix', () => {
  const head = '\tGPU0\tGPU1\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID';
  const gpuRows = [
    'GPU0\t X \tNV18\tPIX\tSYS\t0-55\t0\t\tN/A',
    'GPU1\tNV18\t X \tSYS\tPIX\t56-111\t1\t\tN/A',
  ];
  const nic0 = 'NIC0\tPIX\tSYS\t X \tSYS';

  it('cut in a NIC row after every GPU row is whole: judged on the GPU rows, the cut does not matter', () => {
    const checks = read('topo', [head, ...gpuRows, nic0, 'NIC1\tSYS\tPIX'].join('\n'));
    expect(lines(checks)).toEqual(['skipped topo.cut', 'ok nvlink.topology', 'ok gdr.nic-affinity']);
    expect(byId(checks, 'topo.cut')).toMatchObject({ matters: false });
    expect(verdict(checks)).toBe('trusted');
  });

  it('cut in a GPU row: the GPUs past the cut are not shown, not judged', () => {
    const checks = read('topo', [head, gpuRows[0], 'GPU1\tNV18\t X'].join('\n'));
    expect(byId(checks, 'topo.cut')?.matters).toBeUndefined();
    expect(verdict(checks)).toBe('unverified');
  });

  it('only the legend and NIC legend: the matrix is not shown (skipped), never bad input', () => {
    const legend = [
      '  PIX  = Connection traversing at most a single PCIe bridge',
      '  NV#  = Connection traversing a bonded set of # NVLinks',
      '',
      'NIC Legend:',
      '',
      '  NIC0: mlx5_0',
      '  NIC1: mlx5_1',
    ].join('\n');
    const checks = read('topo', legend);
    expect(lines(checks)).toEqual(['skipped topo.cut']);
    expect(byId(checks, 'topo.cut')?.detail).toMatch(
      /only the legend and a NIC legend \(2 NICs: mlx5_0, mlx5_1\)/,
    );
    expect(() => read('topo', 'GPU stats unavailable\n')).toThrow(/no matrix header/);
  });
});

describe('2. `nvidia-smi nvlink -info` and a header the paste ends at show no link state', () => {
  const info = [
    'nvidia-smi nvlink -info',
    'GPU 0: NVIDIA GB200 (UUID: GPU-d1b93026-6d5b-03bd-3a71-f85b47a61bde)',
    '         NVLE: disabled',
    '         Firmware Version:',
    '             MSE: 14:4:0',
    '             NETIR: 36:2014:1862',
  ].join('\n');

  it('-info lines: link state not shown (skipped), where a GPU with no link lines at all fails', () => {
    const checks = read('nvlink', info);
    expect(lines(checks)).toContain('skipped nvlink.links GPU0');
    expect(byId(checks, 'nvlink.links')?.detail).toMatch(
      /`nvidia-smi nvlink -info` .* say nothing of whether its links are up/,
    );
    expect(
      lines(read('nvlink', 'GPU 0: NVIDIA GB200 (UUID: GPU-1)\nGPU 1: NVIDIA GB200 (UUID: GPU-2)\n')),
    ).toContain('fail nvlink.links GPU0');
  });

  it('the paste ends at a GPU header cut inside its UUID: that GPU is not shown, the one before is judged', () => {
    const status = `GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-1)\n${Array.from({ length: 12 }, (_, k) => `\t Link ${k}: 25 GB/s`).join('\n')}\nGPU 1: NVIDIA A100-SXM4-80GB (UUID:`;
    const checks = read('nvlink', status);
    expect(lines(checks).filter((l) => l.includes('nvlink.links'))).toEqual([
      'ok nvlink.links GPU0',
      'skipped nvlink.links GPU1',
    ]);
    expect(checks.find((c) => c.status === 'skipped' && c.id === 'nvlink.links')?.detail).toBe(
      "NVIDIA A100-SXM4-80GB: the paste ends at this GPU's header, before its links: link state not shown",
    );
  });
});

describe('2. `ibv_devinfo -l` lists devices, not ports', () => {
  it('the devices are there (ok), whether a port can carry RDMA is not shown (skipped)', () => {
    const checks = read('ibv_devinfo', '#ibv_devinfo -l\n2 HCAs found:\n\tmlx4_1\n\tmlx4_0\n');
    expect(lines(checks)).toEqual(['ok rdma.devices', 'skipped ib.ports']);
    expect(verdict(checks)).toBe('unverified');
    // An empty list is no device at all: still a failure.
    expect(lines(read('ibv_devinfo', '$ ibv_devinfo -l\n0 HCAs found:\n'))).toContain('fail rdma.devices');
  });

  it('the count it prints is read as its own statement: a double-spaced copy or a cut list still lists them', () => {
    // A page that puts a blank line after every line: the names after the count are still the list.
    const spaced = read('ibv_devinfo', '#ibv_devinfo -l\n\n2 HCAs found:\n\n\tmlx4_1\n\n\tmlx4_0\n');
    expect(lines(spaced)).toEqual(['ok rdma.devices', 'skipped ib.ports']);
    expect(spaced.find((c) => c.id === 'rdma.devices')?.detail).toBe('2 RDMA devices listed: mlx4_1, mlx4_0');
    // Cut after the count: the devices the count states are not named, never absent.
    const cut = read('ibv_devinfo', '$ ibv_devinfo -l\n3 HCAs found:\n\tmlx5_0\n');
    expect(cut.find((c) => c.id === 'rdma.devices')).toMatchObject({
      status: 'ok',
      detail: '3 RDMA devices listed: mlx5_0 (2 more not named: the paste ends first)',
    });
    expect(verdict(cut)).toBe('unverified');
  });
});
