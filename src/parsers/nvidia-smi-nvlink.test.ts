import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { type NvlinkResult, parseNvidiaSmiNvlink } from './nvidia-smi-nvlink.js';

/** Per GPU: index, name, uuid, and every link as "k:rate" or "k:inactive". */
function project(r: NvlinkResult) {
  return r.gpus.map((g) => ({
    gpu: `${g.index} ${g.name}`,
    uuid: g.uuid,
    links: g.links.map((l) => `${l.link}:${l.active ? l.gbps : 'inactive'}`),
  }));
}
const up = (n: number, rate: number) => Array.from({ length: n }, (_, i) => `${i}:${rate}`);
const a100Uuids = [
  'GPU-5269b708-678a-b1a8-60f0-c90406537486',
  'GPU-a7605225-d684-1f65-4ad4-ee2ab39338b4',
  'GPU-483e6bb6-bb11-8916-e22f-d1d69abbafaa',
];

describe('parseNvidiaSmiNvlink on every shared fixture', () => {
  const files = listFixtures('node', 'nvidia-smi-nvlink-status');
  const parse = (f: string) => parseNvidiaSmiNvlink(readFixture('node', 'nvidia-smi-nvlink-status', f));
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual([
      'a100-pcie-40gb-2gpu-no-bridge-nvml-all-inactive.txt',
      'a100-sxm4-8gpu-12links-25gbps.txt',
      'h100-pcie-2gpu-bridged-12-of-18-active.txt',
      'h100-single-gpu-i0-18links-26gbps.txt',
      'rtx-a6000-3gpu-bridged-pair-gpu2-nvml-all-inactive.txt',
      'v100-sxm2-partial-2-links-inactive.txt',
    ]);
  });
  it('a100-pcie-40gb-2gpu-no-bridge-nvml-all-inactive.txt: two GPUs, no link list, the driver says all links are inactive', () => {
    const r = parse('a100-pcie-40gb-2gpu-no-bridge-nvml-all-inactive.txt');
    expect(r.gpus.map((g) => [g.index, g.name, g.links.length, g.allInactive])).toEqual([
      [0, 'NVIDIA A100-PCIE-40GB', 0, true],
      [1, 'NVIDIA A100-PCIE-40GB', 0, true],
    ]);
  });
  it('h100-pcie-2gpu-bridged-12-of-18-active.txt: 18 links per GPU, 12 up in groups of 4 (three bridges), indented and prompted', () => {
    const bridged = [0, 1, 2, 3, 6, 7, 8, 9, 12, 13, 14, 15];
    const links = Array.from({ length: 18 }, (_, i) => `${i}:${bridged.includes(i) ? 26.562 : 'inactive'}`);
    expect(project(parse('h100-pcie-2gpu-bridged-12-of-18-active.txt'))).toEqual([
      { gpu: '0 NVIDIA H100 PCIe', uuid: 'GPU-6968dfc2-d444-d92c-c36b-6abe53445cb9', links },
      { gpu: '1 NVIDIA H100 PCIe', uuid: 'GPU-9b1446e2-8a89-4cf6-b68c-a98d99e958d3', links },
    ]);
  });
  it('rtx-a6000-3gpu-bridged-pair-gpu2-nvml-all-inactive.txt: two bridged GPUs with 4 links, GPU 2 with none', () => {
    const r = parse('rtx-a6000-3gpu-bridged-pair-gpu2-nvml-all-inactive.txt');
    expect(project(r).map((g) => [g.gpu, g.links])).toEqual([
      ['0 NVIDIA RTX A6000', up(4, 14.062)],
      ['1 NVIDIA RTX A6000', up(4, 14.062)],
      ['2 NVIDIA RTX A6000', []],
    ]);
    expect(r.gpus.map((g) => g.allInactive)).toEqual([undefined, undefined, true]);
  });
  it('a100-sxm4-8gpu-12links-25gbps.txt: 8 GPUs × 12 links at 25 GB/s', () => {
    const r = project(parse('a100-sxm4-8gpu-12links-25gbps.txt'));
    expect(r).toHaveLength(8);
    expect(r.map((g) => g.gpu)).toEqual(Array.from({ length: 8 }, (_, i) => `${i} NVIDIA A100-SXM4-80GB`));
    expect(r.slice(0, 3).map((g) => g.uuid)).toEqual(a100Uuids);
    for (const g of r) expect(g.links).toEqual(up(12, 25));
  });
  it('h100-single-gpu-i0-18links-26gbps.txt: GPU 0, 18 links at 26.562 GB/s', () => {
    expect(project(parse('h100-single-gpu-i0-18links-26gbps.txt'))).toEqual([
      {
        gpu: '0 NVIDIA H100 80GB HBM3',
        uuid: 'GPU-5a10e6e5-95f7-2785-ed63-6f6147f304f7',
        links: up(18, 26.562),
      },
    ]);
  });
  it('v100-sxm2-partial-2-links-inactive.txt: a fragment (command line, "....", redacted UUID); links 3 and 5 inactive', () => {
    expect(parse('v100-sxm2-partial-2-links-inactive.txt')).toEqual({
      gpus: [
        {
          index: 3,
          name: 'Tesla V100-SXM2-32GB',
          links: [
            { link: 0, active: true, gbps: 25.781 },
            { link: 1, active: true, gbps: 25.781 },
            { link: 2, active: true, gbps: 25.781 },
            { link: 3, active: false },
            { link: 4, active: true, gbps: 25.781 },
            { link: 5, active: false },
          ],
          // The fragment ends at its last link line (issue 38, P2: links after it are not shown).
          endsInLinks: true,
        },
      ],
    });
  });
});

describe('parseNvidiaSmiNvlink variants', () => {
  it('rejects garbage with its line', () => {
    expect(() =>
      parseNvidiaSmiNvlink('Failed to initialize NVML: Driver/library version mismatch\n'),
    ).toThrow(/cannot read nvidia-smi nvlink output at line 1 "Failed to initialize NVML/);
  });
});
