import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { gpuPairs, nearestNics, parseNvidiaSmiTopo, type TopoResult } from './nvidia-smi-topo.js';

/** What the INDEX concludes: devices, how many GPU pairs have each link kind, each GPU's nearest NIC, NUMA, and the view. */
function project(t: TopoResult) {
  const links: Record<string, number> = {};
  for (const p of gpuPairs(t)) links[p.link] = (links[p.link] ?? 0) + 1;
  return {
    gpus: t.devices.filter((d) => d.kind === 'gpu').map((d) => `${d.id} numa=${d.numaAffinity}`),
    nics: t.devices.filter((d) => d.kind === 'nic').map((d) => `${d.id}=${d.name}`),
    links,
    nearest: nearestNics(t).map((n) => `${n.gpu}->${n.nic ?? '-'} ${n.path ?? '-'}`),
    view: t.view,
  };
}

const numa = (ids: number[], n: number) => ids.map((i) => `GPU${i} numa=${n}`);
const nics8 = Array.from({ length: 8 }, (_, i) => `NIC${i}=mlx5_${i}`);

const expected: Record<string, ReturnType<typeof project>> = {
  '8gpu-pcie-only-all-sys-no-nic.txt': {
    gpus: [...numa([0, 1, 2, 3], 0), ...numa([4, 5, 6, 7], 1)],
    nics: [],
    links: { SYS: 28 },
    nearest: Array.from({ length: 8 }, (_, i) => `GPU${i}->- -`),
    view: 'full',
  },
  'a100-8gpu-nv12-8nic-roce-pxb.txt': {
    gpus: [...numa([0, 1, 2, 3], 0), ...numa([4, 5, 6, 7], 1)],
    nics: nics8,
    links: { NV12: 28 },
    // Each GPU pair shares a dual-port NIC at PXB (first port listed is the nearest).
    nearest: [0, 0, 2, 2, 4, 4, 6, 6].map((n, i) => `GPU${i}->mlx5_${n} PXB`),
    view: 'full',
  },
  'h100-4gpu-nv6-direct-4nic-pix.txt': {
    gpus: ['GPU0 numa=3', 'GPU1 numa=1', 'GPU2 numa=7', 'GPU3 numa=5'],
    nics: ['NIC0=undefined', 'NIC1=undefined', 'NIC2=undefined', 'NIC3=undefined'],
    links: { NV6: 6 },
    nearest: [0, 1, 2, 3].map((i) => `GPU${i}->NIC${i} PIX`),
    // The legend was cut from this paste, but the NV# cells show it is the full view.
    view: 'full',
  },
  'h100-8gpu-nv18-8nic-pix.txt': {
    gpus: [...numa([0, 1, 2, 3], 0), ...numa([4, 5, 6, 7], 1)],
    nics: nics8,
    links: { NV18: 28 },
    nearest: Array.from({ length: 8 }, (_, i) => `GPU${i}->mlx5_${i} PIX`),
    view: 'full',
  },
  'a100-pcie-4gpu-nv12-bridged-pairs-sys.txt': {
    gpus: ['GPU0 numa=0', 'GPU1 numa=1', 'GPU2 numa=2', 'GPU3 numa=3'],
    nics: [],
    // Two bridged pairs (GPU0-1, GPU2-3); the four cross pairs go over PCIe.
    links: { NV12: 2, SYS: 4 },
    nearest: [0, 1, 2, 3].map((i) => `GPU${i}->- -`),
    view: 'full',
  },
  'h100-pcie-2gpu-nv12-bridge-indented-doc.txt': {
    gpus: numa([0, 1], 1),
    nics: [],
    links: { NV12: 1 },
    nearest: ['GPU0->- -', 'GPU1->- -'],
    view: 'full',
  },
  'rtx-a6000-3gpu-nv4-bridged-pair-one-unbridged.txt': {
    gpus: numa([0, 1, 2], 0),
    nics: [],
    links: { NV4: 1, NODE: 2 },
    nearest: ['GPU0->- -', 'GPU1->- -', 'GPU2->- -'],
    view: 'full',
  },
  'rtx3090-2gpu-nv4-bridge.txt': {
    gpus: numa([0, 1], 0),
    nics: [],
    links: { NV4: 1 },
    nearest: ['GPU0->- -', 'GPU1->- -'],
    view: 'full',
  },
  'rtx5090-8gpu-pcie-only-1nic-node.txt': {
    gpus: [...numa([0, 1, 2, 3], 0), ...numa([4, 5, 6, 7], 1)],
    nics: ['NIC0=mlx5_0', 'NIC1=mlx5_1'],
    links: { NODE: 12, SYS: 16 },
    nearest: [
      ...[0, 1, 2, 3].map((i) => `GPU${i}->mlx5_0 NODE`),
      ...[4, 5, 6, 7].map((i) => `GPU${i}->mlx5_0 SYS`),
    ],
    view: 'full',
  },
};

describe('parseNvidiaSmiTopo on every shared fixture', () => {
  const files = listFixtures('node', 'nvidia-smi-topo-m');
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(project(parseNvidiaSmiTopo(readFixture('node', 'nvidia-smi-topo-m', file)))).toEqual(
        expected[file],
      );
    });
  }

  it('reads the 2-GPU bridge matrix into exactly this object', () => {
    expect(
      parseNvidiaSmiTopo(readFixture('node', 'nvidia-smi-topo-m', 'rtx3090-2gpu-nv4-bridge.txt')),
    ).toEqual({
      devices: [
        { id: 'GPU0', kind: 'gpu', cpuAffinity: '4,6,9,15,17', numaAffinity: '0', gpuNumaId: 'N/A' },
        { id: 'GPU1', kind: 'gpu', cpuAffinity: '4,6,9,15,17', numaAffinity: '0', gpuNumaId: 'N/A' },
      ],
      matrix: { GPU0: { GPU0: 'X', GPU1: 'NV4' }, GPU1: { GPU0: 'NV4', GPU1: 'X' } },
      view: 'full',
    });
  });
});

describe('parseNvidiaSmiTopo variants', () => {
  // `nvidia-smi topo -mp` (DeepEP#397): PCIe classes only, and a legend without NV#.
  const mp = [
    '\tGPU0\tGPU1\tmlx5_0\tCPU Affinity\tNUMA Affinity',
    'GPU0\t X \tNODE\tPIX\t0-31\t0',
    'GPU1\tNODE\t X \tNODE\t0-31\t0',
    'mlx5_0\tPIX\tNODE\t X ',
    '',
    'Legend:',
    '',
    '  X    = Self',
    '  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)',
    '  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node',
    '  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)',
    '  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)',
    '  PIX  = Connection traversing at most a single PCIe bridge',
  ].join('\n');

  it('marks `topo -mp` as a PCIe-only view (not evidence of "no NVLink"), with old-driver mlx5 columns', () => {
    const t = parseNvidiaSmiTopo(mp);
    expect(t.view).toBe('pcie-only');
    expect(t.devices.map((d) => [d.id, d.kind, d.name])).toEqual([
      ['GPU0', 'gpu', undefined],
      ['GPU1', 'gpu', undefined],
      ['mlx5_0', 'nic', 'mlx5_0'],
    ]);
    expect(nearestNics(t)).toEqual([
      { gpu: 'GPU0', nic: 'mlx5_0', path: 'PIX' },
      { gpu: 'GPU1', nic: 'mlx5_0', path: 'NODE' },
    ]);
  });

  it('names the row that lost cells', () => {
    const broken = mp.replace('GPU1\tNODE\t X \tNODE', 'GPU1\tNODE\tfoo');
    expect(() => parseNvidiaSmiTopo(broken)).toThrow(
      /cannot read nvidia-smi topo output at line 3 "GPU1\\tNODE\\tfoo/,
    );
  });

  it('rejects input with no matrix', () => {
    expect(() => parseNvidiaSmiTopo('No devices were found\n')).toThrow(/at line 1 "No devices were found"/);
  });
});
