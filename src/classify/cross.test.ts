import { describe, expect, it } from 'vitest';
import { readFixture, readTestData } from '../../test/helpers/fixtures.js';
import type { Check } from '../core/model.js';
import { parseDevInfiniband } from '../parsers/dev-infiniband.js';
import { portsOf } from '../parsers/ib-port.js';
import { parseIbstat } from '../parsers/ibstat.js';
import { parseIbvDevinfo } from '../parsers/ibv-devinfo.js';
import { parseLsmod } from '../parsers/lsmod.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import { crossProbe } from './cross.js';

const line = (c: Check) => `${c.status} ${c.id}: ${c.detail}`;
const ibPorts = portsOf(
  parseIbstat(readFixture('node', 'ibstat', 'cx5-edr-4port-2active-2disabled.txt')).devices,
);

describe('crossProbe', () => {
  it('IB ports Active but no rc/dc transport in ucx_info: UCX was built without verbs', () => {
    const ucxInfo = parseUcxInfo(readTestData('ucx_info', 'debian-1.13-d-no-rdma-no-cuda.txt'));
    expect(crossProbe({ ibPorts, ucxInfo }).map(line)).toEqual([
      'fail ucx.verbs: mlx5_0/1, mlx5_1/1 Active, but ucx_info lists no rc/dc transport: UCX was built without verbs (no ib memory domain at all)',
    ]);
  });

  it('HCAs visible but no uverbs in the pod: the device is not mounted (and that, not the build, is why UCX lacks verbs)', () => {
    const ucxInfo = parseUcxInfo(readFixture('node', 'ucx_info-d', 'no-rdma-tcp-shm-only-ucx17-wiki.txt'));
    const devInfiniband = parseDevInfiniband(
      "ls: cannot access '/dev/infiniband': No such file or directory\n",
    );
    expect(crossProbe({ ibPorts, ucxInfo, devInfiniband }).map(line)).toEqual([
      'fail rdma.mount: HCAs are visible but the pod has no /dev/infiniband/uverbs*: the RDMA device is not mounted',
      'fail ucx.verbs: mlx5_0/1, mlx5_1/1 Active, but ucx_info lists no rc/dc transport: UCX cannot open the HCAs because no uverbs device is mounted',
    ]);
  });

  it('ibv_devinfo "Failed to open device" plus an empty /dev/infiniband is a mount problem too', () => {
    const ibvDevinfo = parseIbvDevinfo('Failed to open device\n');
    const devInfiniband = parseDevInfiniband('total 0\n');
    expect(crossProbe({ ibvDevinfo, devInfiniband }).map((c) => `${c.status} ${c.id}`)).toEqual([
      'fail rdma.mount',
    ]);
  });

  it('agrees when ports and UCX agree, and says nothing without both inputs', () => {
    const ucxInfo = parseUcxInfo(
      readFixture('node', 'ucx_info-d', 'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt'),
    );
    expect(crossProbe({ ibPorts, ucxInfo }).map((c) => `${c.status} ${c.id}`)).toEqual(['ok ucx.verbs']);
    expect(crossProbe({ ibPorts })).toEqual([]);
    expect(crossProbe({})).toEqual([]);
  });

  it('no peermem and an HCA that registers host memory only: no GPUDirect RDMA', () => {
    const ucxInfo = parseUcxInfo(
      readFixture('node', 'ucx_info-d', 'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt'),
    );
    const absent = parseLsmod(readFixture('node', 'lsmod', 'a100-peermem-and-nv_peer_mem-both-absent.txt'));
    expect(crossProbe({ lsmod: absent, ucxInfo }).map((c) => `${c.status} ${c.id}`)).toEqual([
      'fail gdr.path',
    ]);
    const loaded = parseLsmod(
      readFixture('node', 'lsmod', 'gpu-operator-doc-grep-nvidia-peermem-and-nvidia-fs.txt'),
    );
    expect(crossProbe({ lsmod: loaded, ucxInfo }).map(line)).toEqual([
      'fail gdr.path: nvidia_peermem is loaded but the HCA still cannot register GPU memory',
    ]);
  });
});
