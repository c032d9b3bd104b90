import { describe, expect, it } from 'vitest';
import { readFixture, readTestData } from '../../test/helpers/fixtures.js';
import { rollUp } from '../core/verdict.js';
import type { IbPort } from '../parsers/ib-port.js';
import { parseIbstatus } from '../parsers/ibstatus.js';
import { parseLsmod } from '../parsers/lsmod.js';
import { parseMemlock } from '../parsers/memlock.js';
import { parseNvidiaSmiTopo } from '../parsers/nvidia-smi-topo.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import {
  classifyIbPorts,
  classifyLsmod,
  classifyMemlock,
  classifyTopo,
  classifyUcxInfo,
  judgePort,
  toolMissing,
} from './index.js';

const port = (over: Partial<IbPort>): IbPort => ({
  device: 'mlx5_0',
  port: 1,
  state: 'active',
  physState: 'link-up',
  linkLayer: 'InfiniBand',
  rateGbps: 400,
  lid: 7,
  smLid: 1,
  ...over,
});

describe('port judgement', () => {
  it('fails Down/Polling with a LID, Initializing, Armed and LID-less InfiniBand ports; Polling with no LID alone warns', () => {
    // A LID from the subnet manager: it was linked and in use. Without one an uncabled spare polls as well
    // (classifyIbPorts fails it beside rails of its kind: src/classify/polling.test.ts).
    expect(judgePort(port({ state: 'down', physState: 'polling', lid: 868 })).status).toBe('fail');
    expect(judgePort(port({ state: 'down', physState: 'polling', lid: 0 }))).toMatchObject({
      status: 'warn',
      polling: true,
    });
    expect(judgePort(port({ state: 'init', lid: 65535, smLid: 0 })).status).toBe('fail');
    expect(judgePort(port({ state: 'armed' })).status).toBe('fail');
    expect(judgePort(port({ lid: 65535 })).status).toBe('fail');
    expect(judgePort(port({ lid: 0 })).status).toBe('fail');
    expect(judgePort(port({ state: 'active', physState: 'training' })).status).toBe('fail');
    expect(judgePort(port({ state: 'down', physState: 'link-up' })).status).toBe('fail');
  });

  it('treats a RoCE port without SM or LID as normal', () => {
    expect(judgePort(port({ linkLayer: 'Ethernet', lid: 0, smLid: 0 }))).toMatchObject({
      status: 'ok',
      usable: true,
    });
  });

  it('warns about a disabled Ethernet port (an unplugged mlx5 RoCE port shows Disabled) as about a disabled InfiniBand rail', () => {
    expect(judgePort(port({ linkLayer: 'Ethernet', state: 'down', physState: 'disabled' })).status).toBe(
      'warn',
    );
    expect(judgePort(port({ state: 'down', physState: 'disabled', lid: 65535 })).status).toBe('warn');
  });

  it('warns when an Active InfiniBand port sees no subnet manager', () => {
    expect(judgePort(port({ smLid: 0 })).status).toBe('warn');
  });
});

describe('port speeds compared by effective rate and width', () => {
  it('flags a 2X HDR port (HDR100) among 4X EDR ports although every port prints 100 Gb/s', () => {
    const block = (dev: string, rate: string) =>
      `Infiniband device '${dev}' port 1 status:\n\tbase lid:\t 0x5\n\tsm lid:\t 0x1\n\tstate:\t 4: ACTIVE\n\tphys state:\t 5: LinkUp\n\trate:\t ${rate}\n\tlink_layer:\t InfiniBand\n\n`;
    const r = parseIbstatus(
      block('mlx5_0', '100 Gb/sec (4X EDR)') +
        block('mlx5_1', '100 Gb/sec (4X EDR)') +
        block('mlx5_2', '100 Gb/sec (2X HDR)'),
    );
    const checks = classifyIbPorts(r.devices.flatMap((d) => d.ports));
    const rate = checks.find((c) => c.id === 'ib.rate');
    expect(rate?.status).toBe('warn');
    expect(rate?.detail).toBe(
      'ports of one kind run at different speeds: most at 100 Gb/s 4X 25G/lane, mlx5_2/1 at 100 Gb/s 2X 50G/lane',
    );
  });

  it('flags one port trained at a lower rate than its siblings of the same model', () => {
    const checks = classifyIbPorts(
      [port({ device: 'mlx5_0' }), port({ device: 'mlx5_1' }), port({ device: 'mlx5_2', rateGbps: 200 })],
      {
        mlx5_0: 'MT4129',
        mlx5_1: 'MT4129',
        mlx5_2: 'MT4129',
      },
    );
    expect(checks.filter((c) => c.id === 'ib.rate').map((c) => c.detail)).toEqual([
      'ports of one kind run at different speeds: most at 400 Gb/s, mlx5_2/1 at 200 Gb/s',
    ]);
  });
});

describe('GPUDirect RDMA, UCX, NVLink and memlock judgement', () => {
  const absent = parseLsmod(readFixture('node', 'lsmod', 'a100-peermem-and-nv_peer_mem-both-absent.txt'));

  it('warns about a missing peermem while DMA-BUF may serve, and fails when it cannot', () => {
    expect(classifyLsmod(absent).map((c) => c.status)).toEqual(['warn']);
    expect(classifyLsmod(absent, { dmabuf: false }).map((c) => c.status)).toEqual(['fail']);
  });

  it('fails GPU-memory transfer when UCX has no CUDA transport (Debian ucx 1.13 here)', () => {
    const checks = classifyUcxInfo(
      parseUcxInfo(readTestData('ucx_info', 'debian-1.13-d-no-rdma-no-cuda.txt')),
    );
    expect(checks.map((c) => `${c.status} ${c.id}`)).toEqual(['fail ucx.rdma', 'fail ucx.cuda']);
    expect(checks[1]?.detail).toMatch(/VRAM transfers fail/);
  });

  it('reads `ucx_info -v` alone without claiming CUDA support it cannot see', () => {
    const checks = classifyUcxInfo(parseUcxInfo(readTestData('ucx_info', 'debian-1.13-v.txt')));
    // Its configure line names --with-verbs but no CUDA flag: RDMA support was built, CUDA is left to detection.
    expect(checks.map((c) => `${c.status} ${c.id}`)).toEqual([
      'ok ucx.version',
      'skipped ucx.cuda',
      'ok ucx.rdma',
    ]);
  });

  it('warns about partial NVLink and never reads `topo -mp` as "no NVLink"', () => {
    const partial = [
      '\tGPU0\tGPU1\tGPU2\tCPU Affinity',
      'GPU0\t X \tNV18\tSYS\t0-47',
      'GPU1\tNV18\t X \tNV18\t0-47',
      'GPU2\tSYS\tNV18\t X \t0-47',
    ].join('\n');
    const checks = classifyTopo(parseNvidiaSmiTopo(partial));
    expect(checks[0]).toMatchObject({ id: 'nvlink.topology', status: 'warn' });
    expect(checks[0]?.detail).toBe('partial NVLink: 1 of 3 GPU pairs have no NV# link (GPU0-GPU2 SYS)');
    const mp = `${partial.replace(/NV18/g, 'NODE').replace(/SYS/g, 'NODE')}\n\nLegend:\n\n  X    = Self\n  PIX  = Connection traversing at most a single PCIe bridge\n`;
    expect(classifyTopo(parseNvidiaSmiTopo(mp))[0]).toMatchObject({
      id: 'nvlink.topology',
      status: 'skipped',
    });
  });

  it('warns about a capped memlock and passes unlimited', () => {
    expect(classifyMemlock(parseMemlock('65536\n'))[0]).toMatchObject({
      status: 'warn',
      detail: 'max locked memory capped at 64 MiB (65536 KiB): RDMA memory registration fails beyond it',
    });
    expect(classifyMemlock(parseMemlock('unlimited\n'))[0]?.status).toBe('ok');
  });
});

describe('a tool that is not there', () => {
  it('is skipped, names the tool and how to install it, and is never a pass', () => {
    const c = toolMissing('ibstat');
    expect(c).toEqual({
      id: 'ib.ibstat',
      status: 'skipped',
      detail: '`ibstat` not found: this was not checked',
      fix: 'install infiniband-diags (rdma-core; also in MLNX_OFED/DOCA-OFED)',
    });
    expect(rollUp([c]).status).toBe('unverified');
    expect(rollUp([c, { id: 'ucx.rdma', status: 'ok', detail: 'x' }]).status).toBe('unverified');
  });
});
